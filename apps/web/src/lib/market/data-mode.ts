import type { Candle, DataTier } from '@fnodesk/contracts';
import {
  isIntradayResolution,
  lastClosedSessionSecond,
  marketStatusAt,
  RESOLUTION_MINUTES,
  type Exchange,
  type Resolution,
} from '@fnodesk/domain';

/**
 * How a chart keeps up (spec signed-in §4.3): `live` ticks over the feed (plan and broker logged in), `refresh`
 * re-reads delayed candles on a timer (no broker login, or no plan), `closed` shows history only.
 */
export type ChartDataMode = 'live' | 'refresh' | 'closed';

/** A tick within this long proves the market is trading, whatever the local calendar says (replays, demos). */
const RECENT_TICK_MS = 15_000;
/** Slack for the server's data of the cut-off minute still being written (chains are served on minute boundaries). */
const CUT_OFF_SLACK_MS = 120_000;

/** What decides whether a page's market is trading. */
export interface TradingSignals {
  now: number;
  exchange: Exchange;
  tier: DataTier | null;
  /** The instant the served data reaches (a chain's minute, the end of the last intraday candle), if known. */
  servedUntil: number | undefined;
  /** The server's cut-off for this user's data (`meta.asOf`), if known. */
  asOf: number | undefined;
  /** When the feed last delivered a tick for the page, if ever. */
  lastTickAt: number | null;
  /** The server's simulated market never closes (public-config `feed.alwaysOpen`). */
  alwaysOpen?: boolean;
  /** The server plays a past session again at every hour (public-config `feed.replay`). */
  replay?: boolean;
}

/**
 * True while the page's market is trading: the server replays a session or its market never closes, or the
 * exchange calendar says so, or the feed is ticking, or (delayed data) the served data reaches the server's
 * cut-off, which is how a server running a replayed or always-open market shows it. Users without a plan see
 * history only up to the previous close, which proves nothing.
 */
export function isTrading(signals: TradingSignals): boolean {
  const { now, exchange, tier, servedUntil, asOf, lastTickAt } = signals;
  if (signals.replay === true || signals.alwaysOpen === true) return true;
  if (marketStatusAt(now, exchange) === 'open') return true;
  if (lastTickAt !== null && now - lastTickAt <= RECENT_TICK_MS) return true;
  if (tier === 'none' || servedUntil === undefined || asOf === undefined) return false;
  return servedUntil >= asOf - CUT_OFF_SLACK_MS;
}

/** The end of a chart's last candle when it is intraday (what its data reaches), else undefined. */
export function intradayCandleEnd(lastCandle: Candle | undefined, resolution: Resolution): number | undefined {
  if (lastCandle === undefined || !isIntradayResolution(resolution)) return undefined;
  return lastCandle.t + RESOLUTION_MINUTES[resolution] * 60_000;
}

/** What decides whether a chart's market is trading. */
export interface MarketSignals extends Omit<TradingSignals, 'servedUntil'> {
  resolution: Resolution;
  /** The last candle served, if any. */
  lastCandle: Candle | undefined;
}

/** {@link isTrading} for a chart: its data reaches the end of its last intraday candle. */
export function isMarketTrading(signals: MarketSignals): boolean {
  const { resolution, lastCandle, ...rest } = signals;
  return isTrading({ ...rest, servedUntil: intradayCandleEnd(lastCandle, resolution) });
}

/** The chart's mode from the user's tier, the feed's verdict on the token, and whether the market trades. */
export function chartDataMode(tier: DataTier | null, denied: boolean, trading: boolean): ChartDataMode {
  if (!trading) return 'closed';
  return tier === 'live' && !denied ? 'live' : 'refresh';
}

/** The banner of a chart outside the live tier (spec signed-in §4.3), or null. */
export function tierMessage(tier: DataTier | null): string | null {
  if (tier === 'delayed') return 'Login with your broker for real time prices';
  if (tier === 'none') return 'You do not have a valid subscription plan.';
  return null;
}

/**
 * 'Last Updated' while the market is closed: the last second of the latest closed session at the user's cut-off
 * (e.g. 15:29:59), the fallback of spec §4.3.
 */
export function closedLastUpdated(now: number, asOf: number | undefined, exchange: Exchange): number {
  return lastClosedSessionSecond(Math.min(now, asOf ?? now), exchange);
}
