import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandHub } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { buildBrandCard, buildBrandHub, buildPost } from '../../test/community-builders';
import { fakeSocketServer } from '../../test/fake-socket-io';
import { errorBody, json, mockFetch, type Handler } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

afterEach(() => fakeSocketServer.reset());

function signedIn(routes: Record<string, Handler>) {
  localStorage.setItem('jwt', 'jwt-ada');
  return mockFetch({
    'GET /my/profile': () => json(200, buildUser()),
    'GET /my/notices': () => json(200, []),
    'GET /my/notices/count': () => json(200, { new: 0, unread: 0 }),
    ...routes,
  });
}

function quiet() {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
}

describe('brand list', () => {
  const cards = [
    buildBrandCard(),
    buildBrandCard({ id: '2', name: 'Neon Run Club', isMember: false, banner: '/api/seed-assets/brand-2-banner.png' }),
  ];

  it.each(['/', '/brandhub'])('%s shows a card per brand with its banner and member check', async (path) => {
    const { called } = signedIn({ 'GET /my/brands/pwa': () => json(200, cards) });
    renderApp(path);
    const list = await screen.findByRole('list', { name: 'Brands' });
    const summit = within(list).getByRole('link', { name: /Summit Supply Co\./ });
    expect(summit).toHaveAttribute('href', '/brandhub/1');
    expect(summit).toHaveAccessibleName(/^Summit Supply Co\.\s*Member$/);
    expect(summit.querySelector('img')).toHaveAttribute('src', '/api/seed-assets/brand-1-banner.png');
    expect(within(list).getByRole('link', { name: /Neon Run Club/ })).toHaveAccessibleName(/^Neon Run Club\s*Not a member$/);
    expect(called('GET /my/brands/pwa')[0].headers.get('authorization')).toBe('Bearer jwt-ada');
  });

  it("the 'Add a Brand' card shows a toast", async () => {
    signedIn({ 'GET /my/brands/pwa': () => json(200, cards) });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Add a Brand' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Adding brands is coming soon.');
  });

  it("says 'Failed to load brands' when the list cannot be loaded", async () => {
    quiet();
    signedIn({ 'GET /my/brands/pwa': () => json(500, errorBody('down')) });
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load brands');
  });

  it("the menu explains 'What is Tapquest?' and logs out to /login, dropping the jwt", async () => {
    signedIn({ 'GET /my/brands/pwa': () => json(200, cards) });
    const { router } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'What is Tapquest?' }));
    expect(screen.getByRole('dialog', { name: 'What is Tapquest?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('jwt')).toBeNull();
  });
});

