import { describe, expect, it } from 'vitest';
import { macd } from './macd';
import { ema } from './moving-averages';
import { averageTrueRange, supertrend } from './supertrend';

describe('MACD', () => {
  it('is the fast EMA minus the slow EMA, with an EMA signal and their difference as histogram', () => {
    const closes = Array.from({ length: 60 }, (_, i) => 100 + 10 * Math.sin(i / 5) + i * 0.3);
    const { macd: line, signal, histogram } = macd(closes, 3, 6, 4);
    const fast = ema(closes, 3);
    const slow = ema(closes, 6);
    expect(line[4]).toBeNaN();
    expect(line[5]).toBeCloseTo(fast[5]! - slow[5]!, 10);
    expect(signal[7]).toBeNaN();
    // The signal starts at the mean of the MACD line's first four values (positions 5–8).
    expect(signal[8]).toBeCloseTo((line[5]! + line[6]! + line[7]! + line[8]!) / 4, 10);
    expect(histogram[30]).toBeCloseTo(line[30]! - signal[30]!, 10);
  });

  it('is positive in a steady rise and rejects a fast period not shorter than the slow', () => {
    const rising = Array.from({ length: 50 }, (_, i) => 100 + i);
    expect(macd(rising).macd.at(-1)).toBeGreaterThan(0);
    expect(() => macd(rising, 26, 12)).toThrow(RangeError);
  });
});

describe('Supertrend', () => {
  it("averages true ranges Wilder's way, counting gaps from the previous close", () => {
    const candles = [
      { h: 10, l: 8, c: 9 },
      { h: 12, l: 11, c: 11.5 }, // gap up: true range 12 − 9 = 3
      { h: 11, l: 10, c: 10 }, // 1.5 from the previous close
    ];
    const atr = averageTrueRange(candles, 2);
    expect(atr[0]).toBeNaN();
    expect(atr[1]).toBeCloseTo((2 + 3) / 2, 10);
    expect(atr[2]).toBeCloseTo((2.5 * 1 + 1.5) / 2, 10);
  });

  it('follows a rise below price, turns down when the close breaks the lower band, and then sits above price', () => {
    const up = Array.from({ length: 30 }, (_, i) => ({ h: 101 + i, l: 99 + i, c: 100.5 + i }));
    const down = Array.from({ length: 15 }, (_, i) => ({ h: 121 - 4 * i, l: 119 - 4 * i, c: 119.5 - 4 * i }));
    const { line, direction } = supertrend([...up, ...down], 10, 3);
    expect(direction[8]).toBe(0);
    expect(line[8]).toBeNaN();
    expect(direction[29]).toBe(1);
    expect(line[29]).toBeLessThan(up[29]!.l);
    const flip = direction.findIndex((d, i) => i > 29 && d === -1);
    expect(flip).toBeGreaterThan(29);
    for (let i = flip; i < direction.length; i += 1) {
      expect(direction[i]).toBe(-1);
      expect(line[i]).toBeGreaterThan([...up, ...down][i]!.c);
    }
    // The lower band never falls while the trend is up.
    for (let i = 11; i < 30; i += 1) expect(line[i]).toBeGreaterThanOrEqual(line[i - 1]!);
  });
});
