import type { DataResponse } from '@fnodesk/contracts';

/** A `fno-mwpl` answer: a session's market-wide position limits and ban list. */
export type MwplAnswer = DataResponse<'fno-mwpl'>;
type Security = MwplAnswer['securities'][number];

/** A stock enters the ban when its open interest passes 95 % of its market-wide position limit (SEBI). */
export const BAN_ENTRY_PERCENT = 95;
/** A banned stock leaves the ban when its use falls below 80 % (pages brief G3, a setting). */
export const BAN_EXIT_PERCENT = 80;
/** [assumed] Stocks at or above 85 % are possible entrants; banned stocks below it are possible exits. */
export const WATCH_PERCENT = 85;

/** A stock's MWPL use today and on the previous session, per cent. */
export interface MwplRow {
  symbol: string;
  mwplPercent: number;
  /** Null when the stock was not listed on the previous session. */
  prevMwplPercent: number | null;
  /** Today's − the previous session's, percentage points. */
  difference: number | null;
  /** Consecutive sessions in the ban up to today (0 when not banned). */
  daysInBan: number;
}

const percentOf = (security: Security) => Math.round(security.utilisation * 10_000) / 100;

/**
 * Every stock's MWPL % beside the previous session's and the difference, largest move first; `history` holds the
 * ban lists of the sessions before today, newest first, for the days in ban.
 */
export function mwplRows(
  today: MwplAnswer,
  previous: MwplAnswer | undefined,
  history: readonly MwplAnswer[] = [],
): MwplRow[] {
  const before = new Map((previous?.securities ?? []).map((security) => [security.symbol, percentOf(security)]));
  const banned = new Set(today.banned ?? []);
  return today.securities
    .map((security) => {
      const mwplPercent = percentOf(security);
      const prevMwplPercent = before.get(security.symbol) ?? null;
      return {
        symbol: security.symbol,
        mwplPercent,
        prevMwplPercent,
        difference: prevMwplPercent === null ? null : Math.round((mwplPercent - prevMwplPercent) * 100) / 100,
        daysInBan: banned.has(security.symbol) ? daysInBan(security.symbol, history) + 1 : 0,
      };
    })
    .sort((a, b) => Math.abs(b.difference ?? 0) - Math.abs(a.difference ?? 0) || a.symbol.localeCompare(b.symbol));
}

/** Consecutive sessions of `history` (newest first) in which the stock was banned. */
export function daysInBan(symbol: string, history: readonly MwplAnswer[]): number {
  let days = 0;
  for (const session of history) {
    if (!(session.banned ?? []).includes(symbol)) break;
    days += 1;
  }
  return days;
}

/** The three lists of the page: in ban, possibly entering it next session, possibly leaving it. */
export interface BanLists {
  banned: MwplRow[];
  possibleEntrants: MwplRow[];
  possibleExits: MwplRow[];
}

/**
 * Banned stocks by use, highest first; possible entrants = not banned with use ≥ the watch level, highest first;
 * possible exits = banned with use under the watch level (closest to the 80 % exit), lowest first.
 */
export function banLists(rows: readonly MwplRow[], banned: readonly string[], watchPercent = WATCH_PERCENT): BanLists {
  const inBan = new Set(banned);
  const byUseDescending = (a: MwplRow, b: MwplRow) => b.mwplPercent - a.mwplPercent;
  return {
    banned: rows.filter((row) => inBan.has(row.symbol)).sort(byUseDescending),
    possibleEntrants: rows
      .filter((row) => !inBan.has(row.symbol) && row.mwplPercent >= watchPercent)
      .sort(byUseDescending),
    possibleExits: rows
      .filter((row) => inBan.has(row.symbol) && row.mwplPercent < watchPercent)
      .sort((a, b) => a.mwplPercent - b.mwplPercent),
  };
}
