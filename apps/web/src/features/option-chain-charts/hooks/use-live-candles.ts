import type { ChartGroup } from '@fnodesk/charts';
import type { Candle, FeedTick } from '@fnodesk/contracts';
import type { Exchange, Resolution } from '@fnodesk/domain';
import { useEffect } from 'react';
import type { FeedClient } from '../../../lib/feed/feed-client';
import { nextFormingCandle, type FormingCandle } from '../../../lib/market/forming-candle';

/** One chart fed from the live feed. */
export interface LiveChartFeed {
  chartId: string;
  token: number;
  resolution: Resolution;
  exchange: Exchange;
  /** The history's last candle, which the first ticks extend. */
  lastCandle: Candle | undefined;
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
  feeds: readonly LiveChartFeed[],
): void {
  useEffect(() => {
    if (!enabled || group === null || feeds.length === 0) return undefined;
    const release = client.subscribe(
      feeds.map((feed) => feed.token),
      'quote',
    );
    const state = feeds.map(() => ({ forming: null as FormingCandle | null, seen: undefined as FeedTick | undefined }));
    const apply = () => {
      feeds.forEach((feed, i) => {
        const tick = client.tick(feed.token);
        const slot = state[i]!;
        if (tick === undefined || tick === slot.seen) return;
        slot.seen = tick;
        const next = nextFormingCandle(slot.forming, feed.lastCandle, tick, feed);
        if (next === null || next === slot.forming) return;
        slot.forming = next;
        group.queueLive(feed.chartId, next.candle);
      });
    };
    const stop = client.onChange(apply);
    apply();
    return () => {
      stop();
      release();
    };
  }, [client, group, enabled, feeds]);
}
