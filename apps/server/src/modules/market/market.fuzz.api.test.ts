import {
  AggregatedOiQuerySchema,
  CandlesQuerySchema,
  DailyQuerySchema,
  EodQuerySchema,
  FootprintQuerySchema,
  InstrumentsQuerySchema,
  MwplQuerySchema,
  OptionChainInstrumentsQuerySchema,
  OptionChainQuerySchema,
  OptionExpiryQuerySchema,
  OptionInstrumentQuerySchema,
  PatternQuerySchema,
  PrevDayQuerySchema,
  RawTicksQuerySchema,
  RolloverQuerySchema,
  SearchQuerySchema,
  SeasonalityQuerySchema,
  SpotCumulativeQuerySchema,
  SpotQuerySchema,
  StraddleQuerySchema,
  StrategyBodySchema,
  StrategyQuerySchema,
  TicksQuerySchema,
} from '@fnodesk/contracts';
import { contractInstrumentToken, RESOLUTIONS, spotInstrumentToken } from '@fnodesk/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';

const SEED = 20_261_120;
const INVALID_RUNS = 120;
const MIXED_RUNS = 30;

let c: DataClient;

beforeAll(async () => {
  c = await liveTierDataClient('market-fuzz', { RATE_LIMIT_PER_MINUTE: '1000000' });
});

afterAll(async () => {
  await c.t.close();
});

const NIFTY = String(spotInstrumentToken('NIFTY'));
const FUTURE = String(contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-23', strike: null }));
const OPTION = String(contractInstrumentToken({ root: 'NIFTY', kind: 'CE', expiry: '2026-12-01', strike: 25000 }));

/** Awkward text of every kind: empty, huge, prototype keys, numbers in odd notations, injection attempts. */
const awkward = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', ' ', '__proto__', 'constructor', 'A'.repeat(5_000), 'NaN', 'Infinity', '-0', '1e13', '0x1F'),
  fc.constantFrom("NIFTY'; DROP TABLE users;--", '<script>', '%00', '\u0000', '９９', '١٢٣'),
  fc.integer().map(String),
  fc.double().map(String),
);

/** Per parameter: values a client might send, valid and not, mixed with awkward text. */
const POOLS: Record<string, fc.Arbitrary<string>> = {
  name: fc.oneof(fc.constantFrom('NIFTY', 'nifty 50', 'BANKNIFTY', 'SENSEX', 'RELIANCE', 'NIFTY AUTO', 'XYZ'), awkward),
  instrument: fc.oneof(fc.constantFrom('NIFTY', 'RELIANCE', 'INDIA VIX'), awkward),
  expiry: fc.oneof(fc.constantFrom('2026-11-23', '2026-12-01', '2026-11-17', '2026-02-30', '2013-06-25'), awkward),
  date: fc.oneof(fc.constantFrom('2026-11-19', '2026-11-10', '2013-01-01', '2099-12-31', '2026-13-01'), awkward),
  tokens: fc.oneof(
    fc.constantFrom(NIFTY, `${NIFTY},${FUTURE}`, `${FUTURE},${OPTION}`, '1', '0', ',', `${NIFTY},`),
    fc.constant(Array.from({ length: 60 }, () => OPTION).join(',')),
    awkward,
  ),
  token: fc.oneof(fc.constantFrom(NIFTY, FUTURE, OPTION, '1', '10000000000001'), awkward),
  from: fc.oneof(
    fc.constantFrom('2026-11-19', '2026-11-19T09:15', '1795059900000', '2026-11-19T09:15:00 05:30', '2000-01-01'),
    fc.constantFrom('0', '-1', '2026-11-19T25:00', '99999999999999999', '2026-11-19T09:15+99:00'),
    awkward,
  ),
  to: fc.oneof(fc.constantFrom('2026-11-19', '2026-11-20', '1795147200000', '2099-12-31', '2026-11-18'), awkward),
  time: fc.oneof(fc.constantFrom('2026-11-19T10:00', '1795147200000'), awkward),
  type: fc.oneof(fc.constantFrom(...RESOLUTIONS, 'CE', 'PE', '1d', '3h'), awkward),
  resolution: fc.oneof(fc.constantFrom(...RESOLUTIONS, '1d'), awkward),
  strikes: fc.oneof(fc.constantFrom('1', '3', '15', '0', '16', '2.5'), awkward),
  strike: fc.oneof(fc.constantFrom('5', '40', '41', '25000', '25025', '25000.05'), awkward),
  strike_price: fc.oneof(fc.constantFrom('25000', '25025', '0'), awkward),
  atm: fc.oneof(fc.constantFrom('Spot', 'Futures', 'SynFut', 'spot'), awkward),
  filter: fc.oneof(fc.constantFrom('all', 'nifty', 'banknifty', 'sensex', 'x'), awkward),
  query: awkward,
  exchange: fc.oneof(fc.constantFrom('NSE', 'nfo', 'BFO', 'MCX'), awkward),
  ban: fc.oneof(fc.constantFrom('true', 'false', '1', 'yes'), awkward),
  entrants: fc.oneof(fc.constantFrom('true', '0'), awkward),
  exits: fc.oneof(fc.constantFrom('false', '1'), awkward),
  // Charting and order flow (footprint).
  rows: fc.oneof(fc.constantFrom('1', '100', '0', '1001', '2.5'), awkward),
  imbalance: fc.oneof(fc.constantFrom('300', '110', '109', '1001', 'x'), awkward),
};

