import { describe, expect, it } from 'vitest';
import { levelForXp, xpAtLevelStart } from './xp-curve.js';

describe('XP curve', () => {
  it('starts at level 1 needing 100 XP', () => {
    expect(levelForXp(0)).toEqual({ level: 1, current: 0, required: 100 });
  });
  it('levels up exactly at the threshold and carries the rest over', () => {
    expect(levelForXp(99)).toEqual({ level: 1, current: 99, required: 100 });
    expect(levelForXp(100)).toEqual({ level: 2, current: 0, required: 200 });
    expect(levelForXp(350)).toEqual({ level: 3, current: 50, required: 300 });
  });
  it('agrees with the start of each level', () => {
    for (let l = 1; l < 30; l++) expect(levelForXp(xpAtLevelStart(l)).level).toBe(l);
  });
});
