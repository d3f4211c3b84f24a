import type { FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { historyPages, joinTrades, tradeFromTicks, type ChartTrade } from './tick-trades';

const tick = (ts: number, lp: number, vt: number, bid = lp - 0.05, ask = lp + 0.05): FeedTick => ({
  token: 1,
  ts,
  lp,
  vt,
  depth: { buy: [{ p: bid, q: 75, o: 1 }], sell: [{ p: ask, q: 75, o: 1 }] },
});

describe('a live trade from two feed ticks', () => {
  it('is the rise in volume traded, at the last price', () => {
    expect(tradeFromTicks(tick(1, 100, 1_000), tick(2, 100.1, 1_150, 100.05, 100.1))).toEqual({
      ts: 2,
      price: 100.1,
      quantity: 150,
      side: 'buy',
      bid: 100.05,
      ask: 100.1,
    });
  });

  it('is a sell when the price hit the bid, and by the tick rule between bid and ask', () => {
    expect(tradeFromTicks(tick(1, 100, 0), tick(2, 99.9, 75, 99.9, 100))?.side).toBe('sell');
    expect(tradeFromTicks(tick(1, 100, 0), tick(2, 99.95, 75, 99.9, 100))?.side).toBe('sell');
    expect(tradeFromTicks(tick(1, 99.9, 0), tick(2, 99.95, 75, 99.9, 100))?.side).toBe('buy');
  });

  it('is nothing when no volume traded, the first tick, or a tick from the past', () => {
    expect(tradeFromTicks(tick(1, 100, 10), tick(2, 101, 10))).toBeNull();
    expect(tradeFromTicks(undefined, tick(2, 101, 10))).toBeNull();
    expect(tradeFromTicks(tick(5, 100, 10), tick(2, 101, 20))).toBeNull();
  });
});

describe('history pages and live trades', () => {
  const trade = (ts: number): ChartTrade => ({ ts, price: 1, quantity: 1, side: 'buy', bid: 1, ask: 1 });

  it('join oldest first, live trades only after the history', () => {
    const joined = joinTrades(
      [
        [trade(5), trade(6)],
        [trade(1), trade(2)],
      ],
      [trade(6), trade(7)],
    );
    expect(joined.map((t) => t.ts)).toEqual([1, 2, 5, 6, 7]);
  });

  it('page back an hour at a time, never before the session start', () => {
    const hour = 3_600_000;
    expect(historyPages(10 * hour, 8.5 * hour, 5)).toEqual([
      { from: 9 * hour + 1, to: 10 * hour },
      { from: 8.5 * hour, to: 9 * hour },
    ]);
  });
});
