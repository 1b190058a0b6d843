import { describe, expect, it } from 'vitest';
import { bonusForStreak, nextCheckin } from './streak.js';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('daily check-in', () => {
  it('gives 10 XP on the first check-in', () => {
    expect(nextCheckin(null, 0, day('2026-01-01'))).toEqual({ allowed: true, streak: 0, bonus: 10 });
  });
  it('refuses a second check-in on the same UTC day', () => {
    expect(nextCheckin(new Date('2026-01-01T00:00:01Z'), 0, new Date('2026-01-01T23:59:59Z'))).toEqual({ allowed: false });
  });
  it('grows the streak on consecutive days and caps the bonus at day 5', () => {
    let last = day('2026-01-01');
    let streak = 0;
    const bonuses: number[] = [];
    for (let d = 2; d <= 8; d++) {
      const now = day(`2026-01-0${d}`);
      const out = nextCheckin(last, streak, now);
      if (!out.allowed) throw new Error('refused');
      bonuses.push(out.bonus);
      streak = out.streak;
      last = now;
    }
    expect(bonuses).toEqual([20, 30, 40, 50, 50, 50, 50]);
  });
  it('resets after more than one day without a check-in, across midnight', () => {
    expect(nextCheckin(new Date('2026-01-01T23:59:00Z'), 3, new Date('2026-01-02T00:01:00Z'))).toMatchObject({ streak: 4, bonus: 50 });
    expect(nextCheckin(new Date('2026-01-01T23:59:00Z'), 3, new Date('2026-01-03T00:01:00Z'))).toMatchObject({ streak: 0, bonus: 10 });
  });
  it('clamps out-of-range streaks', () => {
    expect(bonusForStreak(-1)).toBe(10);
    expect(bonusForStreak(99)).toBe(50);
  });
});
