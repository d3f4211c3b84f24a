import type { Database } from '@fnodesk/db';
import type { Clock } from '@fnodesk/domain';
import type { MarketSim } from '@fnodesk/market-sim';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Bus } from '../../platform/bus';
import type { LiveBrokers } from './live-exchange';
import { startMarketPassSchedule, type MarketPassSchedule } from './market-pass-schedule';
import { createTradingRepository } from './trading.repository';
import { registerTradingRoutes } from './trading.routes';
import { createTradingService } from './trading.service';

/** What the trading module is built from. */
export interface TradingModuleDeps {
  database: Database;
  bus: Bus;
  /** Market time (see the trading service). */
  clock: Clock;
  /** Wall time for plans and broker sessions (default `clock`). */
  wallClock?: Clock;
  logger: FastifyBaseLogger;
  /** The market orders are priced, validated and margined against (started on first use). */
  market: () => MarketSim;
  /** Virtual capital of a new paper book. */
  paperCapital?: number;
  /** Sessions of the accounts that trade for real (the brokers module). */
  live?: LiveBrokers;
  /** How long an ambiguous live send settles before its tag lookup (default 1 s). */
  liveSettleMs?: number;
  liveResumeAfterMs?: number;
  /** Whether the market feed is stale now: no paper fills while it is (the feed source's health). */
  feedStale?: () => boolean;
  /** Tests only: a pause between the orders of a basket (a process test kills the server between them). */
  testSendDelayMs?: number;
  /** Runs the market passes, on every feed batch and a safety-net timer (one process per cluster: the `jobs` role). */
  runExchange: boolean;
}

/**
 * The market pass timer's period: passes follow the feed's tick batches (one a second from the simulated feed), and
 * this timer runs one in any period without a batch, for time-based work and the stale-feed pause.
 */
export const PAPER_PUMP_MS = 1000;
/** How often, and after how long, live orders left without an answer are looked for at the broker again. */
export const UNANSWERED_SWEEP_MS = 60_000;

/** Builds the trading module: the order path, positions, funds, margins, risk settings and the trading log. */
export function createTradingModule(deps: TradingModuleDeps) {
  const logger = deps.logger.child({ module: 'trading' });
  const repository = createTradingRepository(deps.database.db, deps.database.driver);
  const service = createTradingService({
    repository,
    market: deps.market,
    clock: deps.clock,
    ...(deps.wallClock ? { wallClock: deps.wallClock } : {}),
    bus: deps.bus,
    logger,
    ...(deps.paperCapital !== undefined ? { paperCapital: deps.paperCapital } : {}),
    ...(deps.live ? { live: deps.live } : {}),
    ...(deps.liveSettleMs !== undefined ? { liveSettleMs: deps.liveSettleMs } : {}),
    ...(deps.liveResumeAfterMs !== undefined ? { liveResumeAfterMs: deps.liveResumeAfterMs } : {}),
    ...(deps.feedStale ? { feedStale: deps.feedStale } : {}),
    ...(deps.testSendDelayMs ? { testSendDelayMs: deps.testSendDelayMs } : {}),
  });
  // Work that runs after each market pass (the risk engine), registered by the modules that need it.
  const afterPump: (() => Promise<unknown>)[] = [];
  /** One market pass: the paper books, then whatever watches positions. */
  async function pass(): Promise<void> {
    await service.exchange.pump();
    for (const hook of afterPump) await hook();
  }
  // The market passes of the `jobs` role, once the app is ready.
  let schedule: MarketPassSchedule | undefined;
  return {
    service,
    /** Runs `hook` after every market pass. */
    afterPump(hook: () => Promise<unknown>): void {
      afterPump.push(hook);
    },
    /** One market pass now (what each feed batch and the safety-net timer run; tests call it after moving the clock). */
    pass,
    /** Resolves once no scheduled market pass is under way or asked for (tests and benches; the `jobs` role only). */
    settled(): Promise<void> {
      return schedule?.idle() ?? Promise.resolve();
    },
    /** Registers the routes and resumes the intents a previous process left in flight. */
    register(app: FastifyInstance): void {
      registerTradingRoutes(app, { trading: service });
      let sweeping = false;
      let sweep: { cancel(): void } | undefined;
      app.addHook('onReady', async () => {
        const resumed = await service.resume();
        if (resumed > 0) logger.info({ resumed }, 'order intents in flight resumed');
        // A live order left without an answer (the broker's book could not be read, a peer process stopped) is
        // looked for again, not left pending until the next restart.
        sweep = deps.clock.setInterval(() => {
          if (sweeping) return;
          sweeping = true;
          service
            .resumeUnanswered(UNANSWERED_SWEEP_MS)
            .then((n) => n > 0 && logger.info({ intents: n }, 'unanswered live orders looked for again'))
            .catch((error: unknown) => logger.error({ err: error }, 'the unanswered live orders sweep failed'))
            .finally(() => {
              sweeping = false;
            });
        }, UNANSWERED_SWEEP_MS);
        if (!deps.runExchange) return;
        schedule = await startMarketPassSchedule({
          bus: deps.bus,
          clock: deps.clock,
          logger,
          pass,
          everyMs: PAPER_PUMP_MS,
        });
      });
      app.addHook('onClose', async () => {
        sweep?.cancel();
        await schedule?.stop();
        await service.exchange.flushSnapshots();
      });
    },
  };
}

/** The trading module. */
export type TradingModule = ReturnType<typeof createTradingModule>;
