import { assign, fromPromise, setup } from 'xstate';
import { USERNAME_DEBOUNCE_MS, checkUsername, type UserProfile } from '@tapquest/shared';

// Username availability of SPEC section 4: unchecked, available, unavailable. Every change goes back
// to unchecked; once typing rests for USERNAME_DEBOUNCE_MS and the format rules pass, the server is
// asked. Saving is only possible from available. The check and the save are provided by the screen.

export type Availability = 'available' | 'unavailable' | 'unauthorized';
export type UsernameSave = { result: 'saved'; user: UserProfile } | { result: 'taken' } | { result: 'unauthorized' } | { result: 'failed' };

export type UsernameEvent = { type: 'CHANGE'; value: string } | { type: 'SUBMIT' };

interface UsernameContext {
  username: string;
  savedUser: UserProfile | null;
}

export const usernameCheckMachine = setup({
  types: {
    context: {} as UsernameContext,
    events: {} as UsernameEvent,
    input: {} as { username?: string } | undefined,
  },
  actors: {
    checkAvailability: fromPromise<Availability, { username: string }>(async () => {
      throw new Error('checkAvailability was not provided');
    }),
    saveUsername: fromPromise<UsernameSave, { username: string }>(async () => {
      throw new Error('saveUsername was not provided');
    }),
  },
  actions: {
    notifyUnavailable: () => {},
    goToLogin: () => {},
    usernameSaved: (_, _params: { user: UserProfile }) => {},
  },
  delays: {
    debounce: USERNAME_DEBOUNCE_MS,
  },
  guards: {
    formatValid: ({ context }) => checkUsername(context.username).valid,
  },
}).createMachine({
  id: 'usernameCheck',
  context: ({ input }) => ({ username: input?.username ?? '', savedUser: null }),
  initial: 'unchecked',
  on: {
    CHANGE: {
      target: '.unchecked',
      reenter: true,
      actions: assign({ username: ({ event }) => event.value }),
    },
    SUBMIT: { actions: 'notifyUnavailable' },
  },
  states: {
    unchecked: {
      initial: 'routing',
      states: {
        routing: {
          always: [{ guard: 'formatValid', target: 'debouncing' }, { target: 'idle' }],
        },
        /** The name breaks a format rule (or is empty): nothing to ask. */
        idle: {},
        debouncing: {
          after: { debounce: 'checking' },
        },
        checking: {
          invoke: {
            src: 'checkAvailability',
            input: ({ context }) => ({ username: context.username }),
            onDone: [
              { guard: ({ event }) => event.output === 'available', target: '#usernameCheck.available' },
              { guard: ({ event }) => event.output === 'unauthorized', target: 'idle', actions: 'goToLogin' },
              { target: '#usernameCheck.unavailable' },
            ],
            // Other failures are logged by the API client; the name stays unchecked until edited.
            onError: 'idle',
          },
        },
      },
    },
    available: {
      on: { SUBMIT: 'saving' },
    },
    unavailable: {},
    saving: {
      on: { CHANGE: {}, SUBMIT: {} },
      invoke: {
        src: 'saveUsername',
        input: ({ context }) => ({ username: context.username }),
        onDone: [
          {
            guard: ({ event }) => event.output.result === 'saved',
            target: 'saved',
            actions: assign({ savedUser: ({ event }) => (event.output.result === 'saved' ? event.output.user : null) }),
          },
          // HTTP 409: someone took the name between the check and the save.
          { guard: ({ event }) => event.output.result === 'taken', target: 'unavailable' },
          { guard: ({ event }) => event.output.result === 'unauthorized', target: 'available', actions: 'goToLogin' },
          { target: 'available' },
        ],
        onError: 'available',
      },
    },
    saved: {
      type: 'final',
      entry: { type: 'usernameSaved', params: ({ context }) => ({ user: context.savedUser! }) },
    },
  },
});

/** The three states a person sees: unchecked (including waiting and asking), available, unavailable. */
export function availabilityOf(snapshot: {
  matches: (state: 'available' | 'unavailable' | 'saving' | 'saved') => boolean;
}): 'unchecked' | 'available' | 'unavailable' {
  if (snapshot.matches('available') || snapshot.matches('saving') || snapshot.matches('saved')) return 'available';
  if (snapshot.matches('unavailable')) return 'unavailable';
  return 'unchecked';
}
