/** The default refresh interval of delayed pages (ARCHITECTURE §3 `REFRESH_MS`). */
export const DEFAULT_REFRESH_MS = 60_000;

// Candles of a minute are complete a moment after it ends; refreshing 3 s past the boundary picks up the whole
// minute (spec signed-in §4.3: 'about 63 seconds minus the current seconds').
const AFTER_BOUNDARY_MS = 3_000;

/** When the first refresh is due: 3 s after the next minute boundary (epoch ms). */
export function firstRefreshAt(now: number): number {
  return Math.floor(now / 60_000) * 60_000 + 60_000 + AFTER_BOUNDARY_MS;
}

/** 'Next Update in N sec' (spec §2.9: 59 minus the current seconds on the minute cadence), never negative. */
export function nextUpdateSeconds(nextUpdateAt: number, now: number): number {
  // At second s of a minute there are 60 − s seconds to the boundary (part-seconds counted whole); the spec shows one
  // fewer, so the count ends at 0 in the minute's last second. The refresh itself fires 3 s past the boundary.
  return Math.max(0, Math.ceil((nextUpdateAt - AFTER_BOUNDARY_MS - now) / 1000) - 1);
}
