import {
  BrokerAccountSchema,
  OrderLineSchema,
  RuleListSchema,
  TRADING_MESSAGES,
  type OrderLineInput,
} from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { istDateOf, istInstant } from '@fnodesk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptedMarket } from '../../../test/fixtures/scripted-market';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, testMarket, TEST_CLOCK_START, type TestApp } from '../../../test/test-app';
import { buy, paramsOf } from '../brokers/broker-api-test-kit';
import { createQuikTradeModule } from './quiktrade.module';
import { exitsEndingUnfilled } from './risk-test-kit';
import { tradingProcess } from '../trading/trading-api-test-kit';

let t: TestApp;

beforeAll(async () => {
  // The API role alone: the app's own market pass would race the processes this test builds over the scripted market.
  t = await createTestApp({ env: { ROLES: 'api' } });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

const EXPIRY = '2026-11-23';
const scripted = scriptedMarket(testMarket());
const chain = testMarket().optionChainInstruments('NIFTY', EXPIRY, TEST_CLOCK_START, 1);
const row = chain?.strikes[0];
if (!row) throw new Error('no NIFTY option in the test market');
const { ce, pe } = row;

/**
 * A server process's trading and QuikTrade modules over the test database and the scripted market; building another
 * is a restart (nothing carried over in memory). Its QuikTrade service answers the same routes as the app's. With
 * `unfilledExits`, the engine's first exits end unfilled.
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
  return { trading, quiktrade, pass: () => trading.pass() };
}
type Process = ReturnType<typeof process>;

async function call(user: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: authHeaders(user), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json<{ data?: unknown; errorCode?: string; error?: string }>() };
}

/** A user on `plan` with a logged-in Paper Trading account enabled for trading. */
async function paperTrader(plan: 'QT04' | 'QT01' = 'QT04') {
  const user = await signUpAndLogIn(t);
  await buy(t, user, plan);
  const account = BrokerAccountSchema.parse(
    (
      await call(user, 'POST', '/api/v1/brokers', {
        name: 'Paper',
        type: 'papertrading',
        configuration: { userName: 'P' },
      })
    ).body.data,
  );
  const link = (await call(user, 'GET', `/api/v1/brokers/${account.id}/login`)).body.data as { loginUrl: string };
  await call(user, 'POST', '/api/v1/brokers/callback', { type: 'papertrading', params: paramsOf(link.loginUrl) });
  await call(user, 'PUT', `/api/v1/brokers/${account.id}`, { quickTrade: true });
  return { user, userId: user.userID, accountId: account.id };
}

const line = (over: Partial<OrderLineInput>) =>
  OrderLineSchema.parse({
    exchange: 'NFO',
    tradingSymbol: ce.tradingSymbol,
    orderType: 'MARKET',
    transactionType: 'BUY',
    product: 'MIS',
    quantity: ce.lotSize,
    ...over,
  });

async function ordersOf(accountId: string, side?: 'BUY' | 'SELL') {
  return t.database.db
    .select()
    .from(schema.tradingOrders)
    .where(
      and(
        eq(schema.tradingOrders.accountId, accountId),
        ...(side ? [eq(schema.tradingOrders.transactionType, side)] : []),
      ),
    );
}

async function step(...processes: Process[]) {
  t.clock.advance(1000);
  for (const p of processes) await p.pass();
}

/** Saves and arms the paper portfolio's levels (those not given are off). */
function armPortfolio(
  user: SignedInUser,
  accountId: string,
  levels: Partial<Record<'mtmStop' | 'mtmTarget' | 'trailFrom' | 'trailLock' | 'trailStep', number>>,
) {
  return call(user, 'PUT', `/api/v1/quiktrade/${accountId}/portfolio-risk?mode=paper`, {
    mtmStop: null,
    mtmTarget: null,
    trailFrom: null,
    trailLock: null,
    trailStep: null,
    ...levels,
    armed: true,
  });
}

/** A long CE and a long PE (one lot each), filled. */
async function twoLongs(p: Process, userId: string, accountId: string) {
  scripted.move(ce.instrumentToken, 100);
  scripted.move(pe.instrumentToken, 100);
  await p.trading.service.place({
    userId,
    accountId,
    kind: 'bulk',
    lines: [line({}), line({ tradingSymbol: pe.tradingSymbol })],
  });
  await step(p);
}

describe('portfolio MTM stop on the server, with no client connected', () => {
  it('exits each position once within a second of the crossing tick, with a restarted process watching too', async () => {
    const { user, userId, accountId } = await paperTrader();
    const first = process();
    await twoLongs(first, userId, accountId);
    // Stop at a loss of ₹2,000: each lot of 65 loses ₹65 a rupee (fills are near 100, a little slippage).
    const put = await armPortfolio(user, accountId, { mtmStop: 2000 });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ mtmStop: 2000, armed: true, triggered: null });

    scripted.move(ce.instrumentToken, 95);
    await step(first);
    expect(await ordersOf(accountId, 'SELL')).toHaveLength(0);

    const restarted = process();
    scripted.move(ce.instrumentToken, 80);
    scripted.move(pe.instrumentToken, 85); // MTM about −₹2,275
    const crossing = t.clock.now() + 1000;
    await step(first, restarted);
    await step(restarted, first);
    await step(first, restarted);

    const exits = await ordersOf(accountId, 'SELL');
    expect(exits.map((o) => o.tradingSymbol).sort()).toEqual([ce.tradingSymbol, pe.tradingSymbol].sort());
    for (const exit of exits) {
      expect(exit.status).toBe('COMPLETE');
      expect(exit.placedAt.getTime() - crossing).toBeLessThanOrEqual(1000);
    }
    const state = await call(user, 'GET', `/api/v1/quiktrade/${accountId}/risk-state?mode=paper`);
    expect(state.body.data).toMatchObject({
      paused: false,
      portfolioRisk: { armed: false, triggered: 'mtmStop' },
    });
  });

  it('arms the levels again when the exits leave a position open, and exits on the next crossing', async () => {
    const { user, userId, accountId } = await paperTrader();
    const p = process({ unfilledExits: 2 });
    await twoLongs(p, userId, accountId);
    await armPortfolio(user, accountId, { mtmStop: 2000 });
    scripted.move(ce.instrumentToken, 80);
    scripted.move(pe.instrumentToken, 85); // MTM about −₹2,275
    await step(p);
    // Both exits of the trigger ended unfilled: the positions are still open.
    expect((await ordersOf(accountId, 'SELL')).map((o) => o.status)).toEqual(['CANCELLED', 'CANCELLED']);
    for (let i = 0; i < 4; i++) await step(p);

    const exits = await ordersOf(accountId, 'SELL');
    expect(exits.map((o) => o.status).sort()).toEqual(['CANCELLED', 'CANCELLED', 'COMPLETE', 'COMPLETE']);
    const state = await call(user, 'GET', `/api/v1/quiktrade/${accountId}/risk-state?mode=paper`);
    expect(state.body.data).toMatchObject({ portfolioRisk: { armed: false, triggered: 'mtmStop' } });
    const log = await t.database.db
      .select()
      .from(schema.tradingLog)
      .where(and(eq(schema.tradingLog.accountId, accountId), eq(schema.tradingLog.action, 'portfolio.rearmed')));
    expect(log.map((l) => l.message)).toEqual([
      'The exits did not close every position; the portfolio levels are armed again (try 2 of 3 on the next trigger)',
    ]);
  });

  it('finishes a trigger claimed by a process that stopped before placing its exits, once', async () => {
    const { user, userId, accountId } = await paperTrader();
    const first = process();
    await twoLongs(first, userId, accountId);
    await armPortfolio(user, accountId, { mtmTarget: 1000 });
    // The claim as the stopped process left it: disarmed, triggered, no exits placed.
    await t.database.db
      .update(schema.portfolioRisks)
      .set({ armed: false, trigger: 'mtmTarget', triggeredAt: new Date(t.clock.now()) })
      .where(eq(schema.portfolioRisks.accountId, accountId));
    const restarted = process();
    await step(restarted);
    await step(restarted, process());
    await step(restarted);
    const exits = await ordersOf(accountId, 'SELL');
    expect(exits).toHaveLength(2);
    expect(exits.every((o) => o.status === 'COMPLETE')).toBe(true);
  });

  it('trails a locked-in profit and exits when the MTM falls back to it', async () => {
    const { user, userId, accountId } = await paperTrader();
    const p = process();
    await twoLongs(p, userId, accountId);
    await armPortfolio(user, accountId, { trailFrom: 1300, trailLock: 650, trailStep: 650 });
    scripted.move(ce.instrumentToken, 120); // MTM +1,300: ₹650 locked in
    await step(p);
    scripted.move(ce.instrumentToken, 125); // MTM +1,625: below the next step
    await step(p);
    const risk = await call(user, 'GET', `/api/v1/quiktrade/${accountId}/portfolio-risk?mode=paper`);
    expect(risk.body.data).toMatchObject({ trailStop: 650, armed: true });
    expect(await ordersOf(accountId, 'SELL')).toHaveLength(0);
    scripted.move(ce.instrumentToken, 109.95); // MTM about +₹640 ≤ ₹650
    await step(p);
    await step(p);
    expect(await ordersOf(accountId, 'SELL')).toHaveLength(2);
  });
});

