import type { Candle, FeedTick } from '@fnodesk/contracts';
import { useEffect, useState } from 'react';
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
  const { resolution, exchange } = bucketing;
  const key = `${token}|${resolution}|${exchange}|${lastHistoryCandle?.t ?? ''}|${String(enabled)}`;
  const [state, setState] = useState<Keyed>({ key, candle: null });

  useEffect(() => {
    if (!enabled) return undefined;
    let forming: FormingCandle | null = null;
    let seen: FeedTick | undefined;
    return client.onChange(() => {
      const tick = client.tick(token);
      if (tick === undefined || tick === seen) return;
      seen = tick;
      const next = nextFormingCandle(forming, lastHistoryCandle, tick, { resolution, exchange });
      if (next === forming || next === null) return;
      forming = next;
      setState({ key, candle: next.candle });
    });
  }, [client, token, enabled, resolution, exchange, lastHistoryCandle, key]);

  return state.key === key ? state.candle : null;
}
