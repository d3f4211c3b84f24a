import { marketStatusAt, type Exchange } from '@fnodesk/domain';

const WATCHED: readonly Exchange[] = ['NSE', 'NFO', 'BSE', 'BFO'];

/**
 * True while any NSE or BSE segment is in its pre-open or normal session at the instant (from the domain's
 * calendar: weekends, holidays and special sessions included). Outside these hours Kite may go quiet, so silence
 * is not a fault.
 */
export function isIndianMarketOpen(instant: number): boolean {
  return WATCHED.some((exchange) => {
    const status = marketStatusAt(instant, exchange);
    return status === 'open' || status === 'pre-open';
  });
}
