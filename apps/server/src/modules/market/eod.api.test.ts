import {
  BreadthListSchema,
  CashEodListSchema,
  CashMarketActivityListSchema,
  FaoEodListSchema,
  FiiDerivativesActivityListSchema,
  MwplSchema,
  ParticipantOpenInterestListSchema,
  RolloverSchema,
  SeasonalitySchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import {
  derivativesRoots,
  istDateOf,
  isTradingDay,
  NIFTY_50_CONSTITUENTS,
  PICKER_INDEX_ROOTS,
  spotInstrumentToken,
  tradingDaysBetween,
} from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';

// The test clock: Fri 20-Nov-2026 09:30 IST (live tier). Today's session has not closed, so the end-of-day sets end
// with Thu 19-Nov; Tue 10-Nov (Diwali Balipratipada) was a holiday.
let c: DataClient;
const CLOSED = tradingDaysBetween('2026-11-02', '2026-11-19', 'NSE');

beforeAll(async () => {
  c = await liveTierDataClient('eod');
});

afterAll(async () => {
  await c.t.close();
});

describe('daily datasets', () => {
  it('get_cash_market: FII and DII flows of each closed session, net = buy − sell', async () => {
    const rows = await c.data(CashMarketActivityListSchema, 'get_cash_market?from=2026-11-01&to=2026-11-20');
    expect(rows.map((r) => r.date)).toEqual(CLOSED);
    for (const row of rows) {
      for (const flow of [row.fii, row.dii]) {
        expect(flow.net).toBeCloseTo(flow.buy - flow.sell, 1);
        expect(flow.buy).toBeGreaterThan(1_000);
      }
    }
  });

  it('get_index_stats: FII derivatives activity of each closed session', async () => {
    const rows = await c.data(FiiDerivativesActivityListSchema, 'get_index_stats?from=2026-11-01&to=2026-11-20');
    expect(rows.map((r) => r.date)).toEqual(CLOSED);
    expect(rows.every((r) => r.indexOptions.buyContracts > r.indexFutures.buyContracts)).toBe(true);
  });

  it('get_index_stats: per-index rows (as NSE’s fii_stats file) add up to the index futures and options totals', async () => {
    const rows = await c.data(FiiDerivativesActivityListSchema, 'get_index_stats?from=2026-11-16&to=2026-11-19');
    expect(rows).toHaveLength(4);
    const sum = (values: number[]) => Math.round(values.reduce((acc, v) => acc + v, 0) * 100) / 100;
    for (const row of rows) {
      expect(row.indices.map((r) => r.index)).toEqual(['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTY', 'NIFTYNXT50']);
      for (const [part, total] of [
        ['futures', row.indexFutures],
        ['options', row.indexOptions],
      ] as const) {
        for (const column of Object.keys(total) as (keyof typeof total)[]) {
          expect(sum(row.indices.map((r) => r[part][column])), `${row.date} ${part} ${column}`).toBe(total[column]);
        }
      }
      const nifty = row.indices.find((r) => r.index === 'NIFTY')!;
      const next50 = row.indices.find((r) => r.index === 'NIFTYNXT50')!;
      expect(nifty.options.buyContracts).toBeGreaterThan(next50.options.buyContracts);
    }
  });

  it('get_fno_oi: participant-wise OI, long equal to short over all participants', async () => {
    const rows = await c.data(ParticipantOpenInterestListSchema, 'get_fno_oi?from=2026-11-16&to=2026-11-19');
    expect(rows.map((r) => r.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);
    for (const row of rows) {
      expect(row.total.totalLong).toBe(row.total.totalShort);
      const fiiPlusOthers = (['Client', 'DII', 'FII', 'Pro'] as const).reduce(
        (s, p) => s + row.rows[p].futureIndexLong,
        0,
      );
      expect(fiiPlusOthers).toBe(row.total.futureIndexLong);
    }
  });

  it('refuses spans over ten years and a to before from', async () => {
    expect((await c.get('get_cash_market?from=2010-01-01&to=2026-11-20')).body).toMatchObject({ field: 'from' });
    expect((await c.get('get_fno_oi?from=2026-11-20&to=2026-11-01')).body).toMatchObject({ field: 'to' });
  });
});

describe('get_spot_cumulative', () => {
  it('counts the Nifty 50 stocks up and down against the previous close per candle', async () => {
    const points = await c.data(
      BreadthListSchema,
      'get_spot_cumulative?filter=nifty&type=30m&from=2026-11-19&to=2026-11-19',
    );
    expect(points).toHaveLength(13);
    for (const point of points) {
      expect(point.advances + point.declines + point.unchanged).toBe(NIFTY_50_CONSTITUENTS.length);
      expect(point.net).toBe(point.advances - point.declines);
      expect(point.newHighs + point.newLows).toBeLessThanOrEqual(2 * NIFTY_50_CONSTITUENTS.length);
    }
    // The session's first candle sets the day's range; later candles make new highs and lows.
    expect(points[0]).toMatchObject({ newHighs: 0, newLows: 0 });
    expect(points.slice(1).some((point) => point.newHighs + point.newLows > 0)).toBe(true);
  });
});

describe('end-of-day rows', () => {
  it('get_fao_eod: every near-month future, with OI change and a build-up that matches the moves', async () => {
    const sets = await c.data(FaoEodListSchema, 'get_fao_eod?from=2026-11-16&to=2026-11-20');
    expect(sets).toHaveLength(derivativesRoots().length);
    const nifty = sets.find((s) => s.tradingSymbol === 'NIFTY26NOVFUT')!;
    expect(nifty.rows.map((r) => r.date)).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19']);
    for (const row of sets.flatMap((s) => s.rows)) {
      const up = (row.changePercent ?? 0) > 0;
      const oiUp = (row.oiChangePercent ?? 0) > 0;
      if (row.buildUp === 'Long Build-up') expect(up && oiUp).toBe(true);
      if (row.buildUp === 'Short Build-up') expect(!up && oiUp).toBe(true);
      if (row.buildUp === 'Short Covering') expect(up && !oiUp).toBe(true);
      if (row.buildUp === 'Long Unwinding') expect(!up && !oiUp).toBe(true);
    }
    expect(nifty.rows[0]!.changePercent).not.toBeNull();
  });

  it('get_cash_market_eod: a stock’s daily rows with change and turnover in crore', async () => {
    const token = spotInstrumentToken('RELIANCE');
    const [reliance] = await c.data(
      CashEodListSchema,
      `get_cash_market_eod?from=2026-11-02&to=2026-11-20&tokens=${token}`,
    );
    expect(reliance!.rows.map((r) => r.date)).toEqual(CLOSED);
    for (const row of reliance!.rows) {
      expect(row.turnoverCrore).toBeGreaterThan(100);
      expect(row.turnoverCrore).toBeCloseTo((row.v * row.atp) / 1e7, 0);
    }
  });

  it('get_cash_market_eod: delivery quantity is a share of the volume, summed over a week’s sessions; none for an index', async () => {
    const stock = spotInstrumentToken('RELIANCE');
    const index = spotInstrumentToken('NIFTY');
    const [daily, nifty] = await c.data(
      CashEodListSchema,
      `get_cash_market_eod?from=2026-11-02&to=2026-11-20&tokens=${stock},${index}`,
    );
    for (const row of daily!.rows) {
      expect(row.deliveryQuantity!).toBeGreaterThan(0);
      expect(row.deliveryQuantity!).toBeLessThan(row.v);
      expect(row.deliveryPercent).toBeCloseTo((100 * row.deliveryQuantity!) / row.v, 2);
    }
    expect(new Set(daily!.rows.map((r) => r.deliveryPercent)).size).toBeGreaterThan(1);
    expect(nifty!.rows.every((r) => r.deliveryQuantity === null && r.deliveryPercent === null)).toBe(true);
    const [weekly] = await c.data(
      CashEodListSchema,
      `get_cash_market_eod?from=2026-11-09&to=2026-11-14&tokens=${stock}&type=1W`,
    );
    const week = weekly!.rows[0]!;
    const days = daily!.rows.filter((r) => r.date >= '2026-11-09' && r.date <= '2026-11-14');
    expect(week.v).toBe(days.reduce((acc, r) => acc + r.v, 0));
    expect(week.deliveryQuantity).toBe(days.reduce((acc, r) => acc + r.deliveryQuantity!, 0));
  });

  it('get_eod: the derivative indices by week when no tokens are given', async () => {
    const sets = await c.data(TokenCandlesListSchema, 'get_eod?from=2026-09-01&to=2026-11-20&type=1W');
    expect(sets.map((s) => s.token)).toEqual(PICKER_INDEX_ROOTS.map((root) => spotInstrumentToken(root)));
    for (const set of sets) {
      expect(set.candles.length).toBeGreaterThanOrEqual(11);
      expect(set.candles.every((k) => isTradingDay(istDateOf(k.t), 'NSE') || isTradingDay(istDateOf(k.t), 'BSE'))).toBe(
        true,
      );
    }
  });

  it('keeps an all-underlyings request to a few weeks', async () => {
    const res = await c.get('get_fao_eod?from=2026-06-01&to=2026-11-20');
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'from' });
  });
});

