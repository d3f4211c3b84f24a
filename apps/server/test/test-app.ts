import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createFakeClock, type FakeClock } from '@fnodesk/domain';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { createMarketSim, type MarketSim } from '@fnodesk/market-sim';
import { buildApp, type App } from '../src/app';
import type { EntitlementsProvider } from '../src/modules/accounts/entitlements';
import type { FeedSource } from '../src/modules/feed/feed-source';
import type { SessionResolver } from '../src/platform/auth';
import { createMemoryBus, type Bus } from '../src/platform/bus';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';
import { generateSecretKey } from '../src/platform/secret-box';

/** The built-in test checkout's signing secret in API tests (so no key file is written to the working tree). */
export const TEST_PAYMENT_SECRET = 'test-payment-secret-for-api-tests';

/** The test clock's start: Fri 20-Nov-2026 09:30 IST, a trading day's morning. */
/**
 * Per-address login limits high enough never to trip: for tests that log in or register many times from the one
 * address every injected request comes from (fuzz tiers, spelling checks), where the flood guard is not under test.
 */
export const UNLIMITED_LOGINS_BY_ADDRESS = {
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '100000',
  LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '1000000',
} as const;

export const TEST_CLOCK_START = Date.UTC(2026, 10, 20, 4, 0, 0);

/** Seed of the test market. */
export const TEST_MARKET_SEED = 7;

// One simulated market per test file (vitest isolates modules per file), started on the first data request, so
// files that never read market data never start one.
let sharedMarket: MarketSim | undefined;

/** The test file's simulated market (seed {@link TEST_MARKET_SEED}, started at the test clock's start). */
export function testMarket(): MarketSim {
  return (sharedMarket ??= createMarketSim({ seed: TEST_MARKET_SEED, now: TEST_CLOCK_START }));
}

/** An application over a fresh database, with its log captured. */
export interface TestApp {
  app: App;
  database: TestDatabase;
  bus: Bus;
  clock: FakeClock;
  /** Everything logged so far, as raw JSON lines. */
  logs(): string;
  close(): Promise<void>;
}

/** Builds the real application for API-tier tests: fresh migrated database, in-process bus, fake clock. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    sessions?: SessionResolver;
    entitlements?: EntitlementsProvider;
    logLevel?: string;
    /** A database to use instead of a fresh one (a process test's PGlite directory that outlives the process). */
    database?: TestDatabase;
    /** The market instead of {@link testMarket} (the scripted test market of a bench). */
    market?: () => MarketSim;
    /** The feed source the `ingest` role runs (a test's own batches); without one the app publishes no ticks. */
    feedSource?: FeedSource;
  } = {},
): Promise<TestApp> {
  const dist = mkdtempSync(join(tmpdir(), 'fnodesk-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>FNO Desk</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-3f9a.js'), 'export {};');
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: dist,
    TEST_PAYMENT_SECRET,
    // Logins sign device tokens under the secrets key: a fresh one per app, so no key file is written to the tree.
    SECRETS_KEY: generateSecretKey(),
    ...options.env,
  });
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger(options.logLevel ?? 'trace', sink);
  const database = options.database ?? (await createTestDatabase());
  const bus = createMemoryBus((err) => logger.error({ err }, 'bus'));
  const clock = createFakeClock(TEST_CLOCK_START);
  const app = await buildApp({
    config,
    logger,
    database,
    bus,
    clock,
    version: 'test',
    market: options.market ?? testMarket,
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.entitlements ? { entitlements: options.entitlements } : {}),
    ...(options.feedSource ? { feedSource: options.feedSource } : {}),
  });
  return {
    app,
    database,
    bus,
    clock,
    logs: () => lines.join(''),
    async close() {
      await app.close();
      await bus.close();
      await database.destroy();
      rmSync(dist, { recursive: true, force: true });
    },
  };
}
