import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76Greeks, type CallPut } from './black-76';
import {
  type OptionPositionSide,
  positionGreekSigns,
  positionGreeks,
  signedOptionQuantity,
  sumPositionGreeks,
} from './position-greeks';

const SEED = 20260904;

describe('position greeks', () => {
  it('spells out the spec sign table for strategy cells', () => {
    expect(positionGreekSigns('BUY', 'CE')).toEqual({ delta: 1, gamma: 1, vega: 1, theta: -1 });
    expect(positionGreekSigns('BUY', 'PE')).toEqual({ delta: -1, gamma: 1, vega: 1, theta: -1 });
    expect(positionGreekSigns('SELL', 'CE')).toEqual({ delta: -1, gamma: -1, vega: -1, theta: 1 });
    expect(positionGreekSigns('SELL', 'PE')).toEqual({ delta: 1, gamma: -1, vega: -1, theta: 1 });
  });

  it('signs the quantity: + for BUY, − for SELL', () => {
    expect(signedOptionQuantity('BUY', 75)).toBe(75);
    expect(signedOptionQuantity('SELL', 75)).toBe(-75);
  });

  it(`gives near-the-money positions the spec's signs (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(
        fc.constantFrom<OptionPositionSide>('BUY', 'SELL'),
        fc.constantFrom<CallPut>('CE', 'PE'),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        (side, callPut, deviations, lots) => {
          const years = 7 / 365;
          const strike = 25_000 * Math.exp(deviations * 0.12 * Math.sqrt(years));
          const unit = black76Greeks(callPut, 25_000, strike, years, 0.065, 0.12);
          const position = positionGreeks(unit, side, lots * 75);
          const signs = positionGreekSigns(side, callPut);
          expect(Math.sign(position.delta)).toBe(signs.delta);
          expect(Math.sign(position.gamma)).toBe(signs.gamma);
          expect(Math.sign(position.vega)).toBe(signs.vega);
          expect(Math.sign(position.theta)).toBe(signs.theta);
        },
      ),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('nets a short straddle to near-zero delta with negative gamma and vega and positive theta', () => {
    const ce = black76Greeks('CE', 25_000, 25_000, 7 / 365, 0.065, 0.12);
    const pe = black76Greeks('PE', 25_000, 25_000, 7 / 365, 0.065, 0.12);
    const net = sumPositionGreeks([
      { greeks: ce, side: 'SELL', quantity: 75 },
      { greeks: pe, side: 'SELL', quantity: 75 },
    ]);
    expect(Math.abs(net.delta)).toBeLessThan(0.05 * 75);
    expect(net.gamma).toBeLessThan(0);
    expect(net.vega).toBeLessThan(0);
    expect(net.theta).toBeGreaterThan(0);
    expect(net.delta).toBeCloseTo(-75 * (ce.delta + pe.delta), 10);
  });
});
