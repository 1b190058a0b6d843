import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@tapquest/shared';
import { buildUser } from '../../test/builders';
import { json, mockFetch, type Handler } from '../../test/fetch-mock';
import { buildAward, buildDevice } from '../../test/profile-builders';
import { renderApp } from '../../test/render-app';

vi.mock('socket.io-client', () => import('../../test/fake-socket-io'));

const DAY = 86_400_000;
const nightRunner = buildAward({ id: 'badge-night-runner', name: 'Night Runner', src: '/api/seed-assets/badge-night-runner.webp' });
const before = buildUser({ level: 1, xp: 60, experience: { current: 60, required: 100 }, badges: [buildAward()], flairs: [] });
const after = buildUser({
  level: 2,
  xp: 110,
  experience: { current: 10, required: 200 },
  badges: [buildAward(), nightRunner],
  flairs: [],
  interfaceCount: 1,
});

/** Ada on /profile with a tag's device-token pending; `checkedInToday` keeps the daily reward out of the way. */
function arrange({ checkedInToday }: { checkedInToday: boolean }, routes: Record<string, Handler> = {}) {
  localStorage.setItem('jwt', 'jwt-ada');
  if (checkedInToday)
    localStorage.setItem('last-checkin-day', `${new Date().getFullYear()}-${new Date().getMonth() + 1}-${new Date().getDate()}`);
  vi.spyOn(window, 'alert').mockImplementation(() => {});
  let profile: UserProfile = before;
  return mockFetch({
    'GET /my/profile': () => json(200, profile),
    'GET /my/devices': () => json(200, profile === after ? [buildDevice({ name: 'Neon Glow Band' })] : []),
    'GET /my/assets': () => json(200, []),
    'GET /my/notices': () => json(200, []),
    'GET /my/notices/count': () => json(200, { new: 0, unread: 0 }),
    'GET /my/login/history': () => json(200, { lastCheckin: new Date(Date.now() - DAY).toISOString(), streak: 1 }),
    'POST /device/claim': () => {
      profile = after;
      return json(200, { device: buildDevice({ name: 'Neon Glow Band' }) });
    },
    ...routes,
  });
}

describe('what a gear claim brought', () => {
  it('shows the level reached, then each award unlocked, one at a time', async () => {
    arrange({ checkedInToday: true });
    const { session } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'trail_ada', level: 1 });
    sessionStorage.setItem('device-token', 'demo-neon-wristband-058');
    await session.claimPendingGear();

    const levelUp = await screen.findByRole('dialog', { name: 'Nice work! You leveled up!' });
    expect(levelUp).toHaveTextContent('You reached level 2.');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(within(levelUp).getByRole('button', { name: 'Collect' }));

    const unlock = screen.getByRole('dialog', { name: 'Congratulations!' });
    expect(unlock).toHaveTextContent('You unlocked a new badge: Night Runner.');
    await userEvent.click(within(unlock).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Level', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
  });

  it('keeps a claim made before the screen could show it (a tap, then sign-in)', async () => {
    arrange({ checkedInToday: true });
    sessionStorage.setItem('device-token', 'demo-neon-wristband-058');
    const { session } = renderApp('/profile');
    // Claimed while the profile screen is still loading: nothing is there yet to show what it brought.
    await session.claimPendingGear();
    expect(screen.queryByRole('heading', { name: 'trail_ada', level: 1 })).not.toBeInTheDocument();

    const levelUp = await screen.findByRole('dialog', { name: 'Nice work! You leveled up!' });
    await userEvent.click(within(levelUp).getByRole('button', { name: 'Collect' }));
    expect(screen.getByRole('dialog', { name: 'Congratulations!' })).toHaveTextContent('Night Runner');
  });

  it("waits while today's reward is on screen, and the reward waits for it", async () => {
    arrange({ checkedInToday: false });
    const { session } = renderApp('/profile');
    const reward = await screen.findByRole('dialog', { name: 'Welcome back!' });
    sessionStorage.setItem('device-token', 'demo-neon-wristband-058');
    await session.claimPendingGear();
    // The claim is in, but its moments wait behind the reward.
    expect(screen.getAllByRole('dialog')).toEqual([reward]);

    await userEvent.click(within(reward).getAllByRole('button', { name: 'Close' })[0]!);
    const levelUp = await screen.findByRole('dialog', { name: 'Nice work! You leveled up!' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.click(within(levelUp).getByRole('button', { name: 'Collect' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Congratulations!' })).getByRole('button', { name: 'OK' }));
    // Put off for today in this tab, so it does not come back.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows nothing for a claim that brought no level and no award', async () => {
    arrange({ checkedInToday: true }, { 'POST /device/claim': () => json(200, { device: buildDevice() }) });
    const { session } = renderApp('/profile');
    await screen.findByRole('heading', { name: 'trail_ada', level: 1 });
    sessionStorage.setItem('device-token', 'demo-summit-wristband-002');
    await session.claimPendingGear();
    expect(window.alert).toHaveBeenCalledWith('Device registered!');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
