import type { DataResponse, SEARCH_FILTERS } from '@fnodesk/contracts';

/** A stock group of the search filter (spec signed-in §2.10). */
export type BreadthFilter = (typeof SEARCH_FILTERS)[number];

/** One candle of `get_spot_cumulative`. */
export type BreadthPoint = DataResponse<'get_spot_cumulative'>[number];

/** The stock groups of spec signed-in §2.10, as the filter names them. */
export const BREADTH_FILTERS: readonly { id: BreadthFilter; label: string }[] = [
  { id: 'all', label: 'All FNO Stocks' },
  { id: 'nifty', label: 'Nifty 50' },
  { id: 'banknifty', label: 'BankNifty' },
  { id: 'niftynxt50', label: 'Nifty Next 50' },
  { id: 'sensex', label: 'Sensex' },
  { id: 'midcpnifty', label: 'MidcapNifty' },
];

/** A candle's new highs and lows, their difference and its running total over the session. */
export interface HighsLowsRow {
  t: number;
  newHighs: number;
  newLows: number;
  /** New highs − new lows. */
  net: number;
  /** Σ net from the session's first candle. */
  cumulativeNet: number;
}

/** Net New High Low per candle (highs − lows) and its running total, in time order. */
export function highsLowsRows(points: readonly BreadthPoint[]): HighsLowsRow[] {
  let cumulative = 0;
  return [...points]
    .sort((a, b) => a.t - b.t)
    .map((point) => {
      const net = point.newHighs - point.newLows;
      cumulative += net;
      return { t: point.t, newHighs: point.newHighs, newLows: point.newLows, net, cumulativeNet: cumulative };
    });
}
