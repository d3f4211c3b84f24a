import { systemClock, type Clock } from '@fnodesk/domain';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { StatusDot } from '../../components/status-dot';
import { useFeedClient } from '../../lib/feed/feed-context';
import { useFeedTicking } from '../../lib/feed/use-feed-ticking';
import { formatIstTime } from '../../lib/format-ist';
import { effectiveLiveStatus, secondsUntil, useLiveStatus } from '../../lib/live-status';
import { useUserSession } from '../../lib/use-session';
import { statusDotState } from './status-dot-state';

// Ticks this recent mean the feed is delivering.
const TICKING_WITHIN_MS = 5_000;

/**
 * The top bar's data status dot, ticking once a second for its countdown (spec signed-in §2.2): its timing is the
 * page's (the last tick in the live tier, the refresh timer in the delayed ones), its colour the feed's tier.
 */
export function ShellStatusDot({ clock = systemClock, className }: { clock?: Clock; className?: string }) {
  const session = useUserSession();
  const published = useLiveStatus();
  const client = useFeedClient();
  // The feed's status is new with every tick: the dot reads only what it shows, so a tick does not re-render it.
  const feedTier = useSyncExternalStore(
    useCallback((listener: () => void) => client.onChange(listener), [client]),
    () => client.status().tier?.tier ?? null,
  );
  const ticking = useFeedTicking(client, clock, TICKING_WITHIN_MS);
  const [now, setNow] = useState(() => clock.now());

  useEffect(() => {
    const timer = clock.setInterval(() => setNow(clock.now()), 1000);
    return () => timer.cancel();
  }, [clock]);

  const status = effectiveLiveStatus(published, now);
  const state = statusDotState(now, {
    activeSubscription: session?.activeSubscription ?? false,
    brokerLoggedIn: session?.brokerLoggedIn ?? false,
    feedTier,
    ticking,
  });
  return (
    <StatusDot
      className={className}
      state={state}
      lastUpdated={formatIstTime(status.lastUpdatedAt)}
      secondsToNext={secondsUntil(status.nextUpdateAt, now)}
    />
  );
}
