import type { DataTier } from '@fnodesk/contracts';
import { marketStatusAt, systemClock, type Clock, type Exchange } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { FeedClient } from '../feed/feed-client';
import { useFeedClient } from '../feed/feed-context';
import { oncePerFrame } from '../feed/use-frame-ticks';
import { useSteppedFeedValue } from '../feed/use-stepped-feed-value';
import { useHeldTicks, type TickChanges, type TicksView } from '../feed/use-ticks';
import { publicConfigQueryOptions } from '../public-config';
import { chartDataMode, closedLastUpdated, isTrading, tierMessage, type ChartDataMode } from './data-mode';
import { DEFAULT_REFRESH_MS, nextUpdateSeconds } from './refresh-schedule';
import { useNow } from './use-now';
import { usePublishedLiveStatus } from './use-published-live-status';
import { useRefetchOnTierChange } from './use-refetch-on-tier-change';
import { useRefreshTimer } from './use-refresh-timer';

/** How a page's data was served: the tier meta of its main answer. */
export interface ServedData {
  tier: DataTier | null;
  /** Nothing after this instant was served (epoch ms). */
  asOf: number | undefined;
  /** How far the tier delays the data (ms). */
  delayMs?: number | undefined;
  /** When the answer arrived (the page's clock). */
  receivedAt: number;
}

/** Overrides of the deployment's feed settings (tests, stories); absent ones come from the public config. */
export interface MarketDataPageSettings {
  clock?: Clock | undefined;
  /** Refresh interval of delayed data (the server's `REFRESH_MS`). */
  refreshMs?: number | undefined;
  /** The server plays a past session again (`MARKET_CLOCK=replay`). */
  replay?: boolean | undefined;
  /** The server's simulated market never closes (`MARKET_CLOCK=always`). */
  alwaysOpen?: boolean | undefined;
}

/** What a page tells the kit about its data. */
export interface MarketDataPageInput extends MarketDataPageSettings {
  /** The exchange whose sessions the page follows (NFO for option pages). */
  exchange: Exchange;
  /** The tier meta of the page's main answer; undefined while it loads. */
  served: ServedData | undefined;
  /**
   * The instant the served data reaches (a chain's minute, the end of the last intraday candle): data reaching the
   * user's cut-off proves the market trades even where the local calendar says otherwise.
   */
  servedUntil?: number | undefined;
  /** The instant the served data is as of, for 'Last Updated' outside the live tier (default: the server's now). */
  dataAt?: number | undefined;
  /** Tokens to hold on the feed (quote mode) in the live tier. */
  tokens: readonly number[];
  /**
   * How ticks reach the page: `frame` re-renders at most once per animation frame (tables), `change` on every
   * change (a single quote), `none` never (charts that draw ticks themselves); the kit still reads them for
   * 'Last Updated' and the market state.
   */
  ticks: 'frame' | 'change' | 'none';
  /** Re-reads the page's data (timer, tier change). */
  refresh: () => void;
  /** Also refresh on the minute in the live tier: figures the server derives once a minute (IV, PCR, max pain). */
  refreshWhenLive?: boolean;
  /** This page's timing feeds the top bar's status dot (default true). */
  publishStatus?: boolean;
  /**
   * How often the page re-renders for the clock and the last tick (default every second); a page of many charts
   * takes longer steps and leaves the per-second countdown to status components with their own clock.
   */
  renderEveryMs?: number;
}

/** Everything a market-data page shows about its data besides the data itself. */
export interface MarketDataPage {
  /** The page's clock (the wall clock; 'Last Updated' follows the market's clock through the data and ticks). */
  clock: Clock;
  /** The clock's time, re-read every second. */
  now: number;
  tier: DataTier | null;
  /** How the page keeps up: live ticks, refresh on the minute, or closed; null while loading. */
  mode: ChartDataMode | null;
  /** True while the market is closed (holiday, weekend, after hours) and the page shows its last session. */
  marketClosed: boolean;
  /** Prices are a past session played again. */
  replaying: boolean;
  /** The tier banner (spec §4.3) and its colour, or null. */
  banner: { text: string; variant: 'warning' | 'danger' } | null;
  /** The page's tokens' ticks in the live mode (empty otherwise), with denied and stale tokens. */
  ticks: TicksView;
  /** A held token has had no tick for a while. */
  stale: boolean;
  /** The latest tick's exchange time among the page's tokens (the market's clock, replay included). */
  lastTickTs: number | null;
  /** 'Last Updated' (epoch ms), or null while loading. */
  lastUpdatedAt: number | null;
  /** When the refresh timer fires next, or null while it is off. */
  nextUpdateAt: number | null;
  /** 'Next Update in N sec', or null while the timer is off. */
  nextUpdateSeconds: number | null;
}

const NO_TICKS: TicksView = { ticks: new Map(), denied: new Set(), stale: new Set() };
const everyChange: TickChanges = (client, listener) => client.onChange(listener);

