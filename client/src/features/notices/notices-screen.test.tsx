import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notice } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { buildNotice } from '../../test/community-builders';
import { fakeSocketServer } from '../../test/fake-socket-io';
import { json, mockFetch, type Handler } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import roundLogo from './assets/round-logo.svg';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

afterEach(() => fakeSocketServer.reset());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const NOTICES: Notice[] = [
  buildNotice({ notice_id: 'q1', type: 'new-quest', title: 'New quest: Sunrise Meetup', message: 'Summit Supply Co. posted a quest', created_at: minutesAgo(5) }),
  buildNotice({ notice_id: 'x1', type: 'add-xp', title: 'XP earned', message: 'You earned 20 XP', created_at: minutesAgo(180), ack_type: 'seen' }),
  buildNotice({
    notice_id: 'a1',
    type: 'new-award',
    title: 'New badge',
    message: 'You earned the First Tap badge',
    created_at: minutesAgo(60 * 24 * 3),
    ack_type: 'read',
    profilePicUrl: '/api/assets/first-tap.png',
  }),
];

function signedInWith(notices: Notice[], routes: Record<string, Handler> = {}) {
  localStorage.setItem('jwt', 'jwt-ada');
  return mockFetch({
    'GET /my/profile': () => json(200, buildUser()),
    'GET /my/notices': () => json(200, notices),
    'GET /my/notices/count': () =>
      json(200, { new: notices.filter((n) => !n.ack_type).length, unread: notices.filter((n) => n.ack_type !== 'read').length }),
    'PATCH /notices/q1': ({ body }) => json(200, { ...NOTICES[0], ...(body as object) }),
    'PATCH /notices/x1': ({ body }) => json(200, { ...NOTICES[1], ...(body as object) }),
    'PATCH /notices/a1': ({ body }) => json(200, { ...NOTICES[2], ...(body as object) }),
    'GET /my/brands/pwa': () => json(200, []),
    ...routes,
  });
}

const section = (name: 'New' | 'Previous') => screen.getByRole('region', { name });

