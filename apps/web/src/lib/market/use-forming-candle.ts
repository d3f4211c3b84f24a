import type { Candle, FeedTick } from '@fnodesk/contracts';
import { useCallback, useEffect, useState } from 'react';
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
    let forming: FormingCandle | null = null;
    let seen: FeedTick | undefined;
    return client.onChange(() => {
      const tick = readTick(client);
      if (tick === undefined || tick === null || (seen !== undefined && sameTick(tick, seen))) return;
      seen = tick;
      const next = nextFormingCandle(forming, lastHistoryCandle, tick, { resolution, exchange });
      if (next === forming || next === null) return;
      forming = next;
      setState({ key, candle: next.candle });
    });
  }, [client, readTick, enabled, resolution, exchange, lastHistoryCandle, key]);

  return state.key === key ? state.candle : null;
}

// A tick that changes nothing the forming candle reads (a strategy's tick is rebuilt on every feed change).
function sameTick(a: FeedTick, b: FeedTick): boolean {
  return a === b || (a.ts === b.ts && a.lp === b.lp && a.vt === b.vt && a.atp === b.atp && a.oi === b.oi);
}
