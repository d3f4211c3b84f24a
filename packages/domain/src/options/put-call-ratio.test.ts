import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { putCallRatio, putCallRatioOver } from './put-call-ratio';

const SEED = 20261128;

describe('PCR over a strike set', () => {
  const rows = [
    { strike: 100, ceOi: 100, peOi: 400 },
    { strike: 110, ceOi: 300, peOi: 300 },
    { strike: 120, ceOi: 600, peOi: 100 },
  ];

  it('divides the set’s total put OI by its total call OI, not the mean of the strikes’ PCRs', () => {
    // (400 + 300) ÷ (100 + 300) = 1.75; the mean of 4 and 1 would be 2.5.
    expect(putCallRatioOver(rows, new Set([100, 110]))).toBe(1.75);
    expect(putCallRatioOver(rows, new Set([100, 110, 120]))).toBe(0.8);
  });

  it('leaves out strikes outside the set or with an unknown leg, and has none without call OI', () => {
    expect(putCallRatioOver([...rows, { strike: 130, ceOi: null, peOi: 9_999 }], new Set([120, 130]))).toBeCloseTo(
      100 / 600,
      12,
    );
    expect(putCallRatioOver(rows, new Set([999]))).toBeNaN();
  });

  it(`lies between the lowest and highest strike PCR of the set (fast-check seed ${SEED})`, () => {
    const oi = fc.integer({ min: 1, max: 1_000_000 });
    fc.assert(
      fc.property(fc.array(fc.tuple(oi, oi), { minLength: 1, maxLength: 30 }), (legs) => {
        const set = legs.map(([ceOi, peOi], i) => ({ strike: 100 + i, ceOi, peOi }));
        const pcr = putCallRatioOver(set, new Set(set.map((row) => row.strike)));
        const each = set.map((row) => putCallRatio(row.peOi, row.ceOi));
        return pcr >= Math.min(...each) - 1e-12 && pcr <= Math.max(...each) + 1e-12;
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