interface Route {
  path: string;
  schema: z.ZodType;
  keys: string[];
  body?: boolean;
}

const ROUTES: Route[] = [
  { path: 'search', schema: SearchQuerySchema, keys: ['query', 'filter'] },
  { path: 'get_option_expiry', schema: OptionExpiryQuerySchema, keys: ['name'] },
  { path: 'instruments', schema: InstrumentsQuerySchema, keys: ['name', 'exchange', 'tokens'] },
  { path: 'ticks', schema: TicksQuerySchema, keys: ['tokens'] },
  { path: 'get_option_chain_instruments', schema: OptionChainInstrumentsQuerySchema, keys: ['name', 'expiry'] },
  { path: 'option_chain', schema: OptionChainQuerySchema, keys: ['name', 'expiry', 'strikes', 'atm'] },
  { path: 'option_instrument', schema: OptionInstrumentQuerySchema, keys: ['name', 'type', 'expiry', 'strike'] },
  { path: 'pattern', schema: PatternQuerySchema, keys: ['tokens', 'type', 'from', 'to'] },
  { path: 'candles', schema: CandlesQuerySchema, keys: ['tokens', 'resolution', 'from', 'to'] },
  { path: 'daily', schema: DailyQuerySchema, keys: ['tokens', 'from', 'to'] },
  { path: 'prev_day', schema: PrevDayQuerySchema, keys: ['tokens'] },
  { path: 'spot', schema: SpotQuerySchema, keys: ['name'] },
  { path: 'raw_ticks', schema: RawTicksQuerySchema, keys: ['token', 'from', 'to'] },
  {
    path: 'get_aggregated_oi',
    schema: AggregatedOiQuerySchema,
    keys: ['token', 'type', 'from', 'to', 'expiry', 'strike'],
  },
  {
    path: 'straddle',
    schema: StraddleQuerySchema,
    keys: ['instrument', 'expiry', 'strike_price', 'from', 'to', 'type'],
  },
  { path: 'get_spot_cumulative', schema: SpotCumulativeQuerySchema, keys: ['filter', 'type', 'from', 'to'] },
  { path: 'get_fao_eod', schema: EodQuerySchema, keys: ['from', 'to', 'type', 'tokens'] },
  { path: 'rollover', schema: RolloverQuerySchema, keys: ['date'] },
  { path: 'seasonality', schema: SeasonalityQuerySchema, keys: ['token'] },
  { path: 'fno-mwpl', schema: MwplQuerySchema, keys: ['ban', 'date', 'entrants', 'exits'] },
  { path: 'strategy-new', schema: StrategyQuerySchema, keys: ['type', 'from', 'to'], body: true },
  // Charting and order flow.
  { path: 'footprint', schema: FootprintQuerySchema, keys: ['token', 'type', 'from', 'to', 'rows', 'imbalance'] },
];

