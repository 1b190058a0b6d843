import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { countdownParts, questCountdownMachine } from './quest-countdown.machine';

const T0 = Date.UTC(2025, 5, 1, 12, 0, 0);

function start(startTime: string | number) {
  const actor = createActor(questCountdownMachine, { input: { startTime } });
  actor.start();
  const parts = () => countdownParts(actor.getSnapshot().context.remainingMs);
  const started = () => actor.getSnapshot().matches('started');
  return { actor, parts, started };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('quest countdown machine', () => {
  it('counts days, hours, minutes and seconds until the start time', () => {
    const { parts, started } = start(new Date(T0 + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000).toISOString());
    expect(started()).toBe(false);
    expect(parts()).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('ticks every second', async () => {
    const { parts } = start(T0 + 90_000);
    expect(parts()).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 30 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(parts()).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 29 });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(parts()).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });

  it('switches to started exactly at the start time, across it, and then stops ticking', async () => {
    const { actor, parts, started } = start(T0 + 3_000);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(parts().seconds).toBe(1);
    expect(started()).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(started()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started()).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('lands on whole seconds when the start is not on one', async () => {
    const { parts, started } = start(T0 + 2_400);
    expect(parts().seconds).toBe(3);
    await vi.advanceTimersByTimeAsync(400);
    expect(parts().seconds).toBe(2);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(started()).toBe(true);
  });

  it('is started at once for a quest that already began, or whose start cannot be read', () => {
    expect(start(T0 - 60_000).started()).toBe(true);
    expect(start(T0).started()).toBe(true);
    expect(start('not a date').started()).toBe(true);
  });

  it('reads time from the clock it is given', async () => {
    let now = T0;
    const actor = createActor(questCountdownMachine, { input: { startTime: T0 + 10 * 86_400_000, now: () => now } });
    actor.start();
    expect(countdownParts(actor.getSnapshot().context.remainingMs).days).toBe(10);
    now = T0 + 10 * 86_400_000;
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().matches('started')).toBe(true);
  });
});
