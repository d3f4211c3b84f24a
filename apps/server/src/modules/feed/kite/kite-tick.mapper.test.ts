import { FeedTickSchema } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import type { KiteQuote } from './kite-packet';
import { kiteQuoteToFeedTick } from './kite-tick.mapper';

const RECEIVED = 1_795_146_370_250;
const EXCHANGE = 1_795_146_369_000;

describe('Kite packet → feed tick', () => {
  it('stamps an LTP packet, which has no exchange time, with the receipt time', () => {
    const quote: KiteQuote = { token: 408_065, mode: 'ltp', tradable: true, lastPrice: 1432.55 };
    expect(kiteQuoteToFeedTick(quote, RECEIVED)).toEqual({ token: 408_065, ts: RECEIVED, lp: 1432.55 });
  });

  it('maps an index full packet: exchange time, OHLC, previous close; no volume, ATP or OI', () => {
    const quote: KiteQuote = {
      token: 256_265,
      mode: 'full',
      tradable: false,
      lastPrice: 23_406.85,
      ohlc: { open: 23_344.45, high: 23_441.95, low: 23_295.95, close: 23_264.85 },
      exchangeTime: EXCHANGE,
    };
    expect(kiteQuoteToFeedTick(quote, RECEIVED)).toEqual({
      token: 256_265,
      ts: EXCHANGE,
      lp: 23_406.85,
      o: 23_344.45,
      h: 23_441.95,
      l: 23_295.95,
      c: 23_264.85,
      prev: { lp: 23_264.85 },
    });
  });

  it('maps a full packet with volume, ATP, OI with its day high and low, and depth as {p, q, o}', () => {
    const level = (p: number) => ({ quantity: 75, price: p, orders: 2 });
    const quote: KiteQuote = {
      token: 12_073_986,
      mode: 'full',
      tradable: true,
      lastPrice: 23_510.2,
      lastQuantity: 75,
      averagePrice: 23_498.75,
      volume: 4_125_300,
      totalBuyQuantity: 1,
      totalSellQuantity: 2,
      ohlc: { open: 23_400, high: 23_555.1, low: 23_350.05, close: 23_388.4 },
      lastTradeTime: EXCHANGE - 1_000,
      exchangeTime: EXCHANGE,
      oi: 14_650_125,
      oiDayHigh: 14_700_000,
      oiDayLow: 14_500_050,
      depth: { buy: [level(23_510)], sell: [level(23_510.25)] },
    };
    const tick = kiteQuoteToFeedTick(quote, RECEIVED);
    expect(tick).toEqual({
      token: 12_073_986,
      ts: EXCHANGE,
      lp: 23_510.2,
      o: 23_400,
      h: 23_555.1,
      l: 23_350.05,
      c: 23_388.4,
      vt: 4_125_300,
      atp: 23_498.75,
      oi: 14_650_125,
      oiDayHigh: 14_700_000,
      oiDayLow: 14_500_050,
      prev: { lp: 23_388.4 },
      depth: { buy: [{ p: 23_510, q: 75, o: 2 }], sell: [{ p: 23_510.25, q: 75, o: 2 }] },
    });
    expect(FeedTickSchema.parse(tick)).toEqual(tick);
  });

  it('falls back to the receipt time when the exchange time is zero, and gives no previous close when it is zero', () => {
    const quote: KiteQuote = {
      token: 12_073_986,
      mode: 'full',
      tradable: true,
      lastPrice: 10,
      ohlc: { open: 0, high: 0, low: 0, close: 0 },
      exchangeTime: null,
    };
    const tick = kiteQuoteToFeedTick(quote, RECEIVED);
    expect(tick.ts).toBe(RECEIVED);
    expect(tick.c).toBe(0);
    expect(tick.prev).toBeUndefined();
  });
});
