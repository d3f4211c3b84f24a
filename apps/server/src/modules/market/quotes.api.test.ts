import {
  InstrumentListSchema,
  PreOpenQuoteListSchema,
  PreviousDayListSchema,
  RawTicksSchema,
  SpotSchema,
  TickListSchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import {
  contractInstrumentToken,
  istDateOf,
  istInstant,
  isWeekend,
  PICKER_INDEX_ROOTS,
  sessionOn,
  spotInstrumentToken,
} from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';
import { TEST_MARKET_SEED, testMarket } from '../../../test/test-app';

// The test clock: Fri 20-Nov-2026 09:30 IST; this file's users are in the live tier (subscribed, broker logged in).
let c: DataClient;
const NOW = istInstant('2026-11-20', '09:30');
const NIFTY = spotInstrumentToken('NIFTY');
const NIFTY_NOV_FUT = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-23', strike: null });
const option = (kind: 'CE' | 'PE', strike: number, expiry = '2026-11-23') =>
  contractInstrumentToken({ root: 'NIFTY', kind, expiry, strike });

beforeAll(async () => {
  c = await liveTierDataClient('quotes');
});

afterAll(async () => {
  await c.t.close();
});

const candlesOf = async (path: string) => c.data(TokenCandlesListSchema, path);

describe('futures and pre-open ticks', () => {
  it('get_future_ticks gives every near-month future a tick as of now', async () => {
    const ticks = await c.data(TickListSchema, 'get_future_ticks');
    const futures = await c.data(InstrumentListSchema, 'get_future_instruments');
    expect(ticks.map((t) => t.token)).toEqual(futures.map((f) => f.instrumentToken));
    expect(ticks.every((t) => t.ts <= NOW && t.ts > NOW - 60_000)).toBe(true);
  });

  it('futures trade above spot before expiry, further months higher (index futures)', async () => {
    for (const root of PICKER_INDEX_ROOTS) {
      const spot = await c.data(SpotSchema, `spot?name=${root}`);
      const months = (await c.data(InstrumentListSchema, `instruments?name=${root}`)).filter(
        (i) => i.instrumentType === 'FUT',
      );
      const ticks = await c.data(TickListSchema, `ticks?tokens=${months.map((m) => m.instrumentToken).join(',')}`);
      const prices = ticks.map((t) => t.lp);
      expect(prices[0]!, root).toBeGreaterThan(spot.lp);
      expect(prices[1]!, root).toBeGreaterThan(prices[0]!);
      expect(prices[2]!, root).toBeGreaterThan(prices[1]!);
      // Near-month basis: tens to about 150 points on NIFTY (market facts §8).
      if (root === 'NIFTY') expect(prices[0]! - spot.lp).toBeLessThan(150);
    }
  });

  it('get_all_future_ticks answers at the time asked for', async () => {
    const now = await c.data(TickListSchema, 'get_all_future_ticks');
    expect(now.length).toBe(3 * (await c.data(InstrumentListSchema, 'get_future_instruments')).length);
    const earlier = await c.data(TickListSchema, 'get_all_future_ticks?time=2026-11-19T10:00');
    expect(new Set(earlier.map((t) => t.ts))).toEqual(new Set([istInstant('2026-11-19', '10:00')]));
  });

  it('get_all_future_ticks never answers after the tier allows', async () => {
    const later = await c.data(TickListSchema, 'get_all_future_ticks?time=2026-11-20T15:00');
    expect(later.every((t) => t.ts <= NOW)).toBe(true);
  });

  it('get_pre_market_ticks: after order entry the indicative price is the open', async () => {
    const quotes = await c.data(PreOpenQuoteListSchema, 'get_pre_market_ticks');
    const nifty = quotes.find((q) => q.name === 'NIFTY')!;
    expect(nifty.final).toBe(true);
    const today = await candlesOf(`candles?tokens=${NIFTY}&resolution=1m&from=2026-11-20&to=2026-11-20`);
    expect(nifty.iep).toBe(today[0]?.candles[0]?.o);
  });
});

describe('ticks', () => {
  it('gives full ticks with five-level depth, bid below ask, and one-tick spreads on ATM NIFTY options', async () => {
    const spot = await c.data(SpotSchema, 'spot?name=NIFTY');
    const atm = Math.round(spot.lp / 50) * 50;
    const ticks = await c.data(
      TickListSchema,
      `ticks?tokens=${option('CE', atm)},${option('PE', atm)},${NIFTY_NOV_FUT}`,
    );
    expect(ticks).toHaveLength(3);
    for (const tick of ticks) {
      expect(tick.depth?.buy).toHaveLength(5);
      expect(tick.depth?.sell).toHaveLength(5);
      expect(tick.depth!.buy[0]!.p).toBeLessThan(tick.depth!.sell[0]!.p);
      expect(tick.oi).toBeGreaterThan(0);
      expect(tick.prev?.lp).toBe(tick.c);
    }
    for (const tick of ticks.slice(0, 2)) expect(tick.depth!.sell[0]!.p - tick.depth!.buy[0]!.p).toBeCloseTo(0.05, 5);
  });

  it('rejects more than 500 tokens and malformed lists naming tokens', async () => {
    const many = Array.from({ length: 501 }, (_, i) => NIFTY + (i + 1) * 10_000_000).join(',');
    for (const tokens of [many, '', '1,,2', '-5', '1e13']) {
      const res = await c.get(`ticks?tokens=${tokens}`);
      expect(res.status, tokens.slice(0, 20)).toBe(400);
      expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'tokens' });
    }
  });
});

