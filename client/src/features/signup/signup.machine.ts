import { assign, fromPromise, setup } from 'xstate';
import { BIO_MAX } from '@tapquest/shared';

// The five sign-up steps of SPEC section 4 as one machine. Steps are numbered 0..4 like the `step`
// query parameter: 0 account, 1 username, 2 pictures, 3 about (link, bio, location), 4 claim gear.
// Calls to the server and navigation are provided by the screen, so tests run it with fakes.

export const SIGNUP_STEPS = ['account', 'username', 'pictures', 'about', 'claimGear'] as const;
export type SignupStepName = (typeof SIGNUP_STEPS)[number];
export type SignupStep = 0 | 1 | 2 | 3 | 4;

/** Going back never leaves the optional steps (SPEC section 2: never below the third step). */
export const FIRST_OPTIONAL_STEP = 2;

export interface SignupInput {
  signedIn: boolean;
  hasUsername: boolean;
  /** The `step` query parameter, when it holds a number. */
  requestedStep?: number | null;
}

export interface AccountFields {
  email: string;
  password: string;
  confirmation: string;
}

export interface ProfileDetails {
  link: string;
  bio: string;
  location: string;
}

export type AccountOutcome = { ok: true; hasUsername: boolean } | { ok: false; message: string };
export type SaveOutcome = { ok: true } | { ok: false; message: string } | { ok: false; unauthorized: true };

interface SignupContext extends AccountFields {
  passwordsDiffer: boolean;
  signedIn: boolean;
  hasUsername: boolean;
  requestedStep: number | null;
  details: ProfileDetails;
}

export type SignupEvent =
  | { type: 'EDIT'; field: keyof AccountFields; value: string }
  | { type: 'SUBMIT_ACCOUNT' }
  | { type: 'USERNAME_SAVED' }
  | { type: 'CONTINUE' }
  | { type: 'SUBMIT_DETAILS'; details: ProfileDetails }
  | { type: 'FINISH' }
  | { type: 'SKIP' }
  | { type: 'BACK' }
  | { type: 'GO_TO'; step: number };

/** Which steps a person may be on: the account comes first, then the username, then the optional rest. */
export function allowedSteps(who: { signedIn: boolean; hasUsername: boolean }): SignupStep[] {
  if (!who.signedIn) return [0];
  if (!who.hasUsername) return [1];
  return [2, 3, 4];
}

/** On load: a visitor starts at 0, a signed-in user without a username at 1, one with a username at 2 (or the requested optional step). */
export function startStep(input: SignupInput): SignupStep {
  const allowed = allowedSteps(input);
  const requested = input.requestedStep;
  return allowed.find((step) => step === requested) ?? allowed[0];
}

export function bioIsValid(bio: string): boolean {
  return bio.trim() !== '' && bio.length <= BIO_MAX;
}

const FALLBACK_ERROR = 'Something went wrong, please try again';

