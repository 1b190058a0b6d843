import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { localDayKey, type CheckinResponse, type LoginHistory } from '@tapquest/shared';
import {
  CLAIM_FAILED,
  ClaimRefused,
  dailyRewardMachine,
  msUntilNextLocalDay,
  type DailyRewardInput,
  type RewardClaim,
  type RewardStatus,
} from './daily-reward.machine';
import type { AwardUnlock } from './progress-gain';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Local times: the offer follows the phone's calendar, whatever the test machine's time zone.
const JUNE_1_2350 = new Date(2025, 5, 1, 23, 50).getTime();
const JUNE_1_NOON = new Date(2025, 5, 1, 12, 0).getTime();

const iso = (ms: number) => new Date(ms).toISOString();
const history = (lastCheckin: number | null, streak: number): LoginHistory => ({
  lastCheckin: lastCheckin === null ? null : iso(lastCheckin),
  streak,
});
const checkin = (overrides: Partial<CheckinResponse> = {}): CheckinResponse => ({
  bonus: 30,
  streak: 2,
  token: 'jwt-2',
  xp: 250,
  level: 2,
  ...overrides,
});
const flair: AwardUnlock = { id: 'flair-ember', kind: 'flair', name: 'Ember', src: '/ember.png' };
const badge: AwardUnlock = { id: 'badge-streak-5', kind: 'badge', name: 'Five-Day Streak', src: '/streak.png' };

interface Fakes {
  status?: () => Promise<RewardStatus>;
  claim?: () => Promise<RewardClaim>;
}

