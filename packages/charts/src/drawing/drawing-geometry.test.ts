import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceToSegment, logicalToTime, timeToLogical } from './drawing-geometry';

const SEED = 20261121;
const MINUTE = 60_000;
// Five-minute bars with the overnight gap between two sessions after the third bar.
const TIMES = [0, 5, 10, 1_000, 1_005].map((m) => m * MINUTE);

describe('distance to a segment', () => {
  it('is the perpendicular distance beside the segment and the distance to the nearer end beyond it', () => {
    const a = { x: 0, y: 0 };
    const b = { x: 10, y: 0 };
    expect(distanceToSegment({ x: 5, y: 3 }, a, b)).toBe(3);
    expect(distanceToSegment({ x: 13, y: 4 }, a, b)).toBe(5);
    expect(distanceToSegment({ x: -3, y: -4 }, a, b)).toBe(5);
  });

  it('is the distance to the point for a segment of no length', () => {
    expect(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 })).toBe(5);
  });
});

describe('instants on the logical axis', () => {
  it('put a bar’s own time on its index', () => {
    TIMES.forEach((time, index) => expect(timeToLogical(TIMES, time)).toBe(index));
  });

  it('interpolate between bars, across the overnight gap too', () => {
    expect(timeToLogical(TIMES, 2.5 * MINUTE)).toBe(0.5);
    expect(timeToLogical(TIMES, 505 * MINUTE)).toBe(2.5);
  });

  it('extrapolate before the first and after the last bar at their spacing', () => {
    expect(timeToLogical(TIMES, -10 * MINUTE)).toBe(-2);
    expect(timeToLogical(TIMES, 1_015 * MINUTE)).toBe(6);
    expect(logicalToTime(TIMES, 6)).toBe(1_015 * MINUTE);
    expect(logicalToTime(TIMES, -1)).toBe(-5 * MINUTE);
  });

  it('need bars to place anything', () => {
    expect(timeToLogical([], 0)).toBeNull();
    expect(logicalToTime([], 0)).toBeNull();
    expect(timeToLogical([7], 7)).toBe(0);
    expect(timeToLogical([7], 8)).toBeNull();
  });

  it(`round-trip between time and logical position (fast-check seed ${SEED})`, () => {
    const bars = fc
      .array(fc.integer({ min: 1, max: 10_000 }), { minLength: 2, maxLength: 50 })
      .map((gaps) => gaps.reduce<number[]>((times, gap) => [...times, (times.at(-1) ?? 0) + gap * MINUTE], []));
    fc.assert(
      fc.property(bars, fc.double({ min: -20, max: 80, noNaN: true }), (times, logical) => {
        const time = logicalToTime(times, logical)!;
        return Math.abs(timeToLogical(times, time)! - logical) < 1e-6;
      }),
      { seed: SEED },
    );
  });
});
