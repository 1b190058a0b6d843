// Daily check-in bonus of SPEC section 9. Days are UTC calendar days on the server.
export const DAILY_BONUS_XP = [10, 20, 30, 40, 50] as const;

export function dayNumber(date: Date): number {
  return Math.floor(date.getTime() / 86_400_000);
}

/** Local calendar day as used by the client to decide whether to offer the reward. */
export function localDayKey(date: Date): string {
  return `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
}

export function bonusForStreak(streak: number): number {
  return DAILY_BONUS_XP[Math.min(Math.max(streak, 0), DAILY_BONUS_XP.length - 1)];
}

export type CheckinOutcome =
  | { allowed: false }
  | { allowed: true; streak: number; bonus: number };

/**
 * streak is a 0-based index: the first check-in, or one after a gap of more than one day,
 * is streak 0 (Day 1, 10 XP); each consecutive day adds one, the bonus caps at Day 5.
 */
export function nextCheckin(lastCheckin: Date | null | undefined, streak: number, now: Date): CheckinOutcome {
  if (!lastCheckin) return { allowed: true, streak: 0, bonus: bonusForStreak(0) };
  const gap = dayNumber(now) - dayNumber(lastCheckin);
  if (gap <= 0) return { allowed: false };
  const next = gap === 1 ? streak + 1 : 0;
  return { allowed: true, streak: next, bonus: bonusForStreak(next) };
}
