import type { Database } from '@fnodesk/db';
import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { TradingService } from '../trading/trading.service';
import { createEntryGuard } from './entry-guard';
import { createQuikTradeRepository } from './quiktrade.repository';
import { registerQuikTradeRoutes } from './quiktrade.routes';
import { createQuikTradeService } from './quiktrade.service';
import { createRiskEngine, DEFAULT_STALE_AFTER_MS } from './risk-engine';
import { createWatchIndex } from './watch-index';

/** What the QuikTrade module is built from. */
export interface QuikTradeModuleDeps {
  database: Database;
  /** Carries what one process changed of the watched set to the risk engine of every other. */
  bus: Bus;
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
  const logger = deps.logger.child({ module: 'quiktrade' });
  const index = createWatchIndex({ repository, logger, bus: deps.bus });
  // Fills, position protection, conversions, resets and risk settings change what the engine watches.
  deps.trading.onWatchChange((accountId) => index.changed(accountId));
  const engine = createRiskEngine({
    repository,
    index,
    trading: deps.trading,
    market: deps.market,
    clock: deps.clock,
    logger,
    staleAfterMs,
    ...(deps.feedStale ? { feedStale: deps.feedStale } : {}),
  });
  deps.trading.guardEntries(
    createEntryGuard({ repository, trading: deps.trading, market: deps.market, clock: deps.clock, staleAfterMs }),
  );
  const service = createQuikTradeService({
    repository,
    watch: index,
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
      app.addHook('onClose', async () => {
        await index.close();
      });
    },
  };
}

/** The QuikTrade module. */
export type QuikTradeModule = ReturnType<typeof createQuikTradeModule>;
