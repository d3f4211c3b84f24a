import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76Greeks, black76Price } from './black-76';
import { impliedVolatility } from './implied-volatility';
import { maxPainStrike } from './max-pain';
import {
  type ChainInput,
  type ChainStrikeQuote,
  chainDerivedRow,
  chainDerivedRows,
  computeChain,
} from './option-chain';

const SEED = 20260907;
const TICK = 0.05;
const NOW = Date.UTC(2026, 8, 1, 8, 30);

// A small hand-built NIFTY-like chain: spot 24,056, futures 24,090 (market-facts fixture).
const handChain: ChainStrikeQuote[] = [
  {
    strike: 23_950,
    ce: { ltp: 210, prevClose: 200, atp: 205, oi: 1_000, prevOi: 800, volume: 5_000 },
    pe: { ltp: 60, prevClose: 75, atp: 66, oi: 4_000, prevOi: 3_000, volume: 9_000 },
  },
  {
    strike: 24_000,
    ce: { ltp: 170, prevClose: 160, atp: 168, oi: 2_000, prevOi: 2_500, volume: 8_000 },
    pe: { ltp: 80, prevClose: 100, atp: 90, oi: 6_000, prevOi: 5_000, volume: 12_000 },
  },
  {
    strike: 24_050,
    ce: { ltp: 135, prevClose: 125, atp: 130, oi: 5_000, prevOi: 4_000, volume: 15_000 },
    pe: { ltp: 96, prevClose: 120, atp: 105, oi: 3_000, prevOi: 3_000, volume: 11_000 },
  },
  {
    strike: 24_100,
    ce: { ltp: 104, prevClose: 95, atp: 100, oi: 9_000, prevOi: 6_000, volume: 20_000 },
    pe: { ltp: 122, prevClose: 150, atp: 130, oi: 1_500, prevOi: 2_000, volume: 7_000 },
  },
];
const handInput: ChainInput = {
  strikes: handChain,
  spot: 24_056,
  spotPrevClose: 24_000,
  futures: 24_090,
  futuresPrevClose: 24_040,
  years: 5 / 365,
  rate: 0.065,
  nowMs: NOW,
  oiSnapshots: [
    {
      atMs: NOW - 20 * 60_000,
      strikes: [23_950, 24_000, 24_050, 24_100],
      ceOi: [900, 2_100, 4_500, 8_000],
      peOi: [3_900, 5_800, 3_100, 1_600],
    },
  ],
};

