import { OrderLineSchema, type OrderLineInput } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedMarket } from '../../../test/fixtures/scripted-market';
import { createTestApp, testMarket, TEST_CLOCK_START, type TestApp } from '../../../test/test-app';
import { paperTrader } from '../trading/trading-api-test-kit';
import { createTradingModule } from '../trading/trading.module';
import { createQuikTradeModule } from './quiktrade.module';

let t: TestApp;

beforeAll(async () => {
  // The API role alone: the app's own market pass would race the process this test builds.
  t = await createTestApp({ env: { ROLES: 'api' }, logLevel: 'silent' });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

const scripted = scriptedMarket(testMarket());
const option = testMarket().optionChainInstruments('NIFTY', '2026-11-23', TEST_CLOCK_START, 1)?.strikes[0]?.ce;
if (!option) throw new Error('no NIFTY option in the test market');

/** The feed's health as its watchdog reports it, set by the test. */
const feed = { stale: false };

function process() {
  const trading = createTradingModule({
    database: t.database,
    bus: t.bus,
    clock: t.clock,
    logger: t.app.log,
    market: () => scripted.market,
    feedStale: () => feed.stale,
    runExchange: false,
  });
  const quiktrade = createQuikTradeModule({
    database: t.database,
    bus: t.bus,
    trading: trading.service,
    market: () => scripted.market,
    clock: t.clock,
    logger: t.app.log,
    feedStale: () => feed.stale,
  });
  trading.afterPump(() => quiktrade.engine.watch());
  return trading;
}

const line = (over: Partial<OrderLineInput> = {}) =>
  OrderLineSchema.parse({
    exchange: 'NFO',
    tradingSymbol: option.tradingSymbol,
    orderType: 'MARKET',
    transactionType: 'BUY',
    product: 'MIS',
    quantity: 65,
    ...over,
  });

async function orders(accountId: string, side: 'BUY' | 'SELL') {
  return t.database.db
    .select()
    .from(schema.tradingOrders)
    .where(and(eq(schema.tradingOrders.accountId, accountId), eq(schema.tradingOrders.transactionType, side)));
}

async function passes(trading: ReturnType<typeof process>, n: number) {
  for (let i = 0; i < n; i++) {
    t.clock.advance(1000);
    await trading.pass();
  }
}

describe('a stale feed', () => {
  it('fills no paper order while the feed is stale, and fills it once the feed is fresh again', async () => {
    const { user, account } = await paperTrader(t);
    const trading = process();
    scripted.move(option.instrumentToken, 100);
    feed.stale = true;
    const placed = await trading.service.place({
      userId: user.userID,
      accountId: account.id,
      kind: 'place',
      lines: [line()],
    });
    expect(placed.orders[0]?.status).toBe('OPEN');
    await passes(trading, 3);
    expect((await orders(account.id, 'BUY')).map((o) => o.status)).toEqual(['OPEN']);

    feed.stale = false;
    await passes(trading, 2);
    expect((await orders(account.id, 'BUY')).map((o) => o.status)).toEqual(['COMPLETE']);
  });

  it('triggers no stop while the feed is stale, and exits once when it is fresh and the price is still through', async () => {
    const { user, account } = await paperTrader(t);
    const trading = process();
    feed.stale = false;
    scripted.move(option.instrumentToken, 100);
    await trading.service.place({
      userId: user.userID,
      accountId: account.id,
      kind: 'place',
      lines: [line({ stopLoss: { price: 90 } })],
    });
    await passes(trading, 2);
    expect((await orders(account.id, 'BUY')).map((o) => o.status)).toEqual(['COMPLETE']);

    feed.stale = true;
    scripted.move(option.instrumentToken, 85);
    await passes(trading, 3);
    expect(await orders(account.id, 'SELL')).toHaveLength(0);
    const [protection] = await t.database.db
      .select()
      .from(schema.positionProtections)
      .where(eq(schema.positionProtections.accountId, account.id));
    expect(protection?.triggeredAt).toBeNull();

    feed.stale = false;
    await passes(trading, 3);
    const exits = await orders(account.id, 'SELL');
    expect(exits).toHaveLength(1);
    expect(exits[0]?.status).toBe('COMPLETE');
  });
});
