import type { DataTier } from '@fnodesk/contracts';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { FeedClient } from '../feed/feed-client';
import { useFeedClient } from '../feed/feed-context';

/** The tier the feed announced, while its connection is open; null otherwise or before any announcement. */
function announcedTierOf(client: FeedClient): DataTier | null {
  const status = client.status();
  return status.connection === 'open' ? (status.tier?.tier ?? null) : null;
}

/**
 * Calls `refetch` once when the feed announces a tier other than `servedTier`, the tier the shown data was served
 * in (broker login or logout, plan start or end, possibly in another tab). An answer still in the old tier does
 * not refetch again for the same announcement; a later, different one does. Nothing happens while either tier is
 * unknown or the feed is not connected.
 */
export function useRefetchOnTierChange(servedTier: DataTier | null, refetch: () => void): void {
  const client = useFeedClient();
  // A string snapshot: ticks and other status changes do not re-render the page.
  const subscribe = useCallback((listener: () => void) => client.onChange(listener), [client]);
  const getSnapshot = useCallback(() => announcedTierOf(client), [client]);
  const announced = useSyncExternalStore(subscribe, getSnapshot);

  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  }, [refetch]);
  // The announced tier already refetched for: the server may reuse the old entitlements for up to a second, so
  // the answer to that refetch can still carry the old tier.
  const refetchedFor = useRef<DataTier | null>(null);

  useEffect(() => {
    if (servedTier === null || announced === null) return;
    if (announced === servedTier) {
      // Caught up: a later announcement of the tier refetched for before is news again.
      refetchedFor.current = null;
      return;
    }
    if (refetchedFor.current === announced) return;
    refetchedFor.current = announced;
    latest.current();
  }, [servedTier, announced]);
}
