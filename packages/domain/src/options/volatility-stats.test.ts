import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76Price } from './black-76';
import {
  atmImpliedVolatility,
  forwardVolatility,
  historicalVolatility,
  ivPercentile,
  ivRank,
  termStructureShape,
} from './volatility-stats';

const SEED = 20261128;

describe('IV rank and percentile', () => {
  it('ranks IV within the year’s range: (IV − min) ÷ (max − min)', () => {
    expect(ivRank(0.15, [0.1, 0.2, 0.3])).toBeCloseTo(25, 9);
    expect(ivRank(0.3, [0.1, 0.2, 0.3])).toBe(100);
    expect(ivRank(0.35, [0.1, 0.2, 0.3])).toBe(100);
    expect(ivRank(0.1, [0.1, 0.2, 0.3])).toBe(0);
  });

  it('counts the share of days with a lower IV for the percentile', () => {
    // Two of four days were lower than 0.18.
    expect(ivPercentile(0.18, [0.1, 0.15, 0.2, 0.25])).toBe(50);
    expect(ivPercentile(0.05, [0.1, 0.15])).toBe(0);
    expect(ivPercentile(0.5, [0.1, 0.15])).toBe(100);
  });

  it('has no rank or percentile without a history, and no rank when the history has no range', () => {
    expect(ivRank(0.2, [])).toBeNull();
    expect(ivPercentile(0.2, [])).toBeNull();
    expect(ivRank(0.2, [0.2, 0.2])).toBeNull();
    expect(ivRank(Number.NaN, [0.1, 0.2])).toBeNull();
    // Unknown days are left out of the look-back.
    expect(ivPercentile(0.18, [0.1, Number.NaN, 0, 0.2])).toBe(50);
  });

  it(`matches the sorted-list definition of the percentile and stays within 0–100 (fast-check seed ${SEED})`, () => {
    const iv = fc.double({ min: 0.01, max: 1, noNaN: true });
    fc.assert(
      fc.property(iv, fc.array(iv, { minLength: 1, maxLength: 260 }), (current, history) => {
        const sorted = [...history].sort((a, b) => a - b);
        let below = 0;
        while (below < sorted.length && sorted[below]! < current) below++;
        const percentile = ivPercentile(current, history)!;
        const rank = ivRank(current, history);
        return (
          Math.abs(percentile - (below / sorted.length) * 100) < 1e-9 && (rank === null || (rank >= 0 && rank <= 100))
        );
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe('term structure', () => {
  it('gives the flat volatility back as the forward volatility of a flat term structure', () => {
    expect(forwardVolatility({ iv: 0.15, years: 0.02 }, { iv: 0.15, years: 0.1 })).toBeCloseTo(0.15, 12);
  });

  it('implies a forward volatility above both when the term structure rises', () => {
    // √((0.2²·0.2 − 0.1²·0.1) ÷ 0.1) = √0.07.
    expect(forwardVolatility({ iv: 0.1, years: 0.1 }, { iv: 0.2, years: 0.2 })).toBeCloseTo(Math.sqrt(0.07), 12);
  });

  it('answers NaN for expiries out of order or a far variance below the near one', () => {
    expect(forwardVolatility({ iv: 0.2, years: 0.2 }, { iv: 0.2, years: 0.1 })).toBeNaN();
    expect(forwardVolatility({ iv: 0.4, years: 0.1 }, { iv: 0.1, years: 0.2 })).toBeNaN();
  });

  it(`adds variances back: σ1²T1 + σf²(T2 − T1) = σ2²T2 (fast-check seed ${SEED})`, () => {
    const point = fc.record({
      iv: fc.double({ min: 0.05, max: 0.8, noNaN: true }),
      years: fc.double({ min: 0.001, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, (a, b) => {
        const [near, far] = a.years < b.years ? [a, b] : [b, a];
        if (far.years - near.years < 1e-6) return true;
        const fwd = forwardVolatility(near, far);
        const farVariance = far.iv * far.iv * far.years;
        if (farVariance < near.iv * near.iv * near.years) return Number.isNaN(fwd);
        return Math.abs(near.iv * near.iv * near.years + fwd * fwd * (far.years - near.years) - farVariance) < 1e-9;
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('calls a rising term structure contango, a falling one backwardation, within half a point flat', () => {
    const near = { iv: 0.12, years: 0.02 };
    expect(termStructureShape([{ iv: 0.15, years: 0.2 }, near])).toBe('contango');
    expect(termStructureShape([near, { iv: 0.1, years: 0.2 }])).toBe('backwardation');
    expect(termStructureShape([near, { iv: 0.123, years: 0.2 }])).toBe('flat');
    expect(termStructureShape([near])).toBe('flat');
  });
});

describe('historical volatility', () => {
  it('annualises the standard deviation of daily log returns by √252', () => {
    // Alternating ±1 % log returns: sample σ of [+r, −r, +r, −r] is r·√(4/3).
    const r = 0.01;
    const closes = [100, 100 * Math.exp(r), 100, 100 * Math.exp(r), 100];
    expect(historicalVolatility(closes, 4)).toBeCloseTo(r * Math.sqrt(4 / 3) * Math.sqrt(252), 10);
    expect(historicalVolatility([100, 101], 4)).toBeNaN();
  });
});

describe('ATM implied volatility', () => {
  it(`gives back the volatility and forward Black-76 priced the ATM legs at (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.06, max: 0.6, noNaN: true }),
        fc.double({ min: 2 / 365, max: 0.5, noNaN: true }),
        fc.double({ min: -0.02, max: 0.02, noNaN: true }),
        (sigma, years, moneyness) => {
          const forward = 24_000;
          const strike = Math.round(forward * (1 + moneyness));
          const ceLtp = black76Price('CE', forward, strike, years, 0.065, sigma);
          const peLtp = black76Price('PE', forward, strike, years, 0.065, sigma);
          const atm = atmImpliedVolatility({ strike, ceLtp, peLtp, years, rate: 0.065 });
          return Math.abs(atm.forward - forward) < 1e-6 && Math.abs(atm.iv - sigma) < 1e-7;
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('has no ATM IV without a price on both legs or time left', () => {
    expect(atmImpliedVolatility({ strike: 100, ceLtp: 0, peLtp: 2, years: 0.1, rate: 0.06 }).iv).toBeNaN();
    expect(atmImpliedVolatility({ strike: 100, ceLtp: 2, peLtp: 2, years: 0, rate: 0.06 }).iv).toBeNaN();
  });
});
