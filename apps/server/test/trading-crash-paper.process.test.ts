import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoginSessionSchema, OrderBookSchema, PlacedOrdersSchema } from '@fnodesk/contracts';
import { openDatabase } from '@fnodesk/db';
import { createMarketSim } from '@fnodesk/market-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_SEED } from '../src/platform/config';
import { restorePaperBook } from '../src/modules/trading/paper-exchange';
import { createTradingRepository } from '../src/modules/trading/trading.repository';
import { freePort, runTs, stop, until, type Child } from './process-helpers';

const dir = mkdtempSync(join(tmpdir(), 'fnodesk-trading-crash-'));
let current: Child | undefined;

afterAll(() => {
  stop(current);
  rmSync(dir, { recursive: true, force: true });
});

const PASSWORD = 'Nifty@Expiry-Tuesday9';

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`)).status === 200;
  } catch {
    return false;
  }
}

/** Starts the server on the data directory; `delayMs` pauses between a basket's orders (a test-only setting). */
async function start(port: number, delayMs: number): Promise<Child> {
  current = runTs('apps/server/src/main.ts', {
    PORT: String(port),
    DATA_DIR: dir,
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MARKET_CLOCK: 'always',
    ...(delayMs > 0 ? { TRADING_TEST_SEND_DELAY_MS: String(delayMs) } : {}),
  });
  await until(() => healthy(port), 90_000, 'health');
  return current;
}

describe('kill -9 in the middle of a paper basket', () => {
  it('places every order of the basket exactly once after the restart, none lost', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const json = async (path: string, init: RequestInit = {}) => {
      const res = await fetch(`${base}${path}`, init);
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    };
    let child = await start(port, 400);

    // A verified user with the QuikTrade Free trial (paper, NIFTY) and a logged-in Paper Trading account.
    const email = `crash.${Date.now()}@example.in`;
    const registered = await json('/api/v1/user', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Asha', lastName: 'Rao', mobile: '+919876543210', email, password: PASSWORD }),
    });
    expect(registered.status).toBe(200);
    let token: string | null = null;
    await until(
      async () => {
        const mails = (await json('/dev/mailbox.json')).body as unknown as { to: string; links: string[] }[];
        const link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('/authentication/confirm-mail'));
        token = link ? new URL(link).searchParams.get('token') : null;
        return token !== null;
      },
      30_000,
      'the verification mail',
    );
    await json('/api/v1/verify-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const login = async () => {
      const session = LoginSessionSchema.parse(
        (
          await json('/api/v1/user-login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: PASSWORD }),
          })
        ).body.data,
      );
      return { userid: session.userID, secret: session.loginSecret, 'content-type': 'application/json' };
    };
    let headers = await login();
    expect((await json('/api/v1/start-user-trial?product_type=qt', { headers })).status).toBe(200);
    const account = (
      await json('/api/v1/brokers', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Paper', type: 'papertrading', configuration: { userName: 'PAPER' } }),
      })
    ).body.data as { id: string };
    const link = (await json(`/api/v1/brokers/${account.id}/login`, { headers })).body.data as { loginUrl: string };
    const callback = await json('/api/v1/brokers/callback', {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'papertrading', params: Object.fromEntries(new URL(link.loginUrl).searchParams) }),
    });
    expect(callback.status, JSON.stringify(callback.body)).toBe(200);
    const enabled = await json(`/api/v1/brokers/${account.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ quickTrade: true }),
    });
    expect(enabled.status).toBe(200);

    // Ten NIFTY calls of the next-but-one expiry (listed whatever the market time the server plays).
    const market = createMarketSim({ seed: DEFAULT_MARKET_SEED, now: Date.now() });
    const expiry = market.optionExpiries('NIFTY', Date.now())[1]?.date;
    if (!expiry) throw new Error('no NIFTY expiry');
    const chain = market.optionChainInstruments('NIFTY', expiry, Date.now(), 5);
    const lines = (chain?.strikes ?? []).slice(0, 10).map((row) => ({
      exchange: 'NFO',
      tradingSymbol: row.ce.tradingSymbol,
      orderType: 'MARKET',
      transactionType: 'BUY',
      product: 'NRML',
      quantity: row.ce.lotSize,
    }));
    expect(lines).toHaveLength(10);
    const basket = {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'crash-basket-1' },
      body: JSON.stringify({ priorityType: 'broker-config', orders: lines }),
    };

    // The basket is journalled, then sent an order every 400 ms: kill -9 once some but not all are sent.
    void fetch(`${base}/api/v1/brokers/${account.id}/bulk-orders`, basket).catch(() => undefined);
    const sent = async () =>
      OrderBookSchema.parse((await json(`/api/v1/brokers/${account.id}/orders`, { headers })).body.data).orders.filter(
        (o) => o.status !== 'INTENT',
      ).length;
    await until(async () => (await sent()) >= 3, 30_000, 'three orders sent');
    child.proc.kill('SIGKILL');
    await child.exited;

    // Before the restart: the journal holds all ten, and some were never sent.
    {
      const database = await openDatabase({ dataDir: join(dir, 'pg') });
      const orders = await createTradingRepository(database.db).orders(account.id, new Date(0));
      await database.close();
      expect(orders).toHaveLength(10);
      const unsent = orders.filter((o) => o.status === 'INTENT').length;
      expect(unsent).toBeGreaterThan(0);
      expect(unsent).toBeLessThan(8);
    }

    // The restarted server resumes the intent: every order sent once; the client's retry answers the same ten.
    child = await start(port, 0);
    headers = await login();
    await until(async () => (await sent()) === 10, 30_000, 'all ten orders sent');
    const retry = await json(`/api/v1/brokers/${account.id}/bulk-orders`, {
      ...basket,
      headers: { ...headers, 'idempotency-key': 'crash-basket-1' },
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const answered = PlacedOrdersSchema.parse(retry.body.data).orders;
    expect(new Set(answered.map((o) => o.id)).size).toBe(10);
    const book = OrderBookSchema.parse((await json(`/api/v1/brokers/${account.id}/orders`, { headers })).body.data);
    expect(book.orders).toHaveLength(10);
    expect(book.orders.every((o) => !['INTENT', 'FAILED', 'REJECTED'].includes(o.status))).toBe(true);

    // The paper exchange's own book, rebuilt from the database, holds each of the ten orders once.
    child.proc.kill('SIGTERM');
    await child.exited;
    const database = await openDatabase({ dataDir: join(dir, 'pg') });
    const restored = restorePaperBook(await createTradingRepository(database.db).paperBook(account.id), 1_000_000);
    await database.close();
    const ids = restored.engine.orders().map((o) => o.orderId);
    expect(ids).toHaveLength(10);
    expect(new Set(ids)).toEqual(new Set(book.orders.map((o) => o.id)));
  });
});
