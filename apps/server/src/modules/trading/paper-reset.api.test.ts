import { FundsSchema, TRADING_MESSAGES } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { callAs, orderLine, paperTrader } from './trading-api-test-kit';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'silent' });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

describe('resetting a paper account', () => {
  it('refuses with 409 while an order is open, then starts again from the capital asked once it is cancelled', async () => {
    const { user, account } = await paperTrader(t);
    const base = `/api/v1/brokers/${account.id}`;
    // A resting LIMIT far below the market: open, blocking margin.
    const placed = await callAs(t, 'POST', `${base}/orders`, user, orderLine({ price: 1 }));
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = (placed.body.data as { orders: { id: string }[] }).orders[0]?.id ?? '';

    const refused = await callAs(t, 'POST', `${base}/paper/reset`, user, { capital: 500_000 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'PAPER_BOOK_BUSY', error: TRADING_MESSAGES.resetOpenOrders });

    expect((await callAs(t, 'DELETE', `${base}/orders/${orderId}`, user)).status).toBe(200);
    const reset = await callAs(t, 'POST', `${base}/paper/reset`, user, { capital: 500_000 });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const funds = FundsSchema.parse(reset.body.data);
    expect(funds.equity.openingBalance).toBe(500_000);
    expect(funds.equity.available.cash).toBe(500_000);
    expect(funds.equity.utilised.debits).toBe(0);

    // The capital stays the account's: a later reset without one keeps it, and the funds page reads it.
    expect((await callAs(t, 'POST', `${base}/paper/reset`, user, {})).status).toBe(200);
    const read = FundsSchema.parse((await callAs(t, 'GET', `${base}/funds`, user)).body.data);
    expect(read.equity.openingBalance).toBe(500_000);
  });

  it('refuses with 409 while a position is open', async () => {
    const { user, account } = await paperTrader(t);
    const base = `/api/v1/brokers/${account.id}`;
    const placed = await callAs(
      t,
      'POST',
      `${base}/orders`,
      user,
      orderLine({ orderType: 'MARKET', price: undefined }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await t.app.trading.pass();
    }
    const refused = await callAs(t, 'POST', `${base}/paper/reset`, user, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'PAPER_BOOK_BUSY', error: TRADING_MESSAGES.resetOpenPositions });
  });

  it('refuses a capital out of bounds as a validation error', async () => {
    const { user, account } = await paperTrader(t);
    for (const capital of [0, -5, 9_999, 1e12, 12.5, '100000']) {
      const answer = await callAs(t, 'POST', `/api/v1/brokers/${account.id}/paper/reset`, user, { capital });
      expect(answer.status, `capital ${String(capital)}`).toBe(400);
    }
  });
});
