import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderBookSchema, PlacedOrdersSchema } from '@fnodesk/contracts';
import { openDatabase } from '@fnodesk/db';
import { createMarketSim } from '@fnodesk/market-sim';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_SEED } from '../src/platform/config';
import { restorePaperBook } from '../src/modules/trading/paper-exchange';
import { createTradingRepository } from '../src/modules/trading/trading.repository';
import { httpClient } from './http-client';
import { freeTrialPaperTrader } from './http-trader';
import { freePort, healthy, runTs, serverEnv, stop, until, type Child } from './process-helpers';

const dir = mkdtempSync(join(tmpdir(), 'fnodesk-trading-crash-'));
let current: Child | undefined;

afterAll(() => {
  stop(current);
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server on the data directory; `delayMs` pauses between a basket's orders (a test-only setting). */
async function start(port: number, delayMs: number): Promise<Child> {
  current = runTs('apps/server/src/main.ts', {
    ...serverEnv(port, dir),
    ...(delayMs > 0 ? { TRADING_TEST_SEND_DELAY_MS: String(delayMs) } : {}),
  });
  await until(() => healthy(port), 90_000, 'health');
  return current;
}

describe('kill -9 in the middle of a paper basket', () => {
  it('places every order of the basket exactly once after the restart, none lost', async () => {
    const port = await freePort();
    const call = httpClient(`http://127.0.0.1:${port}`);
    let child = await start(port, 400);

    // A verified user with the QuikTrade Free trial (paper, NIFTY) and a logged-in Paper Trading account.
    const trader = await freeTrialPaperTrader(call, 'crash');
    let headers = trader.headers;

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
    const basket = { priorityType: 'broker-config', orders: lines };
    const key = { 'idempotency-key': 'crash-basket-1' };

    // The basket is journalled, then sent an order every 400 ms: kill -9 once some but not all are sent.
    void call('POST', `/api/v1/brokers/${trader.accountId}/bulk-orders`, {
      headers: { ...headers, ...key },
      body: basket,
    }).catch(() => undefined);
    const sent = async () =>
      OrderBookSchema.parse(
        (await call('GET', `/api/v1/brokers/${trader.accountId}/orders`, { headers })).body.data,
      ).orders.filter((o) => o.status !== 'INTENT').length;
    await until(async () => (await sent()) >= 3, 30_000, 'three orders sent');
    child.proc.kill('SIGKILL');
    await child.exited;

    // Before the restart: the journal holds all ten, and some were never sent.
    {
      const database = await openDatabase({ dataDir: join(dir, 'pg') });
      const orders = await createTradingRepository(database.db).orders(trader.accountId, new Date(0));
      await database.close();
      expect(orders).toHaveLength(10);
      const unsent = orders.filter((o) => o.status === 'INTENT').length;
      expect(unsent).toBeGreaterThan(0);
      expect(unsent).toBeLessThan(8);
    }

    // The restarted server resumes the intent: every order sent once; the client's retry answers the same ten.
    child = await start(port, 0);
    headers = await trader.logIn();
    await until(async () => (await sent()) === 10, 30_000, 'all ten orders sent');
    const retry = await call('POST', `/api/v1/brokers/${trader.accountId}/bulk-orders`, {
      headers: { ...headers, ...key },
      body: basket,
    });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const answered = PlacedOrdersSchema.parse(retry.body.data).orders;
    expect(new Set(answered.map((o) => o.id)).size).toBe(10);
    const book = OrderBookSchema.parse(
      (await call('GET', `/api/v1/brokers/${trader.accountId}/orders`, { headers })).body.data,
    );
    expect(book.orders).toHaveLength(10);
    expect(book.orders.every((o) => !['INTENT', 'FAILED', 'REJECTED'].includes(o.status))).toBe(true);

    // The paper exchange's own book, rebuilt from the database, holds each of the ten orders once.
    child.proc.kill('SIGTERM');
    await child.exited;
    const database = await openDatabase({ dataDir: join(dir, 'pg') });
    const restored = restorePaperBook(
      await createTradingRepository(database.db).paperBook(trader.accountId),
      1_000_000,
    );
    await database.close();
    const ids = restored.engine.orders().map((o) => o.orderId);
    expect(ids).toHaveLength(10);
    expect(new Set(ids)).toEqual(new Set(book.orders.map((o) => o.id)));
  });
});
