import type { Database } from '@fnodesk/db';
import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger } from 'fastify';
import type { TradingService } from '../trading/trading.service';
import { createQuikTradeRepository } from './quiktrade.repository';
import { createRiskEngine } from './risk-engine';

/** What the QuikTrade module is built from. */
export interface QuikTradeModuleDeps {
  database: Database;
  trading: Pick<TradingService, 'exitPosition'>;
  market: () => MarketSim;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Whether the market feed is stale now (protection paused while it is). */
  feedStale?: () => boolean;
}

/** Builds the QuikTrade module: the server-side risk engine watching position protection on every market pass. */
export function createQuikTradeModule(deps: QuikTradeModuleDeps) {
  const engine = createRiskEngine({
    repository: createQuikTradeRepository(deps.database.db),
    trading: deps.trading,
    market: deps.market,
    clock: deps.clock,
    logger: deps.logger.child({ module: 'quiktrade' }),
    ...(deps.feedStale ? { feedStale: deps.feedStale } : {}),
  });
  return { engine };
}

/** The QuikTrade module. */
export type QuikTradeModule = ReturnType<typeof createQuikTradeModule>;
