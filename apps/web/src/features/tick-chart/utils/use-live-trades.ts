import type { FeedTick } from '@fnodesk/contracts';
import { useEffect, useState } from 'react';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { tradeFromTicks, type ChartTrade } from './tick-trades';

/** The most live trades kept (older ones are in the history pages). */
const MAX_LIVE_TRADES = 20_000;

/**
 * While `enabled` (the live tier), holds the token on the feed in full mode and collects the trades its ticks report,
 * handing them to React at most once per animation frame. Starts afresh when the token changes.
 */
export function useLiveTrades(token: number | null, enabled: boolean): readonly ChartTrade[] {
  const client = useFeedClient();
  const [state, setState] = useState<{ token: number | null; trades: readonly ChartTrade[] }>({
    token,
    trades: [],
  });
  useEffect(() => {
    if (!enabled || token === null) return undefined;
    const release = client.subscribe([token], 'full');
    let previous: FeedTick | undefined = client.tick(token);
    let pending: ChartTrade[] = [];
    let frame: number | null = null;
    const flush = () => {
      frame = null;
      const added = pending;
      pending = [];
      setState((current) => ({
        token,
        trades: [...(current.token === token ? current.trades : []), ...added].slice(-MAX_LIVE_TRADES),
      }));
    };
    const stop = client.onChange(() => {
      const tick = client.tick(token);
      if (tick === undefined || tick === previous) return;
      const trade = tradeFromTicks(previous, tick);
      previous = tick;
      if (trade === null) return;
      pending.push(trade);
      frame ??= requestAnimationFrame(flush);
    });
    return () => {
      stop();
      release();
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [client, token, enabled]);
  return state.token === token ? state.trades : [];
}
