import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bollingerBands } from './bollinger-bands';
import { sma } from './moving-averages';

const SEED = 20261121;

describe('Bollinger Bands', () => {
  it('puts the bands k population standard deviations around the mean', () => {
    // 1…5: mean 3, population variance (4 + 1 + 0 + 1 + 4) / 5 = 2.
    const { middle, upper, lower } = bollingerBands([1, 2, 3, 4, 5], 5, 2);
    expect(middle[4]).toBe(3);
    expect(upper[4]).toBeCloseTo(3 + 2 * Math.SQRT2, 12);
    expect(lower[4]).toBeCloseTo(3 - 2 * Math.SQRT2, 12);
    expect([middle, upper, lower].every((line) => line.slice(0, 4).every(Number.isNaN))).toBe(true);
  });

  it('matches a 20-period, 2-deviation reference on closes 1…25', () => {
    // Any 20 consecutive integers have population deviation √((20² − 1) / 12) = √33.25.
    const { middle, upper } = bollingerBands(
      Array.from({ length: 25 }, (_, i) => i + 1),
      20,
      2,
    );
    expect(middle[19]).toBe(10.5);
    expect(upper[24]).toBeCloseTo(15.5 + 2 * Math.sqrt(33.25), 12);
  });

  it('rejects a negative width', () => {
    expect(() => bollingerBands([1, 2, 3], 2, -1)).toThrow(RangeError);
  });

  it(`has the SMA as its middle and symmetric bands (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1, max: 1e5, noNaN: true }), { minLength: 1, maxLength: 120 }),
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        (values, period, k) => {
          const bands = bollingerBands(values, period, k);
          const mean = sma(values, period);
          return bands.middle.every((m, i) => {
            if (Number.isNaN(mean[i]!)) return Number.isNaN(m) && Number.isNaN(bands.upper[i]!);
            const above = bands.upper[i]! - m;
            const below = m - bands.lower[i]!;
            return m === mean[i] && above >= 0 && Math.abs(above - below) <= 1e-9 * Math.max(1, m);
          });
        },
      ),
      { seed: SEED },
    );
  });
});
