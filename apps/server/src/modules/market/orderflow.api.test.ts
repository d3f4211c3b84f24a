import { FootprintSchema, RawTicksSchema, TokenCandlesListSchema } from '@fnodesk/contracts';
import { contractInstrumentToken, istInstant, spotInstrumentToken } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';

// The test clock: Fri 20-Nov-2026 09:30 IST, live tier. Thursday 19-Nov is a whole closed session.
let c: DataClient;
const NIFTY_NOV_FUT = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-23', strike: null });
const FROM = istInstant('2026-11-19', '09:15');
const TO = istInstant('2026-11-19', '15:30');

beforeAll(async () => {
  c = await liveTierDataClient('orderflow');
});

afterAll(async () => {
  await c.t.close();
});

describe('footprint', () => {
  it('splits each candle of a session into bid and ask volume adding up to the candle volume of pattern', async () => {
    const footprint = await c.data(FootprintSchema, `footprint?token=${NIFTY_NOV_FUT}&type=3m&from=${FROM}&to=${TO}`);
    const [series] = await c.data(
      TokenCandlesListSchema,
      `pattern?tokens=${NIFTY_NOV_FUT}&type=3m&from=${FROM}&to=${TO}`,
    );
    const candles = series!.candles.filter((candle) => candle.v > 0);
    expect(footprint.candles.length).toBe(candles.length);
    expect(footprint.candles.length).toBe(125);
    footprint.candles.forEach((candle, i) => {
      expect(candle.t).toBe(candles[i]!.t);
      expect(candle.levels.reduce((sum, level) => sum + level.bid + level.ask, 0)).toBe(candles[i]!.v);
      expect(candle.c).toBe(candles[i]!.c);
    });
    // NIFTY futures near 23,000, tick ₹0.05: ₹5 rows (100 ticks) by default.
    expect(footprint.rowSize).toBe(5);
    expect(footprint.imbalancePercent).toBe(300);
    expect(footprint.candles.at(-1)!.cumDelta).toBe(footprint.candles.reduce((sum, candle) => sum + candle.delta, 0));
  });

  it('counts buyer-initiated trades at the ask and seller-initiated at the bid, as raw_ticks tags them', async () => {
    const to = FROM + 60 * 60_000;
    const { trades } = await c.data(RawTicksSchema, `raw_ticks?token=${NIFTY_NOV_FUT}&from=${FROM}&to=${to - 1}`);
    const footprint = await c.data(
      FootprintSchema,
      `footprint?token=${NIFTY_NOV_FUT}&type=1m&from=${FROM}&to=${to - 1}&rows=10&imbalance=250`,
    );
    const bought = trades.filter((t) => t.side === 'buy').reduce((sum, t) => sum + t.quantity, 0);
    const sold = trades.filter((t) => t.side === 'sell').reduce((sum, t) => sum + t.quantity, 0);
    expect(footprint.profile.reduce((sum, l) => sum + l.ask, 0)).toBe(bought);
    expect(footprint.profile.reduce((sum, l) => sum + l.bid, 0)).toBe(sold);
    expect(footprint.rowTicks).toBe(10);
    expect(footprint.rowSize).toBeCloseTo(10 * footprint.tickSize, 9);
    expect(footprint.imbalancePercent).toBe(250);
  });

  it('serves nothing after the tier’s instant', async () => {
    const today = istInstant('2026-11-20', '09:15');
    const footprint = await c.data(
      FootprintSchema,
      `footprint?token=${NIFTY_NOV_FUT}&type=1m&from=${today}&to=${today + 3 * 60 * 60_000}`,
    );
    expect(footprint.candles.length).toBe(15);
  });

  it('rejects an index, a span over a day and a daily resolution with 400', async () => {
    const nifty = spotInstrumentToken('NIFTY');
    const index = await c.get(`footprint?token=${nifty}&type=1m&from=${FROM}&to=${TO}`);
    expect(index.status).toBe(400);
    expect(index.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'token' });
    const long = await c.get(`footprint?token=${NIFTY_NOV_FUT}&type=1m&from=${FROM - 2 * 86_400_000}&to=${TO}`);
    expect(long.status).toBe(400);
    const daily = await c.get(`footprint?token=${NIFTY_NOV_FUT}&type=1D&from=${FROM}&to=${TO}`);
    expect(daily.status).toBe(400);
    const rows = await c.get(`footprint?token=${NIFTY_NOV_FUT}&type=1m&from=${FROM}&to=${TO}&rows=0`);
    expect(rows.status).toBe(400);
  });
});
