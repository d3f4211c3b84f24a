import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKiteConnectFake, submitKiteLoginForm, type KiteConnectFake } from '../../test/fakes/kite-connect-fake';
import type { BrokerCallContext, BrokerOrderRequest } from '../core/broker-adapter';
import { generateTotp } from '../core/totp';
import { createZerodhaAdapter } from './zerodha-adapter';
import { kiteStatusOf } from './zerodha-trading';

const CALLBACK = 'https://app.example/broker/callback/zerodha';
const users = ['AB1001', 'AB1002'].map((userId) => ({
  userId,
  password: `pw-${userId}`,
  totpSecret: 'JBSWY3DPEHPK3PXP',
  userName: `User ${userId}`,
  holdings: [
    {
      tradingsymbol: 'INFY',
      exchange: 'NSE',
      instrument_token: 408065,
      quantity: 10,
      average_price: 1500,
      last_price: 1600,
    },
  ],
}));
const apps = users.map((u, i) => ({ apiKey: `key${i}abc`, apiSecret: `secret-${i}-canary`, redirectUrl: CALLBACK }));

let now = Date.UTC(2026, 10, 20, 4, 0, 0); // Fri 20-Nov-2026 09:30 IST
let fake: KiteConnectFake;
const contexts: BrokerCallContext[] = [];

const order = (over: Partial<BrokerOrderRequest> = {}): BrokerOrderRequest => ({
  variety: 'regular',
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26NOV23000CE',
  transactionType: 'BUY',
  quantity: 65,
  product: 'MIS',
  orderType: 'LIMIT',
  validity: 'DAY',
  price: 100,
  tag: 'fdtest',
  ...over,
});

beforeAll(async () => {
  fake = await startKiteConnectFake({ apps, users, clock: { now: () => now } });
  const zerodha = createZerodhaAdapter({ apiRoot: fake.baseUrl, loginUrl: fake.loginUrl, timeoutMs: 2_000 });
  for (const [i, user] of users.entries()) {
    const app = apps[i];
    if (!app) throw new Error('no app');
    const account = { accountId: `acc-${i}`, userName: user.userId, apiKey: app.apiKey, apiSecret: app.apiSecret };
    const url = await zerodha.loginUrl({ account, callbackUrl: CALLBACK, state: `s${i}` });
    const redirect = await submitKiteLoginForm(url, {
      userId: user.userId,
      password: user.password,
      totp: generateTotp(user.totpSecret, now),
    });
    const session = await zerodha.completeLogin({
      account,
      params: Object.fromEntries(new URL(redirect).searchParams),
    });
    contexts.push({ account, session });
  }
});
afterAll(async () => {
  await fake.close();
});

const context = (i: number): BrokerCallContext => {
  const c = contexts[i];
  if (!c) throw new Error('no session');
  return c;
};

describe('Kite status mapping', () => {
  it('maps Kite statuses to ours, a partly filled OPEN order as PARTIAL and interim states as SENT', () => {
    expect(kiteStatusOf('OPEN', 0)).toBe('OPEN');
    expect(kiteStatusOf('OPEN', 10)).toBe('PARTIAL');
    expect(kiteStatusOf('TRIGGER PENDING', 0)).toBe('TRIGGER_PENDING');
    expect(kiteStatusOf('VALIDATION PENDING', 0)).toBe('SENT');
    expect(kiteStatusOf('SOMETHING NEW', 0)).toBe('SENT');
    expect(kiteStatusOf('COMPLETE', 65)).toBe('COMPLETE');
    expect(kiteStatusOf('CANCELLED', 0)).toBe('CANCELLED');
    expect(kiteStatusOf('REJECTED', 0)).toBe('REJECTED');
  });
});

