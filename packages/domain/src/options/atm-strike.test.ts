import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atmStrikeIndex, nearestStrikeIndex, syntheticFuture, syntheticFutureIndex } from './atm-strike';

const SEED = 20260906;
const STRIKES = [23_900, 23_950, 24_000, 24_050, 24_100, 24_150, 24_200];

describe('ATM strike and synthetic future', () => {
  it('finds the nearest strike, the higher one on an exact tie, clamped to the ladder', () => {
    expect(nearestStrikeIndex(STRIKES, 24_056)).toBe(3);
    expect(nearestStrikeIndex(STRIKES, 24_024.99)).toBe(2);
    expect(nearestStrikeIndex(STRIKES, 24_025)).toBe(3);
    expect(nearestStrikeIndex(STRIKES, 10_000)).toBe(0);
    expect(nearestStrikeIndex(STRIKES, 90_000)).toBe(6);
    expect(nearestStrikeIndex(STRIKES, Number.NaN)).toBe(-1);
    expect(nearestStrikeIndex([], 24_000)).toBe(-1);
  });

  it('computes Syn Fut as strike + CE LTP − PE LTP', () => {
    expect(syntheticFuture(24_050, 142.35, 98.1)).toBeCloseTo(24_094.25, 10);
  });

  it('takes Syn Fut at the strike nearest spot, moving outwards past strikes without both trades', () => {
    const ce = [300, 260, 220, 180, 0, 110, 80];
    const pe = [60, 75, 95, 120, 150, 185, 225];
    expect(syntheticFutureIndex(STRIKES, ce, pe, 24_056)).toBe(3);
    // Nearest is 24,100, whose CE has not traded: 24,050 and 24,150 are equally near, the higher is taken.
    expect(syntheticFutureIndex(STRIKES, ce, pe, 24_100)).toBe(5);
    expect(syntheticFutureIndex(STRIKES, [0, 0, 0, 0, 0, 0, 0], pe, 24_100)).toBe(-1);
  });

  it('centres on spot, futures or Syn Fut as the ATM basis says', () => {
    const prices = { spot: 24_010, futures: 24_090, syntheticFuture: 24_140 };
    expect(STRIKES[atmStrikeIndex(STRIKES, 'Spot', prices)]).toBe(24_000);
    expect(STRIKES[atmStrikeIndex(STRIKES, 'Futures', prices)]).toBe(24_100);
    expect(STRIKES[atmStrikeIndex(STRIKES, 'SynFut', prices)]).toBe(24_150);
    expect(atmStrikeIndex(STRIKES, 'SynFut', { ...prices, syntheticFuture: Number.NaN })).toBe(-1);
  });

  it(`never finds a strike nearer than the one chosen (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 2_000 }), { minLength: 1, maxLength: 80 }),
        fc.double({ min: 0, max: 120_000, noNaN: true }),
        (units, price) => {
          const strikes = [...units].sort((a, b) => a - b).map((u) => u * 50);
          const i = nearestStrikeIndex(strikes, price);
          const chosen = Math.abs(strikes[i]! - price);
          for (const k of strikes) expect(Math.abs(k - price)).toBeGreaterThanOrEqual(chosen);
        },
      ),
      { seed: SEED, numRuns: 1_000 },
    );
  });
});
