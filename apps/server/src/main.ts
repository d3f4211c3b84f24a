import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { systemClock } from '@fnodesk/domain';
import { openDatabase } from '@fnodesk/db';
import { createMarketSim } from '@fnodesk/market-sim';
import { buildApp } from './app';
import { createIngestRepository } from './modules/feed/ingest/ingest.repository';
import { createTickIngest } from './modules/feed/ingest/tick-ingest';
import { createConfiguredFeedSource } from './modules/feed/feed.module';
import { createMemoryBus, createRedisBus, type Bus } from './platform/bus';
import { ConfigError, loadConfig } from './platform/config';
import { tuneV8ForServing } from './platform/v8-tuning';
import { createLogger } from './platform/logger';
import { closeHttp, createShutdown, exitOnSignals } from './platform/shutdown';

function readConfig() {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`FNO Desk cannot start. ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config.logLevel);
tuneV8ForServing();
const version = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const database = await openDatabase(
  config.data.databaseUrl ? { url: config.data.databaseUrl } : { dataDir: join(config.data.dir, 'pg') },
);
await database.migrate();

const reportBusError = (err: unknown, channel: string) => logger.error({ err, channel }, 'bus subscriber failed');
const bus: Bus = config.redisUrl
  ? await createRedisBus(config.redisUrl, reportBusError)
  : createMemoryBus(reportBusError);

// One simulated market per process, started now so the first data request does not wait for it.
const marketStarted = performance.now();
const market = createMarketSim({ seed: config.market.seed, now: systemClock.now() });
logger.info(
  { seed: config.market.seed, ms: Math.round(performance.now() - marketStarted) },
  'simulated market started',
);

const feedSource = config.roles.has('ingest')
  ? createConfiguredFeedSource({ config, clock: systemClock, logger, market })
  : undefined;

// A broker's ticks are not computable history: the ingest role builds and stores their candles. The simulated
// market's history is a function of time, so its ticks need no storing.
const tickIngest =
  feedSource && config.feed.source !== 'sim'
    ? createTickIngest({ repository: createIngestRepository(database.db), clock: systemClock, logger })
    : undefined;
await tickIngest?.start();

const app = await buildApp({
  config,
  logger,
  database,
  bus,
  clock: systemClock,
  version,
  market,
  ...(feedSource ? { feedSource } : {}),
  ...(tickIngest ? { tickPipeline: tickIngest.sink } : {}),
});

const shutdown = createShutdown(logger, [
  {
    name: 'http',
    // Stop accepting, let in-flight requests finish, then cut whatever is still open at the deadline.
    run: () => closeHttp(app, config.shutdownGraceMs),
  },
  ...(tickIngest ? [{ name: 'tick ingest', run: () => tickIngest.stop() }] : []),
  { name: 'bus', run: () => bus.close() },
  { name: 'database', run: () => database.close() },
  { name: 'log', run: () => new Promise<void>((resolve) => logger.flush(() => resolve())) },
]);
exitOnSignals(logger, shutdown);
process.on('uncaughtException', (err) => {
  logger.fatal({ err }, 'uncaught exception');
  void shutdown().finally(() => process.exit(1));
});
process.on('unhandledRejection', (err) => {
  logger.error({ err }, 'unhandled rejection');
});

await app.listen({ port: config.http.port, host: config.http.host });
const where = config.http.host === '0.0.0.0' || config.http.host === '::' ? 'localhost' : config.http.host;
logger.info(
  { database: database.driver, bus: bus.driver, roles: [...config.roles] },
  `FNO Desk ${version} is running at http://${where}:${config.http.port}`,
);
// The banner is for a person at a terminal; a closed stdout must not take the server down.
process.stdout.on('error', () => undefined);
process.stdout.write(`\nFNO Desk is running at http://${where}:${config.http.port}\n\n`);