describe('notifications screen', () => {
  it("says 'Loading notifications...' until the list is in, then shows New and Previous", async () => {
    signedInWith(NOTICES);
    renderApp('/notice');
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Loading notifications...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'New' })).toBeInTheDocument();
    expect(within(section('New')).getByRole('button', { name: /New quest: Sunrise Meetup/ })).toBeInTheDocument();
    expect(within(section('New')).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(section('Previous')).getByRole('button', { name: /XP earned/ })).toBeInTheDocument();
    expect(within(section('Previous')).getByText('3 hours ago')).toBeInTheDocument();
    expect(within(section('Previous')).getByRole('button', { name: /New badge/ })).toBeInTheDocument();
    expect(within(section('Previous')).getByText('3 days ago')).toBeInTheDocument();
  });

  it('styles read cards apart and falls back to the default pictures', async () => {
    signedInWith(NOTICES);
    renderApp('/notice');
    const quest = await screen.findByRole('button', { name: /New quest: Sunrise Meetup/ });
    const award = screen.getByRole('button', { name: /New badge/ });
    const xp = screen.getByRole('button', { name: /XP earned/ });
    expect(quest).toHaveAttribute('data-state', 'new');
    expect(xp).toHaveAttribute('data-state', 'seen');
    expect(award).toHaveAttribute('data-state', 'read');
    expect(quest.querySelector('img')).toHaveAttribute('src', roundLogo);
    expect(xp.querySelector('img')).toHaveAttribute('src', '/icons/icon-192.png');
    expect(award.querySelector('img')).toHaveAttribute('src', '/api/assets/first-tap.png');
  });

  it('shows the empty texts of every tab', async () => {
    signedInWith([]);
    renderApp('/notice');
    expect(await screen.findByText('There are currently no new notifications')).toBeInTheDocument();
    expect(screen.getByText('No previous notifications.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    expect(screen.getByText('No unread notifications.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Quests' }));
    expect(screen.getByText('No quest notifications.')).toBeInTheDocument();
  });

  it('Unread holds what is not read; Quests holds new-quest notices', async () => {
    signedInWith(NOTICES);
    renderApp('/notice');
    await screen.findByRole('heading', { name: 'New' });
    await userEvent.click(screen.getByRole('tab', { name: 'Unread' }));
    const unread = screen.getByRole('list', { name: 'Unread notifications' });
    expect(within(unread).getAllByRole('button').map((b) => b.getAttribute('data-state'))).toEqual(['new', 'seen']);
    await userEvent.click(screen.getByRole('tab', { name: 'Quests' }));
    const quests = screen.getByRole('list', { name: 'Quest notifications' });
    expect(within(quests).getAllByRole('button')).toHaveLength(1);
    expect(within(quests).getByRole('button', { name: /Sunrise Meetup/ })).toBeInTheDocument();
  });

  it("explains the page from the options menu: 'What is this page?'", async () => {
    signedInWith([]);
    renderApp('/notice');
    await userEvent.click(await screen.findByRole('button', { name: 'Options' }));
    await userEvent.click(screen.getByRole('button', { name: 'What is this page?' }));
    const dialog = screen.getByRole('dialog', { name: 'What is this page?' });
    expect(dialog).toHaveTextContent(/platform activity, brand updates and gear updates/);
  });

  it('a click on a new quest marks it read, then opens /brandhub/1; the list follows', async () => {
    const { called } = signedInWith(NOTICES);
    const { router } = renderApp('/notice');
    await userEvent.click(await screen.findByRole('button', { name: /New quest: Sunrise Meetup/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brandhub/1'));
    expect(called('PATCH /notices/q1').map((c) => c.body)).toEqual([{ ack_type: 'read' }]);
    expect(called('PATCH /notices/q1')[0].headers.get('authorization')).toBe('Bearer jwt-ada');
    await act(() => router.navigate('/notice'));
    const card = await screen.findByRole('button', { name: /New quest: Sunrise Meetup/ });
    expect(card).toHaveAttribute('data-state', 'read');
    expect(within(section('Previous')).getByRole('button', { name: /Sunrise Meetup/ })).toBe(card);
  });

  it("a quest notice naming its brand opens that brand's hub", async () => {
    signedInWith([buildNotice({ notice_id: 'q1', type: 'new-quest', title: 'New quest: Night Run', args: { quest: { id: 'night', brandId: '2' } } })]);
    const { router } = renderApp('/notice');
    await userEvent.click(await screen.findByRole('button', { name: /Night Run/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brandhub/2'));
  });

  it('a new award opens /profile; an already read notice is not patched again', async () => {
    const { called } = signedInWith(NOTICES);
    const { router } = renderApp('/notice');
    await userEvent.click(await screen.findByRole('button', { name: /New badge/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(called('PATCH /notices/a1')).toHaveLength(0);
  });

  it('a notice with no destination is marked read and a warning is logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { called } = signedInWith(NOTICES);
    const { router } = renderApp('/notice');
    await userEvent.click(await screen.findByRole('button', { name: /XP earned/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /XP earned/ })).toHaveAttribute('data-state', 'read'));
    expect(called('PATCH /notices/x1').map((c) => c.body)).toEqual([{ ack_type: 'read' }]);
    expect(router.state.location.pathname).toBe('/notice');
    expect(warn).toHaveBeenCalledWith('No destination for a add-xp notice', 'x1');
  });

  it("alerts 'oops!' when the patch fails, and stays", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    signedInWith(NOTICES, { 'PATCH /notices/q1': () => json(500, { messages: [{ message: 'down' }] }) });
    const { router } = renderApp('/notice');
    await userEvent.click(await screen.findByRole('button', { name: /New quest: Sunrise Meetup/ }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('oops!'));
    expect(router.state.location.pathname).toBe('/notice');
    expect(screen.getByRole('button', { name: /New quest: Sunrise Meetup/ })).toHaveAttribute('data-state', 'new');
  });

  it('leaving the screen marks every unacknowledged notice as seen', async () => {
    const { called } = signedInWith(NOTICES);
    const { router } = renderApp('/notice');
    await screen.findByRole('heading', { name: 'New' });
    await userEvent.click(screen.getByRole('link', { name: /^Home/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(called('PATCH /notices/q1').map((c) => c.body)).toEqual([{ ack_type: 'seen' }]));
    expect(called('PATCH /notices/x1')).toHaveLength(0);
    expect(called('PATCH /notices/a1')).toHaveLength(0);
    await act(() => router.navigate('/notice'));
    expect(await screen.findByText('There are currently no new notifications')).toBeInTheDocument();
  });

  it('shows a notice pushed over the socket at once, with the unread badge in the bottom bar', async () => {
    signedInWith(NOTICES.slice(1));
    renderApp('/notice');
    await screen.findByText('There are currently no new notifications');
    await waitFor(() => expect(fakeSocketServer.current).toBeDefined());
    const socket = fakeSocketServer.current!;
    expect(socket.options.auth).toEqual({ token: 'jwt-ada' });
    expect(socket.options.path).toBe('/socket.io');
    act(() => fakeSocketServer.connect());
    expect(socket.emitted[0]).toMatchObject({ event: 'notice:sync', args: [{ after: 'x1' }, expect.any(Function)] });

    act(() =>
      fakeSocketServer.push(
        'notice',
        buildNotice({ notice_id: 'live-1', title: 'Level up!', message: 'You reached level 3', created_at: new Date().toISOString() }),
      ),
    );
    expect(within(section('New')).getByRole('button', { name: /Level up!/ })).toBeInTheDocument();
    expect(within(section('New')).getByText('just now')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    act(() => fakeSocketServer.push('notice:count', { new: 1, unread: 5 }));
    expect(screen.getByRole('link', { name: 'Notifications, 5 unread' })).toBeInTheDocument();
  });
});
