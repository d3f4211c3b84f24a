import { createZerodhaAdapter, generateTotp, type BrokerOrderRequest } from '@fnodesk/brokers';
import { startKiteConnectFake, submitKiteLoginForm, type KiteConnectFake } from '@fnodesk/brokers/testing';
import {
  BrokerAccountSchema,
  BrokerListSchema,
  FanOutResultSchema,
  OrderEventSchema,
  OrderLineSchema,
  OrderViewSchema,
  PlacedOrdersSchema,
  type BrokerAccount,
  type OrderLineInput,
  type OrderView,
} from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { and, eq } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import {
  createTestApp,
  testMarket,
  TEST_CLOCK_START,
  UNLIMITED_LOGINS_BY_ADDRESS,
  type TestApp,
} from '../../../test/test-app';
import { buy, paramsOf } from '../brokers/broker-api-test-kit';
import { userEventsChannel } from '../feed/feed-channels';
import type { LiveBrokers } from './live-exchange';
import { createTradingModule } from './trading.module';

// Kite users and their Kite Connect apps: one app per user, each user its own book at the fake.
const kiteUsers = Array.from({ length: 16 }, (_, i) => ({
  userId: `ZK${String(1000 + i)}`,
  password: `kite-password-${i}`,
  totpSecret: 'JBSWY3DPEHPK3PXP',
  userName: `Trader ${i}`,
  margins: { cash: 500_000, debits: 0 },
}));
const apps = kiteUsers.map((u, i) => ({ apiKey: `kitekey${i}x`, apiSecret: `kite-secret-${i}-canary` }));
const PUBLIC_URL = 'http://localhost:8080';
/** The SDK's timeout in this file: a held answer longer than this is a timeout after the order was accepted. */
const KITE_TIMEOUT_MS = 400;

let t: TestApp;
let kite: KiteConnectFake;
let listening: string;
let nextKiteUser = 0;

beforeAll(async () => {
  let clockNow = (): number => Date.now();
  kite = await startKiteConnectFake({
    apps: apps.map((a) => ({ ...a, redirectUrl: `${PUBLIC_URL}/broker/callback/zerodha` })),
    users: kiteUsers,
    clock: { now: () => clockNow() },
    // Kite knows every contract's token; the fake asks the test market.
    instrumentToken: (_exchange, tradingSymbol) =>
      testMarket()
        .instrumentsByName(tradingSymbol.replace(/\d.*$/, ''), TEST_CLOCK_START)
        .find((i) => i.tradingSymbol === tradingSymbol)?.instrumentToken,
  });
  t = await createTestApp({
    env: {
      KITE_API_URL: kite.baseUrl,
      KITE_LOGIN_URL: kite.loginUrl,
      KITE_API_TIMEOUT_MS: String(KITE_TIMEOUT_MS),
      KITE_ORDER_SETTLE_MS: '100',
      KITE_ORDER_RESUME_AFTER_MS: '100',
      ...UNLIMITED_LOGINS_BY_ADDRESS,
    },
    logLevel: 'warn',
  });
  clockNow = () => t.clock.now();
  // Kite posts postbacks over HTTP, so the app listens on a free port.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  listening = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
  await kite.close();
});

interface Answer {
  status: number;
  body: { code: number; data: unknown; error?: string; errorCode?: string };
}

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: SignedInUser,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...authHeaders(user), ...headers },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const market = testMarket();
const chain = market.optionChainInstruments('NIFTY', '2026-11-23', TEST_CLOCK_START, 5);
if (!chain) throw new Error('the test market has no NIFTY chain');
const spot = market.quote(chain.spotToken, TEST_CLOCK_START)?.lp ?? 0;
const atm = chain.strikes.reduce((best, row) =>
  Math.abs(row.strike - spot) < Math.abs(best.strike - spot) ? row : best,
);
const ATM_CE = atm.ce.tradingSymbol;

const line = (over: Partial<OrderLineInput> = {}): OrderLineInput => ({
  exchange: 'NFO',
  tradingSymbol: ATM_CE,
  orderType: 'LIMIT',
  transactionType: 'BUY',
  product: 'MIS',
  quantity: 65,
  price: 100,
  ...over,
});

