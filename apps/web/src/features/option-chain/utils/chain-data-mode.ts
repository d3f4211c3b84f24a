// Whether the chain's market is trading, which with the user's tier decides how the page keeps up (spec §4.3):
// ticks in the live tier, a refresh on the minute otherwise, nothing while the market is closed.
import type { DataTier } from '@fnodesk/contracts';
import { marketStatusAt } from '@fnodesk/domain';

/** A tick within this long proves the market is trading, whatever the local calendar says (replays, demos). */
const RECENT_TICK_MS = 15_000;
/** Slack for the chain of the cut-off minute (the server serves chains on minute boundaries). */
const CUT_OFF_SLACK_MS = 120_000;

/** What decides whether the chain's market trades. */
export interface ChainMarketSignals {
  now: number;
  tier: DataTier | null;
  /** The server's cut-off for this user's data (`meta.asOf`). */
  asOf: number | undefined;
  /** The minute the chain answer is as of. */
  chainAt: number | undefined;
  /** When the feed last delivered a tick, if ever. */
  lastTickAt: number | null;
  /** The server's simulated market never closes. */
  alwaysOpen: boolean;
}

/**
 * True while F&O trades: the server's market never closes, the exchange calendar says it is open, the feed is
 * ticking, or the chain served is at the user's cut-off (a delayed user still sees the session move for half an
 * hour after the close; a replayed market trades outside exchange hours). Without a plan data stops at the previous
 * close, which proves nothing.
 */
export function isChainMarketTrading(signals: ChainMarketSignals): boolean {
  const { now, tier, asOf, chainAt, lastTickAt } = signals;
  if (signals.alwaysOpen || marketStatusAt(now, 'NFO') === 'open') return true;
  if (lastTickAt !== null && now - lastTickAt <= RECENT_TICK_MS) return true;
  if (tier === 'none' || asOf === undefined || chainAt === undefined) return false;
  return chainAt >= asOf - CUT_OFF_SLACK_MS;
}

// The refresh fires 3 s past the minute so the minute's data is complete; the countdown reads to the minute itself.
const AFTER_BOUNDARY_MS = 3_000;

/** 'Next Update in N sec' (spec §2.9: 59 minus the current seconds on the minute cadence), never negative. */
export function nextUpdateSeconds(nextUpdateAt: number, now: number): number {
  // At second s of a minute there are 60 − s seconds to the boundary (part-seconds counted whole); the spec shows one
  // fewer, so the count ends at 0 in the minute's last second.
  return Math.max(0, Math.ceil((nextUpdateAt - AFTER_BOUNDARY_MS - now) / 1000) - 1);
}
