import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { ticksViewOf, type TicksView } from '../../../lib/feed/use-ticks';

function sameView(a: TicksView, b: TicksView): boolean {
  if (a.ticks.size !== b.ticks.size || a.denied.size !== b.denied.size || a.stale.size !== b.stale.size) return false;
  for (const [token, tick] of a.ticks) if (b.ticks.get(token) !== tick) return false;
  for (const token of a.denied) if (!b.denied.has(token)) return false;
  for (const token of a.stale) if (!b.stale.has(token)) return false;
  return true;
}

/**
 * Holds `tokens` on the shared feed in quote mode while `enabled` and returns their latest ticks, told to React at
 * most once per animation frame: a batch of ticks for thirty-odd contracts re-renders the table once, not once per
 * change, and a hidden tab (no frames) does no work until it is shown again.
 */
export function useFrameTicks(tokens: readonly number[], enabled: boolean): TicksView {
  const client = useFeedClient();
  // A new array with the same tokens must not resubscribe.
  const key = enabled ? [...new Set(tokens)].sort((a, b) => a - b).join(',') : '';
  const held = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);

  useEffect(() => {
    if (held.length === 0) return undefined;
    return client.subscribe(held, 'quote');
  }, [client, held]);

  const subscribe = useCallback(
    (listener: () => void) => {
      let frame: number | null = null;
      const stop = client.onChange(() => {
        frame ??= requestAnimationFrame(() => {
          frame = null;
          listener();
        });
      });
      return () => {
        stop();
        if (frame !== null) cancelAnimationFrame(frame);
      };
    },
    [client],
  );
  const cache = useRef<TicksView | null>(null);
  const getSnapshot = useCallback(() => {
    const next = ticksViewOf(client, held);
    if (cache.current !== null && sameView(cache.current, next)) return cache.current;
    cache.current = next;
    return next;
  }, [client, held]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
