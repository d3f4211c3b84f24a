/** Which way a figure moved against the previous session's. */
export type Direction = 'up' | 'down' | 'flat';

/** The direction of a change; null when there is nothing to compare with. */
export function directionOf(change: number | null): Direction | null {
  if (change === null) return null;
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}

/** Rounds to paise (two decimals) so sums of crore figures do not show floating-point dust. */
export function roundTo2(value: number): number {
  return Math.round(value * 100) / 100;
}
