import type { Clock } from '@fnodesk/domain';
import { useEffect, useState } from 'react';
import type { FeedClient } from './feed-client';

/** Whether `client` took a tick within `withinMs` before `now`. */
export function feedTickedWithin(client: FeedClient, now: number, withinMs: number): boolean {
  const at = client.status().lastTickAt;
  return at !== null && now - at <= withinMs;
}

/**
 * Whether the feed took a tick in the last `withinMs`, checked on every feed change and every `checkEveryMs`: the
 * component re-renders when the answer changes, not on every tick (the feed's status is new with each one, and a
 * render per tick costs the charts that draw ticks themselves part of their frame).
 */
export function useFeedTicking(client: FeedClient, clock: Clock, withinMs: number, checkEveryMs = 1_000): boolean {
  const [ticking, setTicking] = useState(() => feedTickedWithin(client, clock.now(), withinMs));
  useEffect(() => {
    let shown: boolean | null = null;
    const check = () => {
      const next = feedTickedWithin(client, clock.now(), withinMs);
      if (next === shown) return;
      shown = next;
      setTicking(next);
    };
    check();
    const stop = client.onChange(check);
    const timer = clock.setInterval(check, checkEveryMs);
    return () => {
      stop();
      timer.cancel();
    };
  }, [client, clock, withinMs, checkEveryMs]);
  return ticking;
}
