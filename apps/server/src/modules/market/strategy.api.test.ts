import { StraddleSchema, StrategyChartSchema, StrategySeriesSchema } from '@fnodesk/contracts';
import { contractInstrumentToken, istInstant } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';
import { testMarket } from '../../../test/test-app';

// The test clock: Fri 20-Nov-2026 09:30 IST (live tier). A short NIFTY straddle on the 1-Dec weekly, two lots of 65,
// at the strike nearest the index then.
let c: DataClient;
const RANGE = 'type=5m&from=2026-11-19&to=2026-11-19';
const STRIKE = Math.round(testMarket().spot('NIFTY', istInstant('2026-11-20', '09:30'))!.lp / 50) * 50;
const CE = contractInstrumentToken({ root: 'NIFTY', kind: 'CE', expiry: '2026-12-01', strike: STRIKE });
const SHORT_STRADDLE = [
  { token: CE, quantity: 130, side: 'SELL', price: 250 },
  { symbol: `NIFTY26D01${STRIKE}PE`, quantity: 130, side: 'sell', price: 150 },
];

beforeAll(async () => {
  c = await liveTierDataClient('strategy');
});

afterAll(async () => {
  await c.t.close();
});

async function strategy<S extends z.ZodType>(schema: S, path: string, body: unknown): Promise<z.output<S>> {
  const res = await c.post(path, body);
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return schema.parse(res.body.data);
}

describe('strategy-new', () => {
  it('a short straddle’s premium is minus the quantity times the straddle, candle by candle', async () => {
    const result = await strategy(StrategySeriesSchema, `strategy-new?${RANGE}`, SHORT_STRADDLE);
    const straddle = await c.data(
      StraddleSchema,
      `straddle?instrument=NIFTY&expiry=2026-12-01&strike_price=${STRIKE}&from=2026-11-19&to=2026-11-19&type=5m`,
    );
    expect(result.series.map((p) => p.t)).toEqual(straddle.points.map((p) => p.t));
    result.series.forEach((point, i) => {
      const value = straddle.points[i]!.value;
      expect(point.premium).toBeCloseTo(-130 * value, 1);
      // Sold at 250 + 150: the P&L is what was received less what buying back costs.
      expect(point.pnl).toBeCloseTo(130 * (400 - value), 1);
    });
  });

  it('gives the payoff inputs: legs resolved, net premium received, the spec’s greek signs for sellers', async () => {
    const { legs, payoff } = await strategy(StrategySeriesSchema, `strategy-new?${RANGE}`, { legs: SHORT_STRADDLE });
    expect(legs.map((l) => l.tradingSymbol)).toEqual([`NIFTY26D01${STRIKE}CE`, `NIFTY26D01${STRIKE}PE`]);
    expect(legs.every((l) => l.side === 'SELL' && l.lotSize === 65 && l.iv! > 5 && l.iv! < 60)).toBe(true);
    // Sell CE: delta −; sell PE: delta +; sellers are short gamma and vega and earn theta.
    expect(legs[0]!.greeks.delta!).toBeLessThan(0);
    expect(legs[1]!.greeks.delta!).toBeGreaterThan(0);
    for (const leg of legs) {
      expect(leg.greeks.gamma!).toBeLessThan(0);
      expect(leg.greeks.vega!).toBeLessThan(0);
      expect(leg.greeks.theta!).toBeGreaterThan(0);
    }
    expect(payoff).toMatchObject({ underlying: 'NIFTY', netPremium: -130 * 400, rate: 0.065 });
    expect(payoff.futures!).toBeGreaterThan(payoff.spot!);
    expect(payoff.daysToExpiry!).toBeGreaterThan(11);
    expect(payoff.daysToExpiry!).toBeLessThan(13);
  });

  it('takes the first candle’s open as the entry price when none is given', async () => {
    const { legs } = await strategy(StrategySeriesSchema, `strategy-new?${RANGE}`, [
      { token: CE, quantity: 65, side: 'BUY' },
    ]);
    const candles = (await c.get(`candles?tokens=${CE}&resolution=5m&from=2026-11-19&to=2026-11-19`)).body.data as {
      candles: { o: number }[];
    }[];
    expect(legs[0]!.price).toBe(candles[0]!.candles[0]!.o);
    expect(legs[0]!.greeks.delta!).toBeGreaterThan(0);
  });
});

describe('strategy-ch', () => {
  it('charts the combined premium as candles with highs and lows around opens and closes', async () => {
    const chart = await strategy(
      StrategyChartSchema,
      'strategy-ch?type=15m&from=2026-11-19&to=2026-11-19',
      SHORT_STRADDLE,
    );
    expect(chart.candles).toHaveLength(26);
    for (const candle of chart.candles) {
      expect(candle.h).toBeGreaterThanOrEqual(Math.max(candle.o, candle.c));
      expect(candle.l).toBeLessThanOrEqual(Math.min(candle.o, candle.c));
      expect(candle.c).toBeLessThan(0);
    }
    const series = await strategy(
      StrategySeriesSchema,
      'strategy-new?type=15m&from=2026-11-19&to=2026-11-19',
      SHORT_STRADDLE,
    );
    expect(chart.candles.map((k) => k.c)).toEqual(series.series.map((p) => p.premium));
  });

  it('gives each premium candle the sum of the leg volumes and the signed sum of the leg ATPs', async () => {
    const chart = await strategy(
      StrategyChartSchema,
      'strategy-ch?type=1m&from=2026-11-19&to=2026-11-19',
      SHORT_STRADDLE,
    );
    const legs = (
      await c.get(`candles?tokens=${CE},${chart.legs[1]!.token}&resolution=1m&from=2026-11-19&to=2026-11-19`)
    ).body.data as { candles: { t: number; v: number; atp: number }[] }[];
    const [ce, pe] = legs.map((leg) => new Map(leg.candles.map((k) => [k.t, k])));
    const candle = chart.candles[10]!;
    const call = ce!.get(candle.t)!;
    const put = pe!.get(candle.t)!;
    expect(candle.v).toBe(call.v + put.v);
    expect(candle.v).toBeGreaterThan(0);
    expect(candle.atp).toBeCloseTo(-130 * (call.atp + put.atp), 1);
  });
});

describe('strategy validation', () => {
  it.each([
    ['no legs', [], 'legs'],
    [
      'a leg with both token and symbol',
      [{ token: CE, symbol: 'NIFTY26NOVFUT', quantity: 65, side: 'BUY' }],
      '0.token',
    ],
    ['a zero quantity', [{ token: CE, quantity: 0, side: 'BUY' }], '0.quantity'],
    ['an unknown side', [{ token: CE, quantity: 65, side: 'HOLD' }], '0.side'],
    ['an unknown symbol', [{ symbol: 'NIFTY26NOV25013CE', quantity: 65, side: 'BUY' }], 'legs.0.symbol'],
    ['an unknown token', [{ token: 99, quantity: 65, side: 'BUY' }], 'legs.0.token'],
    ['thirteen legs', Array.from({ length: 13 }, () => ({ token: CE, quantity: 65, side: 'BUY' })), 'legs'],
  ])('refuses %s', async (_label, legs, field) => {
    const res = await c.post(`strategy-new?${RANGE}`, { legs });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('VALIDATION_FAILED');
    expect(res.body.field ?? '').toContain(field);
  });

  it('refuses a bad resolution in the query', async () => {
    const res = await c.post('strategy-ch?type=7m&from=2026-11-19&to=2026-11-19', SHORT_STRADDLE);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'type' });
  });
});
