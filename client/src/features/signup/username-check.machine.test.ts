import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { USERNAME_DEBOUNCE_MS, type UserProfile } from '@tapquest/shared';
import { availabilityOf, usernameCheckMachine, type Availability, type UsernameSave } from './username-check.machine';

const user = { username: 'ada_lovelace' } as UserProfile;

function start(
  check: (name: string) => Promise<Availability> = async () => 'available',
  save: (name: string) => Promise<UsernameSave> = async () => ({ result: 'saved', user }),
) {
  const checkAvailability = vi.fn(check);
  const saveUsername = vi.fn(save);
  const notifyUnavailable = vi.fn();
  const goToLogin = vi.fn();
  const usernameSaved = vi.fn();
  const actor = createActor(
    usernameCheckMachine.provide({
      actors: {
        checkAvailability: fromPromise(({ input }) => checkAvailability(input.username)),
        saveUsername: fromPromise(({ input }) => saveUsername(input.username)),
      },
      actions: { notifyUnavailable, goToLogin, usernameSaved: (_, params) => usernameSaved(params.user) },
    }),
    { input: {} },
  );
  actor.start();
  const shown = () => availabilityOf(actor.getSnapshot());
  return { actor, shown, checkAvailability, saveUsername, notifyUnavailable, goToLogin, usernameSaved };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('username check machine', () => {
  it('starts unchecked', () => {
    expect(start().shown()).toBe('unchecked');
  });

  it(`asks the server ${USERNAME_DEBOUNCE_MS} ms after typing stops, not before`, async () => {
    const { actor, shown, checkAvailability } = start();
    actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS - 1);
    expect(checkAvailability).not.toHaveBeenCalled();
    expect(shown()).toBe('unchecked');
    await vi.advanceTimersByTimeAsync(1);
    expect(checkAvailability).toHaveBeenCalledWith('ada_lovelace');
    expect(shown()).toBe('available');
  });

  it('restarts the wait on every change and checks only the last name', async () => {
    const { actor, checkAvailability } = start();
    for (const value of ['ada_lo', 'ada_lov', 'ada_love']) {
      actor.send({ type: 'CHANGE', value });
      await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS - 50);
    }
    expect(checkAvailability).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(50);
    expect(checkAvailability).toHaveBeenCalledOnce();
    expect(checkAvailability).toHaveBeenCalledWith('ada_love');
  });

  it('never asks about a name that breaks the format rules', async () => {
    const { actor, shown, checkAvailability } = start();
    for (const value of ['ada', '1ada_lovelace', 'ada-lovelace', 'a'.repeat(21)]) {
      actor.send({ type: 'CHANGE', value });
      await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS * 2);
    }
    expect(checkAvailability).not.toHaveBeenCalled();
    expect(shown()).toBe('unchecked');
  });

  it('shows unavailable when the server says so', async () => {
    const { actor, shown } = start(async () => 'unavailable');
    actor.send({ type: 'CHANGE', value: 'taken_name' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    expect(shown()).toBe('unavailable');
  });

  it('goes back to unchecked on each change, from available and from unavailable', async () => {
    const { actor, shown } = start(async (name) => (name === 'taken_name' ? 'unavailable' : 'available'));
    actor.send({ type: 'CHANGE', value: 'free_name' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    expect(shown()).toBe('available');
    actor.send({ type: 'CHANGE', value: 'taken_name' });
    expect(shown()).toBe('unchecked');
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    expect(shown()).toBe('unavailable');
    actor.send({ type: 'CHANGE', value: 'taken_nam' });
    expect(shown()).toBe('unchecked');
  });

  it('drops an answer that arrives after the name changed', async () => {
    let answer!: (a: Availability) => void;
    const { actor, shown, checkAvailability } = start(() => new Promise((r) => (answer = r)));
    actor.send({ type: 'CHANGE', value: 'first_name' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    actor.send({ type: 'CHANGE', value: 'second_name' });
    answer('available');
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toBe('unchecked');
    expect(checkAvailability).toHaveBeenCalledTimes(1);
  });

  it('stays unchecked when the check fails, and goes to /login on 401', async () => {
    const failing = start(() => Promise.reject(new Error('offline')));
    failing.actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    expect(failing.shown()).toBe('unchecked');

    const expired = start(async () => 'unauthorized');
    expired.actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    expect(expired.goToLogin).toHaveBeenCalledOnce();
  });

  it("submits only when available; otherwise says 'Username not available'", async () => {
    const { actor, saveUsername, notifyUnavailable } = start(async () => 'unavailable');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', value: 'taken_name' });
    actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    actor.send({ type: 'SUBMIT' });
    expect(notifyUnavailable).toHaveBeenCalledTimes(3);
    expect(saveUsername).not.toHaveBeenCalled();
  });

  it('saves an available name and hands over the updated profile', async () => {
    const { actor, saveUsername, usernameSaved } = start();
    actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('saving');
    await vi.advanceTimersByTimeAsync(0);
    expect(saveUsername).toHaveBeenCalledWith('ada_lovelace');
    expect(actor.getSnapshot().status).toBe('done');
    expect(usernameSaved).toHaveBeenCalledWith(user);
  });

  it('ignores edits while saving', async () => {
    let finish!: (s: UsernameSave) => void;
    const { actor } = start(
      async () => 'available',
      () => new Promise((r) => (finish = r)),
    );
    actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'CHANGE', value: 'other_name' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.username).toBe('ada_lovelace');
    finish({ result: 'saved', user });
  });

  it('marks the name unavailable when the save answers 409', async () => {
    const { actor, shown, usernameSaved } = start(
      async () => 'available',
      async () => ({ result: 'taken' }),
    );
    actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown()).toBe('unavailable');
    expect(usernameSaved).not.toHaveBeenCalled();
  });

  it('goes to /login when the save answers 401, and stays available after other failures', async () => {
    const expired = start(
      async () => 'available',
      async () => ({ result: 'unauthorized' }),
    );
    expired.actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    expired.actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(expired.goToLogin).toHaveBeenCalledOnce();

    const failing = start(
      async () => 'available',
      async () => ({ result: 'failed' }),
    );
    failing.actor.send({ type: 'CHANGE', value: 'ada_lovelace' });
    await vi.advanceTimersByTimeAsync(USERNAME_DEBOUNCE_MS);
    failing.actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.shown()).toBe('available');
  });
});
