import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { positionGreekSigns } from './position-greeks';
import {
  breakevens,
  legPayoffAtExpiry,
  payoffAtExpiry,
  payoffExtremes,
  payoffNow,
  probabilityOfProfit,
  strategyGreeks,
  type StrategyPayoffLeg,
} from './strategy-payoff';

const SEED = 20261128;
const leg = (
  kind: StrategyPayoffLeg['kind'],
  side: StrategyPayoffLeg['side'],
  strike: number,
  entry: number,
  quantity = 75,
): StrategyPayoffLeg => ({ kind, side, strike, entry, quantity, volatility: 0.15, years: 7 / 365 });

const legArbitrary = fc.record({
  kind: fc.constantFrom<StrategyPayoffLeg['kind']>('CE', 'PE', 'FUT'),
  side: fc.constantFrom<StrategyPayoffLeg['side']>('BUY', 'SELL'),
  strike: fc.integer({ min: 180, max: 260 }).map((k) => k * 100),
  entry: fc.double({ min: 0, max: 800, noNaN: true }),
  quantity: fc.integer({ min: 1, max: 10 }).map((lots) => lots * 25),
  volatility: fc.double({ min: 0.05, max: 0.6, noNaN: true }),
  years: fc.double({ min: 1 / 365, max: 0.25, noNaN: true }),
});
const strategyArbitrary = fc.array(legArbitrary, { minLength: 1, maxLength: 8 });
const ironCondor = [
  leg('PE', 'BUY', 23_500, 20),
  leg('PE', 'SELL', 23_800, 60),
  leg('CE', 'SELL', 24_200, 55),
  leg('CE', 'BUY', 24_500, 18),
];

describe('strategy payoff', () => {
  it('pays at expiry the sum of its legs’ payoffs', () => {
    fc.assert(
      fc.property(strategyArbitrary, fc.double({ min: 1, max: 40_000, noNaN: true }), (legs, price) => {
        const sum = legs.reduce((total, l) => total + legPayoffAtExpiry(l, price), 0);
        expect(payoffAtExpiry(legs, price)).toBeCloseTo(sum, 6);
      }),
      { seed: SEED },
    );
  });

  it('pays a short iron condor its net credit between the short strikes and loses the wing width less credit outside', () => {
    const credit = (60 + 55 - 20 - 18) * 75;
    expect(payoffAtExpiry(ironCondor, 24_000)).toBeCloseTo(credit, 9);
    expect(payoffAtExpiry(ironCondor, 25_000)).toBeCloseTo(credit - 300 * 75, 9);
    expect(payoffExtremes(ironCondor)).toEqual({ maxProfit: credit, maxLoss: credit - 300 * 75 });
  });

  it('calls the profit of a bought call and the loss of a sold call unlimited', () => {
    expect(payoffExtremes([leg('CE', 'BUY', 24_000, 100)]).maxProfit).toBeNull();
    expect(payoffExtremes([leg('CE', 'SELL', 24_000, 100)]).maxLoss).toBeNull();
    expect(payoffExtremes([leg('PE', 'SELL', 24_000, 100)]).maxLoss).toBeCloseTo(-(24_000 - 100) * 75, 6);
  });

  it('finds breakevens that are roots of the expiry payoff, with the payoff changing sign across each', () => {
    fc.assert(
      fc.property(strategyArbitrary, (legs) => {
        const scale = legs.reduce((total, l) => total + l.quantity * (l.strike + l.entry), 0);
        for (const root of breakevens(legs)) {
          expect(Math.abs(payoffAtExpiry(legs, root))).toBeLessThan(1e-9 * scale);
        }
      }),
      { seed: SEED },
    );
    const [low, high] = breakevens(ironCondor);
    expect(low).toBeCloseTo(23_800 - (60 + 55 - 20 - 18), 9);
    expect(high).toBeCloseTo(24_200 + (60 + 55 - 20 - 18), 9);
  });

  it('converges from the T+0 curve to the expiry curve as time runs out', () => {
    fc.assert(
      fc.property(strategyArbitrary, fc.double({ min: 15_000, max: 30_000, noNaN: true }), (legs, price) => {
        const longest = Math.max(...legs.map((l) => l.years));
        const atExpiry = payoffAtExpiry(legs, price);
        const gap = (elapsed: number) =>
          Math.abs(payoffNow(legs, price, { elapsedYears: elapsed, volatilityShift: 0, rate: 0 }) - atExpiry);
        expect(gap(longest)).toBeLessThan(1e-6 * (1 + Math.abs(atExpiry)));
        // Each option's time value is at most the ATM one, about 0.4·F·σ·√τ, so the gap closes like √τ.
        for (const left of [1e-3, 1e-5, 1e-7]) {
          const elapsed = longest - left;
          const bound = legs.reduce(
            (total, l) =>
              l.kind === 'FUT'
                ? total
                : total + 0.4 * l.quantity * price * l.volatility * Math.sqrt(Math.max(l.years - elapsed, 0)),
            0,
          );
          expect(gap(elapsed)).toBeLessThanOrEqual(bound + 1e-6 * (1 + Math.abs(atExpiry)));
        }
      }),
      { seed: SEED },
    );
  });

  it('signs net greeks as the spec’s table does for every single-option position', () => {
    for (const side of ['BUY', 'SELL'] as const) {
      for (const kind of ['CE', 'PE'] as const) {
        const greeks = strategyGreeks([leg(kind, side, 24_000, 100)], 24_050);
        const signs = positionGreekSigns(side, kind);
        expect(Math.sign(greeks.delta)).toBe(signs.delta);
        expect(Math.sign(greeks.gamma)).toBe(signs.gamma);
        expect(Math.sign(greeks.vega)).toBe(signs.vega);
        expect(Math.sign(greeks.theta)).toBe(signs.theta);
      }
    }
    expect(strategyGreeks([leg('FUT', 'SELL', 0, 24_000)], 24_000).delta).toBe(-75);
  });

  it('gives a short iron condor most of its probability of profit inside the breakevens', () => {
    const pop = probabilityOfProfit(ironCondor, 24_000, 0.12, 7 / 365);
    expect(pop).toBeGreaterThan(0.5);
    expect(pop).toBeLessThan(1);
    // A bought straddle profits only outside its breakevens: the complement of a sold one's.
    const bought = [leg('CE', 'BUY', 24_000, 150), leg('PE', 'BUY', 24_000, 150)];
    const sold = bought.map((l) => ({ ...l, side: 'SELL' as const }));
    expect(
      probabilityOfProfit(bought, 24_000, 0.12, 7 / 365) + probabilityOfProfit(sold, 24_000, 0.12, 7 / 365),
    ).toBeCloseTo(1, 9);
  });
});
