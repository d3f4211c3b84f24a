import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ema, sma } from './moving-averages';

const SEED = 20261121;

// StockCharts' "Moving Averages" worked example: 30 closes, a 10-day SMA and EMA (values rounded to 2 decimals there).
const CLOSES = [
  22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05, 23.75,
  23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.1, 23.33, 22.68, 23.1, 22.4, 22.17,
];
const SMA_10 = [
  22.22, 22.21, 22.23, 22.26, 22.3, 22.42, 22.61, 22.77, 22.91, 23.08, 23.21, 23.38, 23.53, 23.65, 23.71, 23.68, 23.61,
  23.51, 23.43, 23.28, 23.13,
];
const EMA_10 = [
  22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.53, 23.47, 23.4, 23.39,
  23.26, 23.23, 23.08, 22.92,
];

const finitePrices = fc.array(fc.double({ min: 1, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 200 });

describe('simple moving average', () => {
  it('matches the textbook 10-day SMA and is NaN for the first nine closes', () => {
    const result = sma(CLOSES, 10);
    expect(result.slice(0, 9).every(Number.isNaN)).toBe(true);
    result.slice(9).forEach((value, i) => expect(Math.abs(value - SMA_10[i]!)).toBeLessThanOrEqual(0.0051));
  });

  it('averages the last five of 11…17 as 13, 14, 15', () => {
    expect(sma([11, 12, 13, 14, 15, 16, 17], 5).slice(4)).toEqual([13, 14, 15]);
  });

  it('stays NaN while a gap is inside the window and resumes once it has left', () => {
    expect(sma([1, 2, Number.NaN, 4, 5, 6], 2)).toEqual([Number.NaN, 1.5, Number.NaN, Number.NaN, 4.5, 5.5]);
  });

  it('rejects a period that is not a whole number of at least 1', () => {
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });

  it(`of a constant is the constant (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 50 }), (value, period) => {
        const result = sma(new Array<number>(period + 20).fill(value), period);
        return result.slice(period - 1).every((x) => Math.abs(x - value) <= 1e-9 * Math.max(1, Math.abs(value)));
      }),
      { seed: SEED },
    );
  });

  it(`lies between the window's lowest and highest value (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(finitePrices, fc.integer({ min: 1, max: 30 }), (values, period) =>
        sma(values, period).every((mean, i) => {
          if (i < period - 1) return Number.isNaN(mean);
          const window = values.slice(i + 1 - period, i + 1);
          const slack = 1e-9 * Math.max(...window);
          return mean >= Math.min(...window) - slack && mean <= Math.max(...window) + slack;
        }),
      ),
      { seed: SEED },
    );
  });
});

describe('exponential moving average', () => {
  it('matches the textbook 10-day EMA seeded with the SMA of the first ten closes', () => {
    const result = ema(CLOSES, 10);
    expect(result.slice(0, 9).every(Number.isNaN)).toBe(true);
    result.slice(9).forEach((value, i) => expect(Math.abs(value - EMA_10[i]!)).toBeLessThanOrEqual(0.0051));
  });

  it('of period 1 is the series itself', () => {
    expect(ema([3, 1, 4, 1, 5], 1)).toEqual([3, 1, 4, 1, 5]);
  });

  it('starts at the first full run of values after leading gaps, and carries over later gaps', () => {
    const result = ema([Number.NaN, 2, 4, Number.NaN, 7], 2);
    expect(result[0]).toBeNaN();
    expect(result[1]).toBeNaN();
    expect(result[2]).toBe(3);
    expect(result[3]).toBe(3);
    expect(result[4]).toBeCloseTo(3 + (2 / 3) * 4, 12);
  });

  it(`converges to a level the series settles at (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        finitePrices,
        fc.double({ min: 1, max: 1e6, noNaN: true }),
        fc.integer({ min: 1, max: 30 }),
        (start, level, period) => {
          // After 40 periods at the level the remaining weight of the start is (1 − α)^(40·period) < e^(−80/ (1+1/p)).
          const series = [...start, ...new Array<number>(40 * period + period).fill(level)];
          const last = ema(series, period).at(-1)!;
          return Math.abs(last - level) <= 1e-6 * Math.max(level, ...start);
        },
      ),
      { seed: SEED },
    );
  });
});
