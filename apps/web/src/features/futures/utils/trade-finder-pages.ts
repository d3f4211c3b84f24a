// Trade Finder's pager (pages brief G1): the ranked futures eight to a page, and the last sessions of candles.
import { istDateOf } from '@fnodesk/domain';

/** Mini charts per page (4 × 2). */
export const CHARTS_PER_PAGE = 8;

/** How many pages `count` items fill (at least one). */
export function pageCount(count: number, perPage = CHARTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(count / perPage));
}

/** The items of page `page` (0-based, clamped to the pages there are). */
export function pageItems<T>(items: readonly T[], page: number, perPage = CHARTS_PER_PAGE): T[] {
  const last = pageCount(items.length, perPage) - 1;
  const index = Math.min(Math.max(0, page), last);
  return items.slice(index * perPage, (index + 1) * perPage);
}

/** The candles of the last `sessions` sessions present (by IST date), oldest first. */
export function lastSessions<T extends { t: number }>(candles: readonly T[], sessions: number): T[] {
  const dates = [...new Set(candles.map((candle) => istDateOf(candle.t)))].sort();
  const kept = new Set(dates.slice(-sessions));
  return candles.filter((candle) => kept.has(istDateOf(candle.t)));
}
