import type { Candle, FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { windowBase, windowStartMinute } from './build-up-window';

const open = Date.UTC(2025, 11, 1, 3, 45); // 09:15 IST
const candle: Candle = { t: open, o: 100, h: 101, l: 99, c: 100.5, v: 10, atp: 100, oi: 5_000 };
const tick: FeedTick = { token: 1, ts: open, lp: 101, c: 98, oi: 5_100, prev: { lp: 98, oi: 4_900 } };

describe('build-up windows', () => {
  it('since previous close needs no candle and reads the close and OI from the tick', () => {
    expect(windowStartMinute('prevClose', open + 3_600_000, open)).toBeNull();
    expect(windowBase('prevClose', tick, undefined)).toEqual({ price: 98, oi: 4_900 });
  });
  it('since open starts at the session open', () => {
    expect(windowStartMinute('open', open + 3_600_000, open)).toBe(open);
  });
  it('15 min and 1 hour look back from the current minute', () => {
    const now = open + 2 * 3_600_000 + 30_500;
    expect(windowStartMinute('15m', now, open)).toBe(open + 2 * 3_600_000 - 15 * 60_000);
    expect(windowStartMinute('1h', now, open)).toBe(open + 3_600_000);
  });
  it('a look-back reaching before the open starts at the open', () => {
    expect(windowStartMinute('1h', open + 10 * 60_000, open)).toBe(open);
  });
  it('a candle window is measured from its first candle’s open price and OI', () => {
    expect(windowBase('15m', tick, candle)).toEqual({ price: 100, oi: 5_000 });
    expect(windowBase('open', tick, undefined)).toBeUndefined();
  });
});
