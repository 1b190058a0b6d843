import { assign, fromPromise, setup } from 'xstate';
import { localDayKey, nextCheckin, type CheckinResponse, type LoginHistory } from '@tapquest/shared';
import { gainBetween, type AwardUnlock } from './progress-gain';

// The daily reward of SPEC sections 4, 5 and 9. It is offered only when the last check-in made on
// this device fell on another local day; the server's login history then says which streak day it
// would be (a gap of more than a day starts again at Day 1). Claim checks in, the modal shows the XP
// and turns its button into Close; a level gained, then each flair or badge unlocked, follow in turn.
// A day that is handled (claimed, already claimed elsewhere, or put off) rests until local midnight
// and is checked again, so a screen left open overnight offers the next day's reward.
// The clock comes in as input; the calls and the storage writes are provided by name.

/** What the offer is decided from: the server's check-in history and what the user holds now. */
export interface RewardStatus {
  history: LoginHistory;
  level: number;
  awardIds: string[];
}

/** A successful claim: the server's answer and every award the user holds afterwards. */
export interface RewardClaim {
  checkin: CheckinResponse;
  awards: AwardUnlock[];
}

/** A claim the server refused; `alreadyClaimed` when today's reward was taken (elsewhere). */
export class ClaimRefused extends Error {
  constructor(
    message: string,
    readonly alreadyClaimed = false,
  ) {
    super(message);
  }
}

export const CLAIM_FAILED = 'Could not claim your reward, please try again';

export interface DailyRewardInput {
  /** localDayKey of the last check-in made on this device, from storage. */
  lastCheckinDay: string | null;
  /** localDayKey of the day the offer was put off in this tab, if any. */
  dismissedDay?: string | null;
  now?: () => number;
}

export interface RewardOffer {
  /** 1-based streak day as shown ('Day 1'); the bonus caps at Day 5. */
  day: number;
  bonus: number;
}

interface DailyRewardContext {
  now: () => number;
  lastCheckinDay: string | null;
  dismissedDay: string | null;
  offer: RewardOffer | null;
  levelBefore: number;
  awardIdsBefore: string[];
  claimed: CheckinResponse | null;
  /** The level reached by the claim, when it is higher than before. */
  levelUp: number | null;
  /** Awards the claim unlocked, still to be shown (first one showing). */
  unlocks: AwardUnlock[];
  error: string | null;
}

export type DailyRewardEvent = { type: 'CLAIM' } | { type: 'DISMISS' } | { type: 'CLOSE' } | { type: 'COLLECT' } | { type: 'ACKNOWLEDGE' };

const today = (context: DailyRewardContext) => localDayKey(new Date(context.now()));

/** Milliseconds from `now` until just after the next local midnight. */
export function msUntilNextLocalDay(now: number): number {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return next.getTime() - now + 1;
}

/** The offer today, or null when today's reward has been checked in already. */
export function offerFor(history: LoginHistory, now: number): RewardOffer | null {
  const last = history.lastCheckin ? new Date(history.lastCheckin) : null;
  const outcome = nextCheckin(last && !Number.isNaN(last.getTime()) ? last : null, history.streak, new Date(now));
  return outcome.allowed ? { day: outcome.streak + 1, bonus: outcome.bonus } : null;
}

