// The still-forming candle of a live chart: ticks keep rebuilding the candle of the current bucket until the next
// bucket starts. Comparing by chart time (whole seconds) keeps this consistent with how the series are keyed.
import type { Candle } from '@fnodesk/contracts';
import { toChartTime } from './chart-time';

/**
 * What a live candle does to the candles shown: `replace` the last one (same start: the bucket is still forming),
 * `append` after it (a later start: a new bucket), or `ignore` it (an earlier start: a late or replayed update
 * that must not rewrite history).
 */
export type LiveCandleAction = 'replace' | 'append' | 'ignore';

/** The action a live candle calls for, given the last candle shown (none yet: append). */
export function liveCandleAction(last: Candle | undefined, live: Candle): LiveCandleAction {
  if (last === undefined) return 'append';
  const lastTime = toChartTime(last.t);
  const liveTime = toChartTime(live.t);
  if (liveTime === lastTime) return 'replace';
  return liveTime > lastTime ? 'append' : 'ignore';
}

/** Applies a live candle to time-ordered candles in place and says what it did. */
export function applyLiveCandle(candles: Candle[], live: Candle): LiveCandleAction {
  const action = liveCandleAction(candles.at(-1), live);
  if (action === 'replace') candles[candles.length - 1] = live;
  else if (action === 'append') candles.push(live);
  return action;
}
