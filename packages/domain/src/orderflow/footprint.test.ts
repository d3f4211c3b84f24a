import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { istInstant } from '../market/ist-time';
import { defaultFootprintRowTicks, footprintOf, imbalances, type AggressorTrade } from './footprint';

const SEED = 20261128;
const OPEN = istInstant('2026-11-20', '09:15');
const NEXT_OPEN = istInstant('2026-11-23', '09:15');
const MINUTE = 60_000;

const trade = (minute: number, second: number, price: number, quantity: number, side: 'buy' | 'sell') => ({
  ts: OPEN + minute * MINUTE + second * 1000,
  price,
  quantity,
  side,
});

const options = { resolution: '1m', exchange: 'NFO', rowSize: 5 } as const;

describe('footprint aggregate', () => {
  it('puts sells at the bid and buys at the ask of their row; bid + ask of the rows is the candle volume', () => {
    const trades = [
      trade(0, 0, 24_000, 75, 'buy'),
      trade(0, 5, 24_003.5, 150, 'sell'),
      trade(0, 9, 24_006, 75, 'buy'),
      trade(1, 0, 24_011, 300, 'sell'),
    ];
    const { candles, profile } = footprintOf(trades, options);
    expect(candles.map((c) => c.t)).toEqual([OPEN, OPEN + MINUTE]);
    const [first] = candles;
    expect(first!.levels).toEqual([
      { price: 24_000, bid: 150, ask: 75 },
      { price: 24_005, bid: 0, ask: 75 },
    ]);
    expect(first).toMatchObject({ o: 24_000, h: 24_006, l: 24_000, c: 24_006, v: 300 });
    for (const candle of candles) {
      expect(candle.levels.reduce((sum, level) => sum + level.bid + level.ask, 0)).toBe(candle.v);
    }
    expect(profile).toEqual([
      { price: 24_000, bid: 150, ask: 75 },
      { price: 24_005, bid: 0, ask: 75 },
      { price: 24_010, bid: 300, ask: 0 },
    ]);
  });

  it('delta is ask − bid volume, cumulated through a session and started again the next', () => {
    const trades = [
      trade(0, 0, 24_000, 100, 'buy'),
      trade(0, 1, 24_000, 40, 'sell'),
      trade(1, 0, 24_000, 100, 'sell'),
      { ts: NEXT_OPEN, price: 24_100, quantity: 30, side: 'buy' as const },
    ];
    const { candles } = footprintOf(trades, options);
    expect(candles.map((c) => c.delta)).toEqual([60, -100, 30]);
    expect(candles.map((c) => c.cumDelta)).toEqual([60, -40, 30]);
  });

  it('marks a buy imbalance where the ask beats 300 % of the bid one row below, and a sell imbalance mirrored', () => {
    const rows = [
      { price: 100, bid: 10, ask: 0 },
      { price: 105, bid: 0, ask: 30 }, // 30 ≥ 3 × 10: buy imbalance
      { price: 110, bid: 5, ask: 29 }, // 29 < 3 × 10 would not, but the row below has no bid: nothing
      { price: 115, bid: 0, ask: 14 }, // 14 < 3 × 5: none
      { price: 120, bid: 60, ask: 0 },
      { price: 125, bid: 0, ask: 20 }, // bid 60 at 120 ≥ 3 × 20 ask at 125: sell imbalance at 120
    ];
    expect(imbalances(rows, 3)).toEqual({ buy: [1], sell: [4] });
    expect(imbalances(rows, 1.5)).toEqual({ buy: [1, 3], sell: [4] }); // 14 ≥ 1.5 × 5
    expect(imbalances(rows, 3.5)).toEqual({ buy: [], sell: [] });
  });

  it('marks three consecutive imbalanced rows as a stacked imbalance', () => {
    const trades = [
      trade(0, 0, 100, 10, 'sell'),
      trade(0, 1, 105, 40, 'buy'),
      trade(0, 2, 105, 10, 'sell'),
      trade(0, 3, 110, 40, 'buy'),
      trade(0, 4, 110, 10, 'sell'),
      trade(0, 5, 115, 40, 'buy'),
    ];
    const candle = footprintOf(trades, options).candles[0]!;
    expect(candle.buyImbalances).toEqual([105, 110, 115]);
    expect(candle.stacked).toEqual([{ side: 'buy', from: 105, to: 115 }]);
    const two = footprintOf(trades.slice(0, 4), options).candles[0]!;
    expect(two.buyImbalances).toEqual([105, 110]);
    expect(two.stacked).toEqual([]);
  });

  it('takes the row with the most volume as the POC and grows the value area around it to 70 %', () => {
    const trades = [
      trade(0, 0, 100, 10, 'buy'),
      trade(0, 1, 105, 20, 'sell'),
      trade(0, 2, 110, 50, 'buy'),
      trade(0, 3, 115, 15, 'sell'),
      trade(0, 4, 120, 5, 'buy'),
    ];
    const candle = footprintOf(trades, options).candles[0]!;
    expect(candle.poc).toBe(110);
    // 50 at the POC, then 20 below (more than 15 above): 70 of 100.
    expect([candle.valueAreaLow, candle.valueAreaHigh]).toEqual([105, 110]);
  });

  it('marks absorption at the low when sellers hit it hard and the candle closes high', () => {
    const trades = [
      trade(0, 0, 110, 10, 'buy'),
      trade(0, 1, 100, 200, 'sell'),
      trade(0, 2, 105, 10, 'buy'),
      trade(0, 3, 118, 10, 'buy'),
    ];
    expect(footprintOf(trades, options).candles[0]!.absorption).toBe('buy');
    const weakClose = [...trades.slice(0, 3), trade(0, 3, 101, 10, 'buy')];
    expect(footprintOf(weakClose, options).candles[0]!.absorption).toBeNull();
  });

  it('marks a new high on negative delta as bearish divergence and a new low on positive delta as bullish', () => {
    const trades = [
      trade(0, 0, 100, 10, 'buy'),
      trade(0, 1, 110, 10, 'buy'),
      trade(1, 0, 115, 5, 'buy'),
      trade(1, 1, 112, 50, 'sell'),
      trade(2, 0, 95, 5, 'sell'),
      trade(2, 1, 96, 50, 'buy'),
    ];
    expect(footprintOf(trades, options).candles.map((c) => c.divergence)).toEqual([null, 'bearish', 'bullish']);
  });

  it('conserves volume and delta for any trades (property)', () => {
    const trades = fc
      .array(
        fc.record({
          offset: fc.integer({ min: 0, max: 375 * 60 - 1 }),
          price: fc.integer({ min: 480_000, max: 481_000 }),
          quantity: fc.integer({ min: 1, max: 20 }),
          buy: fc.boolean(),
        }),
        { maxLength: 300 },
      )
      .map((list) =>
        list
          .sort((a, b) => a.offset - b.offset)
          .map<AggressorTrade>((t) => ({
            ts: OPEN + t.offset * 1000,
            price: t.price * 0.05,
            quantity: t.quantity * 75,
            side: t.buy ? 'buy' : 'sell',
          })),
      );
    fc.assert(
      fc.property(trades, fc.constantFrom('1m', '3m', '5m', '15m'), (list, resolution) => {
        const { candles, profile } = footprintOf(list, { resolution, exchange: 'NFO', rowSize: 2.5 });
        const total = list.reduce((sum, t) => sum + t.quantity, 0);
        const buys = list.filter((t) => t.side === 'buy').reduce((sum, t) => sum + t.quantity, 0);
        expect(candles.reduce((sum, c) => sum + c.v, 0)).toBe(total);
        expect(profile.reduce((sum, l) => sum + l.bid + l.ask, 0)).toBe(total);
        expect(candles.at(-1)?.cumDelta ?? 0).toBe(2 * buys - total);
        for (const c of candles) {
          expect(c.levels.reduce((sum, l) => sum + l.bid + l.ask, 0)).toBe(c.v);
          expect(c.poc).toBeGreaterThanOrEqual(c.valueAreaLow);
          expect(c.poc).toBeLessThanOrEqual(c.valueAreaHigh);
          const inArea = c.levels
            .filter((l) => l.price >= c.valueAreaLow && l.price <= c.valueAreaHigh)
            .reduce((sum, l) => sum + l.bid + l.ask, 0);
          expect(inArea).toBeGreaterThanOrEqual(0.7 * c.v - 1e-9);
        }
      }),
      { seed: SEED, numRuns: 150 },
    );
  });
});

describe('footprint row size', () => {
  it('picks a round row near 0.02 % of the price in whole ticks', () => {
    expect(defaultFootprintRowTicks(0.1, 25_000)).toBe(50); // ₹5 rows for NIFTY futures
    expect(defaultFootprintRowTicks(0.2, 55_000)).toBe(50); // ₹10 for BANKNIFTY
    expect(defaultFootprintRowTicks(0.05, 120)).toBe(1); // one tick for an option
    expect(defaultFootprintRowTicks(0.1, 2_900)).toBe(5); // ₹0.5 for a ₹2,900 stock
  });
});
