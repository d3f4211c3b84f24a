import type { Candle } from '@fnodesk/contracts';
import { dayExtremes } from '@fnodesk/domain';

/** A stock's row of the heatmap: per candle +1 for a new day high, −1 for a new low, 0 otherwise. */
export interface ExtremesRow {
  symbol: string;
  /** Aligned with the grid's candle times. A candle that made both shows as a high; the counts include both. */
  marks: number[];
  highs: number;
  lows: number;
  /** The candle index of the latest new high, or −1. */
  lastHigh: number;
  lastLow: number;
}

/** How the heatmap orders its stocks. */
export type ExtremesSort = 'high' | 'low' | 'name';

/**
 * The stock × candle grid: each stock's candles (one session) marked with the same new-high/new-low rule as
 * `get_spot_cumulative` (domain `dayExtremes`), aligned on the union of candle times.
 */
export function extremesGrid(stocks: readonly { symbol: string; candles: readonly Candle[] }[]): {
  times: number[];
  rows: ExtremesRow[];
} {
  const times = [...new Set(stocks.flatMap((stock) => stock.candles.map((candle) => candle.t)))].sort((a, b) => a - b);
  const column = new Map(times.map((t, index) => [t, index]));
  const rows = stocks.map((stock) => {
    const marks = times.map(() => 0);
    let highs = 0;
    let lows = 0;
    let lastHigh = -1;
    let lastLow = -1;
    dayExtremes(stock.candles).forEach((flag, index) => {
      const at = column.get(stock.candles[index]!.t)!;
      if (flag.newHigh) {
        marks[at] = 1;
        highs += 1;
        lastHigh = at;
      } else if (flag.newLow) {
        marks[at] = -1;
      }
      if (flag.newLow) {
        lows += 1;
        lastLow = at;
      }
    });
    return { symbol: stock.symbol, marks, highs, lows, lastHigh, lastLow };
  });
  return { times, rows };
}

/** Sort High List: most new highs first, then the latest; Sort Low List likewise for lows; Reset: A–Z. */
export function sortExtremes(rows: readonly ExtremesRow[], sort: ExtremesSort): ExtremesRow[] {
  const byName = (a: ExtremesRow, b: ExtremesRow) => a.symbol.localeCompare(b.symbol);
  if (sort === 'name') return [...rows].sort(byName);
  return [...rows].sort((a, b) =>
    sort === 'high'
      ? b.highs - a.highs || b.lastHigh - a.lastHigh || byName(a, b)
      : b.lows - a.lows || b.lastLow - a.lastLow || byName(a, b),
  );
}
