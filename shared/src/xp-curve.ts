// Levels are derived from total XP so that a single atomic $inc is the whole write:
// no separate level field can drift from the XP that produced it.
// Level L (starting at 1) needs 100 * L XP to reach level L + 1.
export const XP_PER_LEVEL_STEP = 100;

export function xpRequiredForLevel(level: number): number {
  return XP_PER_LEVEL_STEP * level;
}

export interface LevelProgress {
  level: number;
  /** XP earned inside the current level. */
  current: number;
  /** XP the current level needs in all. */
  required: number;
}

export function levelForXp(totalXp: number): LevelProgress {
  let level = 1;
  let remaining = Math.max(0, Math.floor(totalXp));
  while (remaining >= xpRequiredForLevel(level)) {
    remaining -= xpRequiredForLevel(level);
    level += 1;
  }
  return { level, current: remaining, required: xpRequiredForLevel(level) };
}

/** Total XP at which a level starts. */
export function xpAtLevelStart(level: number): number {
  let total = 0;
  for (let l = 1; l < level; l++) total += xpRequiredForLevel(l);
  return total;
}
