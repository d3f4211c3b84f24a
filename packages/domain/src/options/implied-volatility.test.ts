import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76Price, blackScholesPrice, type CallPut } from './black-76';
import {
  ImpliedVolatilityFrame,
  blackScholesImpliedVolatility,
  impliedVolatility,
  normalisedImpliedVolatilityFrom,
  prepareImpliedVolatilityFrame,
  solveImpliedVolatility,
} from './implied-volatility';

const SEED = 20260903;
const TICK = 0.05;

// A European option drawn across the ranges the solver must cover: strikes from deep in to deep out of the money
// (±4 standard deviations), 1 day to 1 year, volatility 5% to 150%, underlyings from stocks to SENSEX.
const option = fc.record({
  callPut: fc.constantFrom<CallPut>('CE', 'PE'),
  forward: fc.double({ min: 100, max: 100_000, noNaN: true }),
  deviations: fc.double({ min: -4, max: 4, noNaN: true }),
  days: fc.double({ min: 1, max: 365, noNaN: true }),
  rate: fc.double({ min: 0, max: 0.1, noNaN: true }),
  sigma: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
});

describe('implied volatility', () => {
  it('recovers Hull’s example: S 21, K 20, r 10%, 3 months, call at 1.875 → 23.45%', () => {
    expect(blackScholesImpliedVolatility('CE', 1.875, 21, 20, 0.25, 0.1)).toBeCloseTo(0.2345129139976438, 12);
  });

  it('says why there is no volatility, and never throws', () => {
    const df = Math.exp(-0.065 * 0.1);
    expect(solveImpliedVolatility('CE', 100 * df, 25_100, 25_000, 0.1, 0.065)).toEqual({
      status: 'intrinsic',
      volatility: 0,
    });
    expect(solveImpliedVolatility('CE', 90, 25_100, 25_000, 0.1, 0.065)).toEqual({ status: 'below-intrinsic' });
    expect(impliedVolatility('CE', 90, 25_100, 25_000, 0.1, 0.065)).toBeNaN();
    expect(solveImpliedVolatility('PE', 25_000, 25_100, 25_000, 0.1, 0.065)).toEqual({ status: 'above-maximum' });
    expect(solveImpliedVolatility('CE', 26_000, 25_100, 25_000, 0.1, 0.065)).toEqual({ status: 'above-maximum' });
    expect(solveImpliedVolatility('CE', 10, 25_100, 25_000, 0, 0.065)).toEqual({ status: 'invalid-input' });
    expect(solveImpliedVolatility('CE', Number.NaN, 25_100, 25_000, 0.1, 0.065)).toEqual({ status: 'invalid-input' });
    expect(solveImpliedVolatility('CE', 10, -1, 25_000, 0.1, 0.065)).toEqual({ status: 'invalid-input' });
    expect(impliedVolatility('PE', 0, 25_100, 25_000, 0.1, 0.065)).toBe(0);
    const ok = solveImpliedVolatility(
      'CE',
      black76Price('CE', 25_100, 25_000, 0.1, 0.065, 0.14),
      25_100,
      25_000,
      0.1,
      0.065,
    );
    expect(ok.status).toBe('ok');
  });

  it(`round-trips to |error| ≤ 1e-10 wherever the OTM price is at least one tick (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(option, ({ callPut, forward, deviations, days, rate, sigma }) => {
        const years = days / 365;
        const strike = forward * Math.exp(deviations * sigma * Math.sqrt(years));
        const otm = black76Price(strike >= forward ? 'CE' : 'PE', forward, strike, years, rate, sigma);
        fc.pre(otm >= TICK);
        const price = black76Price(callPut, forward, strike, years, rate, sigma);
        expect(Math.abs(impliedVolatility(callPut, price, forward, strike, years, rate) - sigma)).toBeLessThanOrEqual(
          1e-10,
        );
      }),
      { seed: SEED, numRuns: 20_000 },
    );
  });

  it(`round-trips Black–Scholes–Merton prices on spot with a dividend yield (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(option, fc.double({ min: 0, max: 0.04, noNaN: true }), (o, dividend) => {
        const years = o.days / 365;
        const forward = o.forward * Math.exp((o.rate - dividend) * years);
        const strike = forward * Math.exp(o.deviations * o.sigma * Math.sqrt(years));
        const otm = black76Price(strike >= forward ? 'CE' : 'PE', forward, strike, years, o.rate, o.sigma);
        fc.pre(otm >= TICK);
        const price = blackScholesPrice(o.callPut, o.forward, strike, years, o.rate, o.sigma, dividend);
        const iv = blackScholesImpliedVolatility(o.callPut, price, o.forward, strike, years, o.rate, dividend);
        expect(Math.abs(iv - o.sigma)).toBeLessThanOrEqual(1e-10);
      }),
      { seed: SEED, numRuns: 5_000 },
    );
  });

  it('round-trips at the extremes of the ranges: 1 day and 1 year, 5% and 150%, deep in and out of the money', () => {
    for (const days of [1, 365]) {
      for (const sigma of [0.05, 1.5]) {
        for (const deviations of [-4, -2, 0, 2, 4]) {
          for (const callPut of ['CE', 'PE'] as const) {
            const years = days / 365;
            const strike = 25_000 * Math.exp(deviations * sigma * Math.sqrt(years));
            const otm = black76Price(strike >= 25_000 ? 'CE' : 'PE', 25_000, strike, years, 0.065, sigma);
            if (otm < TICK) continue;
            const price = black76Price(callPut, 25_000, strike, years, 0.065, sigma);
            expect(Math.abs(impliedVolatility(callPut, price, 25_000, strike, years, 0.065) - sigma)).toBeLessThan(
              1e-10,
            );
          }
        }
      }
    }
  });

  it(`gives the same answer from any warm start within ±50%, falling back when it must (fast-check seed ${SEED})`, () => {
    const frame = new ImpliedVolatilityFrame();
    fc.assert(
      fc.property(option, fc.double({ min: 0.5, max: 1.5, noNaN: true }), (o, startFactor) => {
        const years = o.days / 365;
        const strike = o.forward * Math.exp(o.deviations * o.sigma * Math.sqrt(years));
        const otm = black76Price(strike >= o.forward ? 'CE' : 'PE', o.forward, strike, years, o.rate, o.sigma);
        fc.pre(otm >= TICK);
        const price = black76Price(o.callPut, o.forward, strike, years, o.rate, o.sigma);
        const x = Math.log(o.forward / strike);
        const scale = Math.exp(-o.rate * years) * Math.sqrt(o.forward) * Math.sqrt(strike);
        prepareImpliedVolatilityFrame(frame, -Math.abs(x));
        const s0 = o.sigma * Math.sqrt(years) * startFactor;
        const s = normalisedImpliedVolatilityFrom(frame, price / scale, x, o.callPut === 'CE' ? 1 : -1, s0);
        expect(Math.abs(s / Math.sqrt(years) - o.sigma)).toBeLessThanOrEqual(1e-10);
      }),
      { seed: SEED, numRuns: 5_000 },
    );
  });
});