/** A query with the route's keys (each present or not, sometimes repeated) holding pooled or awkward values. */
function queriesFor(keys: readonly string[]): fc.Arbitrary<Partial<Record<string, string | string[]>>> {
  const value = (key: string) => POOLS[key] ?? awkward;
  return fc.record(
    Object.fromEntries(
      keys.map((key) => [
        key,
        fc.oneof(
          { weight: 9, arbitrary: value(key) },
          { weight: 1, arbitrary: fc.array(value(key), { minLength: 2, maxLength: 3 }) },
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
}

function url(path: string, query: Partial<Record<string, string | string[]>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return `/data/v1/${path}?${params.toString()}`;
}

const STRATEGY_BODY = { legs: [{ token: Number(OPTION), quantity: 65, side: 'SELL' }] };

async function send(route: Route, query: Partial<Record<string, string | string[]>>, body: unknown = STRATEGY_BODY) {
  const headers = { userid: c.user.userID, secret: c.user.loginSecret };
  return route.body
    ? c.t.app.inject({
        method: 'POST',
        url: url(route.path, query),
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
    : c.t.app.inject({ method: 'GET', url: url(route.path, query), headers });
}

describe(`generated invalid queries (fast-check seed ${SEED}, ${INVALID_RUNS} per route)`, () => {
  it.each(ROUTES)('$path answers 400 VALIDATION_FAILED naming a field, never 5xx', async (route) => {
    const invalid = queriesFor(route.keys).filter((query) => !route.schema.safeParse(query).success);
    await fc.assert(
      fc.asyncProperty(invalid, async (query) => {
        const res = await send(route, query);
        const envelope = res.json<{ code: number; errorCode?: string; field?: string }>();
        expect(res.statusCode).toBe(400);
        expect(envelope).toMatchObject({ code: 400, errorCode: 'VALIDATION_FAILED' });
        expect(envelope.field).toBeTypeOf('string');
      }),
      { seed: SEED, numRuns: INVALID_RUNS },
    );
  });
});

describe(`generated queries, valid or not (fast-check seed ${SEED}, ${MIXED_RUNS} per route)`, () => {
  it.each(ROUTES)('$path answers 200 or 400, never 5xx', async (route) => {
    await fc.assert(
      fc.asyncProperty(queriesFor(route.keys), async (query) => {
        const res = await send(route, query);
        expect([200, 400]).toContain(res.statusCode);
        if (res.statusCode === 400) expect(res.json<{ field?: string }>().field).toBeTypeOf('string');
      }),
      { seed: SEED, numRuns: MIXED_RUNS },
    );
  });
});

it(`strategy bodies of any shape answer 200 or 400 (fast-check seed ${SEED})`, async () => {
  const route = ROUTES.find((r) => r.path === 'strategy-new')!;
  const leg = fc.record(
    {
      token: fc.oneof(fc.constant(Number(OPTION)), fc.constant(Number(FUTURE)), fc.integer(), fc.double(), awkward),
      symbol: fc.oneof(fc.constantFrom('NIFTY26NOVFUT', 'NIFTY26D0125000PE', 'RELIANCE', 'NIFTY 50'), awkward),
      quantity: fc.oneof(fc.integer({ min: -10, max: 10_000 }), fc.double(), awkward),
      side: fc.oneof(fc.constantFrom('BUY', 'SELL', 'buy', 'hold'), awkward),
      price: fc.oneof(fc.double(), fc.integer(), awkward),
    },
    { requiredKeys: [] },
  );
  const bodies = fc.oneof(
    fc.array(leg, { maxLength: 14 }),
    fc.record({ legs: fc.array(leg, { maxLength: 14 }) }),
    fc.jsonValue({ maxDepth: 3 }),
  );
  await fc.assert(
    fc.asyncProperty(bodies, async (body) => {
      const res = await send(route, { type: '5m', from: '2026-11-19', to: '2026-11-19' }, body);
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 400 && StrategyBodySchema.safeParse(body).success) {
        expect(res.json<{ field?: string }>().field).toMatch(/^legs\.\d+\.(token|symbol)$/);
      }
    }),
    { seed: SEED, numRuns: 200 },
  );
});
