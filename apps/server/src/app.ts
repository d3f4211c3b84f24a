import type { Clock } from '@fnodesk/domain';
import type { Database } from '@fnodesk/db';
import { createMarketSim, type MarketSim } from '@fnodesk/market-sim';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAccountsModule } from './modules/accounts/accounts.module';
import type { EntitlementsProvider } from './modules/accounts/entitlements';
import { createBrokerLoginStatus } from './modules/brokers/broker-login.repository';
import { createBillingModule } from './modules/billing/billing.module';
import { createBrokersModule, secretBoxOf } from './modules/brokers/brokers.module';
import { createDocumentsModule } from './modules/documents/documents.module';
import { announceTierChange } from './modules/feed/feed-channels';
import type { FeedSource, TickSink } from './modules/feed/feed-source';
import { registerFeedModule } from './modules/feed/feed.module';
import { createMarketClock, marketTimeClock } from './modules/feed/market-clock';
import { createIngestRepository } from './modules/feed/ingest/ingest.repository';
import { createIngestedHistory } from './modules/market/ingested-history';
import { marketSource, registerMarketModule } from './modules/market/market.module';
import { createSiteModule } from './modules/site/site.module';
import { createQuikTradeModule } from './modules/quiktrade/quiktrade.module';
import { createTradingModule } from './modules/trading/trading.module';
import { authPlugin, type SessionResolver } from './platform/auth';
import { installJsonBodyParser } from './platform/body-parser';
import type { Bus } from './platform/bus';
import type { Config } from './platform/config';
import {
  answerClientError,
  installErrorHandler,
  MAX_PATH_SEGMENT_LENGTH,
  refuseLongUrls,
  replyWithError,
} from './platform/error-handler';
import { registerHealthRoutes } from './platform/health.routes';
import { requestIdFor } from './platform/request-id';
import { installResponseCompression } from './platform/response-compression';
import { recordRouteTable } from './platform/route-table';
import { installSecurity } from './platform/security';
import { installSpa } from './platform/spa';
import { safeValidatorCompiler } from './platform/validation';

/** What the application is built from; every side effect comes in through here. */
export interface AppDeps {
  readonly config: Config;
  readonly logger: FastifyBaseLogger;
  readonly database: Database;
  readonly bus: Bus;
  readonly clock: Clock;
  /** Replaces the accounts module's session lookup (platform tests use a fixed resolver). */
  readonly sessions?: SessionResolver;
  /** Replaces the billing module's entitlements in the accounts module (platform tests use a fixed provider). */
  readonly entitlements?: EntitlementsProvider;
  /** The simulated market, or a function giving it on first use; when absent one starts on the first data request. */
  readonly market?: MarketSim | (() => MarketSim);
  /** The live feed source the `ingest` role runs; without one the process publishes no ticks. */
  readonly feedSource?: FeedSource;
  /** Candle building and storage of ingested ticks, fed by the `ingest` role. */
  readonly tickPipeline?: TickSink;
  readonly version: string;
}

/** The application instance; route schemas are zod schemas. */
export type App = Awaited<ReturnType<typeof buildApp>>;

