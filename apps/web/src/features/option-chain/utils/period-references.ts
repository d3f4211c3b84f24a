// What the change columns compare with for each period button (spec §2.9: 1D to 5D, and 1M): the close and OI of
// the last session before the period began, so '2D' is the move over the last two sessions, the same window the
// charts draw for 2D. '1D' is the previous close, which the chain answer and the feed's ticks already carry.
import type { Candle } from '@fnodesk/contracts';
import {
  compareIsoDates,
  historyRangeWindow,
  istDateOf,
  type ChartPeriod,
  type EpochMs,
  type IsoDate,
} from '@fnodesk/domain';

/** A contract's close and OI at the end of the session before the period. */
export interface PeriodReference {
  close: number;
  oi: number;
}

/** Reference values by instrument token; a token listed after the reference session has none. */
export type PeriodReferences = ReadonlyMap<number, PeriodReference>;

/** Calendar days fetched before the period's first session, enough to span a long exchange holiday break. */
const LOOKBACK_MARGIN_DAYS = 10;
const DAY_MS = 86_400_000;

/** The window of day candles holding every token's reference for a period whose changes run up to `at`. */
export interface ReferenceWindow {
  /** The period's first session: references are the last day candle before it. */
  firstSession: IsoDate;
  from: EpochMs;
  to: EpochMs;
}

/** The day-candle window to fetch for a period ending at the chain's instant `at` (F&O sessions). */
export function referenceWindow(period: ChartPeriod, at: EpochMs): ReferenceWindow {
  const window = historyRangeWindow(period, at, 'NFO');
  return { firstSession: window.firstSession, from: window.from - LOOKBACK_MARGIN_DAYS * DAY_MS, to: at };
}

/** Each token's last day candle before `firstSession`: its close and OI. */
export function periodReferencesOf(
  series: readonly { token: number; candles: readonly Candle[] }[],
  firstSession: IsoDate,
): PeriodReferences {
  const references = new Map<number, PeriodReference>();
  for (const { token, candles } of series) {
    let best: { t: number; reference: PeriodReference } | null = null;
    for (const candle of candles) {
      if (compareIsoDates(istDateOf(candle.t), firstSession) >= 0) continue;
      if (best === null || candle.t > best.t) best = { t: candle.t, reference: { close: candle.c, oi: candle.oi } };
    }
    if (best !== null) references.set(token, best.reference);
  }
  return references;
}
