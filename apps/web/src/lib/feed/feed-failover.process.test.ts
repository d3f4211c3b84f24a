// @vitest-environment node
/* eslint-disable no-restricted-imports -- a process test: it starts server processes and prepares their database,
   which the web app itself never does. */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { InstrumentListSchema, LoginSessionSchema } from '@fnodesk/contracts';
import { spotInstrumentToken, systemClock } from '@fnodesk/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createFeedClient, type FeedClient } from './feed-client';
import { standardSocketFactory } from './feed-socket';

// Scale-out acceptance (ARCHITECTURE §2): the ingest role in one process and two `api,gateway` processes on one
// Redis and one PostgreSQL database, the simulated market always open. Feed clients given both gateway URLs see
// the same ticks whichever gateway they use; when one gateway is killed (-9) its clients move to the other and
// resubscribe within 30 s.

const REDIS_URL = process.env.REDIS_URL;
const SERVER_DATABASE_URL = process.env.TEST_DATABASE_URL;
const ROOT = resolve(import.meta.dirname, '../../../../..');
const PASSWORD = 'Nifty@Expiry-Tuesday9';
/** Feed clients started on each gateway; bench/feed/failover.bench.ts runs this test with more. */
const CLIENTS_PER_GATEWAY = Number(process.env.FAILOVER_CLIENTS_PER_GATEWAY ?? 10);

