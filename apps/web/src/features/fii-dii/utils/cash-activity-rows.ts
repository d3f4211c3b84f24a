import type { DataResponse } from '@fnodesk/contracts';
import { dateParts, dayNumber, monthAbbreviation, weekdayOf, addCalendarDays, type IsoDate } from '@fnodesk/domain';
import { formatSessionDate } from '../../../lib/market/session-date';
import { directionOf, roundTo2, type Direction } from './day-on-day';

/** One session of `get_cash_market` (₹ crore). */
export type CashSession = DataResponse<'get_cash_market'>[number];

/** How sessions are added up. */
export type CashRollUp = 'Daily' | 'Weekly' | 'Monthly';
export const CASH_ROLL_UPS: readonly CashRollUp[] = ['Daily', 'Weekly', 'Monthly'];

/** Who traded. */
export type CashParticipant = 'DII' | 'FII/FPI';

/** One row of the Cash Market Activity table: a participant in a period. */
export interface CashActivityRow {
  /** The period's first session (or the week's Monday, the month's first day). */
  period: IsoDate;
  label: string;
  type: CashParticipant;
  buy: number;
  sell: number;
  net: number;
  /** Net − the previous period's net; null for the oldest period. */
  netChange: number | null;
  direction: Direction | null;
  /** Sessions in the period. */
  sessions: number;
}

function periodOf(date: IsoDate, rollUp: CashRollUp): IsoDate {
  if (rollUp === 'Daily') return date;
  if (rollUp === 'Monthly') return `${date.slice(0, 8)}01`;
  // Weeks start on Monday (weekdayOf: 0 = Sunday).
  const weekday = weekdayOf(date);
  return addCalendarDays(date, -((weekday + 6) % 7));
}

function labelOf(period: IsoDate, rollUp: CashRollUp): string {
  if (rollUp === 'Monthly') {
    const { year, month } = dateParts(period);
    return `${monthAbbreviation(month)} ${year}`;
  }
  const date = formatSessionDate(period);
  return rollUp === 'Weekly' ? `Week of ${date}` : date;
}

/**
 * The table's rows, newest period first, DII then FII/FPI within a period: buy, sell and net added up over the
 * period, and Net Chg = net − the previous period's net (pages brief G3: 996.28 − (−430.71) = 1,426.99).
 */
export function cashActivityRows(sessions: readonly CashSession[], rollUp: CashRollUp): CashActivityRow[] {
  const periods = new Map<IsoDate, { fii: [number, number, number]; dii: [number, number, number]; count: number }>();
  for (const session of [...sessions].sort((a, b) => dayNumber(a.date) - dayNumber(b.date))) {
    const key = periodOf(session.date, rollUp);
    const sums = periods.get(key) ?? { fii: [0, 0, 0], dii: [0, 0, 0], count: 0 };
    sums.fii = [sums.fii[0] + session.fii.buy, sums.fii[1] + session.fii.sell, sums.fii[2] + session.fii.net];
    sums.dii = [sums.dii[0] + session.dii.buy, sums.dii[1] + session.dii.sell, sums.dii[2] + session.dii.net];
    sums.count += 1;
    periods.set(key, sums);
  }
  const rows: CashActivityRow[] = [];
  let previous: { fii: number; dii: number } | null = null;
  for (const [period, sums] of periods) {
    const make = (type: CashParticipant, [buy, sell, net]: [number, number, number], before: number | null) => {
      const netChange = before === null ? null : roundTo2(net - before);
      return {
        period,
        label: labelOf(period, rollUp),
        type,
        buy: roundTo2(buy),
        sell: roundTo2(sell),
        net: roundTo2(net),
        netChange,
        direction: directionOf(netChange),
        sessions: sums.count,
      };
    };
    rows.push(make('FII/FPI', sums.fii, previous?.fii ?? null), make('DII', sums.dii, previous?.dii ?? null));
    previous = { fii: sums.fii[2], dii: sums.dii[2] };
  }
  // Newest first; DII before FII/FPI as the vendor's table shows them.
  return rows.reverse();
}

/** Running totals of each participant's net from the oldest session shown (the cumulative line). */
export function cumulativeNet(sessions: readonly CashSession[]): { date: IsoDate; fii: number; dii: number }[] {
  let fii = 0;
  let dii = 0;
  return [...sessions]
    .sort((a, b) => dayNumber(a.date) - dayNumber(b.date))
    .map((session) => {
      fii += session.fii.net;
      dii += session.dii.net;
      return { date: session.date, fii: roundTo2(fii), dii: roundTo2(dii) };
    });
}