function start(input: DailyRewardInput, fakes: Fakes = {}) {
  const persistCheckinDay = vi.fn<(day: string) => void>();
  const persistDismissedDay = vi.fn<(day: string) => void>();
  const loadStatus = vi.fn(fakes.status ?? (async () => ({ history: history(Date.now() - DAY, 1), level: 2, awardIds: [] })));
  const claimReward = vi.fn(fakes.claim ?? (async () => ({ checkin: checkin(), awards: [] })));
  const machine = dailyRewardMachine.provide({
    actors: { loadStatus: fromPromise(() => loadStatus()), claimReward: fromPromise(() => claimReward()) },
    actions: {
      persistCheckinDay: (_, { day }) => persistCheckinDay(day),
      persistDismissedDay: (_, { day }) => persistDismissedDay(day),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, state, context, loadStatus, claimReward, persistCheckinDay, persistDismissedDay };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(JUNE_1_NOON);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('daily reward machine: when it is offered', () => {
  it('is not offered again on the day of the last check-in on this device, and asks the server nothing', async () => {
    const { state, loadStatus } = start({ lastCheckinDay: localDayKey(new Date()) });
    await settle();
    expect(state()).toBe('resting');
    expect(loadStatus).not.toHaveBeenCalled();
  });

  it("is offered on another day with the streak's next day and its bonus", async () => {
    const { state, context } = start(
      { lastCheckinDay: localDayKey(new Date(Date.now() - DAY)) },
      { status: async () => ({ history: history(Date.now() - DAY, 2), level: 3, awardIds: [] }) },
    );
    await settle();
    expect(state()).toBe('offered');
    expect(context().offer).toEqual({ day: 4, bonus: 40 });
  });

  it('caps the bonus at Day 5 and 50 XP', async () => {
    const { context } = start(
      { lastCheckinDay: null },
      { status: async () => ({ history: history(Date.now() - DAY, 9), level: 3, awardIds: [] }) },
    );
    await settle();
    expect(context().offer).toEqual({ day: 11, bonus: 50 });
  });

  it('shows a streak broken by a gap of more than a day as Day 1 with 10 XP', async () => {
    const { state, context } = start(
      { lastCheckinDay: null },
      { status: async () => ({ history: history(Date.now() - 3 * DAY, 3), level: 3, awardIds: [] }) },
    );
    await settle();
    expect(state()).toBe('offered');
    expect(context().offer).toEqual({ day: 1, bonus: 10 });
  });

  it('offers Day 1 to someone who never checked in', async () => {
    const { context } = start({ lastCheckinDay: null }, { status: async () => ({ history: history(null, 0), level: 1, awardIds: [] }) });
    await settle();
    expect(context().offer).toEqual({ day: 1, bonus: 10 });
  });

  it('offers nothing when the server says today was claimed on another device, and remembers the day', async () => {
    const { state, persistCheckinDay } = start(
      { lastCheckinDay: null },
      { status: async () => ({ history: history(Date.now() - HOUR, 1), level: 1, awardIds: [] }) },
    );
    await settle();
    expect(state()).toBe('resting');
    expect(persistCheckinDay).toHaveBeenCalledWith(localDayKey(new Date()));
  });

  it('offers nothing when the history cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { state } = start({ lastCheckinDay: null }, { status: async () => Promise.reject(new Error('offline')) });
    await settle();
    expect(state()).toBe('resting');
  });
});

describe('daily reward machine: claiming', () => {
  it('claims, remembers the local day, shows the XP and closes', async () => {
    const { actor, state, context, claimReward, persistCheckinDay } = start({ lastCheckinDay: null });
    await settle();
    actor.send({ type: 'CLAIM' });
    expect(state()).toBe('claiming');
    await settle();
    expect(claimReward).toHaveBeenCalledTimes(1);
    expect(state()).toBe('claimed');
    expect(context().claimed?.bonus).toBe(30);
    expect(persistCheckinDay).toHaveBeenCalledWith(localDayKey(new Date()));
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('resting');
  });

  it('offers the reward again once the clock passes midnight, but not before', async () => {
    vi.setSystemTime(JUNE_1_2350);
    let last = Date.now() - DAY;
    let streak = 1;
    const { actor, state, context, loadStatus } = start(
      { lastCheckinDay: null },
      {
        status: async () => ({ history: history(last, streak), level: 2, awardIds: [] }),
        claim: async () => {
          last = Date.now();
          streak += 1;
          return { checkin: checkin({ streak }), awards: [] };
        },
      },
    );
    await settle();
    expect(context().offer).toEqual({ day: 3, bonus: 30 });
    actor.send({ type: 'CLAIM' });
    await settle();
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('resting');

    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(state()).toBe('resting');
    expect(loadStatus).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(msUntilNextLocalDay(Date.now()));
    await settle();
    expect(localDayKey(new Date())).toBe(localDayKey(new Date(2025, 5, 2)));
    expect(loadStatus).toHaveBeenCalledTimes(2);
    expect(state()).toBe('offered');
    expect(context().offer).toEqual({ day: 4, bonus: 40 });
  });

  it('follows a claim with the level-up, then each unlocked flair or badge, one at a time', async () => {
    const { actor, state, context } = start(
      { lastCheckinDay: null },
      {
        status: async () => ({ history: history(Date.now() - DAY, 3), level: 2, awardIds: ['badge-first-tap'] }),
        claim: async () => ({
          checkin: checkin({ level: 3 }),
          awards: [{ id: 'badge-first-tap', kind: 'badge', name: 'First Tap', src: '/ft.png' }, flair, badge],
        }),
      },
    );
    await settle();
    actor.send({ type: 'CLAIM' });
    await settle();
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('levelUp');
    expect(context().levelUp).toBe(3);
    actor.send({ type: 'COLLECT' });
    expect(state()).toBe('unlocked');
    expect(context().unlocks[0]).toEqual(flair);
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(state()).toBe('unlocked');
    expect(context().unlocks[0]).toEqual(badge);
    actor.send({ type: 'ACKNOWLEDGE' });
    expect(state()).toBe('resting');
  });

  it('goes straight to the unlocks when the level stayed the same', async () => {
    const { actor, state } = start({ lastCheckinDay: null }, { claim: async () => ({ checkin: checkin({ level: 2 }), awards: [flair] }) });
    await settle();
    actor.send({ type: 'CLAIM' });
    await settle();
    actor.send({ type: 'CLOSE' });
    expect(state()).toBe('unlocked');
  });

  it('shows a failed claim, keeps the day open and lets the person try again', async () => {
    let attempts = 0;
    const { actor, state, context, persistCheckinDay } = start(
      { lastCheckinDay: null },
      {
        claim: async () => {
          attempts += 1;
          if (attempts === 1) throw new Error('network down');
          return { checkin: checkin(), awards: [] };
        },
      },
    );
    await settle();
    actor.send({ type: 'CLAIM' });
    await settle();
    expect(state()).toBe('failed');
    expect(context().error).toBe(CLAIM_FAILED);
    expect(persistCheckinDay).not.toHaveBeenCalled();
    actor.send({ type: 'CLAIM' });
    await settle();
    expect(state()).toBe('claimed');
    expect(context().error).toBeNull();
  });

  it("shows the server's refusal; a reward claimed elsewhere today cannot be claimed again", async () => {
    const { actor, state, context, persistCheckinDay } = start(
      { lastCheckinDay: null },
      { claim: async () => Promise.reject(new ClaimRefused('You have already claimed your daily reward today', true)) },
    );
    await settle();
    actor.send({ type: 'CLAIM' });
    await settle();
    expect(state()).toBe('failed');
    expect(context().error).toBe('You have already claimed your daily reward today');
    expect(persistCheckinDay).toHaveBeenCalledWith(localDayKey(new Date()));
    actor.send({ type: 'CLAIM' });
    expect(state()).toBe('failed');
    actor.send({ type: 'DISMISS' });
    expect(state()).toBe('resting');
  });

  it('put off, it is not offered again that day but is the next', async () => {
    const { actor, state, persistDismissedDay, loadStatus } = start({ lastCheckinDay: null });
    await settle();
    actor.send({ type: 'DISMISS' });
    expect(state()).toBe('resting');
    expect(persistDismissedDay).toHaveBeenCalledWith(localDayKey(new Date()));
    await vi.advanceTimersByTimeAsync(msUntilNextLocalDay(Date.now()) - 2);
    expect(loadStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2);
    await settle();
    expect(state()).toBe('offered');
  });

  it('a day put off in this tab is not offered when the screen opens again', async () => {
    const { state, loadStatus } = start({ lastCheckinDay: null, dismissedDay: localDayKey(new Date()) });
    await settle();
    expect(state()).toBe('resting');
    expect(loadStatus).not.toHaveBeenCalled();
  });
});
