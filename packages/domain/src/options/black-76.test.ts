import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  black76CallValue,
  black76Greeks,
  black76Price,
  blackScholesGreeks,
  blackScholesPrice,
  type CallPut,
} from './black-76';

const SEED = 20260902;

describe('Black-76 and Black–Scholes–Merton against textbook values', () => {
  it('prices Hull Example 15.6 (S 42, K 40, r 10%, σ 20%, 6 months): call 4.76, put 0.81', () => {
    expect(blackScholesPrice('CE', 42, 40, 0.5, 0.1, 0.2)).toBeCloseTo(4.759422392871533, 12);
    expect(blackScholesPrice('PE', 42, 40, 0.5, 0.1, 0.2)).toBeCloseTo(0.8085993729000936, 12);
  });

  it("prices Hull's futures put by Black's model (F 20, K 20, r 9%, σ 25%, 4 months): 1.12", () => {
    expect(black76Price('PE', 20, 20, 4 / 12, 0.09, 0.25)).toBeCloseTo(1.1166414565589435, 12);
  });

  it("prices Haug's Black-76 example (F 19, K 19, r 10%, σ 28%, 9 months): call = put = 1.7011", () => {
    expect(black76Price('CE', 19, 19, 0.75, 0.1, 0.28)).toBeCloseTo(1.7010507252362672, 12);
    expect(black76Price('PE', 19, 19, 0.75, 0.1, 0.28)).toBeCloseTo(1.7010507252362672, 12);
  });

  it("prices Haug's generalised Black–Scholes call 2.1334 and Merton put with dividend yield 2.4648", () => {
    expect(blackScholesPrice('CE', 60, 65, 0.25, 0.08, 0.3)).toBeCloseTo(2.1333684449162, 12);
    expect(blackScholesPrice('PE', 100, 95, 0.5, 0.1, 0.2, 0.05)).toBeCloseTo(2.464787646755821, 12);
  });

  it("gives Hull's greeks for S 49, K 50, r 5%, σ 20%, 20 weeks (theta per calendar day, vega and rho per point)", () => {
    const g = blackScholesGreeks('CE', 49, 50, 20 / 52, 0.05, 0.2);
    expect(g.price).toBeCloseTo(2.4005273232717146, 12);
    expect(g.delta).toBeCloseTo(0.5216046610663964, 12);
    expect(g.gamma).toBeCloseTo(0.06554403934784439, 12);
    expect(g.vega).toBeCloseTo(12.105479882628801 / 100, 12);
    expect(g.theta).toBeCloseTo(-4.305329822932573 / 365, 12);
    expect(g.rho).toBeCloseTo(8.90696194960835 / 100, 12);
  });

  it("gives Haug's greeks: futures delta 0.5946/−0.3566, gamma 0.0278, put theta −31.19 a year, call rho 38.73", () => {
    expect(black76Greeks('CE', 105, 100, 0.5, 0.1, 0.36).delta).toBeCloseTo(0.5946286597299956, 12);
    expect(black76Greeks('PE', 105, 100, 0.5, 0.1, 0.36).delta).toBeCloseTo(-0.3566007647707184, 12);
    expect(blackScholesGreeks('CE', 55, 60, 0.75, 0.1, 0.3).gamma).toBeCloseTo(0.027821160476940842, 12);
    expect(blackScholesGreeks('PE', 430, 405, 0.0833, 0.07, 0.2, 0.05).theta).toBeCloseTo(-31.1923670565191 / 365, 12);
    expect(blackScholesGreeks('CE', 72, 75, 1, 0.09, 0.19).rho).toBeCloseTo(38.732505017329075 / 100, 12);
  });
});

describe('Black-76 and Black–Scholes–Merton edge cases', () => {
  it('returns the intrinsic value at expiry and the discounted forward intrinsic value at zero volatility', () => {
    expect(black76Price('CE', 25_100, 25_000, 0, 0.065, 0.2)).toBe(100);
    expect(black76Price('PE', 25_100, 25_000, 0, 0.065, 0.2)).toBe(0);
    expect(black76Price('PE', 24_900, 25_000, 0.1, 0.065, 0)).toBeCloseTo(100 * Math.exp(-0.0065), 10);
    const expired = black76Greeks('CE', 25_100, 25_000, 0, 0.065, 0.2);
    expect([expired.delta, expired.gamma, expired.vega, expired.theta]).toEqual([1, 0, 0, 0]);
  });

  it('answers NaN rather than throwing for invalid input', () => {
    expect(black76Price('CE', -1, 100, 0.1, 0.05, 0.2)).toBeNaN();
    expect(black76Price('CE', 100, 0, 0.1, 0.05, 0.2)).toBeNaN();
    expect(black76Price('CE', 100, 100, Number.NaN, 0.05, 0.2)).toBeNaN();
    expect(blackScholesPrice('CE', 100, 100, 0.1, 0.05, -0.2)).toBeNaN();
    expect(black76Greeks('PE', 100, 100, 0.1, Infinity, 0.2).delta).toBeNaN();
  });
});

