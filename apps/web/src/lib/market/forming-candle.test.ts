import type { Candle, FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { nextFormingCandle, type FormingCandle } from './forming-candle';

// Friday 20-Nov-2026, 10:00 IST = 04:30 UTC; NSE opens at 09:15, so 5-minute candles start at 10:00, 10:05, …
const T10_00 = Date.UTC(2026, 10, 20, 4, 30);
const MIN = 60_000;
const bucketing = { resolution: '5m', exchange: 'NSE' } as const;
const history: Candle = { t: T10_00, o: 100, h: 105, l: 99, c: 102, v: 1_000, atp: 101, oi: 0 };
const tick = (ts: number, lp: number, extra: Partial<FeedTick> = {}): FeedTick => ({ token: 1, ts, lp, ...extra });

describe('nextFormingCandle', () => {
  it('extends the history’s last candle while its bucket lasts: high, low, close, ATP and OI follow the ticks', () => {
    const first = nextFormingCandle(null, history, tick(T10_00 + MIN, 107, { vt: 5_000, atp: 103 }), bucketing);
    expect(first?.candle).toEqual({ ...history, h: 107, c: 107, atp: 103 });
    const second = nextFormingCandle(first, history, tick(T10_00 + 2 * MIN, 98, { vt: 5_250 }), bucketing);
    expect(second?.candle).toMatchObject({ t: T10_00, o: 100, h: 107, l: 98, c: 98, v: 1_250 });
  });

  it('rolls to a new candle at the bucket boundary, carrying the volume traded since the last tick', () => {
    const forming: FormingCandle = { candle: history, volumeToday: 5_000 };
    const next = nextFormingCandle(forming, history, tick(T10_00 + 5 * MIN, 110, { vt: 5_040, oi: 7 }), bucketing);
    expect(next?.candle).toEqual({ t: T10_00 + 5 * MIN, o: 110, h: 110, l: 110, c: 110, v: 40, atp: 101, oi: 7 });
  });

  it('ignores a tick older than the forming candle', () => {
    const forming: FormingCandle = { candle: { ...history, t: T10_00 + 5 * MIN }, volumeToday: 10 };
    expect(nextFormingCandle(forming, history, tick(T10_00 + MIN, 1), bucketing)).toBe(forming);
  });

  it('counts no volume from a day volume that fell (a new session) or from ltp-only ticks', () => {
    const forming: FormingCandle = { candle: history, volumeToday: 9_000 };
    expect(nextFormingCandle(forming, history, tick(T10_00 + MIN, 101, { vt: 10 }), bucketing)?.candle.v).toBe(1_000);
    expect(nextFormingCandle(forming, history, tick(T10_00 + MIN, 101), bucketing)?.candle.v).toBe(1_000);
  });

  it('starts a candle from the first tick when there is no history', () => {
    const next = nextFormingCandle(null, undefined, tick(T10_00 + 7 * MIN, 50), bucketing);
    expect(next?.candle).toEqual({ t: T10_00 + 5 * MIN, o: 50, h: 50, l: 50, c: 50, v: 0, atp: 50, oi: 0 });
  });
});
