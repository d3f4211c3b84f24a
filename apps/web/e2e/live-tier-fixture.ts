/**
 * A server of its own for the real-time cases: an always-open simulated market, a short feed flush, and a test-only
 * way to put a user in the live tier (a broker session written straight into the test database while the server is
 * stopped, since PGlite allows one process at a time). Nothing here is a switch of the product.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paperBrokerId, type BrokerType } from '@fnodesk/contracts';
import { openDatabase, schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { check, findFreePort, startServer, stopServer, waitForHealthy, type ServerProcess } from './harness';

/** Environment of the real-time cases' server: the market never closes and ticks reach clients every 100 ms. */
export const REAL_TIME_SERVER_ENV: Readonly<Record<string, string>> = Object.freeze({
  MARKET_CLOCK: 'always',
  FEED_FLUSH_MS: '100',
});

/** A server that can be stopped and started again on the same port and data. */
export interface RestartableServer {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** Starts it (again) and waits until it answers /healthz. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it for good and deletes its data. */
  dispose(): Promise<void>;
}

/**
 * Creates (and starts) a real-time server on a free port with a throw-away data directory; `env` adds to (or
 * overrides) {@link REAL_TIME_SERVER_ENV}, e.g. `MARKET_CLOCK: 'replay'`.
 */
export async function startRealTimeServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'fnodesk-e2e-feed-'));
  let running: ServerProcess | null = null;
  const server: RestartableServer = {
    baseUrl,
    dataDir,
    async start() {
      check(running === null, 'the real-time server is already running');
      const started = startServer(port, dataDir, { ...REAL_TIME_SERVER_ENV, ...env });
      running = started;
      await waitForHealthy(baseUrl, started);
    },
    async stop() {
      const current = running;
      running = null;
      if (current !== null) await stopServer(current);
    },
    async dispose() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await server.start();
  } catch (error) {
    await server.dispose();
    throw error;
  }
  return server;
}

/**
 * Test fixture: gives the user a Paper Trading session valid for a day, written into the stopped server's
 * database (the broker login screens arrive with the broker work; the tier rule only needs the row). With
 * `account`, a logged-in account of another broker type instead (those trade on the paper exchange).
 */
export async function grantBrokerSession(
  server: RestartableServer,
  email: string,
  account?: { type: Exclude<BrokerType, 'papertrading' | 'zerodha'>; name: string; userName: string },
): Promise<void> {
  await server.stop();
  const database = await openDatabase({ dataDir: join(server.dataDir, 'pg') });
  try {
    const [user] = await database.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, email));
    check(user !== undefined, `no user ${email} in the test database`);
    const now = new Date();
    await database.db.insert(schema.brokerAccounts).values({
      userId: user.id,
      type: account?.type ?? 'papertrading',
      userName: account?.userName ?? paperBrokerId(user.id),
      name: account?.name ?? 'Paper Trading',
      status: 'loggedIn',
      loggedInAt: now,
      sessionExpiresAt: new Date(now.getTime() + 86_400_000),
    });
  } finally {
    await database.close();
  }
  await server.start();
}
