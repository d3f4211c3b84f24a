import type { Database } from '@fnodesk/db';
import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import { createTradingRepository } from './trading.repository';
import { registerTradingRoutes } from './trading.routes';
import { createTradingService } from './trading.service';

/** What the trading module is built from. */
export interface TradingModuleDeps {
  database: Database;
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The market orders are priced, validated and margined against (started on first use). */
  market: () => MarketSim;
  /** Virtual capital of a new paper book. */
  paperCapital?: number;
}

/** Builds the trading module: the order path, positions, funds, margins, risk settings and the trading log. */
export function createTradingModule(deps: TradingModuleDeps) {
  const logger = deps.logger.child({ module: 'trading' });
  const repository = createTradingRepository(deps.database.db);
  const service = createTradingService({
    repository,
    market: deps.market,
    clock: deps.clock,
    bus: deps.bus,
    logger,
    ...(deps.paperCapital !== undefined ? { paperCapital: deps.paperCapital } : {}),
  });
  return {
    service,
    /** Registers the routes and resumes the intents a previous process left in flight. */
    register(app: FastifyInstance): void {
      registerTradingRoutes(app, { trading: service });
      app.addHook('onReady', async () => {
        const resumed = await service.resume();
        if (resumed > 0) logger.info({ resumed }, 'order intents in flight resumed');
      });
    },
  };
}

/** The trading module. */
export type TradingModule = ReturnType<typeof createTradingModule>;