/** Builds the HTTP application (not yet listening). Routes may still be added before `ready()`. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    genReqId: requestIdFor,
    bodyLimit: config.http.bodyLimit,
    trustProxy: config.http.trustProxy,
    return503OnClosing: true,
    // What the router and Node's HTTP parser refuse is answered in the envelope too, never in Fastify's own shape.
    frameworkErrors: (error, request, reply) => void replyWithError(error, request, reply),
    clientErrorHandler: answerClientError,
    forceCloseConnections: 'idle',
    // Doubled slashes reach the same route as single ones, so they are counted in the same rate-limit budget.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: MAX_PATH_SEGMENT_LENGTH },
  });

  const routes = recordRouteTable(app);
  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', refuseLongUrls);

  installErrorHandler(app);
  installJsonBodyParser(app);
  installResponseCompression(app);
  await installSecurity(app, config);

  const billing = createBillingModule({
    config,
    database: deps.database,
    clock: deps.clock,
    logger: deps.logger,
    brokers: createBrokerLoginStatus(deps.database.db, () => deps.clock.now()),
    onSubscriptionStarted: (userId) => void announceTierChange(deps.bus, userId),
  });
  // One secrets key ring for the process: broker secrets, TOTP seeds and signed device tokens.
  const box = secretBoxOf(config);
  const accounts = await createAccountsModule({
    config,
    box,
    database: deps.database,
    bus: deps.bus,
    clock: deps.clock,
    logger: deps.logger,
    version: deps.version,
    entitlements: deps.entitlements ?? billing.entitlements,
  });
  const brokers = createBrokersModule({
    config,
    box,
    reauthenticate: (userId, password, code) => accounts.service.reauthenticate(userId, password, code),
    database: deps.database,
    bus: deps.bus,
    clock: deps.clock,
    logger: deps.logger,
    entitlements: deps.entitlements ?? billing.entitlements,
  });
  app.addHook('onClose', async () => {
    await brokers.close();
    await billing.close();
    await accounts.close();
  });
  const sessions = deps.sessions ?? accounts.sessions;
  await app.register(authPlugin, { sessions });
  accounts.register(app);
  billing.register(app, { mailer: accounts.mailer });
  brokers.register(app);
  createSiteModule({ database: deps.database, clock: deps.clock, logger: deps.logger }).register(app);
  createDocumentsModule({ database: deps.database, clock: deps.clock }).register(app);
  // One simulated market for the data API and the trading module, started the first time either needs it.
  const market = marketSource(deps.market, () => createMarketSim({ seed: config.market.seed, now: deps.clock.now() }));
  // On the simulated market, orders are checked, priced and stamped in the market time the feed and the data routes
  // play (one clock for every page); a broker's feed is the present, so its trading keeps the wall clock.
  const simMarketClock =
    config.feed.source === 'sim'
      ? createMarketClock(config.feed.marketClock, undefined, config.feed.replayStart)
      : undefined;
  const tradingClock = simMarketClock ? marketTimeClock(deps.clock, simMarketClock) : deps.clock;
  // The feed source's own health (its watchdog): while stale, paper books fill nothing and protection waits.
  const feedStale = () => deps.feedSource?.status().stale ?? false;
  const trading = createTradingModule({
    database: deps.database,
    bus: deps.bus,
    clock: tradingClock,
    wallClock: deps.clock,
    logger: deps.logger,
    market,
    feedStale,
    ...(config.trading.testSendDelayMs > 0 ? { testSendDelayMs: config.trading.testSendDelayMs } : {}),
    runExchange: config.roles.has('jobs'),
    live: { access: (accountId) => brokers.service.liveAccess(accountId) },
    liveSettleMs: config.kiteConnect.settleMs,
    liveResumeAfterMs: config.kiteConnect.resumeAfterMs,
  });
  // Verified Kite postbacks reach the order book through the trading module.
  brokers.service.onOrderUpdate((accountId, update) => trading.service.applyBrokerUpdate(accountId, update));
  const quiktrade = createQuikTradeModule({
    database: deps.database,
    bus: deps.bus,
    trading: trading.service,
    market,
    clock: tradingClock,
    logger: deps.logger,
    feedStale,
  });
  trading.afterPump(() => quiktrade.engine.watch());
  trading.register(app);
  quiktrade.register(app);
  registerMarketModule(app, {
    clock: deps.clock,
    bus: deps.bus,
    entitlements: deps.entitlements ?? billing.entitlements,
    tiers: config.market,
    version: deps.version,
    market,
    seed: config.market.seed,
    // A broker's ticker feeds the candles; the simulated market's history is computed, never stored.
    ...(config.feed.source === 'sim'
      ? { marketClock: simMarketClock }
      : { ingested: createIngestedHistory({ reader: createIngestRepository(deps.database.db) }) }),
  });

  registerHealthRoutes(app, { ...deps, startedAt: deps.clock.now() });
  await registerFeedModule(app, {
    config,
    bus: deps.bus,
    clock: deps.clock,
    logger: deps.logger,
    sessions,
    entitlements: deps.entitlements ?? billing.entitlements,
    ...(deps.feedSource ? { source: deps.feedSource } : {}),
    ...(deps.tickPipeline ? { pipeline: deps.tickPipeline } : {}),
  });
  await installSpa(app, config.webDistDir);
  return Object.assign(app.withTypeProvider<ZodTypeProvider>(), {
    accounts,
    billing,
    brokers,
    trading,
    quiktrade,
    routes,
  });
}
