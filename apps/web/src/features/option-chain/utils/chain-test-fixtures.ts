// A small NIFTY chain answer for the feature's tests: three strikes around 24,500 with round numbers.
import type { OptionChain } from '@fnodesk/contracts';

type Leg = OptionChain['rows'][number]['ce'];

/** A leg with every figure set; override what a test is about. */
export function legOf(token: number, tradingSymbol: string, overrides: Partial<Leg> = {}): Leg {
  return {
    token,
    tradingSymbol,
    ltp: 100,
    atp: 98,
    ltpChange: 10,
    ltpChangePercent: 11.11,
    oi: 150_000,
    oiChange: 50_000,
    oiChangePercent: 50,
    volume: 2_500_000,
    iv: 12.5,
    delta: 0.5,
    gamma: 0.0012,
    theta: -8.5,
    vega: 12.1,
    rho: 3,
    oiChangeByWindow: { '15m': null, '30m': null, '1h': null, '4h': null },
    ...overrides,
  };
}

/** The chain: strikes 24,400 / 24,500 (ATM) / 24,600, spot 24,480, future 24,530. */
export function sampleChain(): OptionChain {
  const strikes = [24_400, 24_500, 24_600];
  const rows = strikes.map((strike, i) => ({
    strike,
    ce: legOf(1000 + i, `NIFTY26NOV${strike}CE`, { ltp: 200 - i * 80, ltpChange: 20 - i * 10, oi: 100_000 * (i + 1) }),
    pe: legOf(2000 + i, `NIFTY26NOV${strike}PE`, { ltp: 60 + i * 80, ltpChange: -5, oi: 300_000 - 100_000 * i }),
    pcr: null,
  }));
  return {
    name: 'NIFTY',
    expiry: '2026-11-24',
    at: Date.UTC(2026, 10, 20, 9, 59),
    spotToken: 256_265,
    futToken: 13_001,
    atmBasis: 'Futures',
    atmStrike: 24_500,
    optData: [],
    rows,
    summary: {
      spot: 24_480,
      spotChange: 80,
      spotChangePercent: 0.33,
      futures: 24_530,
      futuresChange: 90,
      futuresChangePercent: 0.37,
      syntheticFuture: 24_528.5,
      syntheticFutureStrike: 24_500,
      pcr: 0.92,
      maxPainStrike: 24_500,
      callOi: 600_000,
      putOi: 600_000,
      callOiChange: 150_000,
      putOiChange: 150_000,
      callVolume: 7_500_000,
      putVolume: 7_500_000,
    },
    oiChangeTotals: {
      '15m': { ce: null, pe: null },
      '30m': { ce: null, pe: null },
      '1h': { ce: null, pe: null },
      '4h': { ce: null, pe: null },
    },
    forward: 24_528.5,
    daysToExpiry: 4.2,
    strikesListed: 120,
  };
}
