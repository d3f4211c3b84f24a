import type { DataResponse } from '@fnodesk/contracts';
import { dayNumber, type IsoDate } from '@fnodesk/domain';
import { directionOf, roundTo2, type Direction } from './day-on-day';

/** One session of `get_index_stats`. */
export type FiiDerivativesSession = DataResponse<'get_index_stats'>[number];

/** The derivative segments `get_index_stats` reports, as the page's chips name them. */
export const FII_SEGMENTS = [
  { id: 'indexFutures', label: 'INDEX FUTURES' },
  { id: 'indexOptions', label: 'INDEX OPTIONS' },
  { id: 'stockFutures', label: 'STOCK FUTURES' },
  { id: 'stockOptions', label: 'STOCK OPTIONS' },
] as const;

/** A segment's key in a session. */
export type FiiSegment = (typeof FII_SEGMENTS)[number]['id'];

/** One row of the FII Index Activity table: a segment on a session. */
export interface FiiActivityRow {
  date: IsoDate;
  segment: FiiSegment;
  type: string;
  /** Bought − sold contracts. */
  netContracts: number;
  /** Net contracts − the previous session's; null for the oldest session. */
  netContractsChange: number | null;
  contractsDirection: Direction | null;
  /** Bought − sold value, ₹ crore. */
  netValue: number;
  openInterest: number;
  openInterestChange: number | null;
  oiDirection: Direction | null;
  /** Open interest value, ₹ crore. */
  openInterestValue: number;
}

/**
 * The table's rows for the chosen segments, newest session first: net contracts = bought − sold, and the arrows
 * compare net contracts and open interest with the previous session (pages brief G3).
 */
export function fiiActivityRows(
  sessions: readonly FiiDerivativesSession[],
  segments: readonly FiiSegment[],
): FiiActivityRow[] {
  const ordered = [...sessions].sort((a, b) => dayNumber(a.date) - dayNumber(b.date));
  const rows: FiiActivityRow[] = [];
  ordered.forEach((session, index) => {
    const before = index > 0 ? ordered[index - 1] : undefined;
    for (const segment of FII_SEGMENTS) {
      if (!segments.includes(segment.id)) continue;
      const today = session[segment.id];
      const netContracts = today.buyContracts - today.sellContracts;
      const previous = before?.[segment.id];
      const netContractsChange =
        previous === undefined ? null : netContracts - (previous.buyContracts - previous.sellContracts);
      const openInterestChange =
        previous === undefined ? null : today.openInterestContracts - previous.openInterestContracts;
      rows.push({
        date: session.date,
        segment: segment.id,
        type: segment.label,
        netContracts,
        netContractsChange,
        contractsDirection: directionOf(netContractsChange),
        netValue: roundTo2(today.buyValue - today.sellValue),
        openInterest: today.openInterestContracts,
        openInterestChange,
        oiDirection: directionOf(openInterestChange),
        openInterestValue: roundTo2(today.openInterestValue),
      });
    }
  });
  return rows.reverse();
}
