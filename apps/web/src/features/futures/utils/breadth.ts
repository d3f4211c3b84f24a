// Breadth of the F&O stocks (Advance/Decline and Pre-Market, pages brief G1): advances, declines and unchanged, the
// A/D ratio, sector cards ordered by their average move, the divergence of an index against its breadth, the gap of
// a pre-open price and the index open its constituents imply.

/** A stock's move as the breadth pages read it. */
export interface StockMove {
  symbol: string;
  sector: string;
  price: number | null;
  change: number | null;
  changePercent: number | null;
}

/** Advances, declines and unchanged, and advances ÷ declines (null with no decline). */
export interface AdvanceDecline {
  advances: number;
  declines: number;
  unchanged: number;
  ratio: number | null;
}

/** A stock advances when its price is above the previous close, declines when below; unknown moves are not counted. */
export function advanceDecline(moves: readonly StockMove[]): AdvanceDecline {
  let advances = 0;
  let declines = 0;
  let unchanged = 0;
  for (const move of moves) {
    if (move.change === null) continue;
    if (move.change > 0) advances += 1;
    else if (move.change < 0) declines += 1;
    else unchanged += 1;
  }
  return { advances, declines, unchanged, ratio: declines === 0 ? null : advances / declines };
}

/** A sector card: its stocks and their average % move. */
export interface SectorCard {
  sector: string;
  averagePercent: number | null;
  stocks: StockMove[];
}

/** Which field orders the stocks within a card. */
export type CardSortField = 'changePercent' | 'change' | 'price' | 'symbol';

/**
 * Stocks grouped by sector, cards ordered by the sector's average % move (highest first), stocks within a card by
 * `field` in the given direction (unknown values last).
 */
export function sectorCards(moves: readonly StockMove[], field: CardSortField, descending: boolean): SectorCard[] {
  const bySector = new Map<string, StockMove[]>();
  for (const move of moves) {
    const list = bySector.get(move.sector) ?? [];
    list.push(move);
    bySector.set(move.sector, list);
  }
  const direction = descending ? -1 : 1;
  const cards = [...bySector].map(([sector, stocks]) => {
    const known = stocks.map((stock) => stock.changePercent).filter((value): value is number => value !== null);
    const averagePercent = known.length === 0 ? null : known.reduce((sum, value) => sum + value, 0) / known.length;
    const sorted = [...stocks].sort((a, b) => {
      if (field === 'symbol') return a.symbol.localeCompare(b.symbol) * direction;
      const x = a[field];
      const y = b[field];
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return (x - y) * direction;
    });
    return { sector, averagePercent, stocks: sorted };
  });
  return cards.sort((a, b) => (b.averagePercent ?? -Infinity) - (a.averagePercent ?? -Infinity));
}

/**
 * The divergence badge: the index is up while fewer stocks advance than decline (A/D below 1), or down while more
 * advance — the index is carried by a few heavyweights against its breadth. Null when there is none.
 */
export function breadthDivergence(indexChange: number | null, breadth: AdvanceDecline): 'bearish' | 'bullish' | null {
  if (indexChange === null || breadth.advances + breadth.declines === 0) return null;
  const ratio = breadth.declines === 0 ? Infinity : breadth.advances / breadth.declines;
  if (indexChange > 0 && ratio < 1) return 'bearish';
  if (indexChange < 0 && ratio > 1) return 'bullish';
  return null;
}

/** The gap of an indicative (pre-open) price against the previous close, per cent; null without a close. */
export function gapPercent(iep: number, prevClose: number): number | null {
  return prevClose === 0 ? null : (iep / prevClose - 1) * 100;
}

/** How large a gap is: beyond 2 %, beyond 1 %, or neither. */
export function gapFlag(gap: number | null): 'large' | 'notable' | null {
  if (gap === null) return null;
  const size = Math.abs(gap);
  return size > 2 ? 'large' : size > 1 ? 'notable' : null;
}

/**
 * The index open its constituents' pre-open prices imply: the previous close moved by Σ weight × gap (weights in
 * per cent, re-normalised over the constituents with a price, so a missing quote does not drag the index to zero).
 */
export function impliedIndexOpen(
  indexPrevClose: number,
  constituents: readonly { weight: number; gapPercent: number | null }[],
): { open: number; gapPercent: number } | null {
  let weighted = 0;
  let weights = 0;
  for (const { weight, gapPercent: gap } of constituents) {
    if (gap === null || !(weight > 0)) continue;
    weighted += weight * gap;
    weights += weight;
  }
  if (weights === 0) return null;
  const gap = weighted / weights;
  return { open: indexPrevClose * (1 + gap / 100), gapPercent: gap };
}