describe('brand hub', () => {
  function hubRoutes(hub: BrandHub, extra: Record<string, Handler> = {}) {
    return signedIn({ 'GET /my/brands/1': () => json(200, hub), 'GET /my/brands/pwa': () => json(200, []), ...extra });
  }

  it('shows name, description, member, quest and gear counts and membership', async () => {
    hubRoutes(buildBrandHub());
    renderApp('/brandhub/1');
    expect(await screen.findByRole('heading', { name: 'Summit Supply Co.', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Technical outdoor gear/)).toBeInTheDocument();
    const stats = (name: string) => screen.getByText(name, { selector: 'dt' }).closest('div')!;
    expect(stats('Members')).toHaveTextContent('128');
    expect(stats('Quests')).toHaveTextContent('1');
    expect(stats('Gear')).toHaveTextContent('148');
    expect(screen.getByText('You are a member')).toBeInTheDocument();
    expect(screen.getByRole('tablist')).toHaveTextContent('FeedQuestsGear');
  });

  it("says 'You are NOT a member' and joins: optimistic, then the server's count", async () => {
    let answer!: (res: Response) => void;
    const { called } = hubRoutes(buildBrandHub({ isMember: false, members: 10 }), {
      'POST /my/brands/1/membership': () => new Promise((r) => (answer = r)),
    });
    renderApp('/brandhub/1');
    expect(await screen.findByText('You are NOT a member')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(screen.getByText('You are a member')).toBeInTheDocument();
    expect(screen.getByText('Members').closest('div')).toHaveTextContent('11');
    answer(json(200, { isMember: true, members: 12 }));
    await waitFor(() => expect(screen.getByText('Members').closest('div')).toHaveTextContent('12'));
    expect(called('POST /my/brands/1/membership')[0].headers.get('authorization')).toBe('Bearer jwt-ada');
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });

  it('rolls a join back when the server refuses it', async () => {
    quiet();
    hubRoutes(buildBrandHub({ isMember: false, members: 10 }), {
      'POST /my/brands/1/membership': () => json(500, errorBody('Something went wrong on our side')),
    });
    renderApp('/brandhub/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(screen.getByText('You are NOT a member')).toBeInTheDocument();
    expect(screen.getByText('Members').closest('div')).toHaveTextContent('10');
  });

  it('follows and unfollows, rolling back a failed unfollow', async () => {
    quiet();
    const { called } = hubRoutes(buildBrandHub({ isFollowing: false }), {
      'POST /my/brands/1/follow': () => json(200, { isFollowing: true }),
      'DELETE /my/brands/1/follow': () => json(503, errorBody('Try again later')),
    });
    renderApp('/brandhub/1');
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(follow);
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(called('POST /my/brands/1/follow')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Following' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(await screen.findByText('Try again later')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(called('DELETE /my/brands/1/follow')).toHaveLength(1);
  });

  it('shows posts with author, relative date, image and paragraphs whose links ask first', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    hubRoutes(
      buildBrandHub({
        posts: [
          buildPost({ date: new Date().toISOString() }),
          buildPost({
            id: 'p2',
            author: { name: 'Summit Supply Co.', picture: '/api/seed-assets/brand-1-logo.png' },
            date: new Date(Date.now() - 3 * 86_400_000).toISOString(),
            image: '/api/seed-assets/post-drop.png',
            content: 'Drop 02 is here.\n\nSizing notes at https://summit-supply.example/drop-02.',
          }),
        ],
      }),
    );
    renderApp('/brandhub/1');
    const first = await screen.findByRole('article', { name: 'Post by Maya at Summit' });
    expect(within(first).getByText('today')).toBeInTheDocument();
    expect(first.querySelectorAll('p')).toHaveLength(2);
    const second = screen.getByRole('article', { name: 'Post by Summit Supply Co.' });
    expect(within(second).getByText('3 days ago')).toBeInTheDocument();
    expect(second.querySelector('img[src="/api/seed-assets/post-drop.png"]')).not.toBeNull();

    const link = within(second).getByRole('link', { name: 'summit-supply.example/drop-02' });
    expect(link).toHaveAttribute('href', 'https://summit-supply.example/drop-02');
    expect(link.parentElement).toHaveTextContent('Sizing notes at summit-supply.example/drop-02.');
    await userEvent.click(link);
    const caution = screen.getByRole('dialog', { name: 'You are leaving Tapquest' });
    expect(open).not.toHaveBeenCalled();
    await userEvent.click(within(caution).getByRole('button', { name: 'Yes, I understand the risks' }));
    expect(open).toHaveBeenCalledWith('https://summit-supply.example/drop-02', '_blank', 'noopener,noreferrer');
  });

  it("says 'No posts available' and 'No quests available'; 'See all gear' opens the Gear tab", async () => {
    hubRoutes(buildBrandHub({ posts: [], quests: [] }));
    renderApp('/brandhub/1');
    expect(await screen.findByText('No posts available')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Gear up!' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'See all gear' }));
    expect(screen.getByRole('tab', { name: 'Gear' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('list', { name: 'Gear' })).getByText('Summit Trail Hoodie')).toBeInTheDocument();
    expect(screen.getByText('Limited · 49 of 50 left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Quests' }));
    expect(screen.getByText('No quests available')).toBeInTheDocument();
  });

  it("opens a quest's details sheet from the Quests tab", async () => {
    hubRoutes(buildBrandHub());
    renderApp('/brandhub/1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Quests' }));
    await userEvent.click(screen.getByRole('button', { name: /First Tap/ }));
    expect(screen.getByRole('dialog', { name: 'First Tap' })).toHaveTextContent('Your progress');
  });

  it.each([
    [404, 'Failed to load brand information'],
    [403, 'Failed to load brand information'],
    [500, 'An unexpected error occurred'],
  ])('on HTTP %s says %s', async (status, message) => {
    quiet();
    hubRoutes(buildBrandHub(), { 'GET /my/brands/1': () => json(status, errorBody('no')) });
    renderApp('/brandhub/1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("says 'An unexpected error occurred' when the network fails", async () => {
    quiet();
    hubRoutes(buildBrandHub(), { 'GET /my/brands/1': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderApp('/brandhub/1');
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });
});
