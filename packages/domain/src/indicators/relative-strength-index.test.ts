import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rsi } from './relative-strength-index';

const SEED = 20261121;

// StockCharts' RSI worked example (Wilder's method, 14 periods) with its published values to 2 decimals.
const CLOSES = [
  44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28, 46.0, 46.03,
  46.41, 46.22, 45.64, 46.21, 46.25, 45.71, 46.45, 45.78, 45.35, 44.03, 44.18, 44.22, 44.57, 43.42, 42.66, 43.13,
];
const RSI_14 = [
  70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3,
  33.08, 37.77,
];

describe('relative strength index (Wilder)', () => {
  it('matches the textbook 14-period RSI and is NaN until fourteen changes are known', () => {
    const result = rsi(CLOSES, 14);
    expect(result.slice(0, 14).every(Number.isNaN)).toBe(true);
    // The published table rounds its averages to 2 decimals at each step, so agreement is to about 0.1.
    result.slice(14).forEach((value, i) => expect(Math.abs(value - RSI_14[i]!)).toBeLessThan(0.1));
  });

  it('is 100 when prices only rise, 0 when they only fall, 50 when they never move', () => {
    expect(rsi([1, 2, 3, 4], 3)[3]).toBe(100);
    expect(rsi([4, 3, 2, 1], 3)[3]).toBe(0);
    expect(rsi([5, 5, 5, 5], 3)[3]).toBe(50);
  });

  it(`stays within 0…100 (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.05, max: 1e6, noNaN: true }), { minLength: 2, maxLength: 200 }),
        fc.integer({ min: 1, max: 30 }),
        (closes, period) =>
          rsi(closes, period).every((value, i) => (i < period ? Number.isNaN(value) : value >= 0 && value <= 100)),
      ),
      { seed: SEED },
    );
  });
});
