// How far back an Advance Chart pane loads its history: enough sessions for a set number of bars at the pane's
// resolution, so a trader can scroll back a few thousand bars whatever the timeframe (2,000 one-minute bars are
// about five and a half sessions; 2,000 hourly bars about fourteen months). The sessions are counted on the market
// calendar, each with the bars it really holds: a Muhurat session is one hour (a single hourly bar), and over
// fourteen months there are two of them.
import {
  RESOLUTION_MINUTES,
  isIntradayResolution,
  latestSessionAt,
  previousTradingDay,
  sessionOn,
  type EpochMs,
  type Exchange,
  type TradingSession,
} from '@fnodesk/domain';
import type { PaneResolution } from './technical-analysis-preferences';

/** Bars a pane loads when it opens. */
export const PANE_HISTORY_BARS = 2_000;

/** Bars a session holds at a resolution (the last, shorter candle counts: 375 min at 30m is 13 bars). */
export function barsInSession(session: TradingSession, resolution: PaneResolution): number {
  if (!isIntradayResolution(resolution)) return 1;
  return Math.ceil((session.close - session.open) / (RESOLUTION_MINUTES[resolution] * 60_000));
}

/**
 * The history range (`nD`, n trading sessions up to the latest at `now`) whose sessions before the latest hold at
 * least `bars` bars. The latest session is not counted: it may have only begun (or, in a replayed market, be cut
 * anywhere in its day).
 */
export function paneHistoryRange(
  resolution: PaneResolution,
  now: EpochMs,
  exchange: Exchange,
  bars: number = PANE_HISTORY_BARS,
): string {
  let date = latestSessionAt(now, exchange).date;
  let sessions = 1;
  let held = 0;
  while (held < bars) {
    date = previousTradingDay(date, exchange);
    const session = sessionOn(date, exchange);
    if (session === null) continue;
    held += barsInSession(session, resolution);
    sessions += 1;
  }
  return `${sessions}D`;
}