describe('pattern and candles', () => {
  it('pattern gives 5-minute candles from 09:15, each inside its own high and low', async () => {
    const [series] = await candlesOf(`pattern?tokens=${NIFTY}&type=5m&from=2026-11-18&to=2026-11-19`);
    const candles = series!.candles;
    // Two NSE sessions of 375 minutes: 75 five-minute candles each.
    expect(candles).toHaveLength(150);
    expect(candles[0]!.t).toBe(istInstant('2026-11-18', '09:15'));
    for (const [i, k] of candles.entries()) {
      expect((k.t - istInstant(istDateOf(k.t), '09:15')) % 300_000).toBe(0);
      if (i > 0) expect(k.t).toBeGreaterThan(candles[i - 1]!.t);
      expect(k.h).toBeGreaterThanOrEqual(Math.max(k.o, k.c));
      expect(k.l).toBeLessThanOrEqual(Math.min(k.o, k.c));
    }
  });

  it('F&O candles carry volume, ATP and OI and run to the 15:40 F&O close', async () => {
    const [series] = await candlesOf(`candles?tokens=${NIFTY_NOV_FUT}&resolution=1m&from=2026-11-19&to=2026-11-19`);
    const candles = series!.candles;
    expect(candles).toHaveLength(385);
    expect(candles.at(-1)!.t).toBe(istInstant('2026-11-19', '15:39'));
    expect(candles.every((k) => k.v > 0 && k.oi > 0 && k.atp >= k.l * 0.98 && k.atp <= k.h * 1.02)).toBe(true);
  });

  it('the Option Chain Charts history (index and 15 strikes of CE and PE) comes in one round trip', async () => {
    const spot = await c.data(SpotSchema, 'spot?name=NIFTY');
    const atm = Math.round(spot.lp / 50) * 50;
    const tokens = [NIFTY];
    for (let i = -7; i <= 7; i++)
      tokens.push(option('CE', atm + 50 * i, '2026-12-01'), option('PE', atm + 50 * i, '2026-12-01'));
    const history = await candlesOf(
      `candles?tokens=${tokens.join(',')}&resolution=1m&from=2026-11-19&to=2026-11-19T23:59`,
    );
    expect(history.map((h) => h.token)).toEqual(tokens);
    expect(history[0]!.candles).toHaveLength(375);
    expect(history.slice(1).every((h) => h.candles.length === 385)).toBe(true);
  });

  it('the same request gives identical candles, and so does a new market from the same seed', async () => {
    const path = `candles?tokens=${NIFTY},${NIFTY_NOV_FUT},${option('CE', 25000)}&resolution=15m&from=2026-11-16&to=2026-11-19T15:40`;
    const first = await candlesOf(path);
    const second = await candlesOf(path);
    expect(second).toEqual(first);
    // History is a pure function of (seed, instrument, time): a market started elsewhere in time agrees.
    const other = createMarketSim({ seed: TEST_MARKET_SEED, now: istInstant('2026-11-24', '14:00') });
    const from = istInstant('2026-11-16', '00:00');
    const to = istInstant('2026-11-19', '15:40');
    expect(first.map((s) => other.candles(s.token, '15m', from, to))).toEqual(first.map((s) => s.candles));
  });

  it('live ticks extend the candles without a gap: the last candle closes at the tick, volumes add up', async () => {
    const [series] = await candlesOf(
      `candles?tokens=${NIFTY_NOV_FUT}&resolution=1m&from=2026-11-20&to=2026-11-20T15:40`,
    );
    const [tick] = await c.data(TickListSchema, `ticks?tokens=${NIFTY_NOV_FUT}`);
    const candles = series!.candles;
    const last = candles.at(-1)!;
    expect(last.t).toBe(Math.floor(tick!.ts / 60_000) * 60_000);
    expect(last.c).toBe(tick!.lp);
    expect(last.oi).toBe(tick!.oi);
    expect(candles.reduce((volume, k) => volume + k.v, 0)).toBe(tick!.vt);
    expect(Math.max(...candles.map((k) => k.h))).toBe(tick!.h);
    expect(Math.min(...candles.map((k) => k.l))).toBe(tick!.l);
    candles.forEach((k, i) => i === 0 || expect(k.t - candles[i - 1]!.t).toBe(60_000));
  });

  it('candles still growing are the same as the market’s own, at every resolution', async () => {
    for (const resolution of ['1m', '5m', '75m', '1D', '1W', '1M'] as const) {
      const path = `candles?tokens=${NIFTY},${NIFTY_NOV_FUT}&resolution=${resolution}&from=2026-11-02&to=2026-11-20T15:40`;
      const served = await candlesOf(path);
      const from = istInstant('2026-11-02', '00:00');
      expect(served.map((s) => s.candles)).toEqual(
        served.map((s) => testMarket().candles(s.token, resolution, from, NOW)),
      );
      // Twice: the second answer reuses the candles that no longer change.
      expect(await candlesOf(path)).toEqual(served);
    }
  });

  it('holidays and weekends have no candles (Ganesh Chaturthi, Gandhi Jayanti, Dussehra, Diwali Balipratipada)', async () => {
    const [daily] = await candlesOf(`daily?tokens=${NIFTY_NOV_FUT}&from=2026-09-01&to=2026-11-20`);
    const dates = daily!.candles.map((k) => istDateOf(k.t));
    for (const holiday of ['2026-09-14', '2026-10-02', '2026-10-20', '2026-11-10'])
      expect(dates).not.toContain(holiday);
    // The one weekend session is Muhurat trading on Sunday 8-Nov-2026.
    expect(dates.filter(isWeekend)).toEqual(['2026-11-08']);
    expect(dates).toContain('2026-11-09');
    const [minutes] = await candlesOf(`candles?tokens=${NIFTY_NOV_FUT}&resolution=1m&from=2026-11-09&to=2026-11-11`);
    expect(new Set(minutes!.candles.map((k) => istDateOf(k.t)))).toEqual(new Set(['2026-11-09', '2026-11-11']));
  });

  it('day, week and month candles start at their first session open', async () => {
    for (const resolution of ['1D', '1W', '1M']) {
      const [series] = await candlesOf(`pattern?tokens=${NIFTY}&type=${resolution}&from=2026-06-01&to=2026-11-19`);
      expect(series!.candles.length).toBeGreaterThan(resolution === '1M' ? 5 : 20);
      // 09:15, or the Muhurat hour's own open on 8-Nov-2026.
      for (const k of series!.candles) expect(k.t).toBe(sessionOn(istDateOf(k.t), 'NSE')!.open);
    }
  });

  it('accepts from and to as epoch milliseconds and ISO-8601 with an offset', async () => {
    const iso = encodeURIComponent('2026-11-19T09:15:00+05:30');
    const a = await candlesOf(`candles?tokens=${NIFTY}&resolution=5m&from=${iso}&to=2026-11-19T10:00Z`);
    const b = await candlesOf(
      `candles?tokens=${NIFTY}&resolution=5m&from=${istInstant('2026-11-19', '09:15')}&to=${Date.UTC(2026, 10, 19, 10)}`,
    );
    expect(a).toEqual(b);
    expect(a[0]!.candles.at(-1)!.t).toBe(istInstant('2026-11-19', '15:25'));
  });

  it.each([
    [
      'a resolution outside the list',
      `candles?tokens=${NIFTY}&resolution=3h&from=2026-11-19&to=2026-11-19`,
      'resolution',
    ],
    [
      'a lower-case day resolution',
      `candles?tokens=${NIFTY}&resolution=1d&from=2026-11-19&to=2026-11-19`,
      'resolution',
    ],
    ['to before from', `candles?tokens=${NIFTY}&resolution=5m&from=2026-11-19&to=2026-11-18`, 'to'],
    ['an impossible date', `candles?tokens=${NIFTY}&resolution=5m&from=2026-02-30&to=2026-11-18`, 'from'],
    [
      'a year of minutes for 31 tokens',
      `candles?tokens=${Array.from({ length: 31 }, (_, i) => option('CE', 24000 + 50 * i)).join(',')}&resolution=1m&from=2025-11-19&to=2026-11-19`,
      'from',
    ],
    ['a missing to', `pattern?tokens=${NIFTY}&type=5m&from=2026-11-19`, 'to'],
  ])('rejects %s naming the field', async (_label, path, field) => {
    const res = await c.get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field });
  });
});

