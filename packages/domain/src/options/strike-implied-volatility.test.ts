import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76Price } from './black-76';
import { parityForward, strikeImpliedVolatilities } from './strike-implied-volatility';

const SEED = 20261128;

describe('strike implied volatility against the parity forward', () => {
  it('takes the forward from put–call parity: F = K + (C − P)·e^{rT}', () => {
    expect(parityForward(25_000, 180, 120, 0.05, 0.065)).toBeCloseTo(25_000 + 60 * Math.exp(0.065 * 0.05), 9);
    expect(parityForward(25_000, 0, 120, 0.05, 0.065)).toBeNaN();
    expect(parityForward(25_000, 180, 120, 0, 0.065)).toBeNaN();
  });

  it(`recovers the forward and the volatility both legs were priced at (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1_000, max: 60_000, noNaN: true }),
        fc.double({ min: -0.03, max: 0.03, noNaN: true }),
        fc.double({ min: 2, max: 90, noNaN: true }),
        fc.double({ min: 0.08, max: 0.6, noNaN: true }),
        (forward, moneyness, days, sigma) => {
          const strike = Math.round(forward * (1 + moneyness));
          const years = days / 365;
          const rate = 0.065;
          const ce = black76Price('CE', forward, strike, years, rate, sigma);
          const pe = black76Price('PE', forward, strike, years, rate, sigma);
          const implied = parityForward(strike, ce, pe, years, rate);
          expect(implied).toBeCloseTo(forward, 6);
          const ivs = strikeImpliedVolatilities({ strike, ceLtp: ce, peLtp: pe, forward: implied, years, rate });
          expect(ivs.ce).toBeCloseTo(sigma, 6);
          expect(ivs.pe).toBeCloseTo(sigma, 6);
          expect(ivs.average).toBeCloseTo(sigma, 6);
        },
      ),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('averages the two legs only where both have an IV', () => {
    const years = 10 / 365;
    const ce = black76Price('CE', 25_000, 25_200, years, 0.065, 0.14);
    const pe = black76Price('PE', 25_000, 25_200, years, 0.065, 0.16);
    const both = strikeImpliedVolatilities({
      strike: 25_200,
      ceLtp: ce,
      peLtp: pe,
      forward: 25_000,
      years,
      rate: 0.065,
    });
    expect(both.average).toBeCloseTo(0.15, 9);
    const callOnly = strikeImpliedVolatilities({
      strike: 25_200,
      ceLtp: ce,
      peLtp: null,
      forward: 25_000,
      years,
      rate: 0.065,
    });
    expect(callOnly.ce).toBeCloseTo(0.14, 9);
    expect(callOnly.pe).toBeNaN();
    expect(callOnly.average).toBeNaN();
  });
});
