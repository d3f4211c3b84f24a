// Quantity freeze limits for index derivatives (units per order; NSE rejects larger orders, which must be sliced).
// NSE recomputes them every month; each row applies from its date until the next. BSE's limits and stock limits are
// not in the reference.
import type { IsoDate } from './ist-time';

/** Freeze limits in force from a date, by derivatives root. */
export interface VolumeFreezeRow {
  effectiveFrom: IsoDate;
  limits: Readonly<Record<string, number>>;
  source: string;
}

const LOW_BANKNIFTY = { BANKNIFTY: 600, NIFTY: 1800, FINNIFTY: 1800, MIDCPNIFTY: 2800, NIFTYNXT50: 600 } as const;
const HIGH_BANKNIFTY = { ...LOW_BANKNIFTY, BANKNIFTY: 900 } as const;
const LOW_FINNIFTY = { ...LOW_BANKNIFTY, FINNIFTY: 1200 } as const;

/** NSE index freeze limits, oldest first (NSE "Quantity freeze limits for indices" circulars). */
export const INDEX_VOLUME_FREEZE: readonly VolumeFreezeRow[] = [
  { effectiveFrom: '2025-08-01', limits: LOW_BANKNIFTY, source: 'NSE circular, Aug-2025' },
  { effectiveFrom: '2025-09-01', limits: HIGH_BANKNIFTY, source: 'NSE circular, Sep-2025' },
  { effectiveFrom: '2025-11-03', limits: LOW_BANKNIFTY, source: 'NSE circular, Nov-2025' },
  { effectiveFrom: '2025-12-01', limits: LOW_FINNIFTY, source: 'NSE circular, Dec-2025' },
  { effectiveFrom: '2026-01-01', limits: LOW_FINNIFTY, source: 'NSE circular, Jan-2026' },
  { effectiveFrom: '2026-02-01', limits: LOW_BANKNIFTY, source: 'NSE circular, Feb-2026' },
  { effectiveFrom: '2026-03-02', limits: LOW_FINNIFTY, source: 'NSE circular, Mar-2026' },
  { effectiveFrom: '2026-04-01', limits: HIGH_BANKNIFTY, source: 'NSE circular, Apr-2026' },
  { effectiveFrom: '2026-05-04', limits: HIGH_BANKNIFTY, source: 'NSE circular, May-2026' },
  { effectiveFrom: '2026-06-01', limits: HIGH_BANKNIFTY, source: 'NSE circular, Jun-2026' },
  { effectiveFrom: '2026-07-01', limits: LOW_BANKNIFTY, source: 'NSE circular, Jul-2026' },
  { effectiveFrom: '2026-08-03', limits: LOW_BANKNIFTY, source: 'NSE FAOP75521' },
];