describe('Zerodha orders and portfolio through the kiteconnect SDK', () => {
  it('keeps every user in their own book', async () => {
    const zerodha = createZerodhaAdapter({ apiRoot: fake.baseUrl });
    const { orderId } = await zerodha.orders.place(context(0), order({ tag: 'own-book-1' }));
    expect((await zerodha.orders.list(context(0))).map((o) => o.orderId)).toContain(orderId);
    expect((await zerodha.orders.list(context(1))).map((o) => o.orderId)).not.toContain(orderId);
  });

  it('places, partly fills, lists history and trades, and maps positions and holdings', async () => {
    const zerodha = createZerodhaAdapter({ apiRoot: fake.baseUrl });
    const { orderId } = await zerodha.orders.place(context(0), order({ quantity: 130, tag: 'fill-1' }));
    await fake.fill(orderId, 65, 99);
    const [history] = await zerodha.orders.history(context(0), orderId);
    expect(history).toMatchObject({ status: 'PARTIAL', filledQuantity: 65, pendingQuantity: 65, tag: 'fill-1' });
    expect(history?.orderTimestamp).toBe('2026-11-20 09:30:00');
    const trades = await zerodha.orders.trades(context(0), orderId);
    expect(trades).toEqual([expect.objectContaining({ orderId, quantity: 65, price: 99 })]);
    expect(trades[0]?.filledAt.toISOString()).toBe('2026-11-20T04:00:00.000Z');
    const positions = await zerodha.portfolio.positions(context(0));
    expect(positions).toEqual([
      expect.objectContaining({ tradingSymbol: 'NIFTY26NOV23000CE', product: 'MIS', quantity: 65, averagePrice: 99 }),
    ]);
    await zerodha.portfolio.convert(context(0), {
      exchange: 'NFO',
      tradingSymbol: 'NIFTY26NOV23000CE',
      transactionType: 'BUY',
      quantity: 65,
      oldProduct: 'MIS',
      newProduct: 'NRML',
    });
    expect((await zerodha.portfolio.positions(context(0))).map((p) => p.product)).toEqual(['NRML']);
    expect(await zerodha.portfolio.holdings(context(0))).toEqual([
      expect.objectContaining({ tradingSymbol: 'INFY', quantity: 10, pnl: 1000 }),
    ]);
  });

  it('refuses the 26th modification of an order at Kite', async () => {
    const zerodha = createZerodhaAdapter({ apiRoot: fake.baseUrl, orderRateLimit: { perSecond: 1000 } });
    const { orderId } = await zerodha.orders.place(context(1), order({ tag: 'modify-1' }));
    const change = { orderType: 'LIMIT' as const, quantity: 65, price: 101, triggerPrice: null, validity: 'DAY' };
    for (let i = 0; i < 25; i++) {
      // Ten a second at most, so the rate limit stays out of this test.
      if (i % 9 === 8) await new Promise((r) => setTimeout(r, 1_000));
      await zerodha.orders.modify(context(1), 'regular', orderId, change);
    }
    await new Promise((r) => setTimeout(r, 1_000));
    await expect(zerodha.orders.modify(context(1), 'regular', orderId, change)).rejects.toMatchObject({
      code: 'BROKER_REJECTED',
      message: 'Zerodha refused the request: Maximum allowed order modifications exceeded.',
    });
  });

  it('answers 429 to the 11th order in a second, which the adapter queues under by default', async () => {
    const unthrottled = createZerodhaAdapter({ apiRoot: fake.baseUrl, orderRateLimit: { perSecond: 1000 } });
    await new Promise((r) => setTimeout(r, 1_100));
    const answers = await Promise.allSettled(
      Array.from({ length: 11 }, (_, i) => unthrottled.orders.place(context(0), order({ tag: `burst-${i}` }))),
    );
    const refused = answers.filter((a) => a.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ reason: { code: 'RATE_LIMITED' } });

    await new Promise((r) => setTimeout(r, 1_100));
    const queued = createZerodhaAdapter({ apiRoot: fake.baseUrl });
    const placed = await Promise.all(
      Array.from({ length: 11 }, (_, i) => queued.orders.place(context(0), order({ tag: `queued-${i}` }))),
    );
    expect(new Set(placed.map((p) => p.orderId)).size).toBe(11);
  });

  it('verifies a postback with the account secret and maps it; refuses another secret', async () => {
    const zerodha = createZerodhaAdapter({ apiRoot: fake.baseUrl });
    fake.holdPostbacks(true);
    try {
      const { orderId } = await zerodha.orders.place(context(1), order({ tag: 'postback-1' }));
      await fake.fill(orderId, 65, 100);
      const payload = fake.postbacks().find((p) => p.order_id === orderId);
      expect(zerodha.orderUpdates.fromPostback(context(1).account, payload)).toMatchObject({
        orderId,
        status: 'COMPLETE',
        filledQuantity: 65,
        averagePrice: 100,
        tag: 'postback-1',
      });
      expect(() => zerodha.orderUpdates.fromPostback(context(0).account, payload)).toThrow(
        expect.objectContaining({ code: 'CHECKSUM_MISMATCH' }),
      );
    } finally {
      fake.holdPostbacks(false);
    }
  });

  it('reads margins of one order and of a hedged basket', async () => {
    const zerodha = createZerodhaAdapter({ apiRoot: fake.baseUrl });
    const sell = { ...order({ transactionType: 'SELL' }) };
    const [margin] = await zerodha.portfolio.orderMargins(context(0), [sell]);
    expect(margin?.total).toBeCloseTo(65 * 100 * 0.12, 2);
    const basket = await zerodha.portfolio.basketMargins(context(0), [sell, order({ price: 50 })], true);
    expect(basket.orders).toHaveLength(2);
    expect(basket.final.total).toBeLessThan(basket.initial.total);
    const funds = await zerodha.portfolio.funds(context(0));
    expect(funds.cash).toBe(100_000);
  });

  it('reports SESSION_EXPIRED once Kite has ended the tokens at 06:00 IST', async () => {
    const zerodha = createZerodhaAdapter({ apiRoot: fake.baseUrl });
    now = Date.UTC(2026, 10, 21, 0, 31, 0); // Sat 21-Nov-2026 06:01 IST
    await expect(zerodha.orders.place(context(0), order({ tag: 'late' }))).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
    await expect(zerodha.orders.list(context(1))).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
  });
});