interface LiveTrader {
  user: SignedInUser;
  account: BrokerAccount;
  kiteUserId: string;
  apiKey: string;
  apiSecret: string;
}

/** A Pro user with a Zerodha account logged in through the fake Kite, enabled for trading, postbacks registered. */
async function liveTrader(): Promise<LiveTrader> {
  const index = nextKiteUser++;
  const kiteUser = kiteUsers[index];
  const app = apps[index];
  if (!kiteUser || !app) throw new Error('out of fake Kite users');
  const user = await signUpAndLogIn(t);
  await buy(t, user, 'QT04');
  const added = await call('POST', '/api/v1/brokers', user, {
    name: `Kite ${index}`,
    type: 'zerodha',
    autoLogin: false,
    loginType: 'partner',
    configuration: { userName: kiteUser.userId, apiKey: app.apiKey, secret: app.apiSecret },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const account = BrokerAccountSchema.parse(added.body.data);
  const link = await call('GET', `/api/v1/brokers/${account.id}/login`, user);
  const redirect = await submitKiteLoginForm((link.body.data as { loginUrl: string }).loginUrl, {
    userId: kiteUser.userId,
    password: kiteUser.password,
    totp: generateTotp(kiteUser.totpSecret, t.clock.now()),
  });
  const done = await call('POST', '/api/v1/brokers/callback', user, { type: 'zerodha', params: paramsOf(redirect) });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  const enabled = await call('PUT', `/api/v1/brokers/${account.id}`, user, { quickTrade: true });
  expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  kite.setPostbackUrl(app.apiKey, `${listening}/api/v1/postback/zerodha/${account.id}`);
  return { user, account, kiteUserId: kiteUser.userId, ...app };
}

async function placeOne(trader: LiveTrader, body: OrderLineInput, headers: Record<string, string> = {}) {
  const res = await call('POST', `/api/v1/brokers/${trader.account.id}/orders`, trader.user, body, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [order] = PlacedOrdersSchema.parse(res.body.data).orders;
  if (!order) throw new Error('no order placed');
  return order;
}

async function ourOrder(trader: LiveTrader, id: string): Promise<OrderView> {
  const book = await call('GET', `/api/v1/brokers/${trader.account.id}/orders`, trader.user);
  expect(book.status, JSON.stringify(book.body)).toBe(200);
  const found = (book.body.data as { orders: unknown[] }).orders
    .map((o) => OrderViewSchema.parse(o))
    .find((o) => o.id === id);
  if (!found) throw new Error(`order ${id} is not in the book`);
  return found;
}

const atKite = (trader: LiveTrader, brokerOrderId: string | null) => {
  const found = kite.orders(trader.kiteUserId).find((o) => o.order_id === brokerOrderId);
  if (!found) throw new Error(`order ${brokerOrderId} is not at the fake Kite`);
  return found;
};

async function eventsOf(orderId: string) {
  return t.database.db.select().from(schema.orderEvents).where(eq(schema.orderEvents.orderId, orderId));
}

describe('live orders through Zerodha (fake Kite)', () => {
  it('places MARKET, LIMIT and SL options and an SL-M future at Kite with our tag, and refuses SL-M on an option before Kite', async () => {
    const trader = await liveTrader();
    const bodies: OrderLineInput[] = [
      line({ orderType: 'MARKET', price: undefined }),
      line({ orderType: 'LIMIT', price: 100 }),
      line({ orderType: 'SL', price: 500, triggerPrice: 499 }),
      line({ tradingSymbol: 'NIFTY26NOVFUT', orderType: 'SL-M', price: undefined, triggerPrice: 99_000 }),
    ];
    for (const body of bodies) {
      const order = await placeOne(trader, body);
      expect(order.mode).toBe('live');
      expect(order.status).toBe(body.orderType === 'SL' || body.orderType === 'SL-M' ? 'TRIGGER_PENDING' : 'OPEN');
      const remote = atKite(trader, order.brokerOrderId);
      expect(remote).toMatchObject({ tag: order.tag, order_type: body.orderType, quantity: 65 });
      if (body.orderType === 'MARKET' || body.orderType === 'SL-M') expect(remote.market_protection).toBe(-1);
    }
    const before = kite.orders(trader.kiteUserId).length;
    const slm = await call(
      'POST',
      `/api/v1/brokers/${trader.account.id}/orders`,
      trader.user,
      line({ orderType: 'SL-M', price: undefined, triggerPrice: 499 }),
    );
    expect(slm.status).toBe(400);
    expect(kite.orders(trader.kiteUserId)).toHaveLength(before);
  });

  it('modifies and cancels a LIMIT order at Kite, and refuses the 26th modification before calling Kite', async () => {
    const trader = await liveTrader();
    const order = await placeOne(trader, line({ price: 100 }));
    const modified = await call('PUT', `/api/v1/brokers/${trader.account.id}/orders/${order.id}`, trader.user, {
      price: 101.5,
      quantity: 130,
    });
    expect(modified.status, JSON.stringify(modified.body)).toBe(200);
    expect(OrderViewSchema.parse(modified.body.data)).toMatchObject({ price: 101.5, quantity: 130, modifications: 1 });
    expect(atKite(trader, order.brokerOrderId)).toMatchObject({ price: 101.5, quantity: 130, modified: true });

    for (let i = 2; i <= 25; i++) {
      const res = await call('PUT', `/api/v1/brokers/${trader.account.id}/orders/${order.id}`, trader.user, {
        price: 100 + i * 0.05,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const calls = kite.requests.length;
    const refused = await call('PUT', `/api/v1/brokers/${trader.account.id}/orders/${order.id}`, trader.user, {
      price: 90,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('MODIFICATION_LIMIT');
    expect(kite.requests.slice(calls).filter((r) => r.method === 'PUT')).toHaveLength(0);

    const cancelled = await call('DELETE', `/api/v1/brokers/${trader.account.id}/orders/${order.id}`, trader.user);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(OrderViewSchema.parse(cancelled.body.data).status).toBe('CANCELLED');
    expect(atKite(trader, order.brokerOrderId).status).toBe('CANCELLED');
    await kite.settled();
    expect((await eventsOf(order.id)).filter((e) => e.status === 'CANCELLED')).toHaveLength(1);
  });

  it('takes a partial fill and then the completion from postbacks', async () => {
    const trader = await liveTrader();
    const events: string[] = [];
    const unsubscribe = await t.bus.subscribe(userEventsChannel(trader.user.userID), (m) => void events.push(m));
    const order = await placeOne(trader, line({ quantity: 130, price: 100 }));
    const brokerId = order.brokerOrderId ?? '';
    await kite.fill(brokerId, 65, 99.5);
    expect(await ourOrder(trader, order.id)).toMatchObject({
      status: 'PARTIAL',
      filledQuantity: 65,
      averagePrice: 99.5,
    });
    await kite.fill(brokerId, 65, 100);
    expect(await ourOrder(trader, order.id)).toMatchObject({
      status: 'COMPLETE',
      filledQuantity: 130,
      averagePrice: 99.75,
    });
    await unsubscribe();
    const published = events
      // The channel also carries the account's postback notices; only order events are looked at.
      .flatMap((m) => {
        const parsed = OrderEventSchema.safeParse((JSON.parse(m) as { d: unknown }).d);
        return parsed.success ? [parsed.data] : [];
      })
      .flatMap((e) => ('order' in e && e.order.id === order.id ? [[e.kind, e.order.status]] : []));
    expect(published).toEqual([
      ['order.placed', 'OPEN'],
      ['order.filled', 'PARTIAL'],
      ['order.filled', 'COMPLETE'],
    ]);

    const trades = await call('GET', `/api/v1/brokers/${trader.account.id}/trades`, trader.user);
    expect(trades.status).toBe(200);
    const fills = (trades.body.data as { trades: { orderId: string; quantity: number; mode: string }[] }).trades;
    expect(fills.map((f) => [f.orderId, f.quantity, f.mode])).toEqual([
      [order.id, 65, 'live'],
      [order.id, 65, 'live'],
    ]);
    const positions = await call('GET', `/api/v1/brokers/${trader.account.id}/positions`, trader.user);
    expect(positions.status).toBe(200);
    expect((positions.body.data as { positions: { tradingSymbol: string; quantity: number }[] }).positions).toEqual([
      expect.objectContaining({
        tradingSymbol: ATM_CE,
        instrumentToken: atm.ce.instrumentToken,
        quantity: 130,
        mode: 'live',
        lotSize: 65,
      }),
    ]);
  });

  it('applies repeated and out-of-order postbacks once each, never moving a finished order backwards', async () => {
    const trader = await liveTrader();
    const order = await placeOne(trader, line({ quantity: 130, price: 100 }));
    const brokerId = order.brokerOrderId ?? '';
    kite.holdPostbacks(true);
    try {
      await kite.fill(brokerId, 65, 99);
      await kite.fill(brokerId, 65, 101);
    } finally {
      kite.holdPostbacks(false);
    }
    const [partial, complete] = kite.postbacks().filter((p) => p.order_id === brokerId);
    if (!partial || !complete) throw new Error('the fake sent no postbacks');
    expect(partial.status).toBe('UPDATE');
    expect(complete.status).toBe('COMPLETE');
    // Out of order, then every one again.
    for (const payload of [complete, partial, complete, partial]) await kite.deliver(payload);
    expect(await ourOrder(trader, order.id)).toMatchObject({
      status: 'COMPLETE',
      filledQuantity: 130,
      averagePrice: 100,
    });
    const events = await eventsOf(order.id);
    expect(events.filter((e) => e.status === 'COMPLETE')).toHaveLength(1);
    expect(events.filter((e) => e.status === 'PARTIAL')).toHaveLength(0);

    // A postback not signed with the account's secret changes nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/v1/postback/zerodha/${trader.account.id}`,
      payload: { ...complete, status: 'CANCELLED', checksum: 'f'.repeat(64) },
    });
    expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    expect(forged.statusCode).toBeLessThan(500);
    expect((await ourOrder(trader, order.id)).status).toBe('COMPLETE');
  });

  it('shows an order Kite rejects after accepting it as REJECTED with its reason', async () => {
    const trader = await liveTrader();
    kite.rejectNext(trader.kiteUserId, 'Margin Exceeds, Required:1,20,000, Available:50,000');
    const order = await placeOne(trader, line());
    await kite.settled();
    expect(await ourOrder(trader, order.id)).toMatchObject({
      status: 'REJECTED',
      statusMessage: 'Margin Exceeds, Required:1,20,000, Available:50,000',
    });
  });

  it('queues 11 orders sent in one second under Kite’s 10 a second: all placed, none refused with 429', async () => {
    const trader = await liveTrader();
    const answers = await Promise.all(
      Array.from({ length: 11 }, (_, i) =>
        call('POST', `/api/v1/brokers/${trader.account.id}/orders`, trader.user, line({ price: 100 + i * 0.05 })),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 11 }, () => 200));
    const orders = answers.flatMap((a) => PlacedOrdersSchema.parse(a.body.data).orders);
    expect(orders.map((o) => o.status)).toEqual(Array.from({ length: 11 }, () => 'OPEN'));
    expect(kite.orders(trader.kiteUserId)).toHaveLength(11);
  });

  it('reconciles an order Kite accepted but answered after the timeout by its tag: one order at Kite, adopted', async () => {
    const trader = await liveTrader();
    kite.holdNextAnswer(trader.kiteUserId, KITE_TIMEOUT_MS * 5);
    const late = await placeOne(trader, line({ price: 100 }));
    kite.holdNextAnswer(trader.kiteUserId, null);
    const never = await placeOne(trader, line({ price: 100.05 }));
    const remote = kite.orders(trader.kiteUserId);
    expect(remote).toHaveLength(2);
    for (const order of [late, never]) {
      expect(order.status).toBe('OPEN');
      expect(remote.filter((o) => o.tag === order.tag)).toEqual([
        expect.objectContaining({ order_id: order.brokerOrderId }),
      ]);
    }
    const logs = await t.database.db
      .select()
      .from(schema.tradingLog)
      .where(and(eq(schema.tradingLog.accountId, trader.account.id), eq(schema.tradingLog.action, 'order.reconciled')));
    expect(logs).toHaveLength(2);
  });

  it('answers 409 BROKER_TOKEN_EXPIRED when Kite has ended the session, and sends nothing', async () => {
    const trader = await liveTrader();
    await placeOne(trader, line());
    kite.expireAccessTokens();
    const res = await call('POST', `/api/v1/brokers/${trader.account.id}/orders`, trader.user, line({ price: 100.05 }));
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('BROKER_TOKEN_EXPIRED');
    expect(kite.orders(trader.kiteUserId)).toHaveLength(1);
    const funds = await call('GET', `/api/v1/brokers/${trader.account.id}/funds`, trader.user);
    expect(funds.status).toBe(409);
    // The order book still shows what was recorded: the first order open, the refused one failed.
    const book = await call('GET', `/api/v1/brokers/${trader.account.id}/orders`, trader.user);
    expect(book.status).toBe(200);
    expect((book.body.data as { orders: { status: string }[] }).orders.map((o) => o.status)).toEqual([
      'OPEN',
      'FAILED',
    ]);
  });

  it('places exactly one order at Kite for 20 concurrent requests with one Idempotency-Key', async () => {
    const trader = await liveTrader();
    const headers = { 'idempotency-key': 'kite-once-0001' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', `/api/v1/brokers/${trader.account.id}/orders`, trader.user, line(), headers),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ids = new Set(answers.map((a) => PlacedOrdersSchema.parse(a.body.data).orders[0]?.id));
    expect(ids.size).toBe(1);
    expect(kite.orders(trader.kiteUserId)).toHaveLength(1);
  });

  it('reads funds, order margins and basket margins of a live account from Kite', async () => {
    const trader = await liveTrader();
    const funds = await call('GET', `/api/v1/brokers/${trader.account.id}/funds`, trader.user);
    expect(funds.status, JSON.stringify(funds.body)).toBe(200);
    const margins = await call('POST', `/api/v1/brokers/${trader.account.id}/fetch-margins`, trader.user, {
      orders: [line({ transactionType: 'SELL', price: 100 })],
    });
    expect(margins.status, JSON.stringify(margins.body)).toBe(200);
    // The fake's margin model: 12 % of the notional of a sold option.
    expect((margins.body.data as { margins: { total: number }[] }).margins[0]?.total).toBeCloseTo(65 * 100 * 0.12, 2);
    const basket = await call('POST', `/api/v1/brokers/${trader.account.id}/fetch-basket-margins`, trader.user, {
      orders: [line({ transactionType: 'SELL', price: 100 }), line({ transactionType: 'BUY', price: 50 })],
    });
    expect(basket.status, JSON.stringify(basket.body)).toBe(200);
    const data = basket.body.data as { initial: { total: number }; final: { total: number } };
    expect(data.final.total).toBeLessThan(data.initial.total);
  });

  /**
   * A process that places a 10-order basket and dies on its fifth placement: after Kite booked that order and before
   * the answer was recorded (`booked`), or before the request left (`unsent`). Returns the trader and a module
   * factory for the processes that come after it, on the same database.
   */
  async function basketCrash(when: 'booked' | 'unsent', idempotencyKey: string) {
    const trader = await liveTrader();
    const [session] = kite.sessions().filter((s) => s.userId === trader.kiteUserId);
    if (!session) throw new Error('no Kite session');
    const adapter = createZerodhaAdapter({ apiRoot: kite.baseUrl, timeoutMs: KITE_TIMEOUT_MS });
    const context = {
      account: {
        accountId: trader.account.id,
        userName: trader.kiteUserId,
        apiKey: trader.apiKey,
        apiSecret: trader.apiSecret,
      },
      session: { accessToken: session.accessToken, expiresAt: new Date(t.clock.now() + 3_600_000) },
    };
    let placed = 0;
    const dying: LiveBrokers = {
      access: async () => ({
        context,
        adapter: {
          ...adapter,
          orders: {
            ...adapter.orders,
            async place(c, order: BrokerOrderRequest) {
              placed += 1;
              if (placed === 5 && when === 'unsent') throw new Error('process killed');
              const answer = await adapter.orders.place(c, order);
              if (placed === 5) throw new Error('process killed');
              return answer;
            },
          },
        },
      }),
    };
    const module = (live: LiveBrokers) =>
      createTradingModule({
        database: t.database,
        bus: t.bus,
        clock: t.clock,
        logger: t.app.log,
        market: testMarket,
        runExchange: false,
        live,
        liveSettleMs: 50,
        liveResumeAfterMs: 50,
      });
    const lines = (chain?.strikes ?? [])
      .slice(0, 10)
      .map((row) => OrderLineSchema.parse(line({ tradingSymbol: row.ce.tradingSymbol })));
    await expect(
      module(dying).service.place({
        userId: trader.user.userID,
        accountId: trader.account.id,
        kind: 'bulk',
        lines,
        idempotencyKey,
      }),
    ).rejects.toThrow('process killed');
    expect(kite.orders(trader.kiteUserId)).toHaveLength(when === 'booked' ? 5 : 4);
    return { trader, restarted: () => module({ access: async () => ({ context, adapter }) }) };
  }

  /** Each of the basket's 10 orders once at Kite and once in our book, open, with the broker's order ids. */
  async function expectEachOrderOnce(accountId: string, kiteUserId: string) {
    const ours = await t.database.db
      .select()
      .from(schema.tradingOrders)
      .where(eq(schema.tradingOrders.accountId, accountId));
    expect(ours.map((o) => o.status)).toEqual(Array.from({ length: 10 }, () => 'OPEN'));
    const remote = kite.orders(kiteUserId);
    expect(remote).toHaveLength(10);
    expect(new Set(remote.map((o) => o.tag))).toEqual(new Set(ours.map((o) => o.tag)));
    expect(new Set(ours.map((o) => o.brokerOrderId))).toEqual(new Set(remote.map((o) => o.order_id)));
    return ours;
  }

  it('resumes after a crash mid-basket: each of 10 orders exactly once at Kite and in our book', async () => {
    const { trader, restarted } = await basketCrash('booked', 'kite-basket-crash-01');
    expect(await restarted().service.resume()).toBe(1);
    await expectEachOrderOnce(trader.account.id, trader.kiteUserId);
  });

  it('two processes resuming the same crashed basket at once send each missing order once, in sequence', async () => {
    const { trader, restarted } = await basketCrash('unsent', 'kite-basket-crash-02');
    // Both find the fifth order SENT and not in Kite's book: one claims its resend, the other leaves the intent.
    await Promise.all([restarted().service.resume(), restarted().service.resume()]);
    const ours = await expectEachOrderOnce(trader.account.id, trader.kiteUserId);
    expect(ours.filter((o) => o.resends > 0)).toHaveLength(1);
    const remote = kite.orders(trader.kiteUserId);
    const bySeq = [...ours].sort((a, b) => a.seq - b.seq).map((o) => o.tag);
    // Kite's book lists them in the order they arrived: the basket's sequence.
    expect(remote.map((o) => o.tag)).toEqual(bySeq);
  });

  it('looks again for a live order left without an answer once it is a minute old, without a restart', async () => {
    const { trader, restarted } = await basketCrash('unsent', 'kite-basket-crash-03');
    const peer = restarted();
    // Not a minute old yet: left to whoever may still be sending it.
    expect(await peer.service.resumeUnanswered(60_000)).toBe(0);
    t.clock.set(t.clock.now() + 61_000);
    expect(await peer.service.resumeUnanswered(60_000)).toBe(1);
    await expectEachOrderOnce(trader.account.id, trader.kiteUserId);
  });
});

describe('live orders for other brokers', () => {
  it('refuses a live order for a Paper Trading account with LIVE_TRADING_UNSUPPORTED', async () => {
    const user = await signUpAndLogIn(t);
    await buy(t, user, 'QT04');
    const added = await call('POST', '/api/v1/brokers', user, {
      name: 'Paper',
      type: 'papertrading',
      configuration: { userName: 'PAPER' },
    });
    const account = BrokerAccountSchema.parse(added.body.data);
    const link = await call('GET', `/api/v1/brokers/${account.id}/login`, user);
    await call('POST', '/api/v1/brokers/callback', user, {
      type: 'papertrading',
      params: paramsOf((link.body.data as { loginUrl: string }).loginUrl),
    });
    await call('PUT', `/api/v1/brokers/${account.id}`, user, { quickTrade: true });
    const res = await call('POST', `/api/v1/brokers/${account.id}/orders`, user, line({ mode: 'live' }));
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('LIVE_TRADING_UNSUPPORTED');
  });
});

describe('QuikTrade fan-out', () => {
  it('places one line on every Zerodha account at its multiplier; a rejection shows its reason while the other stands', async () => {
    const first = await liveTrader();
    // A second Zerodha account of the same user, on another Kite user.
    const second = await liveTrader();
    const moved = await t.database.db
      .update(schema.brokerAccounts)
      .set({ userId: first.user.userID })
      .where(eq(schema.brokerAccounts.id, second.account.id))
      .returning();
    expect(moved).toHaveLength(1);
    const multiplier = await call('PUT', `/api/v1/brokers/${second.account.id}/multiplier`, first.user, {
      multiplier: 2,
    });
    expect(multiplier.status, JSON.stringify(multiplier.body)).toBe(200);
    const listed = await call('GET', '/api/v1/brokers', first.user);
    const multipliers = BrokerListSchema.parse(listed.body.data).brokers.map((a) => [a.id, a.tradeMultiplier]);
    expect(Object.fromEntries(multipliers)).toEqual({ [first.account.id]: 1, [second.account.id]: 2 });

    const fan = await call('POST', '/api/v1/quiktrade/fan-out', first.user, { line: line({ price: 100 }) });
    expect(fan.status, JSON.stringify(fan.body)).toBe(200);
    const result = FanOutResultSchema.parse(fan.body.data);
    expect(result.mode).toBe('live');
    expect(result.results.map((r) => [r.brokerId, r.multiplier, r.status])).toEqual([
      [first.account.id, 1, 'placed'],
      [second.account.id, 2, 'placed'],
    ]);
    expect(kite.orders(first.kiteUserId).map((o) => o.quantity)).toEqual([65]);
    expect(kite.orders(second.kiteUserId).map((o) => o.quantity)).toEqual([130]);

    kite.rejectNext(second.kiteUserId, 'Insufficient funds. Required margin is 95,000.00');
    const again = await call('POST', '/api/v1/quiktrade/fan-out', first.user, { line: line({ price: 100.05 }) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await kite.settled();
    const [one, two] = FanOutResultSchema.parse(again.body.data).results;
    expect(one).toMatchObject({ status: 'placed', reason: null });
    // Kite answers with the order's id and rejects it in RMS a moment later, by postback: the fan-out's answer has
    // the rejection when the postback was in first, and the account's book has it once the postback is in.
    const reason = 'Insufficient funds. Required margin is 95,000.00';
    expect(two?.brokerId).toBe(second.account.id);
    if (two?.status === 'rejected') expect(two.reason).toBe(reason);
    const [sent] = two?.orders ?? [];
    expect(await ourOrder({ ...second, user: first.user }, sent!.id)).toMatchObject({
      status: 'REJECTED',
      statusMessage: reason,
    });
    expect(kite.orders(first.kiteUserId).filter((o) => o.status === 'OPEN')).toHaveLength(2);
  });

  it('never mixes paper and live: a paper fan-out of a Zerodha user places on paper and sends nothing to Kite', async () => {
    const trader = await liveTrader();
    const paper = await call('POST', '/api/v1/quiktrade/fan-out', trader.user, {
      line: line({ mode: 'paper', price: 100 }),
    });
    expect(paper.status, JSON.stringify(paper.body)).toBe(200);
    const result = FanOutResultSchema.parse(paper.body.data);
    expect(result.mode).toBe('paper');
    expect(result.results.flatMap((r) => r.orders.map((o) => o.mode))).toEqual(['paper']);
    expect(kite.orders(trader.kiteUserId)).toHaveLength(0);
  });
});
