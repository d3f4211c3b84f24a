import { describe, expect, it } from 'vitest';
import { vwap } from './volume-weighted-average-price';

// 09:15 IST on Friday 20-Nov-2026 and the next trading day's open (Monday 23-Nov).
const FRIDAY_OPEN = Date.parse('2026-11-20T03:45:00Z');
const MONDAY_OPEN = Date.parse('2026-11-23T03:45:00Z');
const MINUTE = 60_000;

function bar(t: number, h: number, l: number, c: number, v: number) {
  return { t, h, l, c, v };
}

describe('session VWAP', () => {
  it('weights each candle’s typical price by its volume', () => {
    const result = vwap([bar(FRIDAY_OPEN, 12, 9, 9, 100), bar(FRIDAY_OPEN + MINUTE, 14, 11, 11, 300)]);
    // Typical prices 10 and 12: (10·100 + 12·300) / 400 = 11.5.
    expect(result).toEqual([10, 11.5]);
  });

  it('restarts at the first candle of each IST day', () => {
    const result = vwap([
      bar(FRIDAY_OPEN, 10, 10, 10, 100),
      bar(FRIDAY_OPEN + 374 * MINUTE, 20, 20, 20, 100),
      bar(MONDAY_OPEN, 30, 30, 30, 50),
    ]);
    expect(result).toEqual([10, 15, 30]);
  });

  it('is NaN until the session trades (an index has no volume)', () => {
    const result = vwap([bar(FRIDAY_OPEN, 10, 10, 10, 0), bar(FRIDAY_OPEN + MINUTE, 11, 11, 11, 0)]);
    expect(result.every(Number.isNaN)).toBe(true);
    expect(vwap([])).toEqual([]);
  });
});
