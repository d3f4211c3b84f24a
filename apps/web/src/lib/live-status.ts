import { useSyncExternalStore } from 'react';

/** When the data on screen was last updated and when the next update is due (epoch ms). */
export interface LiveStatus {
  lastUpdatedAt: number;
  nextUpdateAt: number;
}

// Pages that refresh data publish their own timing here; the top bar's status dot reads it.
let published: LiveStatus | null = null;
const listeners = new Set<() => void>();

/** Publishes the timing of the page's data (null when the page has none, e.g. when it unmounts). */
export function publishLiveStatus(status: LiveStatus | null): void {
  published = status;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The published timing of the page's data, or null when no page publishes one. */
export function useLiveStatus(): LiveStatus | null {
  return useSyncExternalStore(subscribe, () => published);
}

/** One minute: pages that are not live refresh on minute boundaries (spec signed-in §4.3). */
export const MINUTE_MS = 60_000;

/**
 * The timing the status dot shows: the published one, else the minute cadence of delayed pages (last update at the
 * minute's start, next at the next minute, so 59 minus the current second to go).
 */
export function effectiveLiveStatus(status: LiveStatus | null, now: number): LiveStatus {
  if (status !== null) return status;
  const lastUpdatedAt = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  return { lastUpdatedAt, nextUpdateAt: lastUpdatedAt + MINUTE_MS };
}

/** Whole seconds from `now` to the next update, never negative. */
export function secondsUntil(nextUpdateAt: number, now: number): number {
  return Math.max(0, Math.floor((nextUpdateAt - now) / 1000));
}