describe('computeChain on a hand-built chain', () => {
  const chain = computeChain(handInput);

  it('fills the §2.9 per-strike row with the spec’s field names', () => {
    expect(chainDerivedRow(chain, 1)).toEqual({
      strike: 24_000,
      ceAtp: 168,
      peAtp: 90,
      ceLP: 170,
      peLP: 80,
      ceLpChange: 10,
      ceLpChangePercent: 6.25,
      peLpChange: -20,
      peLpChangePercent: -20,
      ceOi: 2_000,
      peOi: 6_000,
      ceOiChange: -500,
      ceOiChangePercent: -20,
      peOiChange: 1_000,
      peOiChangePercent: 20,
      ceVT: 8_000,
      peVT: 12_000,
      pcr: 3,
    });
    expect(chainDerivedRows(chain).map((row) => row.strike)).toEqual([23_950, 24_000, 24_050, 24_100]);
  });

  it('computes PCR as put OI over call OI, per strike and in total', () => {
    expect(Array.from(chain.pcr)).toEqual([4, 3, 0.6, 1_500 / 9_000]);
    expect(chain.totals.ceOi).toBe(17_000);
    expect(chain.totals.peOi).toBe(14_500);
    expect(chain.totals.pcr).toBe(14_500 / 17_000);
    expect(chain.summary.pcr).toBe(chain.totals.pcr);
  });

  it('takes Syn Fut at the strike nearest spot and fills the summary strip', () => {
    // Spot 24,056 → strike 24,050: 24,050 + 135 − 96.
    expect(chain.summary.syntheticFutureStrike).toBe(24_050);
    expect(chain.summary.syntheticFuture).toBe(24_089);
    expect(chain.summary.spotChange).toBe(56);
    expect(chain.summary.spotChangePercent).toBeCloseTo((56 / 24_000) * 100, 12);
    expect(chain.summary.futuresChange).toBe(50);
  });

  it('centres ATM on the futures price by default, or on spot or Syn Fut when asked', () => {
    expect(chain.atmBasis).toBe('Futures');
    expect(chain.atmStrike).toBe(24_100);
    expect(computeChain({ ...handInput, atmBasis: 'Spot' }).atmStrike).toBe(24_050);
    expect(computeChain({ ...handInput, atmBasis: 'SynFut' }).atmStrike).toBe(24_100);
  });

  it('reports the same max pain as maxPainStrike', () => {
    const strikes = handChain.map((q) => q.strike);
    const want = maxPainStrike(
      strikes,
      handChain.map((q) => q.ce.oi),
      handChain.map((q) => q.pe.oi),
    );
    expect(chain.maxPainStrike).toBe(want);
    expect(chain.strikes[chain.maxPainIndex]).toBe(want);
  });

  it('measures OI change over the windows that a snapshot covers, NaN for the others', () => {
    expect(Array.from(chain.ce.oiChangeByWindow['15m'])).toEqual([100, -100, 500, 1_000]);
    expect(chain.oiChangeTotals['15m']).toEqual({ ce: 1_500, pe: 100 });
    expect(Array.from(chain.pe.oiChangeByWindow['30m']).every(Number.isNaN)).toBe(true);
    expect(chain.oiChangeTotals['4h']).toEqual({ ce: Number.NaN, pe: Number.NaN });
  });

  it('solves every IV from the futures price and gives the Black-76 greeks at it', () => {
    for (let i = 0; i < chain.count; i++) {
      const strike = chain.strikes[i]!;
      for (const [callPut, side] of [
        ['CE', chain.ce],
        ['PE', chain.pe],
      ] as const) {
        const ltp = side.ltp[i]!;
        const iv = impliedVolatility(callPut, ltp, 24_090, strike, 5 / 365, 0.065);
        expect(Math.abs(side.iv[i]! - iv)).toBeLessThan(1e-10);
        const g = black76Greeks(callPut, 24_090, strike, 5 / 365, 0.065, iv);
        expect(side.delta[i]).toBeCloseTo(g.delta, 9);
        expect(side.gamma[i]).toBeCloseTo(g.gamma, 12);
        expect(side.theta[i]).toBeCloseTo(g.theta, 8);
        expect(side.vega[i]).toBeCloseTo(g.vega, 8);
        expect(side.rho[i]).toBeCloseTo(g.rho, 8);
      }
    }
  });
});

describe('computeChain inputs that are not clean', () => {
  it('sorts strikes given out of order', () => {
    const chain = computeChain({ ...handInput, strikes: [...handChain].reverse() });
    expect(Array.from(chain.strikes)).toEqual([23_950, 24_000, 24_050, 24_100]);
    expect(chain.atmStrike).toBe(24_100);
  });

  it('leaves NaN where an option has not traded or trades below intrinsic value, and never throws', () => {
    const strikes: ChainStrikeQuote[] = [
      { strike: 23_000, ce: { ltp: 1_000, oi: 10 }, pe: { ltp: 0, oi: 0 } },
      { strike: 24_100, ce: { ltp: 104, oi: 10 }, pe: { ltp: 122, oi: 0 } },
    ];
    const chain = computeChain({ strikes, spot: 24_056, futures: 24_090, years: 5 / 365, rate: 0.065 });
    expect(chain.ce.iv[0]).toBeNaN(); // 1,000 is below the 1,090 intrinsic value
    expect(chain.pe.iv[0]).toBeNaN(); // no trade
    expect(chain.pe.delta[0]).toBeNaN();
    expect(chain.ce.iv[1]).toBeGreaterThan(0);
    expect(chain.pcr[0]).toBe(0);
    expect(chain.pcr[1]).toBe(0);
    expect(chain.oiChangeTotals['1h']).toEqual({ ce: Number.NaN, pe: Number.NaN });
    const empty = computeChain({ strikes: [], spot: 0, futures: Number.NaN, years: 0, rate: 0.065 });
    expect([empty.count, empty.atmIndex, empty.maxPainIndex]).toEqual([0, -1, -1]);
    expect(empty.summary.syntheticFuture).toBeNaN();
  });

  it('can price on the synthetic future and on the bid/ask mid', () => {
    const strikes = handChain.map((q) => ({ ...q, ce: { ...q.ce, bid: q.ce.ltp - 1, ask: q.ce.ltp + 3 } }));
    const chain = computeChain({ ...handInput, strikes, ivForward: 'SynFut', ivPrice: 'mid' });
    expect(chain.forward).toBe(24_089);
    const iv = impliedVolatility('CE', 136, 24_089, 24_050, 5 / 365, 0.065);
    expect(Math.abs(chain.ce.iv[2]! - iv)).toBeLessThan(1e-10);
  });
});

