import { describe, expect, it } from 'vitest';
import { highsLowsRows, type BreadthPoint } from './highs-lows-series';

const point = (t: number, newHighs: number, newLows: number): BreadthPoint => ({
  t,
  advances: 0,
  declines: 0,
  unchanged: 0,
  net: 0,
  newHighs,
  newLows,
});

describe('new highs and new lows', () => {
  it('Net New High Low is new highs less new lows, and the cumulative line adds it up in time order', () => {
    expect(highsLowsRows([point(2, 1, 4), point(1, 0, 0), point(3, 6, 2)])).toEqual([
      { t: 1, newHighs: 0, newLows: 0, net: 0, cumulativeNet: 0 },
      { t: 2, newHighs: 1, newLows: 4, net: -3, cumulativeNet: -3 },
      { t: 3, newHighs: 6, newLows: 2, net: 4, cumulativeNet: 1 },
    ]);
  });
});
