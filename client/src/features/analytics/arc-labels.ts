// SPEC section 2: a pie slice carries its label only when its angle is at least 45 degrees; a thinner
// slice is named by the legend instead. nivo applies the same rule (arcLabelsSkipAngle); this is the
// rule on its own, so it can be tested and reused.

export const ARC_LABEL_MIN_ANGLE = 45;

/** The angle, in degrees, a value takes in a full pie of `total`. */
export function arcAngle(value: number, total: number): number {
  return total > 0 ? (Math.max(0, value) / total) * 360 : 0;
}

export function showsArcLabel(value: number, total: number): boolean {
  return arcAngle(value, total) >= ARC_LABEL_MIN_ANGLE;
}
