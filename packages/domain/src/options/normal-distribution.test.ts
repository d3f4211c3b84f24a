import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erfc, erfcx, inverseNormalCdf, normalCdf, normalPdf } from './normal-distribution';

const SEED = 20260901;
const relativeError = (got: number, want: number) => Math.abs(got - want) / Math.abs(want);

// Reference values evaluated with 50-digit arithmetic.
const CDF_REFERENCE: ReadonlyArray<[number, number]> = [
  [-37, 5.725571222524577e-300],
  [-20, 2.7536241186062337e-89],
  [-10, 7.619853024160525e-24],
  [-5, 2.866515718791939e-7],
  [-1, 0.15865525393145705],
  [0, 0.5],
  [1.5, 0.9331927987311419],
  [3, 0.9986501019683699],
];

describe('normal distribution', () => {
  it('matches 50-digit values of Φ to about 1e-15 relative, deep into the lower tail', () => {
    for (const [z, want] of CDF_REFERENCE) expect(relativeError(normalCdf(z), want)).toBeLessThan(1e-15);
  });

  it('inverts Φ to about 1e-15 (Wichura AS 241)', () => {
    expect(relativeError(inverseNormalCdf(0.975), 1.9599639845400543)).toBeLessThan(1e-15);
    expect(relativeError(inverseNormalCdf(1e-10), -6.361340902404057)).toBeLessThan(1e-15);
    expect(relativeError(inverseNormalCdf(0.3), -0.5244005127080408)).toBeLessThan(1e-15);
    expect(inverseNormalCdf(0.5)).toBe(0);
    expect(inverseNormalCdf(0)).toBe(-Infinity);
    expect(inverseNormalCdf(1)).toBe(Infinity);
    expect(inverseNormalCdf(1.5)).toBeNaN();
  });

  it('has erfc and erfcx consistent with each other and with Φ', () => {
    expect(erfc(0)).toBe(1);
    expect(relativeError(erfc(1), 0.15729920705028513)).toBeLessThan(1e-15);
    expect(relativeError(erfcx(10), 0.05614099274382259)).toBeLessThan(1e-15);
    expect(erfcx(-30)).toBe(Infinity);
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 16);
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
  });

  it(`is symmetric, monotone and inverted by Φ⁻¹ (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (z, dz) => {
        expect(Math.abs(normalCdf(z) + normalCdf(-z) - 1)).toBeLessThan(2e-16);
        expect(normalCdf(z + dz)).toBeGreaterThanOrEqual(normalCdf(z));
        const p = normalCdf(z);
        if (p > 1e-300 && p < 1 - 1e-12) expect(relativeError(normalCdf(inverseNormalCdf(p)), p)).toBeLessThan(1e-13);
        expect(relativeError(erfc(z) * Math.exp(z * z), erfcx(z))).toBeLessThan(1e-13);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});
