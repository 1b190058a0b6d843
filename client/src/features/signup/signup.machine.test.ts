import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BIO_MAX } from '@tapquest/shared';
import {
  signupMachine,
  startStep,
  stepOf,
  type AccountOutcome,
  type ProfileDetails,
  type SaveOutcome,
  type SignupInput,
} from './signup.machine';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(
  input: SignupInput,
  overrides: { account?: () => Promise<AccountOutcome>; details?: (d: ProfileDetails) => Promise<SaveOutcome> } = {},
) {
  const showError = vi.fn();
  const goToProfile = vi.fn();
  const goToLogin = vi.fn();
  const createAccount = vi.fn<(credentials: { email: string; password: string }) => Promise<AccountOutcome>>(
    overrides.account ?? (async () => ({ ok: true, hasUsername: false })),
  );
  const saveDetails = vi.fn<(details: ProfileDetails) => Promise<SaveOutcome>>(overrides.details ?? (async () => ({ ok: true })));
  const machine = signupMachine.provide({
    actors: {
      createAccount: fromPromise(({ input }) => createAccount(input)),
      saveDetails: fromPromise(({ input }) => saveDetails(input)),
    },
    actions: {
      showError: (_, params) => showError(params.message),
      goToProfile,
      goToLogin,
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  const step = () => stepOf(actor.getSnapshot());
  return { actor, step, showError, goToProfile, goToLogin, createAccount, saveDetails };
}

const visitor: SignupInput = { signedIn: false, hasUsername: false };
const newUser: SignupInput = { signedIn: true, hasUsername: false };
const namedUser: SignupInput = { signedIn: true, hasUsername: true };

function fillAccount(actor: ReturnType<typeof start>['actor'], password = 'correct-horse', confirmation = password) {
  actor.send({ type: 'EDIT', field: 'email', value: 'ada@example.com' });
  actor.send({ type: 'EDIT', field: 'password', value: password });
  actor.send({ type: 'EDIT', field: 'confirmation', value: confirmation });
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('signup machine: where it starts', () => {
  it('starts a visitor at step 0, a user without a username at 1, one with a username at 2', () => {
    expect(start(visitor).step()).toBe(0);
    expect(start(newUser).step()).toBe(1);
    expect(start(namedUser).step()).toBe(2);
  });

  it('honours the step parameter only for steps the person may be on', () => {
    expect(startStep({ ...namedUser, requestedStep: 4 })).toBe(4);
    expect(startStep({ ...namedUser, requestedStep: 3 })).toBe(3);
    expect(startStep({ ...namedUser, requestedStep: 0 })).toBe(2);
    expect(startStep({ ...newUser, requestedStep: 3 })).toBe(1);
    expect(startStep({ ...visitor, requestedStep: 2 })).toBe(0);
    expect(start({ ...namedUser, requestedStep: 4 }).step()).toBe(4);
  });
});

describe('signup machine: step 0, the account', () => {
  it('does not submit until email, password and confirmation are all filled', () => {
    const { actor, createAccount } = start(visitor);
    actor.send({ type: 'EDIT', field: 'email', value: 'ada@example.com' });
    actor.send({ type: 'EDIT', field: 'password', value: 'correct-horse' });
    actor.send({ type: 'SUBMIT_ACCOUNT' });
    expect(actor.getSnapshot().value).toBe('account');
    expect(createAccount).not.toHaveBeenCalled();
  });

  it('flags passwords that do not match and clears the flag on the next edit', () => {
    const { actor, createAccount } = start(visitor);
    fillAccount(actor, 'correct-horse', 'correct-hose');
    actor.send({ type: 'SUBMIT_ACCOUNT' });
    expect(actor.getSnapshot().context.passwordsDiffer).toBe(true);
    expect(createAccount).not.toHaveBeenCalled();
    actor.send({ type: 'EDIT', field: 'confirmation', value: 'correct-horse' });
    expect(actor.getSnapshot().context.passwordsDiffer).toBe(false);
  });

  it('moves to step 1 when the account is created for a profile without a username', async () => {
    const { actor, step, createAccount } = start(visitor);
    fillAccount(actor);
    actor.send({ type: 'SUBMIT_ACCOUNT' });
    expect(actor.getSnapshot().value).toBe('creatingAccount');
    expect(createAccount).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'correct-horse' });
    await flush();
    expect(step()).toBe(1);
  });

  it('goes to /profile when the created account already has a username', async () => {
    const { actor, goToProfile } = start(visitor, { account: async () => ({ ok: true, hasUsername: true }) });
    fillAccount(actor);
    actor.send({ type: 'SUBMIT_ACCOUNT' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(goToProfile).toHaveBeenCalledOnce();
  });

  it("shows the server's message and clears both passwords when sign-up fails", async () => {
    const { actor, step, showError } = start(visitor, {
      account: async () => ({ ok: false, message: 'An account with this email already exists' }),
    });
    fillAccount(actor);
    actor.send({ type: 'SUBMIT_ACCOUNT' });
    await flush();
    expect(step()).toBe(0);
    expect(showError).toHaveBeenCalledWith('An account with this email already exists');
    const { email, password, confirmation } = actor.getSnapshot().context;
    expect({ email, password, confirmation }).toEqual({ email: 'ada@example.com', password: '', confirmation: '' });
  });

  it('treats a thrown failure (network) the same way', async () => {
    const { actor, showError } = start(visitor, { account: () => Promise.reject(new Error('offline')) });
    fillAccount(actor);
    actor.send({ type: 'SUBMIT_ACCOUNT' });
    await flush();
    expect(actor.getSnapshot().value).toBe('account');
    expect(showError).toHaveBeenCalledOnce();
    expect(actor.getSnapshot().context.password).toBe('');
  });

  it('ignores the address bar while the account is being created', () => {
    const pending = deferred<AccountOutcome>();
    const { actor } = start(visitor, { account: () => pending.promise });
    fillAccount(actor);
    actor.send({ type: 'SUBMIT_ACCOUNT' });
    actor.send({ type: 'GO_TO', step: 0 });
    expect(actor.getSnapshot().value).toBe('creatingAccount');
  });
});

describe('signup machine: steps 1 to 4', () => {
  it('moves from the username step to step 2 when the username is saved, and has no skip there', () => {
    const { actor, step } = start(newUser);
    actor.send({ type: 'SKIP' });
    expect(step()).toBe(1);
    actor.send({ type: 'USERNAME_SAVED' });
    expect(step()).toBe(2);
  });

  it('continues from the pictures step to step 3', () => {
    const { actor, step } = start(namedUser);
    actor.send({ type: 'CONTINUE' });
    expect(step()).toBe(3);
  });

  it('saves link, bio and location and moves to step 4', async () => {
    const { actor, step, saveDetails } = start({ ...namedUser, requestedStep: 3 });
    const details = { link: 'ada.dev', bio: 'Trail runner', location: '' };
    actor.send({ type: 'SUBMIT_DETAILS', details });
    expect(actor.getSnapshot().value).toBe('savingDetails');
    await flush();
    expect(saveDetails).toHaveBeenCalledWith(details);
    expect(step()).toBe(4);
  });

  it('refuses a blank or too long bio', () => {
    const { actor, saveDetails } = start({ ...namedUser, requestedStep: 3 });
    actor.send({ type: 'SUBMIT_DETAILS', details: { link: '', bio: '   ', location: '' } });
    actor.send({ type: 'SUBMIT_DETAILS', details: { link: '', bio: 'x'.repeat(BIO_MAX + 1), location: '' } });
    expect(actor.getSnapshot().value).toBe('about');
    expect(saveDetails).not.toHaveBeenCalled();
  });

  it('stays on step 3 with the message when saving fails, and goes to /login on 401', async () => {
    const failing = start(
      { ...namedUser, requestedStep: 3 },
      { details: async () => ({ ok: false, message: 'biography must be at most 300 characters' }) },
    );
    failing.actor.send({ type: 'SUBMIT_DETAILS', details: { link: '', bio: 'Hi', location: '' } });
    await flush();
    expect(failing.step()).toBe(3);
    expect(failing.showError).toHaveBeenCalledWith('biography must be at most 300 characters');

    const expired = start({ ...namedUser, requestedStep: 3 }, { details: async () => ({ ok: false, unauthorized: true }) });
    expired.actor.send({ type: 'SUBMIT_DETAILS', details: { link: '', bio: 'Hi', location: '' } });
    await flush();
    expect(expired.goToLogin).toHaveBeenCalledOnce();
  });

  it('finishes at /profile after the last step', () => {
    const { actor, goToProfile } = start({ ...namedUser, requestedStep: 4 });
    actor.send({ type: 'FINISH' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(goToProfile).toHaveBeenCalledOnce();
  });

  it('skip adds one on steps 2 and 3 and leaves for /profile on step 4', () => {
    const { actor, step, goToProfile } = start(namedUser);
    actor.send({ type: 'SKIP' });
    expect(step()).toBe(3);
    actor.send({ type: 'SKIP' });
    expect(step()).toBe(4);
    expect(goToProfile).not.toHaveBeenCalled();
    actor.send({ type: 'SKIP' });
    expect(goToProfile).toHaveBeenCalledOnce();
  });

  it('goes back one step but never below step 2', () => {
    const { actor, step } = start({ ...namedUser, requestedStep: 4 });
    actor.send({ type: 'BACK' });
    expect(step()).toBe(3);
    actor.send({ type: 'BACK' });
    expect(step()).toBe(2);
    actor.send({ type: 'BACK' });
    expect(step()).toBe(2);
  });
});

describe('signup machine: the step parameter', () => {
  it('jumps between the optional steps', () => {
    const { actor, step } = start(namedUser);
    actor.send({ type: 'GO_TO', step: 4 });
    expect(step()).toBe(4);
    actor.send({ type: 'GO_TO', step: 2 });
    expect(step()).toBe(2);
  });

  it('cannot skip the account or the username, nor go back to them', () => {
    const visiting = start(visitor);
    visiting.actor.send({ type: 'GO_TO', step: 3 });
    expect(visiting.step()).toBe(0);

    const unnamed = start(newUser);
    unnamed.actor.send({ type: 'GO_TO', step: 2 });
    expect(unnamed.step()).toBe(1);

    const named = start(namedUser);
    named.actor.send({ type: 'GO_TO', step: 1 });
    named.actor.send({ type: 'GO_TO', step: 0 });
    named.actor.send({ type: 'GO_TO', step: 7 });
    expect(named.step()).toBe(2);
  });
});
