import type { ChartGroup } from '@fnodesk/charts';
import type { Candle, FeedTick } from '@fnodesk/contracts';
import { candleBucketStart, type Exchange, type Resolution } from '@fnodesk/domain';
import { useEffect } from 'react';
import type { FeedClient } from '../../../lib/feed/feed-client';
import { nextFormingCandle, type FormingCandle } from '../../../lib/market/forming-candle';

/** One chart fed from the live feed. */
export interface LiveChartFeed {
  chartId: string;
  token: number;
  resolution: Resolution;
  exchange: Exchange;
  /** The chart's history, whose last candle the first ticks extend. */
  history: readonly Candle[] | undefined;
}

interface FeedState {
  forming: FormingCandle | null;
  seen: FeedTick | undefined;
  /** The history's last candle as the chart shows it. */
  last: Candle | undefined;
}

/**
 * The next state of one chart after a tick, and the history to show again when a replay went back in time.
 * Live, a tick older than the forming candle changes nothing. In a replay (a past session played again, which
 * restarts at its open) the history is cut at the tick's candle, so the chart shows the session up to the replayed
 * instant and grows from there.
 */
export function applyTick(
  state: FeedState,
  feed: LiveChartFeed,
  tick: FeedTick,
  replay: boolean,
): { state: FeedState; cut: Candle[] | null; candle: Candle | null } {
  let { forming, last } = state;
  let cut: Candle[] | null = null;
  const current = forming?.candle ?? last;
  if (replay && current !== undefined && feed.history !== undefined) {
    const bucket = candleBucketStart(tick.ts, feed.resolution, feed.exchange);
    if (bucket < current.t) {
      cut = feed.history.filter((candle) => candle.t < bucket);
      last = cut.at(-1);
      forming = null;
    }
  }
  const next = nextFormingCandle(forming, last, tick, feed);
  const changed = next !== null && next !== forming;
  return {
    state: { forming: changed ? next : forming, seen: tick, last },
    cut,
    candle: changed ? next.candle : null,
  };
}

/**
 * While `enabled` (the live tier), holds every chart's token on the feed and turns ticks into forming candles queued
 * on the chart group, which applies them to all charts in one animation frame. No React state changes per tick.
 * `feeds` must be memoised: a new array restarts the candles from the history.
 */
export function useLiveCandles(
  client: FeedClient,
  group: ChartGroup | null,
  enabled: boolean,
  replay: boolean,
  feeds: readonly LiveChartFeed[],
): void {
  useEffect(() => {
    if (!enabled || group === null || feeds.length === 0) return undefined;
    const release = client.subscribe(
      feeds.map((feed) => feed.token),
      'quote',
    );
    const states: FeedState[] = feeds.map((feed) => ({ forming: null, seen: undefined, last: feed.history?.at(-1) }));
    const apply = () => {
      feeds.forEach((feed, i) => {
        const tick = client.tick(feed.token);
        if (tick === undefined || tick === states[i]!.seen) return;
        const result = applyTick(states[i]!, feed, tick, replay);
        states[i] = result.state;
        if (result.cut !== null) group.setCandles(feed.chartId, result.cut);
        if (result.candle !== null) group.queueLive(feed.chartId, result.candle);
      });
    };
    const stop = client.onChange(apply);
    apply();
    return () => {
      stop();
      release();
    };
  }, [client, group, enabled, replay, feeds]);
}
