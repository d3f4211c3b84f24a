import {
  BrokerAccountSchema,
  FREE_PLAN_SIMULATED_ORDERS,
  FanOutResultSchema,
  FundsSchema,
  OrderEventSchema,
  OrderLineSchema,
  OrderViewSchema,
  PlacedOrdersSchema,
  RiskSettingsSchema,
  TRADING_MESSAGES,
  TradingLogSchema,
  type BrokerAccount,
  type OrderLineInput,
} from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, testMarket, TEST_CLOCK_START, type TestApp } from '../../../test/test-app';
import { buy, paramsOf } from '../brokers/broker-api-test-kit';
import { userEventsChannel } from '../feed/feed-channels';
import { tradingProcess } from './trading-api-test-kit';
import { restorePaperBook } from './paper-exchange';
import { createTradingRepository } from './trading.repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  body: { code: number; data: unknown; error?: string; errorCode?: string; field?: string };
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

// The test market at the test clock's start (Fri 20-Nov-2026 09:30 IST): NIFTY's nearest (monthly) expiry.
const market = testMarket();
const niftyChain = market.optionChainInstruments('NIFTY', '2026-11-23', TEST_CLOCK_START, 5);
if (!niftyChain) throw new Error('the test market has no NIFTY chain');
const spot = market.quote(niftyChain.spotToken, TEST_CLOCK_START)?.lp ?? 0;
const atm = niftyChain.strikes.reduce((best, row) =>
  Math.abs(row.strike - spot) < Math.abs(best.strike - spot) ? row : best,
);
const ATM_CE = atm.ce.tradingSymbol;
const ATM_PE = atm.pe.tradingSymbol;
const strikeAt = (offset: number) => {
  const i = niftyChain.strikes.indexOf(atm) + offset;
  const row = niftyChain.strikes[i];
  if (!row) throw new Error(`no strike at ATM${offset}`);
  return row;
};

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