interface Proc {
  child: ChildProcess;
  output: () => string;
  port: number;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

async function startServer(port: number, env: Record<string, string>): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const proc = { child, output: () => out, port };
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${out}`);
      return fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
    },
    90_000,
    `server on port ${port}`,
  );
  return proc;
}

async function until(check: () => boolean | Promise<boolean>, withinMs: number, what: string): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${withinMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function adminQuery(url: string, statement: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}

/** Registers, verifies and logs in a user through gateway 1's API, and starts the Discover trial. */
async function signUp(api: string): Promise<{ userid: string; secret: string }> {
  const email = `feed.failover.${Date.now()}@example.in`;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/v1/user', {
    firstName: 'Asha',
    lastName: 'Rao',
    mobile: '+919876543210',
    email,
    password: PASSWORD,
  });
  expect(registered.status, await registered.clone().text()).toBe(200);
  let token: string | null = null;
  await until(
    async () => {
      const mails = (await (await fetch(`${api}/dev/mailbox.json`)).json()) as { to: string; links: string[] }[];
      const link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('confirm-mail'));
      token = link ? new URL(link).searchParams.get('token') : null;
      return token !== null;
    },
    10_000,
    'the verification mail',
  );
  await post('/api/v1/verify-email', { token });
  const login = await post('/api/v1/user-login', { email, password: PASSWORD });
  const session = LoginSessionSchema.parse(((await login.json()) as { data: unknown }).data);
  const credentials = { userid: session.userID, secret: session.loginSecret };
  const trial = await fetch(`${api}/api/v1/start-user-trial?product_type=d`, { headers: credentials });
  expect(trial.status).toBe(200);
  return credentials;
}

/** A feed client over Node's `ws`, recording each tick it receives with the time it arrived. */
function feedClient(urls: string[], credentials: { userid: string; secret: string }) {
  const arrivals: { token: number; ts: number; lp: number; at: number }[] = [];
  const client: FeedClient = createFeedClient({
    urls,
    createSocket: standardSocketFactory((url) => new WebSocket(url)),
    clock: systemClock,
    credentials: () => credentials,
    checkSession: async () => 'valid',
    onSessionExpired: () => undefined,
  });
  const seen = new Map<number, number>();
  client.onChange(() => {
    for (const [token, last] of seen) {
      const tick = client.tick(token);
      if (tick && tick.ts !== last) {
        seen.set(token, tick.ts);
        arrivals.push({ token, ts: tick.ts, lp: tick.lp, at: Date.now() });
      }
    }
  });
  return {
    client,
    arrivals,
    hold(tokens: number[]) {
      for (const token of tokens) seen.set(token, -1);
      return client.subscribe(tokens, 'ltp');
    },
  };
}

const ready = Boolean(REDIS_URL && SERVER_DATABASE_URL);

describe.skipIf(!ready)('feed scale-out over Redis (needs REDIS_URL and TEST_DATABASE_URL)', () => {
  const procs: Proc[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'fnodesk-failover-'));
  const databaseName = `fnodesk_failover_${randomBytes(5).toString('hex')}`;
  let databaseUrl = '';
  let gateways: [Proc, Proc];

  beforeAll(async () => {
    const server = SERVER_DATABASE_URL ?? '';
    await adminQuery(server, `create database ${databaseName}`);
    const url = new URL(server);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    const env = (roles: string) => ({
      ROLES: roles,
      REDIS_URL: REDIS_URL ?? '',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      MARKET_CLOCK: 'always',
      FEED_FLUSH_MS: '250',
    });
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    // The first process migrates the fresh database; the others start on the migrated schema.
    const first = await startServer(ports[0], env('api,gateway'));
    procs.push(first);
    const [second, ingest] = await Promise.all([
      startServer(ports[1], env('api,gateway')),
      startServer(ports[2], env('ingest')),
    ]);
    procs.push(second, ingest);
    gateways = [first, second];
  }, 240_000);

  afterAll(async () => {
    for (const proc of procs) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    if (databaseUrl) {
      await adminQuery(SERVER_DATABASE_URL ?? '', `drop database if exists ${databaseName} with (force)`);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the same ticks from both gateways and moves a killed gateway’s clients to the other', async () => {
    const [g1, g2] = gateways;
    const api = `http://127.0.0.1:${g1.port}`;
    const credentials = await signUp(api);
    // Test-only fixture in this test's own database: a Paper Trading session makes the user's tier live.
    await adminQuery(
      databaseUrl,
      `insert into broker_accounts (user_id, type, user_name, name, status, logged_in_at, session_expires_at)
       values ($1, 'papertrading', $2, 'Paper Trading', 'loggedIn', now(), now() + interval '1 day')`,
      [credentials.userid, credentials.userid],
    );
    const futures = InstrumentListSchema.parse(
      (
        (await (await fetch(`${api}/data/v1/get_future_instruments`, { headers: credentials })).json()) as {
          data: unknown;
        }
      ).data,
    );
    // Index values tick every second while the cash market trades; futures also trade in F&O's last ten minutes.
    const tokens = [
      ...['NIFTY', 'BANKNIFTY', 'FINNIFTY'].map((name) => spotInstrumentToken(name)),
      ...futures.slice(0, 20).map((instrument) => instrument.instrumentToken),
    ];
    const url = (p: Proc) => `ws://127.0.0.1:${p.port}/feed/v1`;
    const onFirst = Array.from({ length: CLIENTS_PER_GATEWAY }, () => feedClient([url(g1), url(g2)], credentials));
    const onSecond = Array.from({ length: CLIENTS_PER_GATEWAY }, () => feedClient([url(g2), url(g1)], credentials));
    const all = [...onFirst, ...onSecond];
    try {
      for (const c of all) c.hold(tokens);
      await until(() => all.every((c) => c.client.status().tier?.tier === 'live'), 60_000, 'the live tier');
      await until(() => all.every((c) => c.arrivals.length >= 5), 90_000, 'ticks on every client');
      await new Promise((r) => setTimeout(r, 3_000));

      // The same (token, exchange time) carries the same price on both gateways.
      const key = (a: { token: number; ts: number }) => `${a.token}@${a.ts}`;
      const fromSecond = new Map(onSecond[0]!.arrivals.map((a) => [key(a), a.lp]));
      const common = onFirst[0]!.arrivals.filter((a) => fromSecond.has(key(a)));
      expect(common.length).toBeGreaterThanOrEqual(3);
      for (const a of common) expect(a.lp).toBe(fromSecond.get(key(a)));

      g1.child.kill('SIGKILL');
      const killedAt = Date.now();
      const movedAfter = (c: ReturnType<typeof feedClient>) => c.arrivals.find((a) => a.at > killedAt + 250)?.at;
      await until(() => onFirst.every((c) => movedAfter(c) !== undefined), 30_000, 'the clients to move');
      const delays = onFirst.map((c) => (movedAfter(c) ?? Infinity) - killedAt).sort((a, b) => a - b);
      process.stdout.write(
        `fail-over: ${onFirst.length} clients resubscribed on the other gateway in ` +
          `${delays[0]}–${delays.at(-1)} ms (median ${delays[Math.floor(delays.length / 2)]} ms, ` +
          `p99 ${delays[Math.ceil(delays.length * 0.99) - 1]} ms); ` +
          `${delays.filter((d) => d <= 5_000).length}/${delays.length} within 5 s\n`,
      );
      expect(Math.max(...delays)).toBeLessThanOrEqual(30_000);
      // The clients of the surviving gateway were not disturbed.
      for (const c of onSecond) expect(c.client.status().connection).toBe('open');
    } finally {
      for (const c of all) c.client.dispose();
    }
  }, 240_000);
});
