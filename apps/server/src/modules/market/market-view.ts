// What every market-data service shares: the instant a caller may see, the checks of expiries and dates asked for,
// and the sessions closed by an instant.
import type { ContractExpirySchema } from '@fnodesk/contracts';
import type { ContractExpiry, IsoDate } from '@fnodesk/domain';
import {
  decodeInstrumentToken,
  EXCHANGES,
  istDateOf,
  istMidnight,
  lastClosedSessionSecond,
  nextOptionExpiries,
  nextSessionStart,
  underlyingById,
} from '@fnodesk/domain';
import { HISTORY_ANCHOR_DATE } from '@fnodesk/market-sim';
import type { z } from 'zod';
import { errors } from '../../platform/errors';
import { BoundedCache } from './bounded-cache';
import { formatMarketDate } from './market-format';

/** What a caller may see: nothing after `asOf` (epoch ms), the instant its data tier serves. */
export interface MarketView {
  readonly asOf: number;
}

/** The data of a response schema. */
export type Data<S extends z.ZodType> = z.infer<S>;

/** An expiry as the data API shows it. */
export function expiryOf(expiry: ContractExpiry): Data<typeof ContractExpirySchema> {
  return {
    date: expiry.date,
    formattedDate: formatMarketDate(expiry.date),
    series: expiry.series,
    shiftedForHoliday: expiry.shiftedForHoliday,
    expiresAt: expiry.expiresAt,
  };
}

/** 400: the expiry is not listed at the instant served. */
export function notListed(root: string, expiry: IsoDate) {
  return errors.validation('expiry', `${root} options expiring on ${expiry} are not listed at the time served.`);
}

// Whether a date is an option expiry of a root never changes: every chain request asks, so the answer is kept.
const knownExpiries = new BoundedCache<string, ContractExpiry | null>(4_096);

/** The option expiry of a root on a date (by today's contract rules), or a 400 naming `field`. */
export function requireOptionExpiry(root: string, date: IsoDate, field: string): ContractExpiry {
  requireHistoryDate(date, field);
  const found = knownExpiries.getOrCompute(`${root}|${date}`, () => {
    try {
      const next = nextOptionExpiries(root, istMidnight(date), 1)[0];
      return next?.date === date ? next : null;
    } catch {
      return null;
    }
  });
  if (!found) throw errors.validation(field, `${date} is not an option expiry of ${root}.`);
  return found;
}

/** A 400 naming `field` for a date before the market's history starts (2014); dates before it name nothing. */
export function requireHistoryDate(date: IsoDate | undefined, field: string): void {
  if (date !== undefined && date < HISTORY_ANCHOR_DATE) {
    throw errors.validation(field, `Market history starts on ${HISTORY_ANCHOR_DATE}.`);
  }
}

/** The derivatives root of a token's underlying (an index, stock or any of their contracts), or a 400. */
export function rootOfToken(token: number): string {
  const underlying = underlyingById(decodeInstrumentToken(token).underlyingId);
  const root = underlying && ('symbol' in underlying ? underlying.symbol : underlying.derivatives?.root);
  if (!root) throw errors.validation('token', 'This instrument has no options.');
  return root;
}

/** The last second of the latest session closed by the view's instant (F&O closes last, so its close counts). */
export function closedAsOf(view: MarketView): number {
  return Math.min(view.asOf, lastClosedSessionSecond(view.asOf, 'NFO') + 999);
}

/**
 * Whether data up to `end` (at or before the view's instant) is final: it ends by the last close, or no session of
 * any segment starts between that close and `end` (a range asked up to the evening of the last closed session).
 */
export function settled(view: MarketView, end: number): boolean {
  const closed = closedAsOf(view);
  return end <= closed || EXCHANGES.every((exchange) => nextSessionStart(closed, exchange) > end);
}

/** The date of the latest session closed by the view's instant. */
export function closedThrough(view: MarketView): IsoDate {
  return istDateOf(lastClosedSessionSecond(view.asOf, 'NFO'));
}

/** The dates of the closed sessions between two instants, or null when none has closed in the range. */
export function closedDates(view: MarketView, from: number, to: number): { from: IsoDate; to: IsoDate } | null {
  const last = istDateOf(Math.min(to, closedAsOf(view)));
  const first = istDateOf(from);
  return first <= last ? { from: first, to: last } : null;
}