/** A user with a plan (or none) and a logged-in Paper Trading account enabled for trading. */
async function trader(
  plan: 'QT04' | 'QT01' | 'free' | null,
  enable = true,
): Promise<{ user: SignedInUser; account: BrokerAccount }> {
  const user = await signUpAndLogIn(t);
  if (plan === 'free') {
    const trial = await call('GET', '/api/v1/start-user-trial?product_type=qt', user);
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
  } else if (plan !== null) {
    await buy(t, user, plan);
  }
  const added = await call('POST', '/api/v1/brokers', user, {
    name: 'Paper',
    type: 'papertrading',
    configuration: { userName: 'PAPER' },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const account = BrokerAccountSchema.parse(added.body.data);
  const link = await call('GET', `/api/v1/brokers/${account.id}/login`, user);
  const done = await call('POST', '/api/v1/brokers/callback', user, {
    type: 'papertrading',
    params: paramsOf((link.body.data as { loginUrl: string }).loginUrl),
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  if (enable && plan !== null) {
    const enabled = await call('PUT', `/api/v1/brokers/${account.id}`, user, { quickTrade: true });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
  }
  return { user, account };
}

const place = (user: SignedInUser, account: BrokerAccount, body: unknown, headers: Record<string, string> = {}) =>
  call('POST', `/api/v1/brokers/${account.id}/orders`, user, body, headers);

/** Gives a Free trader `n` simulated orders placed: one through the API, the rest copies of it under its intent. */
async function freeOrdersPlaced(free: { user: SignedInUser; account: BrokerAccount }, n: number): Promise<void> {
  const first = await place(free.user, free.account, line());
  const [order] = PlacedOrdersSchema.parse(first.body.data).orders;
  if (!order) throw new Error('no order');
  await t.database.db.execute(sql`
    insert into trading_orders (intent_id, user_id, account_id, seq, mode, tag, exchange, trading_symbol,
      instrument_token, lot_size, tick_size, transaction_type, product, order_type, variety, validity, quantity, status)
    select intent_id, user_id, account_id, g, mode, 'seed' || g, exchange, trading_symbol, instrument_token, lot_size,
      tick_size, transaction_type, product, order_type, variety, validity, quantity, status
    from trading_orders, generate_series(1, ${n - 1}::int) as g where id = ${order.id}`);
}

describe('placing, modifying and cancelling orders on paper', () => {
  it('accepts each order type and lists it in the order book', async () => {
    const { user, account } = await trader('QT04');
    const events: string[] = [];
    const unsubscribe = await t.bus.subscribe(userEventsChannel(user.userID), (m) => void events.push(m));
    const bodies: OrderLineInput[] = [
      line({ orderType: 'MARKET', price: undefined }),
      line({ orderType: 'LIMIT', price: 100 }),
      line({ orderType: 'SL', price: 500, triggerPrice: 499, transactionType: 'BUY' }),
      line({ tradingSymbol: 'NIFTY26NOVFUT', orderType: 'SL-M', price: undefined, triggerPrice: 99_000 }),
    ];
    for (const body of bodies) {
      const res = await place(user, account, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [order] = PlacedOrdersSchema.parse(res.body.data).orders;
      expect(order?.mode).toBe('paper');
      expect(order?.status).toBe(body.orderType === 'SL' || body.orderType === 'SL-M' ? 'TRIGGER_PENDING' : 'OPEN');
      expect(order?.brokerOrderId).toMatch(/^PT/);
      expect(order?.tag.length).toBeLessThanOrEqual(20);
    }
    const book = await call('GET', `/api/v1/brokers/${account.id}/orders`, user);
    expect(book.status).toBe(200);
    const orders = (book.body.data as { orders: unknown[] }).orders.map((o) => OrderViewSchema.parse(o));
    expect(orders.map((o) => o.orderType)).toEqual(['MARKET', 'LIMIT', 'SL', 'SL-M']);
    // Each placement went out on the user's feed channel as an order event.
    const placed = events.map((m) => OrderEventSchema.parse((JSON.parse(m) as { d: unknown }).d));
    expect(placed.filter((e) => e.kind === 'order.placed')).toHaveLength(4);
    await unsubscribe();
  });

  it('refuses SL-M on an option and a MARKET order without market protection is given the automatic one', async () => {
    const { user, account } = await trader('QT04');
    const slm = await place(user, account, line({ orderType: 'SL-M', price: undefined, triggerPrice: 50 }));
    expect(slm.status).toBe(400);
    expect(slm.body.errorCode).toBe('VALIDATION_FAILED');
    const market = await place(user, account, line({ orderType: 'MARKET', price: undefined }));
    expect(market.status).toBe(200);
    const row = await t.database.db
      .select()
      .from(schema.tradingOrders)
      .where(eq(schema.tradingOrders.accountId, account.id));
    expect(row[0]?.marketProtection).toBe(-1);
  });

  it('slices a 40-lot NIFTY order at the freeze limit: 27 lots + 13 lots', async () => {
    const { user, account } = await trader('QT04');
    const res = await place(user, account, line({ quantity: 40 * 65 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { orders } = PlacedOrdersSchema.parse(res.body.data);
    expect(orders.map((o) => o.quantity)).toEqual([27 * 65, 13 * 65]);
    expect(orders.map((o) => o.slice)).toEqual([
      { index: 1, count: 2 },
      { index: 2, count: 2 },
    ]);
    expect(new Set(orders.map((o) => o.tag)).size).toBe(2);
    // A slice lot of 10 gives 10 + 10 + 10 + 10.
    const smaller = await place(user, account, line({ quantity: 40 * 65, sliceLot: 10 }));
    expect(PlacedOrdersSchema.parse(smaller.body.data).orders.map((o) => o.quantity)).toEqual([650, 650, 650, 650]);
    const tooBig = await place(user, account, line({ quantity: 40 * 65, sliceLot: 28 }));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.field).toBe('sliceLots');
  });

  it('answers every §5 target and stop-loss message for a bad side', async () => {
    const { user, account } = await trader('QT04');
    const cases: [Partial<OrderLineInput>, string, string][] = [
      [
        { transactionType: 'BUY', takeProfit: { price: 90 } },
        'takeProfit.price',
        'Target price should be greater than 100 price.',
      ],
      [
        { transactionType: 'SELL', takeProfit: { price: 110 } },
        'takeProfit.price',
        'Target price should be less than 100 price.',
      ],
      [
        { transactionType: 'BUY', stopLoss: { price: 110 } },
        'stopLoss.price',
        'StopLoss price should be less than 100 price.',
      ],
      [
        { transactionType: 'SELL', stopLoss: { price: 90 } },
        'stopLoss.price',
        'StopLoss price should be greater than 100 price.',
      ],
    ];
    for (const [over, field, message] of cases) {
      const res = await place(user, account, line(over));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(res.body.field).toBe(field);
    }
    const tag = await place(user, account, line({ tag: 'x'.repeat(21) }));
    expect(tag.status).toBe(400);
    const offTick = await place(user, account, line({ price: 100.03 }));
    expect(offTick.status).toBe(400);
    expect(offTick.body.field).toBe('price');
    const notLots = await place(user, account, line({ quantity: 100 }));
    expect(notLots.status).toBe(400);
    expect(notLots.body.field).toBe('quantity');
  });

  it('modifies a working order up to 25 times, then refuses before any broker call; cancels once', async () => {
    const { user, account } = await trader('QT04');
    const res = await place(user, account, line());
    const [order] = PlacedOrdersSchema.parse(res.body.data).orders;
    if (!order) throw new Error('no order');
    const url = `/api/v1/brokers/${account.id}/orders/${order.id}`;
    for (let i = 1; i <= 25; i++) {
      const m = await call('PUT', url, user, { price: 100 + i * 0.05 });
      expect(m.status, JSON.stringify(m.body)).toBe(200);
      expect(OrderViewSchema.parse(m.body.data).modifications).toBe(i);
    }
    const last = await call('PUT', url, user, { price: 90 });
    expect(last.status).toBe(409);
    expect(last.body.errorCode).toBe('MODIFICATION_LIMIT');
    const offTick = await call('PUT', url, user, { price: 90.01 });
    expect(offTick.status).toBe(400);
    const cancelled = await call('DELETE', url, user);
    expect(cancelled.status).toBe(200);
    expect(OrderViewSchema.parse(cancelled.body.data).status).toBe('CANCELLED');
    const again = await call('DELETE', url, user);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('ORDER_NOT_MODIFIABLE');
    const other = await trader('QT04');
    const foreign = await call('DELETE', `/api/v1/brokers/${other.account.id}/orders/${order.id}`, other.user);
    expect(foreign.status).toBe(404);
    // By the exchange's order id too; text that is no id at all is simply not found.
    const byExchangeId = await call('PUT', `/api/v1/brokers/${account.id}/orders/${order.brokerOrderId ?? ''}`, user, {
      price: 99,
    });
    expect(byExchangeId.body.errorCode).toBe('ORDER_NOT_MODIFIABLE');
    expect((await call('DELETE', `/api/v1/brokers/${account.id}/orders/not-an-order`, user)).status).toBe(404);
  });
});

describe('idempotency', () => {
  it('20 concurrent requests with one Idempotency-Key place one order and all answer it', async () => {
    const { user, account } = await trader('QT04');
    const headers = { 'idempotency-key': 'basket-7f3a-0001' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(user, account, line(), headers)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const ids = new Set(answers.map((a) => PlacedOrdersSchema.parse(a.body.data).orders[0]?.id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(schema.tradingOrders)
      .where(eq(schema.tradingOrders.accountId, account.id));
    expect(rows).toHaveLength(1);
    const reused = await place(user, account, line({ price: 101 }), headers);
    expect(reused.status).toBe(422);
    expect(reused.body.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
  });
});

describe('plan gates, allowance and broker login', () => {
  it('refuses orders without a QuikTrade plan with 402', async () => {
    const { user, account } = await trader(null);
    await t.database.db
      .update(schema.brokerAccounts)
      .set({ quickTrade: true })
      .where(eq(schema.brokerAccounts.id, account.id));
    const res = await place(user, account, line());
    expect(res.status).toBe(402);
    expect(res.body.errorCode).toBe('PLAN_REQUIRED');
    expect(res.body.error).toBe(TRADING_MESSAGES.noTradePlan);
  });

  it('keeps the Free plan on NIFTY and Scalper on indices', async () => {
    const free = await trader('free');
    expect((await place(free.user, free.account, line())).status).toBe(200);
    const bank = market.instrumentsByName('BANKNIFTY', TEST_CLOCK_START, 'NFO').find((i) => i.instrumentType === 'FUT');
    const stock = market.instrumentsByName('RELIANCE', TEST_CLOCK_START, 'NFO').find((i) => i.instrumentType === 'FUT');
    if (!bank || !stock) throw new Error('test market lacks BANKNIFTY or RELIANCE futures');
    const bankLine = line({
      tradingSymbol: bank.tradingSymbol,
      quantity: bank.lotSize,
      orderType: 'MARKET',
      price: undefined,
    });
    const stockLine = line({
      tradingSymbol: stock.tradingSymbol,
      quantity: stock.lotSize,
      orderType: 'MARKET',
      price: undefined,
    });
    const freeBank = await place(free.user, free.account, bankLine);
    expect(freeBank.status).toBe(402);
    expect(freeBank.body.errorCode).toBe('PLAN_REQUIRED');
    expect(freeBank.body.error).toBe(TRADING_MESSAGES.freePlanNiftyOnly);
    const scalper = await trader('QT01');
    expect((await place(scalper.user, scalper.account, bankLine)).status).toBe(200);
    const scalperStock = await place(scalper.user, scalper.account, stockLine);
    expect(scalperStock.status).toBe(402);
    expect(scalperStock.body.errorCode).toBe('PLAN_REQUIRED');
    expect(scalperStock.body.error).toBe(TRADING_MESSAGES.scalperIndicesOnly);
    const pro = await trader('QT04');
    expect((await place(pro.user, pro.account, stockLine)).status).toBe(200);
  });

  it('gates a fan-out by the control that sent it, as bulk-orders: Scalper straddles are refused, chain clicks placed', async () => {
    const scalper = await trader('QT01');
    const fan = (origin: string) =>
      call('POST', '/api/v1/quiktrade/fan-out', scalper.user, { line: line({ mode: 'paper' }), origin });
    const straddle = await fan('straddle');
    expect(straddle.status, JSON.stringify(straddle.body)).toBe(200);
    expect(FanOutResultSchema.parse(straddle.body.data).results).toMatchObject([
      { brokerId: scalper.account.id, status: 'rejected', reason: TRADING_MESSAGES.upgradeToUse, orders: [] },
    ]);
    const chain = await fan('chain');
    expect(FanOutResultSchema.parse(chain.body.data).results).toMatchObject([{ status: 'placed', reason: null }]);
  });

  it('counts the Free plan’s 5000 simulated orders and refuses beyond them', async () => {
    const free = await trader('free');
    // 4,999 placed before (copies of a first order under its intent): one more order fits, the next does not.
    await freeOrdersPlaced(free, FREE_PLAN_SIMULATED_ORDERS - 1);
    expect((await place(free.user, free.account, line())).status).toBe(200);
    const over = await place(free.user, free.account, line());
    expect(over.status).toBe(402);
    expect(over.body.errorCode).toBe('PLAN_REQUIRED');
    expect(over.body.error).toBe(TRADING_MESSAGES.freeOrdersUsed);
  });

  it('lets only one of three orders placed at once take the last of the Free plan’s simulated orders', async () => {
    const free = await trader('free');
    // 4,999 placed before: room for one.
    await freeOrdersPlaced(free, FREE_PLAN_SIMULATED_ORDERS - 1);
    const answers = await Promise.all([1, 2, 3].map(() => place(free.user, free.account, line())));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 402, 402]);
    expect(await createTradingRepository(t.database.db).paperOrdersPlaced(free.user.userID)).toBe(
      FREE_PLAN_SIMULATED_ORDERS,
    );
  });

  it('refuses a live order for a non-Zerodha account with its own 409 code', async () => {
    const { user, account } = await trader('QT04');
    const res = await place(user, account, line({ mode: 'live' }));
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('LIVE_TRADING_UNSUPPORTED');
  });

  it('refuses an account not enabled for trading, logged out or with an expired session', async () => {
    const { user, account } = await trader('QT04', false);
    const disabled = await place(user, account, line());
    expect(disabled.status).toBe(409);
    expect(disabled.body.errorCode).toBe('TRADE_ALLOWANCE_EXCEEDED');
    await call('PUT', `/api/v1/brokers/${account.id}`, user, { quickTrade: true });
    await t.database.db
      .update(schema.brokerAccounts)
      .set({ sessionExpiresAt: new Date(t.clock.now() - 1000) })
      .where(eq(schema.brokerAccounts.id, account.id));
    const expired = await place(user, account, line());
    expect(expired.status).toBe(409);
    expect(expired.body.errorCode).toBe('BROKER_TOKEN_EXPIRED');
    await t.database.db
      .update(schema.brokerAccounts)
      .set({ status: 'loggedOut' })
      .where(eq(schema.brokerAccounts.id, account.id));
    const out = await place(user, account, line());
    expect(out.status).toBe(409);
    expect(out.body.errorCode).toBe('BROKER_NOT_LOGGED_IN');
  });
});

describe('margins, funds, risk settings and the trading log', () => {
  it('a short ATM NIFTY option needs ₹0.9–1.8 lakh a lot; an iron condor’s basket is under half its legs', async () => {
    const { user, account } = await trader('QT04');
    const margin = await call('POST', `/api/v1/brokers/${account.id}/fetch-margins`, user, {
      orders: [line({ transactionType: 'SELL', orderType: 'MARKET', price: undefined })],
    });
    expect(margin.status, JSON.stringify(margin.body)).toBe(200);
    const total = (margin.body.data as { margins: { total: number }[] }).margins[0]?.total ?? 0;
    expect(total).toBeGreaterThan(90_000);
    expect(total).toBeLessThan(180_000);
    const condor = [
      line({
        tradingSymbol: strikeAt(2).ce.tradingSymbol,
        transactionType: 'SELL',
        orderType: 'MARKET',
        price: undefined,
      }),
      line({
        tradingSymbol: strikeAt(4).ce.tradingSymbol,
        transactionType: 'BUY',
        orderType: 'MARKET',
        price: undefined,
      }),
      line({
        tradingSymbol: strikeAt(-2).pe.tradingSymbol,
        transactionType: 'SELL',
        orderType: 'MARKET',
        price: undefined,
      }),
      line({
        tradingSymbol: strikeAt(-4).pe.tradingSymbol,
        transactionType: 'BUY',
        orderType: 'MARKET',
        price: undefined,
      }),
    ];
    const basket = await call('POST', `/api/v1/brokers/${account.id}/fetch-basket-margins`, user, { orders: condor });
    expect(basket.status, JSON.stringify(basket.body)).toBe(200);
    const data = basket.body.data as {
      initial: { total: number };
      final: { total: number };
      orders: { total: number }[];
    };
    expect(data.orders).toHaveLength(4);
    expect(data.final.total).toBeLessThan(data.initial.total / 2);
    expect(data.final.total).toBeGreaterThan(0);
  });

  it('funds start at ₹10,00,000 of virtual capital and block margin for pending orders', async () => {
    const { user, account } = await trader('QT04');
    const before = FundsSchema.parse((await call('GET', `/api/v1/brokers/${account.id}/funds`, user)).body.data);
    expect(before.equity.openingBalance).toBe(1_000_000);
    expect(before.equity.available.cash).toBe(1_000_000);
    await place(user, account, line({ tradingSymbol: ATM_PE, transactionType: 'SELL', price: 500 }));
    const after = FundsSchema.parse((await call('GET', `/api/v1/brokers/${account.id}/funds`, user)).body.data);
    expect(after.equity.utilised.debits).toBeGreaterThan(50_000);
    expect(after.equity.available.cash).toBeCloseTo(1_000_000 - after.equity.utilised.debits, 2);
  });

  it('keeps one risk-settings record per account with the spec defaults', async () => {
    const { user, account } = await trader('QT04');
    const url = `/api/v1/risksettings?brokerId=${account.id}`;
    const defaults = RiskSettingsSchema.parse((await call('GET', url, user)).body.data);
    expect(defaults.maxPositions).toBe(1);
    expect(defaults.positionsTaken).toBe(0);
    const saved = await call('POST', '/api/v1/risksettings', user, {
      brokerId: account.id,
      maxPositions: 3,
      maxLotsPerOrder: 2,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await call('POST', '/api/v1/risksettings', user, { brokerId: account.id, idealRewardToRisk: 3 });
    const read = RiskSettingsSchema.parse((await call('GET', url, user)).body.data);
    expect(read).toMatchObject({ maxPositions: 3, maxLotsPerOrder: 2, idealRewardToRisk: 3 });
    const rows = await t.database.db
      .select()
      .from(schema.riskSettings)
      .where(eq(schema.riskSettings.accountId, account.id));
    expect(rows).toHaveLength(1);
    const tooMany = await place(user, account, line({ quantity: 3 * 65 }));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.errorCode).toBe('RISK_LIMIT');
    const other = await trader('QT04');
    expect((await call('GET', url, other.user)).status).toBe(404);
  });

  it('writes every action to the trading log, read by from/to', async () => {
    const { user, account } = await trader('QT04');
    await place(user, account, line());
    const res = await call(
      'GET',
      `/api/v1/brokers/${account.id}/logs?from=${TEST_CLOCK_START - 60_000}&to=${new Date(t.clock.now() + 60_000).toISOString()}`,
      user,
    );
    expect(res.status).toBe(200);
    const { logs } = TradingLogSchema.parse(res.body.data);
    expect(logs.map((l) => l.action)).toEqual(['intent.place', 'order.sent', 'order.placed']);
    const none = await call('GET', `/api/v1/brokers/${account.id}/logs?from=0&to=1000`, user);
    expect(TradingLogSchema.parse(none.body.data).logs).toHaveLength(0);
    const bad = await call('GET', `/api/v1/brokers/${account.id}/logs?from=yesterday`, user);
    expect(bad.status).toBe(400);
  });

  it('answers empty positions, holdings and trades for a new paper book', async () => {
    const { user, account } = await trader('QT04');
    for (const path of ['positions', 'fno-positions', 'holdings', 'trades']) {
      const res = await call('GET', `/api/v1/brokers/${account.id}/${path}`, user);
      expect(res.status, path).toBe(200);
    }
    const missing = await call(
      'PUT',
      `/api/v1/brokers/${account.id}/positions/00000000-0000-4000-8000-000000000000/profit-loss`,
      user,
      { target: 120 },
    );
    expect(missing.status).toBe(404);
  });
});

describe('the paper exchange', () => {
  it('fills a MARKET order from the book on the next tick, exactly once, with charges, and closes the position', async () => {
    const { user, account } = await trader('QT04');
    const bought = await place(user, account, line({ orderType: 'MARKET', price: undefined }));
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const [order] = PlacedOrdersSchema.parse(bought.body.data).orders;
    expect(order?.status).toBe('OPEN');
    // Fills come only from ticks after the order's time.
    t.clock.advance(1000);
    await t.app.trading.service.exchange.pump();
    await t.app.trading.service.exchange.pump();
    const book = (await call('GET', `/api/v1/brokers/${account.id}/orders`, user)).body.data as { orders: unknown[] };
    const filled = OrderViewSchema.parse(book.orders[0]);
    expect(filled.status).toBe('COMPLETE');
    expect(filled.filledQuantity).toBe(65);
    const ask = market.quote(atm.ce.instrumentToken, t.clock.now())?.depth?.sell[0]?.p ?? 0;
    // Never at LTP with a zero spread: at or above the best offer of the tick that filled it (within a tick).
    expect(filled.averagePrice ?? 0).toBeGreaterThan(ask - 5);
    const trades = (await call('GET', `/api/v1/brokers/${account.id}/trades`, user)).body.data as {
      trades: { quantity: number; charges: { total: number } | null }[];
    };
    expect(trades.trades).toHaveLength(1);
    expect(trades.trades[0]?.quantity).toBe(65);
    expect(trades.trades[0]?.charges?.total).toBeGreaterThan(20);
    const positions = (await call('GET', `/api/v1/brokers/${account.id}/positions`, user)).body.data as {
      positions: { id: string; quantity: number }[];
    };
    expect(positions.positions.map((p) => p.quantity)).toEqual([65]);
    const funds = FundsSchema.parse((await call('GET', `/api/v1/brokers/${account.id}/funds`, user)).body.data);
    // A long option's premium is paid from cash (nothing blocked as margin).
    expect(funds.equity.available.cash).toBeLessThan(1_000_000 - 65 * (filled.averagePrice ?? 0) + 1);
    // Exit: sell the position at market.
    await place(user, account, line({ orderType: 'MARKET', price: undefined, transactionType: 'SELL' }));
    t.clock.advance(1000);
    await t.app.trading.service.exchange.pump();
    const after = (await call('GET', `/api/v1/brokers/${account.id}/positions`, user)).body.data as {
      positions: { quantity: number; charges: number; realisedPnl: number; netPnl: number }[];
    };
    expect(after.positions[0]?.quantity).toBe(0);
    expect(after.positions[0]?.netPnl).toBeCloseTo(
      (after.positions[0]?.realisedPnl ?? 0) - (after.positions[0]?.charges ?? 0),
      2,
    );
    const fills = await t.database.db
      .select()
      .from(schema.tradingFills)
      .where(eq(schema.tradingFills.accountId, account.id));
    expect(fills).toHaveLength(2);
  });
});

describe('restart in the middle of a basket', () => {
  it('resumes the journalled intent: every order reaches the paper exchange exactly once', async () => {
    const { user, account } = await trader('QT04');
    // A process that dies after sending four of ten orders: its market stops answering on the fifth.
    let lookups = 0;
    const dying = new Proxy(testMarket(), {
      get(target, property, receiver) {
        if (property === 'instrument') {
          return (token: number) => {
            lookups += 1;
            // Validation looks each of the ten lines up once, then each send twice (contract and underlying).
            if (lookups > 10 + 2 * 4) throw new Error('process killed');
            return target.instrument(token);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const module = (market: () => typeof dying) => tradingProcess(t, market);
    const lines = niftyChain.strikes
      .slice(0, 10)
      .map((row) => OrderLineSchema.parse(line({ tradingSymbol: row.ce.tradingSymbol })));
    expect(lines).toHaveLength(10);
    const key = 'basket-restart-0001';
    await expect(
      module(() => dying).service.place({
        userId: user.userID,
        accountId: account.id,
        kind: 'bulk',
        lines,
        idempotencyKey: key,
      }),
    ).rejects.toThrow('process killed');
    const statuses = async () =>
      (
        await t.database.db.select().from(schema.tradingOrders).where(eq(schema.tradingOrders.accountId, account.id))
      ).map((o) => o.status);
    expect((await statuses()).filter((s) => s === 'OPEN')).toHaveLength(4);

    const restarted = module(testMarket);
    expect(await restarted.service.resume()).toBe(1);
    expect(await restarted.service.resume()).toBe(0);
    expect(await statuses()).toEqual(Array.from({ length: 10 }, () => 'OPEN'));
    const book = restorePaperBook(await createTradingRepository(t.database.db).paperBook(account.id), 1_000_000);
    expect(book.engine.orders()).toHaveLength(10);
    // The client's retry with the same key answers the same ten orders.
    const retry = await call(
      'POST',
      `/api/v1/brokers/${account.id}/bulk-orders`,
      user,
      { priorityType: 'broker-config', orders: lines },
      { 'idempotency-key': key },
    );
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(PlacedOrdersSchema.parse(retry.body.data).orders).toHaveLength(10);
    expect(await statuses()).toHaveLength(10);
  });
});
