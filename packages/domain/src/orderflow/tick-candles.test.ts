import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AggressorTrade } from './footprint';
import { tickCandles } from './tick-candles';

const SEED = 20261129;

const tradesArb = fc
  .array(
    fc.record({
      price: fc.integer({ min: 1, max: 100_000 }),
      quantity: fc.integer({ min: 1, max: 1_000 }),
      buy: fc.boolean(),
    }),
    { maxLength: 400 },
  )
  .map((list) =>
    list.map<AggressorTrade>((t, i) => ({
      ts: 1_700_000_000_000 + i * 250,
      price: t.price / 20,
      quantity: t.quantity,
      side: t.buy ? 'buy' : 'sell',
    })),
  );

describe('N-tick candles', () => {
  it('closes a candle every N trades with its open, high, low, close and aggressor split', () => {
    const trades: AggressorTrade[] = [
      { ts: 1, price: 10, quantity: 5, side: 'buy' },
      { ts: 2, price: 12, quantity: 3, side: 'sell' },
      { ts: 3, price: 9, quantity: 2, side: 'buy' },
      { ts: 4, price: 11, quantity: 1, side: 'sell' },
    ];
    expect(tickCandles(trades, 3)).toEqual([
      { t: 1, end: 3, o: 10, h: 12, l: 9, c: 9, v: 10, buyVolume: 7, sellVolume: 3, count: 3 },
      { t: 4, end: 4, o: 11, h: 11, l: 11, c: 11, v: 1, buyVolume: 0, sellVolume: 1, count: 1 },
    ]);
  });

  it('rejects N outside 1–10,000', () => {
    expect(() => tickCandles([], 0)).toThrow(RangeError);
    expect(() => tickCandles([], 10_001)).toThrow(RangeError);
    expect(() => tickCandles([], 2.5)).toThrow(RangeError);
  });

  it('conserves every trade and its volume, N per candle but the last (property)', () => {
    fc.assert(
      fc.property(tradesArb, fc.integer({ min: 1, max: 60 }), (trades, n) => {
        const candles = tickCandles(trades, n);
        expect(candles.reduce((sum, c) => sum + c.count, 0)).toBe(trades.length);
        expect(candles.reduce((sum, c) => sum + c.v, 0)).toBe(trades.reduce((sum, t) => sum + t.quantity, 0));
        expect(candles.length).toBe(Math.ceil(trades.length / n));
        candles.slice(0, -1).forEach((c) => expect(c.count).toBe(n));
        candles.forEach((c) => {
          expect(c.buyVolume + c.sellVolume).toBe(c.v);
          expect(c.h).toBeGreaterThanOrEqual(Math.max(c.o, c.c));
          expect(c.l).toBeLessThanOrEqual(Math.min(c.o, c.c));
        });
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});