/** The latest tick time (exchange time) of `tokens`, in steps of `stepMs` so ticks re-render at most that often. */
function useLastTickTs(client: FeedClient, tokens: readonly number[], stepMs: number): number | null {
  const snapshot = useCallback(() => {
    let latest: number | null = null;
    for (const token of tokens) {
      const ts = client.tick(token)?.ts;
      if (ts !== undefined && (latest === null || ts > latest)) latest = ts;
    }
    return latest === null ? null : Math.floor(latest / stepMs) * stepMs;
  }, [client, tokens, stepMs]);
  return useSteppedFeedValue(client, snapshot);
}

/**
 * One hook for a market-data page's freshness (spec §4.3): the tier, the market's state, live ticks in the live
 * tier, the refresh timer of delayed tiers (from the next minute boundary), a refetch when the tier changes,
 * 'Last Updated' and 'Next Update in N sec', the delayed and no-plan banners, and the top bar's status dot.
 */
export function useMarketDataPage(input: MarketDataPageInput): MarketDataPage {
  const { exchange, served, servedUntil, tokens, refresh, refreshWhenLive = false, publishStatus = true } = input;
  const renderEveryMs = input.renderEveryMs ?? 1_000;
  // The deployment's feed settings, read only when the page does not give them all.
  const needsConfig = input.refreshMs === undefined || input.replay === undefined || input.alwaysOpen === undefined;
  const feedConfig = useQuery({ ...publicConfigQueryOptions(), enabled: needsConfig }).data?.feed;
  const clock = input.clock ?? systemClock;
  const refreshMs = input.refreshMs ?? feedConfig?.refreshMs ?? DEFAULT_REFRESH_MS;
  const replay = input.replay ?? feedConfig?.replay ?? false;
  const alwaysOpen = input.alwaysOpen ?? feedConfig?.alwaysOpen ?? false;

  const client = useFeedClient();
  const now = useNow(clock, renderEveryMs);
  const feedTier = useSyncExternalStore(
    useCallback((listener: () => void) => client.onChange(listener), [client]),
    () => client.status().tier?.tier ?? null,
  );
  const tier = served?.tier ?? feedTier;
  // Tokens are held throughout the live tier, so ticks can show a replayed or special session is trading.
  const held = useHeldTicks(
    tokens,
    'quote',
    tier === 'live' && input.ticks !== 'none',
    input.ticks === 'frame' ? oncePerFrame : everyChange,
  );
  const lastTickTs = useLastTickTs(client, tokens, renderEveryMs);
  const lastTickAt = useSteppedFeedValue(
    client,
    useCallback(() => {
      const at = client.status().lastTickAt;
      return at === null ? null : Math.floor(at / renderEveryMs) * renderEveryMs;
    }, [client, renderEveryMs]),
  );

  const trading = isTrading({
    now,
    exchange,
    tier,
    servedUntil,
    asOf: served?.asOf,
    lastTickAt: lastTickTs === null ? null : lastTickAt,
    alwaysOpen,
    replay,
  });
  const denied = input.ticks === 'none' ? tokens.some((token) => client.isDenied(token)) : held.denied.size > 0;
  const mode = served === undefined ? null : chartDataMode(tier, denied, trading);
  const replaying = replay || (alwaysOpen && marketStatusAt(now, exchange) !== 'open');

  const nextUpdateAt = useRefreshTimer(
    mode === 'refresh' || (refreshWhenLive && mode === 'live'),
    refresh,
    refreshMs,
    clock,
  );
  // A broker login or logout (possibly in another tab) changes the tier the data is served in.
  useRefetchOnTierChange(served?.tier ?? null, refresh);

  // The server's instant when it answered: the market's clock, which in a replay is the session being played.
  const servedAt = served?.asOf === undefined ? served?.receivedAt : served.asOf + (served.delayMs ?? 0);
  const dataAt = input.dataAt ?? servedAt ?? null;
  const lastUpdatedAt =
    served === undefined
      ? null
      : mode === 'closed'
        ? closedLastUpdated(now, served.asOf, exchange)
        : mode === 'live'
          ? Math.max(lastTickTs ?? 0, dataAt ?? 0) || null
          : dataAt;

  usePublishedLiveStatus(publishStatus, { mode, lastUpdatedAt, nextUpdateAt, lastTickAt, now });

  const bannerText = served === undefined ? null : tierMessage(tier);
  return {
    clock,
    now,
    tier,
    mode,
    marketClosed: mode === 'closed',
    replaying,
    banner: bannerText === null ? null : { text: bannerText, variant: tier === 'none' ? 'danger' : 'warning' },
    ticks: mode === 'live' ? held : NO_TICKS,
    stale: mode === 'live' && held.stale.size > 0,
    lastTickTs,
    lastUpdatedAt,
    nextUpdateAt,
    nextUpdateSeconds: nextUpdateAt === null ? null : nextUpdateSeconds(nextUpdateAt, now),
  };
}