describe('daily, prev_day and spot', () => {
  it('prev_day gives the previous session’s day candle, closing at the previous close', async () => {
    const [previous] = await c.data(PreviousDayListSchema, `prev_day?tokens=${NIFTY}`);
    const spot = await c.data(SpotSchema, 'spot?name=NIFTY');
    expect(previous).toMatchObject({ token: NIFTY, t: istInstant('2026-11-19', '09:15'), c: spot.prevClose });
  });

  it('spot reads SENSEX and BANKEX from BSE and the rest from NSE, sector indices included', async () => {
    expect(await c.data(SpotSchema, 'spot?name=SENSEX')).toMatchObject({ exchange: 'BSE', name: 'SENSEX' });
    expect(await c.data(SpotSchema, 'spot?name=bankex')).toMatchObject({ exchange: 'BSE', name: 'BANKEX' });
    const nifty = await c.data(SpotSchema, 'spot?name=NIFTY');
    expect(nifty).toMatchObject({ exchange: 'NSE', token: NIFTY });
    // Calibrated NIFTY: around 24–26k (market facts §8).
    expect(nifty.lp).toBeGreaterThan(20_000);
    expect(nifty.lp).toBeLessThan(30_000);
    expect(nifty.changePercent).toBeCloseTo(((nifty.lp - nifty.prevClose) / nifty.prevClose) * 100, 1);
    expect(await c.data(SpotSchema, 'spot?name=NIFTY%20AUTO')).toMatchObject({ exchange: 'NSE' });
  });
});

describe('raw_ticks', () => {
  it('gives trades in the range with the aggressor side at the touch', async () => {
    const { trades } = await c.data(
      RawTicksSchema,
      `raw_ticks?token=${NIFTY_NOV_FUT}&from=2026-11-19T10:00&to=2026-11-19T10:05`,
    );
    expect(trades.length).toBeGreaterThan(50);
    for (const trade of trades) {
      expect(trade.ts).toBeGreaterThanOrEqual(istInstant('2026-11-19', '10:00'));
      expect(trade.ts).toBeLessThanOrEqual(istInstant('2026-11-19', '10:05'));
      expect(trade.price).toBe(trade.side === 'buy' ? trade.ask : trade.bid);
      expect(trade.quantity % 65).toBe(0);
    }
  });

  it('refuses more than an hour', async () => {
    const res = await c.get(`raw_ticks?token=${NIFTY_NOV_FUT}&from=2026-11-19T10:00&to=2026-11-19T11:01`);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'from' });
  });
});
