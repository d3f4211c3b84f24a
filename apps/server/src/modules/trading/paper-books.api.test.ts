import { OrderLineSchema } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedMarket } from '../../../test/fixtures/scripted-market';
import { createTestApp, testMarket, TEST_CLOCK_START, type TestApp } from '../../../test/test-app';
import { PAPER_SNAPSHOT_EVERY, restorePaperBook } from './paper-exchange';
import { orderLine, paperTrader, tradingProcess } from './trading-api-test-kit';
import { createTradingRepository } from './trading.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'silent', env: { ROLES: 'api' } });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

describe('paper book snapshots', () => {
  it('writes a large book’s snapshot less often, and the book rebuilt from it and the inputs after it is the same', async () => {
    const { user, account } = await paperTrader(t);
    const trading = tradingProcess(t).service;
    // 350 resting orders, each two inputs (the underlying's price, then the order): 700 inputs.
    const ORDERS = 350;
    for (let i = 0; i < ORDERS; i++) {
      await trading.place({
        userId: user.userID,
        accountId: account.id,
        kind: 'place',
        lines: [OrderLineSchema.parse(orderLine({ price: 1 + (i % 40) * 0.05 }))],
      });
    }
    await trading.exchange.flushSnapshots();
    const kept = await t.database.db
      .select({ seq: schema.paperBookInputs.seq })
      .from(schema.paperBookInputs)
      .where(eq(schema.paperBookInputs.accountId, account.id));
    // Every 200 inputs would keep fewer than 200 since the last snapshot; a book of 300 orders waits 300 inputs.
    expect(kept.length).toBeGreaterThan(PAPER_SNAPSHOT_EVERY);
    expect(kept.length).toBeLessThanOrEqual(ORDERS);

    const repository = createTradingRepository(t.database.db, t.database.driver);
    const rebuilt = restorePaperBook(await repository.paperBook(account.id), 1e6);
    expect(rebuilt.engine.orderCount()).toBe(ORDERS);
    expect(rebuilt.engine.funds()).toEqual(await trading.exchange.funds(account.id));
  }, 120_000);
});

describe('the paper pump', () => {
  it('passes over a book of open positions alone, and marks it to market when its funds are read', async () => {
    const { user, account } = await paperTrader(t);
    const scripted = scriptedMarket(testMarket());
    const trading = tradingProcess(t, () => scripted.market).service;
    const inputs = async () =>
      (
        await t.database.db
          .select({ seq: schema.paperBookInputs.seq })
          .from(schema.paperBookInputs)
          .where(eq(schema.paperBookInputs.accountId, account.id))
      ).length;
    const placed = await trading.place({
      userId: user.userID,
      accountId: account.id,
      kind: 'place',
      lines: [OrderLineSchema.parse(orderLine({ orderType: 'MARKET' }))],
    });
    const position = placed.orders[0];
    if (!position) throw new Error('no order');
    scripted.move(position.instrumentToken, 100);
    // The pump that fills it, then one that has a timer to run (the book's first); then nothing is due.
    t.clock.set(TEST_CLOCK_START + 1_000);
    await trading.exchange.pump();
    await trading.exchange.pump();
    const filled = await trading.exchange.funds(account.id);
    const before = await inputs();
    t.clock.set(TEST_CLOCK_START + 2_000);
    await trading.exchange.pump();
    t.clock.set(TEST_CLOCK_START + 3_000);
    await trading.exchange.pump();
    expect(await inputs()).toBe(before);

    // The price moves ₹10 a unit: the funds read marks the position to market (65 units).
    scripted.move(position.instrumentToken, 110);
    t.clock.set(TEST_CLOCK_START + 4_000);
    await trading.exchange.pump();
    const marked = await trading.exchange.funds(account.id);
    expect(await inputs()).toBeGreaterThan(before);
    expect(marked.unrealisedPnl - filled.unrealisedPnl).toBeCloseTo(650, 0);
  });
});
