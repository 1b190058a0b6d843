import { assign, setup } from 'xstate';

// Quest start (SPEC section 4): a countdown until the quest's startTime, then the progress view.
// The clock and the tick are provided, so a test moves time by hand: `now` reads the time and the
// `tick` delay says when to read it again (each second, on the second, so the display never skips).

export interface CountdownInput {
  /** ISO time (or epoch ms) the quest starts. */
  startTime: string | number;
  now?: () => number;
}

interface CountdownContext {
  startsAt: number;
  now: () => number;
  /** Milliseconds left, never below 0. */
  remainingMs: number;
}

const SECOND = 1000;

export const questCountdownMachine = setup({
  types: {
    context: {} as CountdownContext,
    input: {} as CountdownInput,
  },
  actions: {
    measure: assign({ remainingMs: ({ context }) => Math.max(0, context.startsAt - context.now()) }),
  },
  delays: {
    tick: ({ context }) => context.remainingMs % SECOND || SECOND,
  },
  guards: {
    started: ({ context }) => context.remainingMs <= 0,
  },
}).createMachine({
  id: 'questCountdown',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    const startsAt = typeof input.startTime === 'number' ? input.startTime : Date.parse(input.startTime);
    // A start time that cannot be read counts as started: the progress view is the safe thing to show.
    const valid = Number.isFinite(startsAt);
    return { startsAt: valid ? startsAt : 0, now, remainingMs: valid ? Math.max(0, startsAt - now()) : 0 };
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'started', target: 'started' }, { target: 'counting' }],
    },
    counting: {
      after: { tick: { target: 'deciding', actions: 'measure' } },
    },
    started: { type: 'final' },
  },
});

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Days, hours, minutes and seconds left; a part second counts as a whole one, so 0:00:00:00 only shows at the start. */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.ceil(Math.max(0, remainingMs) / SECOND);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