describe('RMS limits at order intake', () => {
  it('locks new entries for the rest of the IST day once the daily loss limit is reached; exits still go', async () => {
    const { user, userId, accountId } = await paperTrader();
    const p = process();
    // The test market's clock is past 09:15 IST: the limit cannot be changed through the API now.
    const late = await call(user, 'POST', '/api/v1/risksettings', { brokerId: accountId, dailyLossLimit: 3000 });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ errorCode: 'RISK_LIMIT', error: TRADING_MESSAGES.dailyLossLimitEditWindow });
    // As saved before the open.
    await t.database.db.insert(schema.riskSettings).values({
      accountId,
      maxPositions: 5,
      riskPercentagePerTrade: 1,
      idealRewardToRisk: 2,
      riskPerTradeAmount: 1000,
      dailyLossLimit: 3000,
      maxLotsPerOrder: null,
    });
    await twoLongs(p, userId, accountId);
    scripted.move(ce.instrumentToken, 60); // MTM −2,600
    await step(p);
    // The process's own service: its market is the scripted one.
    const before = await p.quiktrade.service.riskState(userId, accountId, 'paper');
    expect(before).toMatchObject({ lockedForDay: false, paused: false });
    expect(before.mtm).toBeCloseTo(-2600, -2);
    scripted.move(ce.instrumentToken, 50); // MTM −3,250
    await step(p);
    scripted.move(ce.instrumentToken, 99); // recovered: the lock holds for the day
    await step(p);
    const entry = await call(user, 'POST', `/api/v1/brokers/${accountId}/orders`, line({}));
    expect(entry.status).toBe(409);
    expect(entry.body).toMatchObject({ errorCode: 'DAILY_LOSS_LOCKED', error: TRADING_MESSAGES.dailyLossLimit });
    const exit = await call(
      user,
      'POST',
      `/api/v1/brokers/${accountId}/orders`,
      line({ transactionType: 'SELL', tradingSymbol: pe.tradingSymbol }),
    );
    expect(exit.status).toBe(200);
    expect(await p.quiktrade.service.riskState(userId, accountId, 'paper')).toMatchObject({ lockedForDay: true });
    const [lock] = await t.database.db
      .select()
      .from(schema.riskDayLocks)
      .where(eq(schema.riskDayLocks.accountId, accountId));
    expect(lock?.day).toBe(istDateOf(t.clock.now()));
  });

  it('refuses an entry that would open more positions than maxPositions, with 409', async () => {
    const { user, accountId } = await paperTrader();
    const p = process();
    const saved = await call(user, 'POST', '/api/v1/risksettings', { brokerId: accountId, maxPositions: 1 });
    expect(saved.status).toBe(200);
    scripted.move(ce.instrumentToken, 100);
    expect((await call(user, 'POST', `/api/v1/brokers/${accountId}/orders`, line({}))).status).toBe(200);
    await step(p);
    const second = await call(
      user,
      'POST',
      `/api/v1/brokers/${accountId}/orders`,
      line({ tradingSymbol: pe.tradingSymbol }),
    );
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ errorCode: 'RISK_LIMIT', error: TRADING_MESSAGES.maxPositions(1) });
    // Adding to the open position is not a new one.
    expect((await call(user, 'POST', `/api/v1/brokers/${accountId}/orders`, line({}))).status).toBe(200);
  });
});