const option = fc.record({
  callPut: fc.constantFrom<CallPut>('CE', 'PE'),
  forward: fc.double({ min: 100, max: 100_000, noNaN: true }),
  moneyness: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
  years: fc.double({ min: 1 / 365, max: 1, noNaN: true }),
  rate: fc.double({ min: 0, max: 0.12, noNaN: true }),
  sigma: fc.double({ min: 0.05, max: 1.5, noNaN: true }),
  dividend: fc.double({ min: 0, max: 0.05, noNaN: true }),
});

describe(`price and greek properties (fast-check seed ${SEED})`, () => {
  it('satisfies put–call parity: C − P = df·(F − K) and, on spot, S·e^{−qT} − K·e^{−rT}', () => {
    fc.assert(
      fc.property(option, ({ forward, moneyness, years, rate, sigma, dividend }) => {
        const strike = forward * Math.exp(moneyness);
        const df = Math.exp(-rate * years);
        const c = black76Price('CE', forward, strike, years, rate, sigma);
        const p = black76Price('PE', forward, strike, years, rate, sigma);
        expect(Math.abs(c - p - df * (forward - strike))).toBeLessThan(1e-11 * forward);
        const cs = blackScholesPrice('CE', forward, strike, years, rate, sigma, dividend);
        const ps = blackScholesPrice('PE', forward, strike, years, rate, sigma, dividend);
        const parity = forward * Math.exp(-dividend * years) - strike * df;
        expect(Math.abs(cs - ps - parity)).toBeLessThan(1e-11 * forward);
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('has greeks equal to finite differences of the price, in the documented units', () => {
    fc.assert(
      fc.property(option, ({ callPut, forward, moneyness, years, rate, sigma }) => {
        const strike = forward * Math.exp(moneyness * sigma * Math.sqrt(years));
        const price = (f: number, t: number, r: number, v: number) => black76Price(callPut, f, strike, t, r, v);
        const g = black76Greeks(callPut, forward, strike, years, rate, sigma);
        // Bump by a small fraction of one standard deviation of the forward, so the step suits every expiry.
        const scale = forward * sigma * Math.sqrt(years);
        const h = scale * 1e-4;
        const delta = (price(forward + h, years, rate, sigma) - price(forward - h, years, rate, sigma)) / (2 * h);
        const gamma =
          (price(forward + h, years, rate, sigma) - 2 * g.price + price(forward - h, years, rate, sigma)) / (h * h);
        const vega = (price(forward, years, rate, sigma + 1e-5) - price(forward, years, rate, sigma - 1e-5)) / 2e-5;
        const dt = Math.min(1e-5, years / 10);
        const theta = -(price(forward, years + dt, rate, sigma) - price(forward, years - dt, rate, sigma)) / (2 * dt);
        const rho = (price(forward, years, rate + 1e-5, sigma) - price(forward, years, rate - 1e-5, sigma)) / 2e-5;
        expect(Math.abs(g.delta - delta)).toBeLessThan(1e-6);
        expect(Math.abs(g.gamma - gamma) * scale).toBeLessThan(1e-3);
        expect(Math.abs(g.vega - vega / 100)).toBeLessThan(1e-6 * scale);
        expect(Math.abs(g.theta - theta / 365)).toBeLessThan(1e-6 * scale);
        expect(Math.abs(g.rho - rho / 100)).toBeLessThan(1e-6 * scale);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('has call delta increasing in spot, delta within bounds, gamma ≥ 0 and vega ≥ 0', () => {
    fc.assert(
      fc.property(
        option,
        fc.double({ min: 1e-4, max: 0.2, noNaN: true }),
        ({ callPut, forward, moneyness, years, rate, sigma, dividend }, bump) => {
          const strike = forward * Math.exp(moneyness);
          const g = blackScholesGreeks(callPut, forward, strike, years, rate, sigma, dividend);
          const up = blackScholesGreeks('CE', forward * (1 + bump), strike, years, rate, sigma, dividend);
          const call = blackScholesGreeks('CE', forward, strike, years, rate, sigma, dividend);
          expect(up.delta).toBeGreaterThanOrEqual(call.delta);
          expect(g.gamma).toBeGreaterThanOrEqual(0);
          expect(g.vega).toBeGreaterThanOrEqual(0);
          const dq = Math.exp(-dividend * years);
          if (callPut === 'CE') expect(g.delta >= 0 && g.delta <= dq).toBe(true);
          else expect(g.delta <= 0 && g.delta >= -dq).toBe(true);
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

describe(`the plain-formula call value (fast-check seed ${SEED})`, () => {
  it('is the undiscounted Black-76 call to a few ulp of the forward, and intrinsic without volatility', () => {
    fc.assert(
      fc.property(option, ({ forward, moneyness, years, rate, sigma }) => {
        const strike = forward * Math.exp(moneyness);
        const s = sigma * Math.sqrt(years);
        const exact = black76Price('CE', forward, strike, years, rate, sigma) / Math.exp(-rate * years);
        expect(Math.abs(black76CallValue(forward, strike, s) - exact)).toBeLessThan(1e-12 * forward);
      }),
      { seed: SEED, numRuns: 2000 },
    );
    expect(black76CallValue(25_100, 25_000, 0)).toBe(100);
    expect(black76CallValue(24_900, 25_000, 0)).toBe(0);
    expect(black76CallValue(24_900, 25_000, -1)).toBe(0);
  });
});
