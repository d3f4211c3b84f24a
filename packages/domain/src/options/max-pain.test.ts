import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxPainCurve, maxPainIndex, maxPainStrike } from './max-pain';

const SEED = 20260905;

// The definition, summed directly: what holders receive if the underlying settles at each strike.
function naivePain(strikes: number[], ceOi: number[], peOi: number[]): number[] {
  return strikes.map((settle) =>
    strikes.reduce((sum, k, i) => sum + ceOi[i]! * Math.max(settle - k, 0) + peOi[i]! * Math.max(k - settle, 0), 0),
  );
}

describe('max pain', () => {
  it('settles where writers pay least on a hand-built chain', () => {
    // Calls written heavily at 24,200, puts at 23,800: settling between them costs writers nothing there.
    const strikes = [23_800, 23_900, 24_000, 24_100, 24_200];
    const ceOi = [100, 200, 500, 1_000, 5_000];
    const peOi = [5_000, 1_000, 500, 200, 100];
    // At 24,000: calls 100·200 + 200·100 = 40,000; puts 200·100 + 100·200 = 40,000 → 80,000, the least.
    expect(Array.from(maxPainCurve(strikes, ceOi, peOi))).toEqual([300_000, 130_000, 80_000, 130_000, 300_000]);
    expect(maxPainStrike(strikes, ceOi, peOi)).toBe(24_000);
  });

  it('is pulled toward a dominant put wall and takes the lowest strike on a tie', () => {
    expect(maxPainStrike([100, 110, 120], [0, 0, 0], [0, 0, 1_000])).toBe(120);
    expect(maxPainStrike([100, 110, 120], [1_000, 0, 0], [0, 0, 0])).toBe(100);
    expect(maxPainStrike([100, 110, 120], [0, 0, 0], [0, 0, 0])).toBe(100);
    expect(maxPainIndex([5, 3, 3, 4])).toBe(1);
  });

  it('ignores missing or negative OI and answers NaN for an empty chain', () => {
    expect(maxPainStrike([100, 110], [Number.NaN, -5], [0, 10])).toBe(110);
    expect(maxPainStrike([], [], [])).toBeNaN();
  });

  it(`equals the direct O(n²) sum on random chains (fast-check seed ${SEED})`, () => {
    const chain = fc.integer({ min: 1, max: 60 }).chain((n) =>
      fc.record({
        first: fc.integer({ min: 1_000, max: 50_000 }),
        step: fc.constantFrom(25, 50, 100),
        ceOi: fc.array(fc.integer({ min: 0, max: 20_000_000 }), { minLength: n, maxLength: n }),
        peOi: fc.array(fc.integer({ min: 0, max: 20_000_000 }), { minLength: n, maxLength: n }),
      }),
    );
    fc.assert(
      fc.property(chain, ({ first, step, ceOi, peOi }) => {
        const strikes = ceOi.map((_, i) => first + i * step);
        const want = naivePain(strikes, ceOi, peOi);
        const got = maxPainCurve(strikes, ceOi, peOi);
        want.forEach((w, i) => expect(Math.abs(got[i]! - w)).toBeLessThanOrEqual(1e-12 * Math.max(1, w) + 1e-3));
        const best = Math.min(...want);
        expect(want[maxPainIndex(got)]!).toBeLessThanOrEqual(best * (1 + 1e-12));
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
