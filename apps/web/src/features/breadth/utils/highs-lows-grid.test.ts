import type { Candle } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { extremesGrid, sortExtremes } from './highs-lows-grid';

const candle = (t: number, h: number, l: number): Candle => ({ t, o: l, h, l, c: h, v: 0, atp: 0, oi: 0 });

describe('highs/lows heatmap', () => {
  const grid = extremesGrid([
    { symbol: 'BBB', candles: [candle(1, 10, 9), candle(2, 11, 9.5), candle(3, 12, 9.6)] },
    { symbol: 'AAA', candles: [candle(1, 10, 9), candle(2, 9.8, 8), candle(3, 9.9, 8.5)] },
    { symbol: 'CCC', candles: [candle(2, 10, 9), candle(3, 10.5, 9)] },
  ]);

  it('marks a new day high +1 and a new day low −1 on the candles’ common time axis', () => {
    expect(grid.times).toEqual([1, 2, 3]);
    expect(grid.rows.map((row) => [row.symbol, row.marks])).toEqual([
      ['BBB', [0, 1, 1]],
      ['AAA', [0, -1, 0]],
      ['CCC', [0, 0, 1]],
    ]);
    expect(grid.rows[0]).toMatchObject({ highs: 2, lows: 0, lastHigh: 2 });
  });

  it('Sort High List puts the most new highs first, then the latest; Sort Low List the most lows; Reset A–Z', () => {
    expect(sortExtremes(grid.rows, 'high').map((row) => row.symbol)).toEqual(['BBB', 'CCC', 'AAA']);
    expect(sortExtremes(grid.rows, 'low').map((row) => row.symbol)).toEqual(['AAA', 'BBB', 'CCC']);
    expect(sortExtremes(grid.rows, 'name').map((row) => row.symbol)).toEqual(['AAA', 'BBB', 'CCC']);
  });
});
