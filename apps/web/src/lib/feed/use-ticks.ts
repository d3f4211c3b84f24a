import type { FeedMode, FeedTick } from '@fnodesk/contracts';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { FeedClient } from './feed-client';
import { useFeedClient } from './feed-context';

/** The latest ticks of some instruments and what is wrong with any of them. */
export interface TicksView {
  /** Latest tick per token (tokens without one yet are absent). */
  ticks: ReadonlyMap<number, FeedTick>;
  /** Tokens the server refused in this tier (error 103). */
  denied: ReadonlySet<number>;
  /** Tokens without a tick for a while during market hours. */
  stale: ReadonlySet<number>;
}

/** Builds the view of `tokens` from the client's state. */
export function ticksViewOf(client: FeedClient, tokens: readonly number[]): TicksView {
  const ticks = new Map<number, FeedTick>();
  const denied = new Set<number>();
  const stale = new Set<number>();
  for (const token of tokens) {
    const tick = client.tick(token);
    if (tick !== undefined) ticks.set(token, tick);
    if (client.isDenied(token)) denied.add(token);
    if (client.isStale(token)) stale.add(token);
  }
  return { ticks, denied, stale };
}

function sameView(a: TicksView, b: TicksView): boolean {
  if (a.ticks.size !== b.ticks.size || a.denied.size !== b.denied.size || a.stale.size !== b.stale.size) return false;
  for (const [token, tick] of a.ticks) if (b.ticks.get(token) !== tick) return false;
  for (const token of a.denied) if (!b.denied.has(token)) return false;
  for (const token of a.stale) if (!b.stale.has(token)) return false;
  return true;
}

/** How a hook hears that the client changed: calls `listener` after changes, returns how to stop. */
export type TickChanges = (client: FeedClient, listener: () => void) => () => void;

const everyChange: TickChanges = (client, listener) => client.onChange(listener);

/**
 * Holds `tokens` on the shared feed in `mode` while `enabled` and returns their latest ticks, re-rendering when
 * `changes` says so (pass a module-level function: a new one each render resubscribes) and one of these tokens
 * changed.
 */
export function useHeldTicks(
  tokens: readonly number[],
  mode: FeedMode,
  enabled: boolean,
  changes: TickChanges,
): TicksView {
  const client = useFeedClient();
  const held = useHeldTokens(tokens, mode, enabled);

  const cache = useRef<TicksView | null>(null);
  const getSnapshot = useCallback(() => {
    const next = ticksViewOf(client, held);
    if (cache.current !== null && sameView(cache.current, next)) return cache.current;
    cache.current = next;
    return next;
  }, [client, held]);
  const subscribe = useCallback((listener: () => void) => changes(client, listener), [client, changes]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/**
 * Holds `tokens` on the shared feed in `mode` while the component is mounted and `enabled`, without re-rendering on
 * their ticks (for charts that read ticks from the client themselves); returns the tokens held, sorted.
 */
export function useHeldTokens(tokens: readonly number[], mode: FeedMode, enabled: boolean): readonly number[] {
  const client = useFeedClient();
  // A new array with the same tokens must not resubscribe.
  const key = enabled ? [...new Set(tokens)].sort((a, b) => a - b).join(',') : '';
  const held = useMemo(() => (key === '' ? [] : key.split(',').map(Number)), [key]);

  useEffect(() => {
    if (held.length === 0) return undefined;
    return client.subscribe(held, mode);
  }, [client, held, mode]);
  return held;
}

/**
 * Holds `tokens` on the shared feed in `mode` while the component is mounted (subscribed on the first holder,
 * unsubscribed when the last leaves) and returns their latest ticks. Pass `enabled: false` to hold nothing (e.g.
 * outside the live tier). Re-renders only when one of these tokens changes.
 */
export function useTicks(tokens: readonly number[], mode: FeedMode = 'ltp', enabled = true): TicksView {
  return useHeldTicks(tokens, mode, enabled, everyChange);
}