describe('plan gates on the server', () => {
  it('refuses Scalper a straddle from the chain and any rule with 402 and the Upgrade Now text', async () => {
    const { user, accountId } = await paperTrader('QT01');
    const straddle = await call(user, 'POST', `/api/v1/brokers/${accountId}/bulk-orders`, {
      origin: 'straddle',
      orders: [line({ transactionType: 'SELL' }), line({ transactionType: 'SELL', tradingSymbol: pe.tradingSymbol })],
    });
    expect(straddle.status).toBe(402);
    expect(straddle.body).toMatchObject({ errorCode: 'PLAN_REQUIRED', error: TRADING_MESSAGES.upgradeToUse });
    const chainOrder = await call(user, 'POST', `/api/v1/brokers/${accountId}/bulk-orders`, {
      origin: 'chain',
      orders: [line({})],
    });
    expect(chainOrder.status).toBe(200);
    const rules = await call(user, 'GET', `/api/v1/quiktrade/${accountId}/rules`);
    expect(rules.status).toBe(402);
    const create = await call(user, 'POST', `/api/v1/quiktrade/${accountId}/rules`, {
      instrument: 'NIFTY',
      expiry: EXPIRY,
      condition: { source: 'SPOT', comparator: 'GE', value: 1, waitTicks: 1 },
      actions: [{ side: 'BUY', type: 'FUT', lots: 1 }],
    });
    expect(create.status).toBe(402);
    expect(create.body.errorCode).toBe('PLAN_REQUIRED');
  });
});