describe('rollover, seasonality and fno-mwpl', () => {
  it('rollover: the latest closed session by default, shares between 0 and 100 %', async () => {
    const rollover = await c.data(RolloverSchema, 'rollover');
    expect(rollover.date).toBe('2026-11-19');
    expect(rollover.rows).toHaveLength(derivativesRoots().length);
    for (const row of rollover.rows) {
      expect(row.rolloverPercent).toBeGreaterThanOrEqual(0);
      expect(row.rolloverPercent).toBeLessThanOrEqual(100);
    }
    // Expiry week: most NIFTY futures OI has moved to December.
    expect(rollover.rows.find((r) => r.root === 'NIFTY')!.rolloverPercent).toBeGreaterThan(40);
    expect((await c.data(RolloverSchema, 'rollover?date=2026-11-10')).date).toBe('2026-11-09');
  });

  it('seasonality: monthly returns since 2014 and an average per calendar month', async () => {
    const season = await c.data(SeasonalitySchema, `seasonality?token=${spotInstrumentToken('NIFTY')}`);
    expect(season.name).toBe('NIFTY');
    expect(season.months[0]).toMatchObject({ year: 2014, month: 1 });
    expect(season.months.length).toBeGreaterThan(150);
    expect(season.byMonth).toHaveLength(12);
    expect(season.byMonth.every((m) => m.years >= 12 && Math.abs(m.averageReturnPercent ?? 99) < 10)).toBe(true);
  });

  it('fno-mwpl: banned stocks are over the limit; parts can be left out', async () => {
    const mwpl = await c.data(MwplSchema, 'fno-mwpl?ban=true&date=2026-11-19&entrants=true&exits=true');
    expect(mwpl.date).toBe('2026-11-19');
    const bySymbol = new Map(mwpl.securities.map((s) => [s.symbol, s]));
    for (const symbol of mwpl.banned ?? []) expect(bySymbol.get(symbol)!.utilisation).toBeGreaterThan(0.8);
    for (const symbol of mwpl.entrants ?? []) expect(mwpl.banned).toContain(symbol);
    const bare = await c.data(MwplSchema, 'fno-mwpl?ban=false&entrants=0&exits=false');
    expect(bare).not.toHaveProperty('banned');
    expect(bare.date).toBe('2026-11-20');
  });

  it('refuses dates before the history and flags that are not booleans', async () => {
    expect((await c.get('rollover?date=2013-12-31')).body).toMatchObject({ field: 'date' });
    expect((await c.get('fno-mwpl?ban=yes')).body).toMatchObject({ field: 'ban' });
  });
});
