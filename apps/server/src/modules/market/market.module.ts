import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import { createMarketSim } from '@fnodesk/market-sim';
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { EntitlementsProvider } from '../accounts/entitlements';
import { registerCalendarRoutes } from './calendar.routes';
import { createDataRoutes } from './data-routes';
import type { DataTierSettings } from './data-tier';
import { registerEodRoutes } from './eod.routes';
import type { IngestedHistory } from './ingested-history';
import { registerInstrumentRoutes } from './instruments.routes';
import { createMarketService } from './market.service';
import { registerOptionChainRoutes } from './option-chain.routes';
import { registerQuoteRoutes } from './quotes.routes';
import { registerStrategyRoutes } from './strategy.routes';

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
  const routes = createDataRoutes(app, deps);
  const market = createMarketService({
    market: marketSource(deps.market, () => createMarketSim({ seed: deps.seed, now: deps.clock.now() })),
    ingested: deps.ingested,
  });
  registerCalendarRoutes(routes);
  registerInstrumentRoutes(routes, market);
  registerQuoteRoutes(routes, market);
  registerOptionChainRoutes(routes, market);
  registerEodRoutes(routes, market);
  registerStrategyRoutes(routes, market);
  routes.serveOpenApi();
}
