import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import { createMarketSim } from '@fnodesk/market-sim';
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { EntitlementsProvider } from '../accounts/entitlements';
import type { MarketClock } from '../feed/market-clock';
import { calendarHandlers } from './calendar.routes';
import { registerDataRoutes } from './data-routes';
import type { DataTierSettings } from './data-tier';
import { eodHandlers } from './eod.routes';
import type { IngestedHistory } from './ingested-history';
import { instrumentHandlers } from './instruments.routes';
import { simulatedMarketData, withIngestedHistory, type MarketData } from './market-data.port';
import { createMarketServices } from './market.service';
import { optionChainHandlers } from './option-chain.routes';
import { optionsAnalyticsHandlers } from './options-analytics.routes';
import { orderflowHandlers } from './orderflow.routes';
import { quoteHandlers } from './quotes.routes';
import { strategyHandlers } from './strategy.routes';

/** What the market-data module is built from. */
export interface MarketModuleDeps {
  clock: Clock;
  entitlements: EntitlementsProvider;
  tiers: DataTierSettings;
  version: string;
  /** Where tier changes are announced (a broker login or logout, a plan starting); absent in tests without one. */
  bus?: Bus;
  /** The market source, or a function giving it on first use; absent: one is started on the first data request. */
  market: MarketSim | (() => MarketSim) | undefined;
  /** Seed of the market started when none is given. */
  seed: number;
  /** The simulated feed's market clock (MARKET_CLOCK): data is served at the instant the feed plays. */
  marketClock?: MarketClock;
  /** Stored history of instruments from a broker's ticker; absent: every instrument's history is simulated. */
  ingested?: IngestedHistory;
}

/**
 * The market a data request reads: the one given, or one started from the seed at the clock's instant the first
 * time it is needed, so processes (and tests) that never serve market data never pay for starting one.
 */
export function marketSource(
  given: MarketSim | (() => MarketSim) | undefined,
  start: () => MarketSim,
): () => MarketSim {
  if (given !== undefined && typeof given !== 'function') return () => given;
  const create = given ?? start;
  let market: MarketSim | undefined;
  return () => (market ??= create());
}

/** Registers the `/data/v1` market-data API and its OpenAPI document. */
export function registerMarketModule(app: FastifyInstance, deps: MarketModuleDeps): void {
  const simulated = simulatedMarketData(
    marketSource(deps.market, () => createMarketSim({ seed: deps.seed, now: deps.clock.now() })),
  );
  const data = deps.ingested ? withIngestedHistory(simulated, deps.ingested) : simulated;
  const services = createMarketServices(data);
  // One handler per operation of the contracts' table; a missing or mistyped one does not compile.
  registerDataRoutes(
    app,
    { ...deps, sourceOf: (op, query) => sourceOfAnswer(data, op, query) },
    {
      ...calendarHandlers(),
      ...instrumentHandlers(services.instruments),
      ...quoteHandlers(services),
      ...optionChainHandlers(services.chains),
      ...eodHandlers(services.eod),
      ...strategyHandlers(services.strategies, services.recentring),
      ...optionsAnalyticsHandlers(services.optionsAnalytics),
      // Charting and order flow.
      ...orderflowHandlers(services.orderflow),
    },
  );
}

// The operations whose answers a broker's ticker can supply: the candles of the tokens it stored.
const CANDLE_OPERATIONS: ReadonlySet<string> = new Set(['candles', 'daily', 'pattern']);

/**
 * Where an operation's answer comes from: `ingested` when it holds candles a broker's ticker stored (any of the
 * tokens asked), else `simulated`.
 */
export function sourceOfAnswer(data: MarketData, op: string, query: unknown): 'simulated' | 'ingested' {
  if (!CANDLE_OPERATIONS.has(op) || typeof query !== 'object' || query === null || !('tokens' in query)) {
    return 'simulated';
  }
  const { tokens } = query;
  return Array.isArray(tokens) &&
    tokens.some((token) => typeof token === 'number' && data.sourceOf(token) === 'ingested')
    ? 'ingested'
    : 'simulated';
}