export const signupMachine = setup({
  types: {
    context: {} as SignupContext,
    events: {} as SignupEvent,
    input: {} as SignupInput,
  },
  actors: {
    createAccount: fromPromise<AccountOutcome, { email: string; password: string }>(async () => {
      throw new Error('createAccount was not provided');
    }),
    saveDetails: fromPromise<SaveOutcome, ProfileDetails>(async () => {
      throw new Error('saveDetails was not provided');
    }),
  },
  actions: {
    showError: (_, _params: { message: string }) => {},
    goToProfile: () => {},
    goToLogin: () => {},
    clearPasswords: assign({ password: '', confirmation: '' }),
  },
  guards: {
    accountIncomplete: ({ context }) => !context.email || !context.password || !context.confirmation,
    passwordsDiffer: ({ context }) => context.password !== context.confirmation,
    bioValid: ({ event }) => event.type === 'SUBMIT_DETAILS' && bioIsValid(event.details.bio),
  },
}).createMachine({
  id: 'signup',
  context: ({ input }) => ({
    email: '',
    password: '',
    confirmation: '',
    passwordsDiffer: false,
    signedIn: input.signedIn,
    hasUsername: input.hasUsername,
    requestedStep: input.requestedStep ?? null,
    details: { link: '', bio: '', location: '' },
  }),
  initial: 'entering',
  on: {
    // The address bar may move between the steps this person is allowed on.
    GO_TO: SIGNUP_STEPS.map((state, step) => ({
      target: `.${state}`,
      guard: ({ context, event }: { context: SignupContext; event: { step: number } }) =>
        event.step === step && allowedSteps(context).includes(step as SignupStep),
    })),
  },
  states: {
    entering: {
      always: SIGNUP_STEPS.map((state, step) => ({
        target: state,
        guard: ({ context }: { context: SignupContext }) => startStep(context) === step,
      })),
    },
    account: {
      on: {
        EDIT: {
          actions: assign(({ context, event }) => ({
            ...context,
            [event.field]: event.value,
            passwordsDiffer: false,
          })),
        },
        SUBMIT_ACCOUNT: [
          { guard: 'accountIncomplete' },
          { guard: 'passwordsDiffer', actions: assign({ passwordsDiffer: true }) },
          { target: 'creatingAccount' },
        ],
      },
    },
    creatingAccount: {
      on: { GO_TO: {} },
      invoke: {
        src: 'createAccount',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          {
            guard: ({ event }) => !event.output.ok,
            target: 'account',
            actions: [
              { type: 'showError', params: ({ event }) => ({ message: event.output.ok ? '' : event.output.message }) },
              'clearPasswords',
            ],
          },
          {
            guard: ({ event }) => event.output.ok && event.output.hasUsername,
            target: 'finished',
            actions: assign({ signedIn: true, hasUsername: true }),
          },
          { target: 'username', actions: assign({ signedIn: true }) },
        ],
        onError: {
          target: 'account',
          actions: [{ type: 'showError', params: { message: FALLBACK_ERROR } }, 'clearPasswords'],
        },
      },
    },
    username: {
      on: { USERNAME_SAVED: { target: 'pictures', actions: assign({ hasUsername: true }) } },
    },
    pictures: {
      on: { CONTINUE: 'about', SKIP: 'about' },
    },
    about: {
      on: {
        SUBMIT_DETAILS: { guard: 'bioValid', target: 'savingDetails', actions: assign({ details: ({ event }) => event.details }) },
        SKIP: 'claimGear',
        BACK: 'pictures',
      },
    },
    savingDetails: {
      on: { GO_TO: {} },
      invoke: {
        src: 'saveDetails',
        input: ({ context }) => context.details,
        onDone: [
          { guard: ({ event }) => event.output.ok, target: 'claimGear' },
          { guard: ({ event }) => 'unauthorized' in event.output, actions: 'goToLogin', target: 'about' },
          {
            target: 'about',
            actions: {
              type: 'showError',
              params: ({ event }) => ({ message: 'message' in event.output ? event.output.message : FALLBACK_ERROR }),
            },
          },
        ],
        onError: { target: 'about', actions: { type: 'showError', params: { message: FALLBACK_ERROR } } },
      },
    },
    claimGear: {
      on: { FINISH: 'finished', SKIP: 'finished', BACK: 'about' },
    },
    finished: {
      type: 'final',
      entry: 'goToProfile',
    },
  },
});

const STEP_OF_STATE: Record<string, SignupStep> = {
  entering: 0,
  account: 0,
  creatingAccount: 0,
  username: 1,
  pictures: 2,
  about: 3,
  savingDetails: 3,
  claimGear: 4,
  finished: 4,
};

/** The step (0..4) a snapshot of the machine shows. */
export function stepOf(snapshot: { value: unknown }): SignupStep {
  return STEP_OF_STATE[String(snapshot.value)] ?? 0;
}
