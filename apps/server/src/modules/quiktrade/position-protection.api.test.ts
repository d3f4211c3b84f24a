import { BrokerAccountSchema, OrderLineSchema, type OrderLineInput } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedMarket } from '../../../test/fixtures/scripted-market';
import { authHeaders, signUpAndLogIn } from '../../../test/signed-in-user';
import { createTestApp, testMarket, TEST_CLOCK_START, type TestApp } from '../../../test/test-app';
import { buy, paramsOf } from '../brokers/broker-api-test-kit';
import { createQuikTradeModule } from './quiktrade.module';
import { EXIT_ATTEMPTS } from './risk-engine';
import { exitsEndingUnfilled } from './risk-test-kit';
import { tradingProcess } from '../trading/trading-api-test-kit';

let t: TestApp;

beforeAll(async () => {
  // The API role alone: the app's own market pass (the jobs role, on the unscripted market) would race the
  // processes this test builds over the scripted one.
  t = await createTestApp({ env: { ROLES: 'api' } });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

const scripted = scriptedMarket(testMarket());
const chain = testMarket().optionChainInstruments('NIFTY', '2026-11-23', TEST_CLOCK_START, 1);
const option = chain?.strikes[0]?.ce;
if (!option) throw new Error('no NIFTY option in the test market');

/**
 * A server process's trading and QuikTrade modules over the test database and the scripted market; building a new
 * pair is a restart (nothing carried over in memory, everything read back from the database). With `unfilledExits`,
 * the engine's first exits end unfilled.
 */
function process(options: { unfilledExits?: number } = {}) {
  const trading = tradingProcess(t, () => scripted.market);
  const quiktrade = createQuikTradeModule({
    database: t.database,
    bus: t.bus,
    trading: exitsEndingUnfilled(trading.service, options.unfilledExits ?? 0),
    market: () => scripted.market,
    clock: t.clock,
    logger: t.app.log,
  });
  trading.afterPump(() => quiktrade.engine.watch());
  return trading;
}

async function paperTrader() {
  const user = await signUpAndLogIn(t);
  await buy(t, user, 'QT04');
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ): Promise<{ status: number; data: unknown }> => {
    const res = await t.app.inject({ method, url, headers: authHeaders(user), ...(payload ? { payload } : {}) });
    return { status: res.statusCode, ...res.json<{ data: unknown }>() };
  };
  const account = BrokerAccountSchema.parse(
    (await call('POST', '/api/v1/brokers', { name: 'Paper', type: 'papertrading', configuration: { userName: 'P' } }))
      .data,
  );
  const link = (await call('GET', `/api/v1/brokers/${account.id}/login`)).data as { loginUrl: string };
  await call('POST', '/api/v1/brokers/callback', { type: 'papertrading', params: paramsOf(link.loginUrl) });
  await call('PUT', `/api/v1/brokers/${account.id}`, { quickTrade: true });
  return { userId: user.userID, accountId: account.id, call };
}

const line = (over: Partial<OrderLineInput>) =>
  OrderLineSchema.parse({
    exchange: 'NFO',
    tradingSymbol: option.tradingSymbol,
    orderType: 'MARKET',
    transactionType: 'BUY',
    product: 'MIS',
    quantity: 65,
    ...over,
  });

async function exitOrders(accountId: string) {
  const rows = await t.database.db
    .select()
    .from(schema.tradingOrders)
    .where(and(eq(schema.tradingOrders.accountId, accountId), eq(schema.tradingOrders.transactionType, 'SELL')));
  return rows;
}

async function step(...processes: ReturnType<typeof process>[]) {
  t.clock.advance(1000);
  for (const p of processes) await p.pass();
}

describe('position protection on the server, with no client connected', () => {
  it('exits once when the price crosses the stop from an order line, and once at a target set later, across a restart', async () => {
    const { userId, accountId } = await paperTrader();
    scripted.move(option.instrumentToken, 100);
    const first = process();
    await first.service.place({
      userId,
      accountId,
      kind: 'place',
      lines: [line({ stopLoss: { price: 90 }, takeProfit: { price: 130 } })],
    });
    await step(first);
    const [protection] = await t.database.db
      .select()
      .from(schema.positionProtections)
      .where(eq(schema.positionProtections.accountId, accountId));
    expect(protection).toMatchObject({ stopLoss: 90, target: 130, triggeredAt: null });

    // Through the stop: one exit intent, filled on the next pass; further passes place nothing more.
    scripted.move(option.instrumentToken, 88);
    await step(first);
    await step(first);
    await step(first);
    const exits = await exitOrders(accountId);
    expect(exits).toHaveLength(1);
    expect(exits[0]?.status).toBe('COMPLETE');
    const positions = await t.database.db
      .select()
      .from(schema.tradingPositions)
      .where(eq(schema.tradingPositions.accountId, accountId));
    expect(positions.map((p) => p.quantity)).toEqual([0]);

    // A new position with a target, then a restart: the new process and the old one both see the price cross it.
    scripted.move(option.instrumentToken, 100);
    await first.service.place({ userId, accountId, kind: 'place', lines: [line({})] });
    await step(first);
    const [position] = await t.database.db
      .select()
      .from(schema.tradingPositions)
      .where(eq(schema.tradingPositions.accountId, accountId));
    if (!position) throw new Error('no position');
    await first.service.setProfitLoss(userId, accountId, position.id, { target: 120 });
    const restarted = process();
    scripted.move(option.instrumentToken, 121);
    await step(restarted, first);
    await step(restarted, first);
    const after = await exitOrders(accountId);
    expect(after).toHaveLength(2);
    expect(after.every((o) => o.status === 'COMPLETE')).toBe(true);
  });

  it('watches a protection set through the API after the engine started, in another process too, and exits once', async () => {
    const { userId, accountId, call } = await paperTrader();
    scripted.move(option.instrumentToken, 100);
    // Two processes watching (the app's API is a third): both read the database before the protection exists.
    const a = process();
    const b = process();
    await a.service.place({ userId, accountId, kind: 'place', lines: [line({})] });
    await step(a, b);
    const [position] = await t.database.db
      .select()
      .from(schema.tradingPositions)
      .where(eq(schema.tradingPositions.accountId, accountId));
    if (!position) throw new Error('no position');
    const set = await call('PUT', `/api/v1/brokers/${accountId}/positions/${position.id}/profit-loss`, {
      stopLoss: 95,
    });
    expect(set.status).toBe(200);

    // Only the second process passes when the price goes through: it learnt of the stop from the app's process.
    scripted.move(option.instrumentToken, 94);
    await step(b);
    expect(await exitOrders(accountId)).toHaveLength(1);
    await step(a, b);
    await step(b, a);
    const exits = await exitOrders(accountId);
    expect(exits).toHaveLength(1);
    expect(exits[0]?.status).toBe('COMPLETE');
  });

  it('stops watching a position once it is closed, and watches it again when a fill opens it', async () => {
    const { userId, accountId } = await paperTrader();
    scripted.move(option.instrumentToken, 100);
    const p = process();
    await p.service.place({ userId, accountId, kind: 'place', lines: [line({ stopLoss: { price: 90 } })] });
    await step(p);
    // Closed by hand: its stop, never triggered, stays in the database but nothing is watched any more.
    await p.service.place({ userId, accountId, kind: 'place', lines: [line({ transactionType: 'SELL' })] });
    await step(p);
    scripted.move(option.instrumentToken, 80);
    await step(p);
    await step(p);
    expect(await exitOrders(accountId)).toHaveLength(1);
    const [kept] = await t.database.db
      .select()
      .from(schema.positionProtections)
      .where(eq(schema.positionProtections.accountId, accountId));
    expect(kept).toMatchObject({ stopLoss: 90, triggeredAt: null });

    // Opened again (the stop still set, now above the price from a new entry at 80): the next tick exits it.
    await p.service.place({ userId, accountId, kind: 'place', lines: [line({})] });
    await step(p);
    await step(p);
    await step(p);
    const exits = await exitOrders(accountId);
    expect(exits).toHaveLength(2);
    expect(exits.every((o) => o.status === 'COMPLETE')).toBe(true);
  });
});

/** A long with a stop at 90, filled at 100, then the price at 88 (through the stop), in a process whose first `unfilledExits` exits end unfilled. */
const stoppedThrough = async (unfilledExits: number) => {
  const { userId, accountId } = await paperTrader();
  scripted.move(option.instrumentToken, 100);
  const p = process({ unfilledExits });
  await p.service.place({ userId, accountId, kind: 'place', lines: [line({ stopLoss: { price: 90 } })] });
  await step(p);
  scripted.move(option.instrumentToken, 88);
  return { accountId, p };
};

describe('an exit that ends without closing the position', () => {
  it('watches the stop again and exits on the next price beyond it', async () => {
    const { accountId, p } = await stoppedThrough(1);
    await step(p);
    expect((await exitOrders(accountId)).map((o) => o.status)).toEqual(['CANCELLED']);
    for (let i = 0; i < 4; i++) await step(p);

    const exits = await exitOrders(accountId);
    expect(exits.map((o) => o.status).sort()).toEqual(['CANCELLED', 'COMPLETE']);
    const positions = await t.database.db
      .select()
      .from(schema.tradingPositions)
      .where(eq(schema.tradingPositions.accountId, accountId));
    expect(positions.map((o) => o.quantity)).toEqual([0]);
    const log = await t.database.db
      .select()
      .from(schema.tradingLog)
      .where(and(eq(schema.tradingLog.accountId, accountId), eq(schema.tradingLog.action, 'protection.rearmed')));
    expect(log.map((l) => l.message)).toEqual([
      `${option.tradingSymbol}: the exit did not close the position; its stop and target are watched again (try 2 of 3 on the next trigger)`,
    ]);
  });

  it(`tries ${EXIT_ATTEMPTS} exits at most, then leaves the protection triggered`, async () => {
    const { accountId, p } = await stoppedThrough(100);
    for (let i = 0; i < 12; i++) await step(p);

    const exits = await exitOrders(accountId);
    expect(exits).toHaveLength(EXIT_ATTEMPTS);
    expect(exits.every((o) => o.status === 'CANCELLED')).toBe(true);
    const [protection] = await t.database.db
      .select()
      .from(schema.positionProtections)
      .where(eq(schema.positionProtections.accountId, accountId));
    expect(protection?.triggeredAt).not.toBeNull();
    expect(protection?.exitIntentId).not.toBeNull();
  });
});
