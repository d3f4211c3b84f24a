import { OrderLineSchema } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { restorePaperBook } from './paper-exchange';
import { orderLine, paperTrader, tradingProcess } from './trading-api-test-kit';
import { createTradingRepository } from './trading.repository';

// Two API processes on one PostgreSQL database each keep paper books in memory; the book's advisory lock and the
// catch-up from its committed inputs keep them from acting on one book at once or on a stale copy. PGlite belongs
// to one process, whose in-process queue orders a book's steps, so this runs on the PostgreSQL tier only.
describe.skipIf(process.env.TEST_DATABASE_URL === undefined)('one paper book, two API processes', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ logLevel: 'silent' });
    await t.app.ready();
  });

  afterAll(async () => {
    await t?.close();
  });

  const process = () => tradingProcess(t).service;

  it('applies every order exactly once when both place on the book at the same time', async () => {
    const { user, account } = await paperTrader(t);
    const [a, b] = [process(), process()];
    const placeOn = (service: ReturnType<typeof process>, i: number) =>
      service.place({
        userId: user.userID,
        accountId: account.id,
        kind: 'place',
        lines: [OrderLineSchema.parse(orderLine({ price: 1 + i * 0.05 }))],
      });
    // Twenty orders, alternately through each process, all in flight together, with both pumping the market.
    const placed = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => placeOn(i % 2 === 0 ? a : b, i)),
      a.exchange.pump(),
      b.exchange.pump(),
    ]);
    const orders = placed.flatMap((p) => (typeof p === 'number' ? [] : p.orders));
    expect(orders).toHaveLength(20);
    expect(orders.every((o) => o.status === 'OPEN')).toBe(true);

    // The inputs after the book's first snapshot were numbered in one sequence without gaps, and the book rebuilt
    // from them holds each order once.
    const seqs = (
      await t.database.db
        .select({ seq: schema.paperBookInputs.seq })
        .from(schema.paperBookInputs)
        .where(eq(schema.paperBookInputs.accountId, account.id))
        .orderBy(asc(schema.paperBookInputs.seq))
    ).map((r) => r.seq);
    expect(seqs.length).toBeGreaterThan(20);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => (seqs[0] ?? 0) + i));
    const book = restorePaperBook(await createTradingRepository(t.database.db, 'postgres').paperBook(account.id), 1e6);
    expect(
      book.engine
        .orders()
        .map((o) => o.orderId)
        .sort(),
    ).toEqual(orders.map((o) => o.id).sort());

    // Each process reads the same funds: the one that placed fewer orders catches up with the other's.
    const [fundsA, fundsB] = [await a.exchange.funds(account.id), await b.exchange.funds(account.id)];
    expect(fundsA).toEqual(fundsB);
    expect(fundsA).toEqual(book.engine.funds());
    expect(fundsA.blockedMargin).toBeGreaterThan(0);
  });
});