export const dailyRewardMachine = setup({
  types: {
    context: {} as DailyRewardContext,
    events: {} as DailyRewardEvent,
    input: {} as DailyRewardInput,
  },
  actors: {
    loadStatus: fromPromise<RewardStatus>(async () => {
      throw new Error('loadStatus was not provided');
    }),
    claimReward: fromPromise<RewardClaim>(async () => {
      throw new Error('claimReward was not provided');
    }),
  },
  actions: {
    persistCheckinDay: (_, _params: { day: string }) => {},
    persistDismissedDay: (_, _params: { day: string }) => {},
    markCheckedIn: assign({ lastCheckinDay: ({ context }) => today(context) }),
    markDismissed: assign({ dismissedDay: ({ context }) => today(context) }),
    nextUnlock: assign({ unlocks: ({ context }) => context.unlocks.slice(1) }),
  },
  guards: {
    handledToday: ({ context }) => context.lastCheckinDay === today(context) || context.dismissedDay === today(context),
    leveledUp: ({ context }) => context.levelUp !== null,
    hasUnlocks: ({ context }) => context.unlocks.length > 0,
    moreUnlocks: ({ context }) => context.unlocks.length > 1,
  },
  delays: {
    untilTomorrow: ({ context }) => msUntilNextLocalDay(context.now()),
  },
}).createMachine({
  id: 'dailyReward',
  context: ({ input }) => ({
    now: input.now ?? Date.now,
    lastCheckinDay: input.lastCheckinDay,
    dismissedDay: input.dismissedDay ?? null,
    offer: null,
    levelBefore: 0,
    awardIdsBefore: [],
    claimed: null,
    levelUp: null,
    unlocks: [],
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'handledToday', target: 'resting' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        src: 'loadStatus',
        onDone: [
          {
            guard: ({ context, event }) => offerFor(event.output.history, context.now()) !== null,
            target: 'offered',
            actions: assign(({ context, event }) => ({
              offer: offerFor(event.output.history, context.now()),
              levelBefore: event.output.level,
              awardIdsBefore: event.output.awardIds,
              claimed: null,
              levelUp: null,
              unlocks: [],
              error: null,
            })),
          },
          // Checked in today on another device: nothing to offer here either.
          {
            target: 'resting',
            actions: ['markCheckedIn', { type: 'persistCheckinDay', params: ({ context }) => ({ day: today(context) }) }],
          },
        ],
        // No history, no offer: the reward waits for the next visit rather than guessing the streak.
        onError: { target: 'resting', actions: ({ event }) => console.error('login history failed', event.error) },
      },
    },
    offered: {
      on: {
        CLAIM: 'claiming',
        DISMISS: {
          target: 'resting',
          actions: ['markDismissed', { type: 'persistDismissedDay', params: ({ context }) => ({ day: today(context) }) }],
        },
      },
    },
    claiming: {
      entry: assign({ error: null }),
      invoke: {
        src: 'claimReward',
        onDone: {
          target: 'claimed',
          actions: [
            assign(({ context, event }) => ({
              claimed: event.output.checkin,
              ...gainBetween(
                { level: context.levelBefore, awardIds: context.awardIdsBefore },
                { level: event.output.checkin.level, awards: event.output.awards },
              ),
            })),
            'markCheckedIn',
            { type: 'persistCheckinDay', params: ({ context }) => ({ day: today(context) }) },
          ],
        },
        onError: [
          {
            guard: ({ event }) => event.error instanceof ClaimRefused && event.error.alreadyClaimed,
            target: 'failed',
            actions: [
              assign({ error: ({ event }) => (event.error as ClaimRefused).message }),
              'markCheckedIn',
              { type: 'persistCheckinDay', params: ({ context }) => ({ day: today(context) }) },
            ],
          },
          {
            target: 'failed',
            actions: assign({ error: ({ event }) => (event.error instanceof ClaimRefused ? event.error.message : CLAIM_FAILED) }),
          },
        ],
      },
    },
    claimed: {
      on: {
        CLOSE: [{ guard: 'leveledUp', target: 'levelUp' }, { guard: 'hasUnlocks', target: 'unlocked' }, { target: 'resting' }],
      },
    },
    levelUp: {
      on: {
        COLLECT: [{ guard: 'hasUnlocks', target: 'unlocked' }, { target: 'resting' }],
      },
    },
    unlocked: {
      on: {
        ACKNOWLEDGE: [
          { guard: 'moreUnlocks', target: 'unlocked', reenter: true, actions: 'nextUnlock' },
          { target: 'resting', actions: 'nextUnlock' },
        ],
      },
    },
    failed: {
      on: {
        CLAIM: { guard: ({ context }) => context.lastCheckinDay !== today(context), target: 'claiming' },
        DISMISS: [
          { guard: 'handledToday', target: 'resting' },
          {
            target: 'resting',
            actions: ['markDismissed', { type: 'persistDismissedDay', params: ({ context }) => ({ day: today(context) }) }],
          },
        ],
      },
    },
    resting: {
      after: { untilTomorrow: 'checking' },
    },
  },
});
