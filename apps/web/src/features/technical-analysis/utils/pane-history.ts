// How far back an Advance Chart pane loads its history: enough sessions for a set number of bars at the pane's
// resolution, so a trader can scroll back a few thousand bars whatever the timeframe (2,000 one-minute bars are
// about five and a half sessions; 2,000 hourly bars about fourteen months).
import { RESOLUTION_MINUTES, isIntradayResolution } from '@fnodesk/domain';
import type { PaneResolution } from './technical-analysis-preferences';

/** Bars a pane loads when it opens. */
export const PANE_HISTORY_BARS = 2_000;

/** Minutes of a normal NSE/NFO session (09:15 to 15:30). */
const NORMAL_SESSION_MINUTES = 375;
/**
 * Sessions loaded beyond the count the bars need: today's session may have only begun, and a special session
 * (Muhurat trading, about an hour) holds fewer bars than a normal one.
 */
const SPARE_SESSIONS = 2;

/** Bars one normal session holds at a resolution (the last, shorter candle counts: 375 min at 30m is 13 bars). */
export function barsPerSession(resolution: PaneResolution): number {
  return isIntradayResolution(resolution) ? Math.ceil(NORMAL_SESSION_MINUTES / RESOLUTION_MINUTES[resolution]) : 1;
}

/** The history range (`nD`, n trading sessions) that holds at least `bars` bars at the resolution. */
export function paneHistoryRange(resolution: PaneResolution, bars: number = PANE_HISTORY_BARS): string {
  return `${Math.ceil(bars / barsPerSession(resolution)) + SPARE_SESSIONS}D`;
}
