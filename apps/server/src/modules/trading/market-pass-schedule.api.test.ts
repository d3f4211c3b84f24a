import { OrderLineSchema } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualFeedSource } from '../../../test/fixtures/manual-feed-source';
import { scriptedMarket } from '../../../test/fixtures/scripted-market';
import { createTestApp, testMarket, TEST_CLOCK_START, type TestApp } from '../../../test/test-app';
import { paperTrader } from './trading-api-test-kit';
import { PAPER_PUMP_MS } from './trading.module';

// The server as the default deployment runs it: the ingest role publishes a test's feed batches, the jobs role runs
// the market passes (paper exchange, then the risk engine) on them. The fake clock moves only when a test moves it,
// so a pass seen without moving it was run by a batch, not by the timer.

const scripted = scriptedMarket(testMarket());
const nearCall = testMarket().optionChainInstruments('NIFTY', '2026-11-23', TEST_CLOCK_START, 1)?.strikes[0]?.ce;
if (!nearCall) throw new Error('no NIFTY option in the test market');
const option = nearCall;

const feed = manualFeedSource();
let t: TestApp;

/**
 * What the passes did: how many ran and how many ran at once at most; a test may close the gate to hold a pass in
 * its last step (after the paper exchange), and learn when one got there.
 */
const passes = { runs: 0, running: 0, mostAtOnce: 0, gate: Promise.resolve(), reached: () => undefined as void };

beforeAll(async () => {
  t = await createTestApp({
    env: { ROLES: 'api,ingest,jobs' },
    market: () => scripted.market,
    feedSource: feed,
    logLevel: 'silent',
  });
  t.app.trading.afterPump(async () => {
    passes.runs += 1;
    passes.running += 1;
    passes.mostAtOnce = Math.max(passes.mostAtOnce, passes.running);
    passes.reached();
    await passes.gate;
    passes.running -= 1;
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

/** Lets the bus deliver what was published (its delivery is always asynchronous). */
const delivered = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One batch of the feed at the clock's instant, as the simulated feed sends each second. */
async function batch(): Promise<void> {
  const tick = scripted.market.quote(option.instrumentToken, t.clock.now());
  if (!tick) throw new Error('no quote of the option');
  feed.send([tick]);
  await delivered();
}

async function orders(accountId: string, side: 'BUY' | 'SELL') {
  return t.database.db
    .select()
    .from(schema.tradingOrders)
    .where(and(eq(schema.tradingOrders.accountId, accountId), eq(schema.tradingOrders.transactionType, side)));
}

describe('market passes follow the feed', () => {
  it('runs a market pass when a feed batch arrives, without waiting for the timer', async () => {
    const before = passes.runs;
    await batch();
    await t.app.trading.settled();
    expect(passes.runs).toBe(before + 1);
    expect(t.clock.now()).toBe(TEST_CLOCK_START);
  });

  it('fills a paper order and fires its stop on the batches that carry the prices, the clock short of a timer beat', async () => {
    const { user, account } = await paperTrader(t);
    scripted.move(option.instrumentToken, 100);
    await t.app.trading.service.place({
      userId: user.userID,
      accountId: account.id,
      kind: 'place',
      lines: [
        OrderLineSchema.parse({
          exchange: 'NFO',
          tradingSymbol: option.tradingSymbol,
          orderType: 'MARKET',
          transactionType: 'BUY',
          product: 'MIS',
          quantity: option.lotSize,
          stopLoss: { price: 90 },
        }),
      ],
    });
    t.clock.set(TEST_CLOCK_START + 300);
    await batch();
    await t.app.trading.settled();
    expect((await orders(account.id, 'BUY')).map((o) => o.status)).toEqual(['COMPLETE']);

    scripted.move(option.instrumentToken, 85);
    t.clock.set(TEST_CLOCK_START + 600);
    await batch();
    await t.app.trading.settled();
    expect(await orders(account.id, 'SELL')).toHaveLength(1);
    // No timer beat has come: the first is due a whole period after the app started.
    expect(t.clock.now()).toBeLessThan(TEST_CLOCK_START + PAPER_PUMP_MS);
  });

  it('answers batches that arrive during a pass with exactly one more pass after it', async () => {
    let open = () => undefined as void;
    passes.gate = new Promise<void>((resolve) => (open = resolve));
    const held = new Promise<void>((resolve) => (passes.reached = resolve));
    try {
      const before = passes.runs;
      await batch();
      await held;
      expect(passes.runs).toBe(before + 1);
      // Three more batches while the first pass is held.
      await batch();
      await batch();
      await batch();
      expect(passes.runs).toBe(before + 1);
      passes.gate = Promise.resolve();
      open();
      await t.app.trading.settled();
      expect(passes.runs).toBe(before + 2);
      expect(passes.mostAtOnce).toBe(1);
    } finally {
      passes.gate = Promise.resolve();
      open();
    }
  });

  it('keeps the timer for periods without a batch: it adds no pass to a period the feed drove', async () => {
    await batch();
    await t.app.trading.settled();
    const before = passes.runs;
    // The beat after a batch: the feed already ran this period's pass.
    t.clock.advance(PAPER_PUMP_MS);
    await t.app.trading.settled();
    expect(passes.runs).toBe(before);
    // A silent period (a stale feed, the market closed, a TIME rule's minute): the timer runs the pass.
    t.clock.advance(PAPER_PUMP_MS);
    await t.app.trading.settled();
    expect(passes.runs).toBe(before + 1);
  });
});
