import type { Candle, FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { applyTick, type LiveChartFeed } from './use-live-candles';

// Friday 20-Nov-2026, 09:15 IST.
const OPEN = Date.UTC(2026, 10, 20, 3, 45);
const MIN = 60_000;
const candle = (minutes: number, c: number): Candle => ({
  t: OPEN + minutes * MIN,
  o: c,
  h: c,
  l: c,
  c,
  v: 10,
  atp: c,
  oi: 5,
});
const tick = (minutes: number, lp: number): FeedTick => ({ token: 7, ts: OPEN + minutes * MIN + 1_000, lp });
const history = [candle(0, 100), candle(5, 101), candle(10, 102), candle(15, 103)];
const feed: LiveChartFeed = { chartId: '24500-CE', token: 7, resolution: '5m', exchange: 'NFO', history };
const start = { forming: null, seen: undefined, last: history.at(-1) };

describe('live candles from ticks', () => {
  it('a tick in the last candle extends it; one in the next bucket opens a new candle', () => {
    const first = applyTick(start, feed, tick(16, 110), false);
    expect(first.candle).toMatchObject({ t: OPEN + 15 * MIN, c: 110, h: 110 });
    expect(first.cut).toBeNull();
    const second = applyTick(first.state, feed, tick(21, 111), false);
    expect(second.candle).toMatchObject({ t: OPEN + 20 * MIN, o: 111 });
  });

  it('live, a tick older than the forming candle changes nothing', () => {
    const result = applyTick(start, feed, tick(3, 90), false);
    expect(result.candle).toBeNull();
    expect(result.cut).toBeNull();
  });

  it('in a replay, a tick back in the session cuts the history there and opens that candle', () => {
    const result = applyTick(start, feed, tick(6, 95), true);
    expect(result.cut?.map((c) => c.c)).toEqual([100]);
    expect(result.candle).toMatchObject({ t: OPEN + 5 * MIN, o: 95, c: 95 });
    const next = applyTick(result.state, feed, tick(7, 96), true);
    expect(next.cut).toBeNull();
    expect(next.candle).toMatchObject({ t: OPEN + 5 * MIN, o: 95, c: 96 });
  });
});