interface ChainParameters {
  forward: number;
  days: number;
  rate: number;
  atmVol: number;
  skew: number;
  curvature: number;
  count: number;
  stepFraction: number;
}

// Random chains: forwards from stocks to SENSEX, 1 day to 1 year, smiles with skew and curvature, 20–200 strikes.
const randomChain: fc.Arbitrary<ChainParameters> = fc.record({
  forward: fc.double({ min: 500, max: 90_000, noNaN: true }),
  days: fc.double({ min: 1, max: 365, noNaN: true }),
  rate: fc.double({ min: 0, max: 0.1, noNaN: true }),
  atmVol: fc.double({ min: 0.05, max: 1, noNaN: true }),
  skew: fc.double({ min: -2, max: 1, noNaN: true }),
  curvature: fc.double({ min: 0, max: 20, noNaN: true }),
  count: fc.integer({ min: 20, max: 200 }),
  stepFraction: fc.double({ min: 0.0005, max: 0.005, noNaN: true }),
});

function smileChain(p: ChainParameters, roundToTick: boolean) {
  const years = p.days / 365;
  const sigma = (strike: number) => {
    const m = Math.log(strike / p.forward);
    return Math.min(1.5, Math.max(0.05, p.atmVol * (1 + p.skew * m + p.curvature * m * m)));
  };
  const step = Math.max(1, Math.round(p.forward * p.stepFraction));
  const first = Math.round(p.forward / step) * step - Math.floor(p.count / 2) * step;
  const price = (callPut: 'CE' | 'PE', strike: number) => {
    const exact = black76Price(callPut, p.forward, strike, years, p.rate, sigma(strike));
    return roundToTick ? Math.max(TICK, Math.round(exact / TICK) * TICK) : exact;
  };
  const strikes: ChainStrikeQuote[] = [];
  for (let i = 0; i < p.count; i++) {
    const strike = first + i * step;
    if (strike > 0)
      strikes.push({
        strike,
        ce: { ltp: price('CE', strike), oi: 1_000 },
        pe: { ltp: price('PE', strike), oi: 1_000 },
      });
  }
  return { years, sigma, strikes };
}

describe(`computeChain IV on random chains (fast-check seed ${SEED})`, () => {
  it('round-trips every option to |error| ≤ 1e-10 wherever the OTM price is at least one tick', () => {
    fc.assert(
      fc.property(randomChain, (p) => {
        const { years, sigma, strikes } = smileChain(p, false);
        const chain = computeChain({ strikes, spot: p.forward, futures: p.forward, years, rate: p.rate });
        for (let i = 0; i < chain.count; i++) {
          const strike = chain.strikes[i]!;
          const otm = black76Price(strike >= p.forward ? 'CE' : 'PE', p.forward, strike, years, p.rate, sigma(strike));
          if (otm < TICK) continue;
          expect(Math.abs(chain.ce.iv[i]! - sigma(strike))).toBeLessThanOrEqual(1e-10);
          expect(Math.abs(chain.pe.iv[i]! - sigma(strike))).toBeLessThanOrEqual(1e-10);
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it('agrees with the single-option solver on tick-rounded prices, including the floor of the wings', () => {
    fc.assert(
      fc.property(randomChain, (p) => {
        const { years, strikes } = smileChain(p, true);
        const chain = computeChain({ strikes, spot: p.forward, futures: p.forward, years, rate: p.rate });
        for (let i = 0; i < chain.count; i++) {
          const q = strikes[i]!;
          const ce = impliedVolatility('CE', q.ce.ltp, p.forward, q.strike, years, p.rate);
          const pe = impliedVolatility('PE', q.pe.ltp, p.forward, q.strike, years, p.rate);
          if (Number.isNaN(ce)) expect(chain.ce.iv[i]).toBeNaN();
          else expect(Math.abs(chain.ce.iv[i]! - ce)).toBeLessThanOrEqual(1e-10);
          if (Number.isNaN(pe)) expect(chain.pe.iv[i]).toBeNaN();
          else expect(Math.abs(chain.pe.iv[i]! - pe)).toBeLessThanOrEqual(1e-10);
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});
