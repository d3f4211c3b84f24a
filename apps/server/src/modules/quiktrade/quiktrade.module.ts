import type { Database } from '@fnodesk/db';
import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TradingService } from '../trading/trading.service';
import { createEntryGuard } from './entry-guard';
import { createQuikTradeRepository } from './quiktrade.repository';
import { registerQuikTradeRoutes } from './quiktrade.routes';
import { createQuikTradeService } from './quiktrade.service';
import { createRiskEngine, DEFAULT_STALE_AFTER_MS } from './risk-engine';

/** What the QuikTrade module is built from. */
export interface QuikTradeModuleDeps {
  database: Database;
  trading: TradingService;
  market: () => MarketSim;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** A last price older than this pauses the engine (default 30 s). */
  staleAfterMs?: number;
  /** Whether the market feed is stale now (protection paused while it is). */
  feedStale?: () => boolean;
}

/**
 * Builds the QuikTrade module: the server-side risk engine (position protection, portfolio MTM levels, the daily
 * loss lock and rules) run on every market pass, the RMS limits every new entry passes, and the risk API.
 */
export function createQuikTradeModule(deps: QuikTradeModuleDeps) {
  const repository = createQuikTradeRepository(deps.database.db);
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const engine = createRiskEngine({
    repository,
    trading: deps.trading,
    market: deps.market,
    clock: deps.clock,
    logger: deps.logger.child({ module: 'quiktrade' }),
    staleAfterMs,
    ...(deps.feedStale ? { feedStale: deps.feedStale } : {}),
  });
  deps.trading.guardEntries(
    createEntryGuard({ repository, trading: deps.trading, market: deps.market, clock: deps.clock, staleAfterMs }),
  );
  const service = createQuikTradeService({
    repository,
    trading: deps.trading,
    market: deps.market,
    clock: deps.clock,
    staleAfterMs,
    ...(deps.feedStale ? { feedStale: deps.feedStale } : {}),
  });
  return {
    engine,
    service,
    /** Registers the QuikTrade risk routes. */
    register(app: FastifyInstance): void {
      registerQuikTradeRoutes(app, { quiktrade: service });
    },
  };
}

/** The QuikTrade module. */
export type QuikTradeModule = ReturnType<typeof createQuikTradeModule>;
