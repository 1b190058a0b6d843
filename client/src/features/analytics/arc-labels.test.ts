import { describe, expect, it } from 'vitest';
import { ARC_LABEL_MIN_ANGLE, arcAngle, showsArcLabel } from './arc-labels';
import { categories } from './sample-analytics';

describe('pie arc labels', () => {
  it('labels a slice of exactly 45 degrees and not one a hair thinner', () => {
    expect(ARC_LABEL_MIN_ANGLE).toBe(45);
    expect(showsArcLabel(1, 8)).toBe(true);
    expect(arcAngle(1, 8)).toBe(45);
    expect(showsArcLabel(124, 1000)).toBe(false);
    expect(showsArcLabel(125, 1000)).toBe(true);
  });

  it('labels nothing in an empty pie, and never a negative slice', () => {
    expect(showsArcLabel(0, 0)).toBe(false);
    expect(showsArcLabel(-5, 10)).toBe(false);
  });

  it('in the sample data, labels EMAIL and SOCIALS but not the thin WALLET slice', () => {
    const total = categories.reduce((sum, c) => sum + c.value, 0);
    expect(categories.filter((c) => showsArcLabel(c.value, total)).map((c) => c.id)).toEqual(['EMAIL', 'SOCIALS']);
  });
});
