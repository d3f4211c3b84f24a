import { describe, expect, it } from 'vitest';
import { applyLiveCandle, liveCandleAction } from './live-candle';
import { candle } from './test/candle-fixtures';

describe('the live, still-forming candle', () => {
  it('replaces the last candle when it has the same start (the bucket is still forming)', () => {
    const candles = [candle(0), candle(1, { c: 24_510 })];
    expect(applyLiveCandle(candles, candle(1, { c: 24_530, h: 24_535 }))).toBe('replace');
    expect(candles).toHaveLength(2);
    expect(candles[1]).toMatchObject({ c: 24_530, h: 24_535 });
  });

  it('appends a candle with a later start (a new bucket)', () => {
    const candles = [candle(0), candle(1)];
    expect(applyLiveCandle(candles, candle(2, { c: 24_400 }))).toBe('append');
    expect(candles.map((c) => c.c)).toEqual([24_510, 24_510, 24_400]);
  });

  it('ignores a candle older than the last one, leaving history untouched', () => {
    const candles = [candle(0), candle(1), candle(2)];
    const before = structuredClone(candles);
    expect(applyLiveCandle(candles, candle(1, { c: 1 }))).toBe('ignore');
    expect(candles).toEqual(before);
  });

  it('appends to an empty chart', () => {
    const candles: ReturnType<typeof candle>[] = [];
    expect(applyLiveCandle(candles, candle(0))).toBe('append');
    expect(candles).toHaveLength(1);
  });

  it('compares starts by whole chart seconds, as the series are keyed', () => {
    expect(liveCandleAction(candle(1), { ...candle(1), t: candle(1).t + 400 })).toBe('replace');
    expect(liveCandleAction(candle(1), { ...candle(1), t: candle(1).t + 1_000 })).toBe('append');
  });
});