describe('rules engine', () => {
  it('fires a COMBINED LTP rule with wait ticks 3 on the third consecutive qualifying tick, once', async () => {
    const { user, accountId } = await paperTrader();
    const p = process();
    scripted.move(ce.instrumentToken, 100);
    scripted.move(pe.instrumentToken, 90);
    const created = await call(user, 'POST', `/api/v1/quiktrade/${accountId}/rules`, {
      instrument: 'NIFTY',
      expiry: EXPIRY,
      condition: {
        source: 'COMBINED',
        strike: { kind: 'absolute', strike: row.strike },
        comparator: 'GE',
        value: 200,
        waitTicks: 3,
      },
      actions: [{ side: 'BUY', type: 'PE', strike: { kind: 'absolute', strike: row.strike }, lots: 1 }],
    });
    expect(created.status).toBe(200);
    const ruleId = (created.body.data as { id: string }).id;

    scripted.move(ce.instrumentToken, 110); // 200: qualifies
    await step(p);
    await step(p);
    scripted.move(ce.instrumentToken, 109); // 199: resets the count
    await step(p);
    scripted.move(ce.instrumentToken, 111);
    await step(p);
    await step(p);
    expect(await ordersOf(accountId)).toHaveLength(0);
    await step(p, process()); // the third qualifying tick, seen by two processes
    await step(p);
    await step(p);
    const orders = await ordersOf(accountId);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ tradingSymbol: pe.tradingSymbol, transactionType: 'BUY', quantity: pe.lotSize });

    const listed = await call(user, 'GET', `/api/v1/quiktrade/${accountId}/rules`);
    const rules = RuleListSchema.parse(listed.body.data).rules;
    expect(rules.map((r) => ({ id: r.id, armed: r.armed, fired: r.firedAt !== null }))).toEqual([
      { id: ruleId, armed: false, fired: true },
    ]);
    const log = await t.database.db.select().from(schema.tradingLog).where(eq(schema.tradingLog.accountId, accountId));
    expect(log.filter((l) => l.action === 'rule.fired')).toHaveLength(1);
    expect(log.filter((l) => l.action === 'rule.order')).toHaveLength(1);

    // Re-arming makes it fire again on its next qualifying ticks; deleting removes it.
    expect((await call(user, 'PUT', `/api/v1/quiktrade/${accountId}/rules/${ruleId}`, { armed: true })).status).toBe(
      200,
    );
    expect((await call(user, 'DELETE', `/api/v1/quiktrade/${accountId}/rules/${ruleId}`)).status).toBe(200);
    await step(p);
    await step(p);
    await step(p);
    expect(await ordersOf(accountId)).toHaveLength(1);
  });

  it('fires a TIME rule at its minute on the IST market clock, with the ATM strike resolved then', async () => {
    const { user, accountId } = await paperTrader();
    const p = process();
    const now = t.clock.now();
    const day = istDateOf(now);
    // The minute after next, as HH:MM IST.
    const minutes = Math.floor((now - istInstant(day, '00:00')) / 60_000) + 2;
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const created = await call(user, 'POST', `/api/v1/quiktrade/${accountId}/rules`, {
      instrument: 'NIFTY',
      expiry: EXPIRY,
      condition: { source: 'TIME', comparator: 'EQ', time, waitTicks: 1 },
      actions: [{ side: 'BUY', type: 'CE', strike: { kind: 'atm', offset: 0 }, lots: 1 }],
    });
    expect(created.status).toBe(200);
    const fireAt = istInstant(day, time);
    while (t.clock.now() + 1000 < fireAt) {
      await step(p);
      if (t.clock.now() + 1000 < fireAt) expect(await ordersOf(accountId)).toHaveLength(0);
    }
    await step(p);
    await step(p);
    const orders = await ordersOf(accountId);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.placedAt.getTime()).toBe(fireAt);
    expect(orders[0]?.tradingSymbol).toMatch(/CE$/);
  });

  it('fires at most 10 rules a minute per account and logs the one held back once', async () => {
    const { user, accountId } = await paperTrader();
    const p = process();
    for (let i = 0; i < 11; i++) {
      const created = await call(user, 'POST', `/api/v1/quiktrade/${accountId}/rules`, {
        instrument: 'NIFTY',
        expiry: EXPIRY,
        condition: { source: 'SPOT', comparator: 'GT', value: 1, waitTicks: 1 },
        actions: [{ side: 'BUY', type: 'CE', strike: { kind: 'absolute', strike: row.strike }, lots: 1 }],
      });
      expect(created.status).toBe(200);
    }
    await step(p);
    await step(p);
    const log = await t.database.db.select().from(schema.tradingLog).where(eq(schema.tradingLog.accountId, accountId));
    expect(log.filter((l) => l.action === 'rule.fired')).toHaveLength(10);
    expect(log.filter((l) => l.action === 'rule.rate_limited')).toHaveLength(1);
    // A minute later the held rule fires.
    t.clock.advance(60_000);
    await step(p);
    const later = await t.database.db
      .select()
      .from(schema.tradingLog)
      .where(eq(schema.tradingLog.accountId, accountId));
    expect(later.filter((l) => l.action === 'rule.fired')).toHaveLength(11);
  });
});
