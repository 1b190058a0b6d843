import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { localDayKey, type CheckinResponse, type UserProfile } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { errorBody, json, mockFetch, type Handler } from '../../test/fetch-mock';
import { buildAward } from '../../test/profile-builders';
import { renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

const DAY = 86_400_000;
const before = buildUser({ level: 1, xp: 90, experience: { current: 90, required: 100 }, badges: [buildAward()] });
const after = buildUser({
  level: 2,
  xp: 120,
  experience: { current: 20, required: 200 },
  badges: [buildAward(), buildAward({ id: 'badge-streak-5', name: 'Five-Day Streak', src: '/api/seed-assets/badge-streak-5.webp' })],
});

/** Ada on /profile, last checked in yesterday (streak index 1, so today is Day 3). */
function signedIn(routes: Record<string, Handler> = {}, user: UserProfile = before) {
  localStorage.setItem('jwt', 'jwt-ada');
  return mockFetch({
    'GET /my/profile': ({ headers }) => json(200, headers.get('authorization') === 'Bearer jwt-new' ? after : user),
    'GET /my/devices': () => json(200, []),
    'GET /my/assets': () => json(200, []),
    'GET /my/notices': () => json(200, []),
    'GET /my/notices/count': () => json(200, { new: 0, unread: 0 }),
    'GET /my/login/history': () => json(200, { lastCheckin: new Date(Date.now() - DAY).toISOString(), streak: 1 }),
    'POST /user/checkin': () => json(200, { bonus: 30, streak: 2, xp: 120, level: 2, token: 'jwt-new' } satisfies CheckinResponse),
    ...routes,
  });
}

describe('daily reward on the own profile', () => {
  it("offers 'Welcome back!' with the streak day and its bonus once the profile has loaded", async () => {
    signedIn();
    renderApp('/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back!' });
    expect(dialog).toHaveTextContent('Day 3 streak bonus: 30 XP');
    expect(within(dialog).getByRole('list', { name: 'Streak' }).querySelector('[aria-current="step"]')).toHaveTextContent('Day 330 XP');
    expect(screen.getByRole('heading', { name: 'trail_ada', level: 1 })).toBeInTheDocument();
  });

  it('claims: the XP shows, the button becomes Close, the new token is kept; then the level-up and the unlocked badge', async () => {
    const { called } = signedIn();
    renderApp('/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('+30 XP');
    expect(called('POST /user/checkin')[0].headers.get('authorization')).toBe('Bearer jwt-ada');
    expect(localStorage.getItem('jwt')).toBe('jwt-new');
    expect(localStorage.getItem('last-checkin-day')).toBe(localDayKey(new Date()));
    expect(within(dialog).queryByRole('button', { name: 'Claim' })).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    const levelUp = screen.getByRole('dialog', { name: 'Nice work! You leveled up!' });
    expect(levelUp).toHaveTextContent('You reached level 2.');
    await userEvent.click(within(levelUp).getByRole('button', { name: 'Collect' }));

    const unlock = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(unlock).toHaveTextContent('You unlocked a new badge: Five-Day Streak.');
    await userEvent.click(within(unlock).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The profile on screen is the one read with the new token.
    expect(screen.getByText('Level', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
  });

  it('is not offered again on a day already checked in on this phone', async () => {
    localStorage.setItem('last-checkin-day', localDayKey(new Date()));
    const { called } = signedIn();
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'trail_ada', level: 1 });
    await waitFor(() => expect(called('GET /my/devices')).toHaveLength(1));
    expect(called('GET /my/login/history')).toHaveLength(0);
    expect(screen.queryByRole('dialog', { name: 'Welcome back!' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the claim fails, and Claim again works", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let attempt = 0;
    signedIn({
      'POST /user/checkin': () => {
        attempt += 1;
        return attempt === 1
          ? json(503, errorBody('The reward service is busy, try again'))
          : json(200, { bonus: 30, streak: 2, xp: 120, level: 1, token: 'jwt-ada' } satisfies CheckinResponse);
      },
    });
    renderApp('/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The reward service is busy, try again');
    expect(localStorage.getItem('last-checkin-day')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('+30 XP');
  });

  it('a reward already claimed elsewhere today closes instead of offering Claim again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signedIn({ 'POST /user/checkin': () => json(409, errorBody('You have already claimed your daily reward today')) });
    renderApp('/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Claim' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have already claimed your daily reward today');
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('put off with the close button, it is not offered again in this tab today', async () => {
    signedIn();
    const first = renderApp('/profile');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back!' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    first.unmount();
    const { called } = signedIn();
    renderApp('/profile');
    await screen.findByRole('heading', { name: 'trail_ada', level: 1 });
    await waitFor(() => expect(called('GET /my/devices')).toHaveLength(1));
    expect(called('GET /my/login/history')).toHaveLength(0);
  });
});
