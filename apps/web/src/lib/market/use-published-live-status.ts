import { useEffect } from 'react';
import { publishLiveStatus } from '../live-status';
import type { ChartDataMode } from './data-mode';

// In the live tier ticks arrive about once a second.
const LIVE_UPDATE_MS = 1_000;

/** What a chart page says about its data's freshness. */
export interface ChartFreshness {
  mode: ChartDataMode | null;
  lastUpdatedAt: number | null;
  /** When the delayed tier's refresh timer fires next. */
  nextUpdateAt: number | null;
  /** When the feed's last tick arrived. */
  lastTickAt: number | null;
  now: number;
}

/**
 * While `publish` and something was loaded, publishes when the page's data was last updated and when it updates
 * next (a second after the last tick when live, the refresh timer when delayed, nothing more when closed) for the
 * app's live-status display; withdrawn when the page goes.
 */
export function usePublishedLiveStatus(
  publish: boolean,
  { mode, lastUpdatedAt, nextUpdateAt, lastTickAt, now }: ChartFreshness,
): void {
  useEffect(() => {
    if (!publish || lastUpdatedAt === null) return undefined;
    const next =
      mode === 'live'
        ? (lastTickAt ?? now) + LIVE_UPDATE_MS
        : mode === 'refresh'
          ? (nextUpdateAt ?? lastUpdatedAt)
          : lastUpdatedAt;
    publishLiveStatus({ lastUpdatedAt, nextUpdateAt: next });
    return () => publishLiveStatus(null);
  }, [publish, mode, lastUpdatedAt, nextUpdateAt, lastTickAt, now]);
}
