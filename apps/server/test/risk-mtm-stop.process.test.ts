import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderBookSchema, PortfolioRiskSchema, PositionBookSchema, type OrderView } from '@fnodesk/contracts';
import { openDatabase } from '@fnodesk/db';
import { createMarketSim } from '@fnodesk/market-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { createQuikTradeRepository } from '../src/modules/quiktrade/quiktrade.repository';
import { createTradingRepository } from '../src/modules/trading/trading.repository';
import { DEFAULT_MARKET_SEED } from '../src/platform/config';
import { httpClient, type HttpCall } from './http-client';
import { freeTrialPaperTrader, type HttpPaperTrader } from './http-trader';
import { freePort, healthy, runTs, serverEnv, stop, until, type Child } from './process-helpers';

// The acceptance: a portfolio MTM stop set through the API fires with no browser or socket connected, one
// exit order per position within 1 s of the crossing tick; a server killed with the stop still armed fires it once
// after the restart, never twice. One server's life on one data directory, restarted between the cases:
//   A, B: short one lot of a NIFTY call and put; A's stop is crossed first, then the server is killed with B's armed.
//   C: short 28 lots of another call and put (on a paper book of ₹5 crore to carry them), so each exit is sliced in
//      two at the freeze limit; the server pauses 2 s between the orders of an intent (a test-only setting, which
//      leaves A's and B's one-order exits alone) and is killed between the slices of C's first exit, after the
//      trigger was claimed.
// Times are the server's, in the market time it plays: the crossing tick's timestamp (the first tick at the crossing
// prices handed to the server, as the scripted market stamps it, and never before the path moved there) against
// each exit order's `placedAt`.

const dir = mkdtempSync(join(tmpdir(), 'fnodesk-risk-stop-'));
let current: Child | undefined;
/** Every server started, for the log of a failed case. */
const servers: Child[] = [];
let port = 0;
let call: HttpCall;

afterAll(() => {
  stop(current);
  rmSync(dir, { recursive: true, force: true });
});

/** Two strikes of the next-but-one NIFTY expiry: listed whatever session the server plays (MARKET_CLOCK=always). */
function chainRows() {
  const market = createMarketSim({ seed: DEFAULT_MARKET_SEED, now: Date.now() });
  const expiry = market.optionExpiries('NIFTY', Date.now())[1]?.date;
  const strikes = expiry ? market.optionChainInstruments('NIFTY', expiry, Date.now(), 1)?.strikes : undefined;
  const [near, far] = strikes ?? [];
  if (!near || !far) throw new Error('no NIFTY chain in the simulated market');
  return { near, far };
}
const { near, far } = chainRows();
const LOT = near.ce.lotSize;

type Prices = Record<string, number>;
const at = (ce: number, pe: number, row = near): Prices => ({
  [row.ce.instrumentToken]: ce,
  [row.pe.instrumentToken]: pe,
});
/** Where every scripted instrument stands now: a restarted server starts there. */
let prices: Prices = { ...at(100, 100), ...at(100, 100, far) };

/** Starts the server on the data directory at the current scripted prices. */
async function start(): Promise<void> {
  current = runTs('apps/server/test/fixtures/risk-server.ts', {
    ...serverEnv(port, dir),
    // The test polls the order book; the per-address budget is not under test.
    RATE_LIMIT_PER_MINUTE: '100000',
    PRICES: JSON.stringify(prices),
    TRADING_TEST_SEND_DELAY_MS: '2000',
  });
  servers.push(current);
  await until(() => healthy(port), 180_000, 'health');
}

async function kill9(): Promise<void> {
  current?.proc.kill('SIGKILL');
  await current?.exited;
}

interface PlayedStep {
  appliedAt: number;
  servedAt: number | null;
  connections: number | null;
}

/**
 * Has the server play `steps` (each `afterMs` from now) on its own timers; resolves with the last step once it has
 * been applied (and with `shown`, once a tick at its prices has been handed to the server). `quiet`: the test sends
 * no request at all until the last step has played, so no connection to the server is open when it does.
 */
async function play(
  steps: { afterMs: number; prices: Prices }[],
  options: { quiet?: boolean; shown?: boolean } = {},
): Promise<PlayedStep> {
  const before = (await path()).length;
  expect((await call('POST', '/test/price-path', { body: { steps } })).status).toBe(200);
  for (const step of steps) prices = { ...prices, ...step.prices };
  if (options.quiet) await new Promise((r) => setTimeout(r, Math.max(...steps.map((s) => s.afterMs)) + 3_000));
  let last: PlayedStep | undefined;
  await until(
    async () => {
      last = (await path())[before + steps.length - 1];
      return last !== undefined && (!options.shown || last.servedAt !== null);
    },
    60_000,
    `the last step of the path ${options.shown ? 'shown to the server' : 'played'}`,
  );
  if (!last) throw new Error('the path was not played');
  return last;
}

