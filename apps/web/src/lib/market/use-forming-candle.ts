import type { Candle, FeedTick } from '@fnodesk/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FeedClient } from '../feed/feed-client';
import { nextFormingCandle, type CandleBucketing, type FormingCandle } from './forming-candle';

interface Keyed {
  key: string;
  candle: Candle | null;
}

/**
 * The candle forming from the feed's ticks of `token` on top of the history's last candle, while `enabled` (the
 * live tier). The token must be held on the feed by the caller (`useTicks`). Resets when the instrument, the
 * resolution or the history changes.
 */
export function useFormingCandle(
  client: FeedClient,
  token: number,
  enabled: boolean,
  bucketing: CandleBucketing,
  lastHistoryCandle: Candle | undefined,
): Candle | null {
  const readTick = useCallback((feed: FeedClient) => feed.tick(token), [token]);
  return useFormingCandleOf(client, String(token), readTick, enabled, bucketing, lastHistoryCandle);
}

/**
 * The candle forming from whatever tick `readTick` makes of the feed (one instrument's, or a strategy's from its
 * legs'), keyed by `source`; the tokens read must be held on the feed by the caller.
 */
export function useFormingCandleOf(
  client: FeedClient,
  source: string,
  readTick: (client: FeedClient) => FeedTick | null | undefined,
  enabled: boolean,
  bucketing: CandleBucketing,
  lastHistoryCandle: Candle | undefined,
): Candle | null {
  const { resolution, exchange } = bucketing;
  const key = `${source}|${resolution}|${exchange}|${lastHistoryCandle?.t ?? ''}|${String(enabled)}`;
  const [state, setState] = useState<Keyed>({ key, candle: null });

  useEffect(() => {
    if (!enabled) return undefined;
    return followFormingCandle(client, readTick, { resolution, exchange }, lastHistoryCandle, (candle) =>
      setState({ key, candle }),
    );
  }, [client, readTick, enabled, resolution, exchange, lastHistoryCandle, key]);

  return state.key === key ? state.candle : null;
}

/** Starts following a forming candle: called with a function that receives each candle; returns how to stop. */
export type FollowFormingCandle = (show: (candle: Candle) => void) => () => void;

/**
 * Like {@link useFormingCandle}, for a chart that draws the forming candle itself: returns how to follow the
 * candle (undefined while not `enabled`), which hands each new candle to the chart without re-rendering the
 * component. A new function comes when the instrument, the resolution or the history changes (start again from
 * the history's last candle).
 */
export function useFormingCandleFollower(
  client: FeedClient,
  token: number,
  enabled: boolean,
  bucketing: CandleBucketing,
  lastHistoryCandle: Candle | undefined,
): FollowFormingCandle | undefined {
  const { resolution, exchange } = bucketing;
  return useMemo(
    () =>
      enabled
        ? (show: (candle: Candle) => void) =>
            followFormingCandle(client, (feed) => feed.tick(token), { resolution, exchange }, lastHistoryCandle, show)
        : undefined,
    [client, token, enabled, resolution, exchange, lastHistoryCandle],
  );
}

/**
 * Calls `onCandle` with the candle forming from the ticks `readTick` makes of the feed on top of the history's last
 * candle, after each feed change that moves it; returns how to stop.
 */
export function followFormingCandle(
  client: FeedClient,
  readTick: (client: FeedClient) => FeedTick | null | undefined,
  bucketing: CandleBucketing,
  lastHistoryCandle: Candle | undefined,
  onCandle: (candle: Candle) => void,
): () => void {
  let forming: FormingCandle | null = null;
  let seen: FeedTick | undefined;
  return client.onChange(() => {
    const tick = readTick(client);
    if (tick === undefined || tick === null || (seen !== undefined && sameTick(tick, seen))) return;
    seen = tick;
    const next = nextFormingCandle(forming, lastHistoryCandle, tick, bucketing);
    if (next === forming || next === null) return;
    forming = next;
    onCandle(next.candle);
  });
}

// A tick that changes nothing the forming candle reads (a strategy's tick is rebuilt on every feed change).
function sameTick(a: FeedTick, b: FeedTick): boolean {
  return a === b || (a.ts === b.ts && a.lp === b.lp && a.vt === b.vt && a.atp === b.atp && a.oi === b.oi);
}
