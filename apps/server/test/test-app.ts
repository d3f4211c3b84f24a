import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createFakeClock, type FakeClock } from '@fnodesk/domain';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { buildApp, type App } from '../src/app';
import type { SessionResolver } from '../src/platform/auth';
import { createMemoryBus, type Bus } from '../src/platform/bus';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';

/** The built-in test checkout's signing secret in API tests (so no key file is written to the working tree). */
export const TEST_PAYMENT_SECRET = 'test-payment-secret-for-api-tests';

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
  options: { env?: Record<string, string>; sessions?: SessionResolver; logLevel?: string } = {},
): Promise<TestApp> {
  const dist = mkdtempSync(join(tmpdir(), 'fnodesk-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>FNO Desk</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-3f9a.js'), 'export {};');
  const config = loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: dist,
    TEST_PAYMENT_SECRET,
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
  const database = await createTestDatabase();
  const bus = createMemoryBus((err) => logger.error({ err }, 'bus'));
  const clock = createFakeClock(Date.UTC(2026, 10, 20, 4, 0, 0));
  const app = await buildApp({
    config,
    logger,
    database,
    bus,
    clock,
    version: 'test',
    ...(options.sessions ? { sessions: options.sessions } : {}),
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
