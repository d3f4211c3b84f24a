import { OrderLineSchema } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testMarket, type TestApp } from '../../../test/test-app';
import { PAPER_SNAPSHOT_EVERY, restorePaperBook } from './paper-exchange';
import { orderLine, paperTrader } from './trading-api-test-kit';
import { createTradingModule } from './trading.module';
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
    const trading = createTradingModule({
      database: t.database,
      bus: t.bus,
      clock: t.clock,
      logger: t.app.log,
      market: testMarket,
      runExchange: false,
    }).service;
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
