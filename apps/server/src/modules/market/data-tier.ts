import type { DataTier, Entitlements } from '@fnodesk/contracts';
import { istDateOf, previousTradingDay, sessionOn } from '@fnodesk/domain';

/** The tier a user's data is served in, and how far behind real time it is. */
export interface DataTierInfo {
  readonly tier: DataTier;
  /** How far behind real time candles and ticks are served; 0 for live. */
  readonly delayMs: number;
  /** Nothing after this instant (epoch ms) is served. */
  readonly asOf: number;
}

/** Tier settings: the delay for subscribers without a broker login and the refresh interval of delayed pages. */
export interface DataTierSettings {
  readonly delaySubscribedMs: number;
  readonly refreshMs: number;
}

/**
 * ARCHITECTURE §3 data tiers: `live` = a Discover plan (a trial counts) and a broker logged in; `delayed` = a plan
 * and no broker login; `none` = no plan, which sees history only up to the close of the previous session.
 */
export function dataTierOf(entitlements: Entitlements, settings: DataTierSettings, now: number): DataTierInfo {
  if (entitlements.activeSubscription && entitlements.brokerLoggedIn) return { tier: 'live', delayMs: 0, asOf: now };
  if (entitlements.activeSubscription) {
    return { tier: 'delayed', delayMs: settings.delaySubscribedMs, asOf: now - settings.delaySubscribedMs };
  }
  const asOf = previousSessionClose(now);
  return { tier: 'none', delayMs: Math.max(0, now - asOf), asOf };
}

/**
 * Close of the last session on an earlier IST date than `now` (today's session, open or not, is excluded): the
 * later of the NSE cash and NFO closes that day, since F&O trades until 15:40 from 3-Aug-2026.
 */
export function previousSessionClose(now: number): number {
  const date = previousTradingDay(istDateOf(now), 'NSE');
  const closes = (['NSE', 'NFO'] as const).map((exchange) => sessionOn(date, exchange)?.close ?? -Infinity);
  const close = Math.max(...closes);
  return Number.isFinite(close) ? close : now;
}