/** The steps played so far, as the server tells them now. */
async function path(): Promise<PlayedStep[]> {
  return ((await call('GET', '/test/price-path')).body.data as { steps: PlayedStep[] }).steps;
}

async function orders(trader: HttpPaperTrader): Promise<OrderView[]> {
  const answer = await call('GET', `/api/v1/brokers/${trader.accountId}/orders`, { headers: trader.headers });
  return OrderBookSchema.parse(answer.body.data).orders;
}

async function positions(trader: HttpPaperTrader) {
  const answer = await call('GET', `/api/v1/brokers/${trader.accountId}/positions`, { headers: trader.headers });
  return PositionBookSchema.parse(answer.body.data).positions;
}

async function portfolioRisk(trader: HttpPaperTrader) {
  const answer = await call('GET', `/api/v1/quiktrade/${trader.accountId}/portfolio-risk?mode=paper`, {
    headers: trader.headers,
  });
  return PortfolioRiskSchema.parse(answer.body.data);
}

/** Sells `lots` of the call and of the put of `row` at market and waits until both short positions are open. */
async function short(trader: HttpPaperTrader, lots: number, row = near): Promise<void> {
  const line = (tradingSymbol: string) => ({
    exchange: 'NFO',
    tradingSymbol,
    orderType: 'MARKET',
    transactionType: 'SELL',
    product: 'NRML',
    quantity: lots * LOT,
  });
  const placed = await call('POST', `/api/v1/brokers/${trader.accountId}/bulk-orders`, {
    headers: trader.headers,
    body: { orders: [line(row.ce.tradingSymbol), line(row.pe.tradingSymbol)] },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  await until(
    async () => (await positions(trader)).filter((p) => p.quantity === -lots * LOT).length === 2,
    60_000,
    `${trader.email}'s two positions filled`,
  );
}

async function arm(trader: HttpPaperTrader, mtmStop: number): Promise<void> {
  const saved = await call('PUT', `/api/v1/quiktrade/${trader.accountId}/portfolio-risk?mode=paper`, {
    headers: trader.headers,
    body: { mtmStop, mtmTarget: null, trailFrom: null, trailLock: null, trailStep: null, armed: true },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.data).toMatchObject({ mtmStop, armed: true, triggered: null });
}

/** The orders that buy the short positions back. */
const exitsOf = <T extends { transactionType: string; status: string }>(book: readonly T[]) =>
  book.filter((o) => o.transactionType === 'BUY' && o.status !== 'REJECTED');

/** Waits until `count` exit orders of `trader` are in the book; returns them. */
async function exitsPlaced(trader: HttpPaperTrader, count: number): Promise<OrderView[]> {
  let exits: OrderView[] = [];
  await until(
    async () => (exits = exitsOf(await orders(trader))).length >= count,
    60_000,
    `${trader.email}'s exit orders`,
  );
  return exits;
}

/**
 * The crossing step was played with no connection open; then one exit order per position (a short call and put of
 * one lot each) is placed, each within 1 s of the crossing tick.
 */
async function expectOneExitEachWithinASecond(trader: HttpPaperTrader): Promise<void> {
  const exits = await exitsPlaced(trader, 2);
  const crossing = (await path()).at(-1);
  expect(crossing?.connections).toBe(0);
  expect(exits.map((o) => o.tradingSymbol).sort()).toEqual([near.ce.tradingSymbol, near.pe.tradingSymbol].sort());
  expect(exits.every((o) => o.quantity === LOT && o.orderType === 'MARKET')).toBe(true);
  // A pass that began before the step stamps the tick with its own instant: the tick is never earlier than the move.
  const tickAt = Math.max(crossing?.appliedAt ?? NaN, crossing?.servedAt ?? NaN);
  const latencies = exits.map((o) => Date.parse(o.placedAt) - tickAt);
  console.info(`${trader.email}: exits placed ${latencies.join(' and ')} ms after the crossing tick`);
  for (const latency of latencies) {
    expect(latency).toBeGreaterThanOrEqual(0);
    expect(latency).toBeLessThanOrEqual(1000);
  }
}

let a: HttpPaperTrader;
let b: HttpPaperTrader;
let c: HttpPaperTrader;

describe('portfolio MTM stop in the server process, with no browser or socket connected', () => {
  beforeEach(() => {
    onTestFailed(() => {
      for (const [i, server] of servers.entries()) console.error(`server ${i + 1}:\n${server.output()}`);
    });
  });

  beforeAll(async () => {
    port = await freePort();
    call = httpClient(`http://127.0.0.1:${port}`);
    await start();
    a = await freeTrialPaperTrader(call, 'stop-a');
    b = await freeTrialPaperTrader(call, 'stop-b');
    c = await freeTrialPaperTrader(call, 'stop-c');
    await short(a, 1);
    await short(b, 1);
    const reset = await call('POST', `/api/v1/brokers/${c.accountId}/paper/reset`, {
      headers: c.headers,
      body: { capital: 50_000_000 },
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    await short(c, 28, far);
    // Losses: ₹65 a rupee a leg for A and B, ₹1,820 a rupee a leg for C.
    await arm(a, 1300);
    await arm(b, 2600);
    await arm(c, 20_000);
  }, 600_000);

  it('places one exit order per position within 1 s of the crossing tick, once', async () => {
    // Against the shorts but short of A's stop (a loss of about ₹845): nothing fires.
    await play(
      [
        { afterMs: 0, prices: at(104, 104) },
        { afterMs: 1500, prices: at(106, 107) },
      ],
      { shown: true },
    );
    await new Promise((r) => setTimeout(r, 2500));
    expect(exitsOf(await orders(a))).toHaveLength(0);

    // Crosses A's stop (about −₹1,500), not B's: played while the test holds no connection to the server.
    await play([{ afterMs: 1500, prices: at(112, 111) }], { quiet: true });
    await expectOneExitEachWithinASecond(a);
    expect(await portfolioRisk(a)).toMatchObject({ armed: false, triggered: 'mtmStop' });
    expect(exitsOf(await orders(b))).toHaveLength(0);
    expect(await portfolioRisk(b)).toMatchObject({ armed: true, triggered: null });
  }, 300_000);

  it('fires a stop still armed when the server was killed, once, after the restart', async () => {
    await kill9();
    await start();
    b.headers = await b.logIn();
    expect(await portfolioRisk(b)).toMatchObject({ mtmStop: 2600, armed: true, triggered: null });
    expect(exitsOf(await orders(b))).toHaveLength(0);

    // About −₹3,200 for B.
    await play([{ afterMs: 1500, prices: at(125, 124) }], { quiet: true });
    await expectOneExitEachWithinASecond(b);
    expect(await portfolioRisk(b)).toMatchObject({ armed: false, triggered: 'mtmStop' });
  }, 300_000);

  it('finishes the exits of a trigger claimed just before a kill -9, each slice once', async () => {
    c.headers = await c.logIn();
    // About −₹25,800 for C: its first exit's second slice waits 2 s (the test-only pause) and the server dies then.
    await play([{ afterMs: 0, prices: at(107, 107, far) }], { shown: true });
    await until(
      async () => exitsOf(await orders(c)).some((o) => o.status !== 'INTENT'),
      60_000,
      "C's first exit slice sent",
    );
    await kill9();

    // As the killed server left it: the trigger claimed, its exits not all sent.
    const database = await openDatabase({ dataDir: join(dir, 'pg') });
    const risk = await createQuikTradeRepository(database.db).portfolioRisk(c.accountId, 'paper');
    const journalled = exitsOf(await createTradingRepository(database.db).orders(c.accountId, new Date(0)));
    await database.close();
    expect(risk).toMatchObject({ armed: false, trigger: 'mtmStop' });
    const sent = journalled.filter((o) => o.status !== 'INTENT');
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(4);

    await start();
    c.headers = await c.logIn();
    await until(
      async () => exitsOf(await orders(c)).filter((o) => o.status === 'COMPLETE').length >= 4,
      120_000,
      "C's exits filled after the restart",
    );
    const exits = exitsOf(await orders(c));
    expect(exits).toHaveLength(4);
    expect((await positions(c)).map((p) => p.quantity)).toEqual([0, 0]);
    // 28 lots = 1,820 > the freeze quantity of 1,800: 27 lots and 1 lot per position, each slice once.
    for (const symbol of [far.ce.tradingSymbol, far.pe.tradingSymbol]) {
      const mine = exits.filter((o) => o.tradingSymbol === symbol);
      expect(mine.map((o) => o.quantity).sort((x, y) => x - y)).toEqual([LOT, 27 * LOT]);
      expect(new Set(mine.map((o) => o.tag)).size).toBe(2);
    }
  }, 600_000);

  it('fires nothing twice after another restart while the prices keep moving through every stop', async () => {
    await kill9();
    await start();
    for (const trader of [a, b, c]) trader.headers = await trader.logIn();
    await play([
      { afterMs: 0, prices: { ...at(130, 130), ...at(115, 115, far) } },
      { afterMs: 1500, prices: { ...at(140, 138), ...at(125, 124, far) } },
    ]);
    await new Promise((r) => setTimeout(r, 3000));
    // Entries and exits: one order per leg for A and B, two slices per leg for C.
    for (const [trader, each] of [
      [a, 2],
      [b, 2],
      [c, 4],
    ] as const) {
      const book = await orders(trader);
      expect(book.filter((o) => o.transactionType === 'SELL')).toHaveLength(each);
      expect(exitsOf(book)).toHaveLength(each);
      expect((await positions(trader)).map((p) => p.quantity)).toEqual([0, 0]);
      expect(await portfolioRisk(trader)).toMatchObject({ armed: false, triggered: 'mtmStop' });
    }
  }, 600_000);
});
