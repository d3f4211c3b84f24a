import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { atmNiftyCall, orderLine, paperTrader } from './trading-api-test-kit';

// 1,000 generated bodies: malformed, mistyped, out of range and edge values of every field an order route reads.
// Fixed seed, printed so a failure replays.
const SEED = 30_1000;
const RUNS = 1000;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'silent' });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

const weird = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.boolean(),
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double({ noDefaultInfinity: false }),
  fc.constantFrom(0, -0, 1e308, -1, 0.1, 65, 1e15, Number.MAX_SAFE_INTEGER + 2),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', 'NaN', '1e9', '💥', 'NFO', 'BUY', 'MARKET', 'x'.repeat(300), '__proto__'),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.integer(), { maxKeys: 3 }),
);

// Each field mostly given a value of its own domain (some of them out of range), else a weird value or dropped, so
// many bodies get past the schema into the service's own checks.
const fieldOf = (valid: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: valid, weight: 24 },
    { arbitrary: weird, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );

const lineArbitrary = fc.record(
  {
    exchange: fieldOf(fc.constantFrom('NFO', 'BFO', 'NSE', 'MCX')),
    tradingSymbol: fieldOf(fc.constantFrom(atmNiftyCall(), 'NIFTY26NOVFUT', 'NIFTY99JAN1CE', 'BANKNIFTY')),
    orderType: fieldOf(fc.constantFrom('MARKET', 'LIMIT', 'SL', 'SL-M')),
    transactionType: fieldOf(fc.constantFrom('BUY', 'SELL')),
    product: fieldOf(fc.constantFrom('MIS', 'NRML', 'CNC')),
    variety: fieldOf(fc.constantFrom('regular', 'amo', 'co', 'iceberg')),
    validity: fieldOf(fc.constantFrom('DAY', 'IOC', 'TTL')),
    quantity: fieldOf(fc.constantFrom(65, 130, 1, 0, -65, 65 * 2000)),
    price: fieldOf(fc.constantFrom(100, 0.05, 0.03, -1, 1e9)),
    triggerPrice: fieldOf(fc.constantFrom(99, 0, 1e9)),
    sliceLot: fieldOf(fc.constantFrom(1, 0, 27, 1000)),
    marketProtection: fieldOf(fc.constantFrom(-1, 0, 5, 101)),
    tag: fieldOf(fc.constantFrom('t1', 'x'.repeat(21), '')),
    takeProfit: fieldOf(fc.record({ price: fc.constantFrom(120, 80, -5) })),
    stopLoss: fieldOf(fc.record({ price: fc.constantFrom(80, 120, 0) })),
    mode: fieldOf(fc.constantFrom('paper', 'live', 'demo')),
  },
  { requiredKeys: [] },
);

const anyBody = fc.oneof(weird, lineArbitrary, fc.array(lineArbitrary, { maxLength: 3 }));

type Target = 'orders' | 'bulk-orders' | 'modify' | 'fetch-margins' | 'fetch-basket-margins' | 'profit-loss' | 'risk';

const caseArbitrary = fc.record({
  target: fc.constantFrom<Target>(
    'orders',
    'bulk-orders',
    'modify',
    'fetch-margins',
    'fetch-basket-margins',
    'profit-loss',
    'risk',
  ),
  body: fc.oneof(
    anyBody,
    fc.record(
      {
        priorityType: fieldOf(fc.constantFrom('broker-config', 'none')),
        orders: fieldOf(fc.array(lineArbitrary, { maxLength: 3 })),
        considerPositions: fieldOf(fc.boolean()),
        target: fieldOf(fc.constantFrom(120, -1, 0)),
        stopLoss: fieldOf(fc.constantFrom(80, -1, 0)),
        trailingStop: fieldOf(fc.constantFrom(5, 0, -5)),
        maxPositions: fieldOf(fc.constantFrom(5, 0, -1, 1e9)),
        riskPercentagePerTrade: fieldOf(fc.constantFrom(1, 0, 101)),
        idealRewardToRisk: fieldOf(fc.constantFrom(2, 0, -2)),
        riskPerTradeAmount: fieldOf(fc.constantFrom(1000, -1)),
        dailyLossLimit: fieldOf(fc.constantFrom(5000, null, -1)),
        maxLotsPerOrder: fieldOf(fc.constantFrom(10, null, 0)),
        quantity: fieldOf(fc.constantFrom(65, 0, -65)),
        price: fieldOf(fc.constantFrom(100, -1)),
      },
      { requiredKeys: [] },
    ),
    fc.string({ maxLength: 30 }),
  ),
  raw: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  id: fc.constantFrom('real', 'not-a-uuid', '00000000-0000-0000-0000-000000000000', '%00', 'x'.repeat(200)),
  key: fc.option(fc.constantFrom('k1', '', ' ', 'x'.repeat(200), 'é'), { nil: undefined }),
});

describe('generated bad order bodies', () => {
  it(`answers ${RUNS} of them on every order route with 4xx (or 200 for a body that is valid), never 5xx`, async () => {
    const { user, account } = await paperTrader(t);
    const base = `/api/v1/brokers/${account.id}`;
    const placed = await t.app.inject({
      method: 'POST',
      url: `${base}/orders`,
      headers: authHeaders(user),
      payload: orderLine({ price: 1 }),
    });
    const orderId = placed.json<{ data: { orders: { id: string }[] } }>().data.orders[0]?.id ?? '';
    const position = await t.app.inject({ method: 'GET', url: `${base}/positions`, headers: authHeaders(user) });
    const positionId = position.json<{ data: { positions: { id: string }[] } }>().data.positions[0]?.id;

    console.info(`trading bad bodies: seed ${SEED}, ${RUNS} runs`);
    let n = 0;
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(caseArbitrary, async ({ target, body, raw, id, key }) => {
        n += 1;
        const realOrder = id === 'real' ? orderId : id;
        const realPosition = id === 'real' ? (positionId ?? orderId) : id;
        const [method, url] = (
          {
            orders: ['POST', `${base}/orders`],
            'bulk-orders': ['POST', `${base}/bulk-orders`],
            modify: ['PUT', `${base}/orders/${encodeURIComponent(realOrder)}`],
            'fetch-margins': ['POST', `${base}/fetch-margins`],
            'fetch-basket-margins': ['POST', `${base}/fetch-basket-margins`],
            'profit-loss': ['PUT', `${base}/positions/${encodeURIComponent(realPosition)}/profit-loss`],
            risk: ['POST', '/api/v1/risksettings'],
          } as const
        )[target];
        const payload =
          target === 'risk' && typeof body === 'object' && body !== null ? { brokerId: id, ...body } : body;
        const res = await t.app.inject({
          method,
          url,
          // A client address per request: the routes' rate limits are not what is under test.
          remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          headers: {
            ...authHeaders(user),
            'content-type': 'application/json',
            ...(key !== undefined ? { 'idempotency-key': key } : {}),
          },
          // Some bodies go as raw text: JSON that is cut short or not JSON at all.
          payload: raw ? (JSON.stringify(payload) ?? '').slice(0, 17) : JSON.stringify(payload ?? null),
        });
        if (res.statusCode >= 500) {
          throw new Error(`${method} ${url} → ${res.statusCode} ${res.body} for ${JSON.stringify(payload)}`);
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect([200, 400, 402, 404, 409, 415, 422]).toContain(res.statusCode);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.info('answers by status', Object.fromEntries(statuses));
    // The generator reaches past the schemas into the service's own checks, not only the parser.
    expect([...statuses.keys()].some((s) => s !== 400)).toBe(true);
  });
});
