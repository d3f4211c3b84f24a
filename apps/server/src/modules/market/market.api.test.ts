import {
  dataOperations,
  ExchangeHolidaysSchema,
  OptionChainSchema,
  SpecialSessionsSchema,
  TickListSchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import { contractInstrumentToken, istInstant, spotInstrumentToken } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createMarketClock } from '../feed/market-clock';

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000' } });
  await t.app.ready();
  user = await signUpAndLogIn(t, { tag: 'market' });
});

afterAll(async () => {
  await t.close();
});

async function get(url: string, headers: Record<string, string> = authHeaders(user)) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    body: res.json<{
      code: number;
      data?: unknown;
      meta?: Record<string, unknown>;
      errorCode?: string;
      field?: string;
      sessionExpired?: boolean;
    }>(),
  };
}

describe('data API basics', () => {
  it('needs a session: 403 SESSION_EXPIRED with sessionExpired true', async () => {
    const res = await get('/data/v1/get_exchange_holidays?exchange=nse', {});
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ errorCode: 'SESSION_EXPIRED', sessionExpired: true });
  });

  it('a user without a plan is served in the none tier: history up to the previous session close', async () => {
    const res = await get('/data/v1/get_special_session');
    expect(res.body.meta).toMatchObject({ tier: 'none' });
    // The test clock is Fri 20-Nov-2026 09:30 IST; the previous session closed on Thu 19-Nov at 15:40 IST (F&O
    // closes at 15:40 from 3-Aug-2026, ten minutes after the cash market).
    expect(res.body.meta?.['asOf']).toBe(Date.UTC(2026, 10, 19, 10, 10, 0));
  });

  it('a Discover trial without a broker login is served delayed by 30 minutes', async () => {
    const trialUser = await signUpAndLogIn(t, { tag: 'market-trial' });
    const trial = await t.app.inject({
      method: 'GET',
      url: '/api/v1/start-user-trial?product_type=d',
      headers: authHeaders(trialUser),
    });
    expect(trial.statusCode).toBe(200);
    const res = await get('/data/v1/get_special_session', authHeaders(trialUser));
    expect(res.body.meta).toEqual({
      tier: 'delayed',
      delayMs: 1_800_000,
      asOf: t.clock.now() - 1_800_000,
      source: 'simulated',
    });
  });

  it('publishes an OpenAPI document of the data routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/data/v1/openapi.json', headers: authHeaders(user) });
    const doc = res.json<{ openapi: string; paths: Record<string, { get?: { parameters: { name: string }[] } }> }>();
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.paths['/data/v1/get_exchange_holidays']?.get?.parameters.map((p) => p.name)).toEqual([
      'exchange',
      'year',
    ]);
  });
});

describe('OpenAPI document', () => {
  it('describes every market-data path of the spec (billing’s referral-earnings aside) and our own analytics paths, with their parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/data/v1/openapi.json', headers: authHeaders(user) });
    const doc = res.json<{ paths: Record<string, Record<string, { parameters: { name: string }[] }>> }>();
    const paths = Object.keys(doc.paths).map((p) => p.replace('/data/v1/', ''));
    expect(paths.sort()).toEqual(
      [
        'candles',
        'daily',
        'fno-mwpl',
        'get_aggregated_oi',
        'get_all_future_instruments',
        'get_all_future_ticks',
        'get_cash_market',
        'get_cash_market_eod',
        'get_eod',
        'get_exchange_holidays',
        'get_fao_eod',
        'get_fno_oi',
        'get_future_instruments',
        'get_future_ticks',
        'get_index_atm_instruments',
        'get_index_sector',
        'get_index_stats',
        'get_option_chain_instruments',
        'get_option_expiry',
        'get_pre_market_instruments',
        'get_pre_market_ticks',
        'get_special_session',
        'get_spot_cumulative',
        'instruments',
        'option_chain',
        'option_instrument',
        'pattern',
        'prev_day',
        'raw_ticks',
        'rollover',
        'search',
        'seasonality',
        'spot',
        'stock_atm_straddle',
        'stock_atm_straddle_plot',
        'straddle',
        'strategy-ch',
        'strategy-new',
        'ticks',
        // Our own analytics paths: dealer gamma, IV history and term structure, the order-flow footprint.
        'footprint',
        'gex',
        'iv_history',
        'iv_term_structure',
        // The re-centring simulator for short straddles and strangles.
        'recentring-sim',
      ].sort(),
    );
    const names = (path: string, method = 'get') =>
      doc.paths[`/data/v1/${path}`]?.[method]?.parameters.map((p) => p.name);
    expect(names('straddle')).toEqual(['instrument', 'expiry', 'strike_price', 'from', 'to', 'type']);
    expect(names('get_aggregated_oi')).toEqual(['token', 'type', 'from', 'to', 'expiry', 'strike']);
    expect(names('option_chain')).toEqual(['name', 'expiry', 'strikes', 'atm']);
    expect(names('strategy-new', 'post')).toEqual(['type', 'from', 'to']);
  });

  it('serves and documents every operation of the contracts’ table, with its method and summary', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/data/v1/openapi.json', headers: authHeaders(user) });
    const doc = res.json<{ paths: Record<string, Record<string, { summary: string }>> }>();
    for (const [op, spec] of Object.entries(dataOperations)) {
      expect(doc.paths[`/data/v1/${op}`]?.[spec.method]?.summary, op).toBe(spec.summary);
    }
    expect(Object.keys(doc.paths)).toHaveLength(Object.keys(dataOperations).length);
    // The POST operations are registered as POST: an empty body is refused by the table's body schema.
    const post = await t.app.inject({
      method: 'POST',
      url: '/data/v1/strategy-ch',
      payload: {},
      headers: authHeaders(user),
    });
    expect(post.json<{ errorCode: string }>().errorCode).toBe('VALIDATION_FAILED');
  });
});

describe('one clock for REST and the feed', () => {
  it('under MARKET_CLOCK=replay data is served at the instant the feed plays, not the wall clock’s', async () => {
    const replay = await createTestApp({ env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000', MARKET_CLOCK: 'replay' } });
    try {
      await replay.app.ready();
      const trialUser = await signUpAndLogIn(replay, { tag: 'market-replay' });
      await replay.app.inject({
        method: 'GET',
        url: '/api/v1/start-user-trial?product_type=d',
        headers: authHeaders(trialUser),
      });
      const res = await replay.app.inject({
        method: 'GET',
        url: '/data/v1/get_special_session',
        headers: authHeaders(trialUser),
      });
      const played = createMarketClock('replay').at(replay.clock.now())!.at;
      expect(played).toBeLessThan(replay.clock.now());
      expect(res.json<{ meta: { asOf: number } }>().meta.asOf).toBe(played - 1_800_000);
    } finally {
      await replay.close();
    }
  });
});

describe('get_exchange_holidays', () => {
  it('lists NSE and NFO holidays of 2026 with formatted dates', async () => {
    const res = await get('/data/v1/get_exchange_holidays?exchange=nse,nfo&year=2026');
    expect(res.status).toBe(200);
    const data = ExchangeHolidaysSchema.parse(res.body.data);
    expect(Object.keys(data.holidays)).toEqual(['NSE', 'NFO']);
    const republicDay = data.holidays['NFO']?.find((h) => h.date === '2026-01-26');
    expect(republicDay).toMatchObject({ formattedDate: '26-Jan-2026', weekday: 'Monday' });
    expect(data.holidays['NSE']?.every((h) => h.date.startsWith('2026-'))).toBe(true);
    // Holidays are weekdays: weekend festivals do not close a market that is shut anyway.
    expect(data.holidays['NSE']?.some((h) => h.weekday === 'Saturday' || h.weekday === 'Sunday')).toBe(false);
    expect(data.publishedYears).toEqual([2025, 2026]);
  });

  it.each(['mcx', 'nse,,xyz', '', 'a'.repeat(50)])('rejects exchange=%s with 400', async (exchange) => {
    const res = await get(`/data/v1/get_exchange_holidays?exchange=${exchange}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'exchange' });
  });
});

describe('get_special_session', () => {
  it('lists Budget Sunday 1-Feb-2026 with its timings', async () => {
    const res = await get('/data/v1/get_special_session');
    const sessions = SpecialSessionsSchema.parse(res.body.data);
    expect(sessions.find((s) => s.date === '2026-02-01')).toMatchObject({
      formattedDate: '01-Feb-2026',
      open: '09:15',
      close: '15:30',
    });
  });
});

describe('data tiers cut every answer at asOf', () => {
  const NIFTY = spotInstrumentToken('NIFTY');
  const FUTURE = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-23', strike: null });
  const candlesPath = `candles?tokens=${NIFTY},${FUTURE}&resolution=1m&from=2026-11-19&to=2026-11-20T15:30`;
  let trial: SignedInUser;
  let live: DataClient;

  beforeAll(async () => {
    trial = await signUpAndLogIn(t, { tag: 'market-tiers-trial' });
    await t.app.inject({ method: 'GET', url: '/api/v1/start-user-trial?product_type=d', headers: authHeaders(trial) });
    live = await liveTierDataClient('market-tiers-live');
  });

  afterAll(async () => {
    await live.t.close();
  });

  const lastCandleStarts = (data: unknown) =>
    TokenCandlesListSchema.parse(data).map((series) => series.candles.at(-1)?.t ?? 0);

  it('none (no plan): history up to the previous session’s close, quotes at that close', async () => {
    const asOf = istInstant('2026-11-19', '15:40');
    const candles = await get(`/data/v1/${candlesPath}`);
    expect(candles.body.meta).toMatchObject({ tier: 'none', asOf });
    expect(lastCandleStarts(candles.body.data)).toEqual([
      istInstant('2026-11-19', '15:29'),
      istInstant('2026-11-19', '15:39'),
    ]);
    const ticks = TickListSchema.parse((await get(`/data/v1/ticks?tokens=${NIFTY},${FUTURE}`)).body.data);
    expect(ticks.every((tick) => tick.ts <= asOf)).toBe(true);
    const chain = OptionChainSchema.parse((await get('/data/v1/option_chain?name=NIFTY&expiry=2026-11-23')).body.data);
    // Quotes at the session's last second, 15:39:59, in the chain's minute.
    expect(chain.at).toBe(istInstant('2026-11-19', '15:39'));
  });

  it('delayed (plan, no broker): nothing after now − 30 min, so nothing of today before 09:45', async () => {
    const res = await get(`/data/v1/${candlesPath}`, authHeaders(trial));
    const asOf = t.clock.now() - 1_800_000;
    expect(res.body.meta).toMatchObject({ tier: 'delayed', asOf });
    expect(lastCandleStarts(res.body.data)).toEqual([
      istInstant('2026-11-19', '15:29'),
      istInstant('2026-11-19', '15:39'),
    ]);
    const chain = OptionChainSchema.parse(
      (await get('/data/v1/option_chain?name=NIFTY&expiry=2026-11-23', authHeaders(trial))).body.data,
    );
    expect(chain.at).toBeLessThanOrEqual(asOf);
  });

  it('live (plan and broker): today’s candles up to now', async () => {
    const res = await live.get(candlesPath);
    expect(res.body.meta).toEqual({ tier: 'live', delayMs: 0, asOf: t.clock.now(), source: 'simulated' });
    const starts = lastCandleStarts(res.body.data);
    // 09:30:00 is the first second of the 09:30 candle, served as far as it has gone.
    expect(starts).toEqual([istInstant('2026-11-20', '09:30'), istInstant('2026-11-20', '09:30')]);
    const ticks = TickListSchema.parse((await live.get(`ticks?tokens=${FUTURE}`)).body.data);
    expect(ticks[0]?.ts).toBe(t.clock.now());
  });

  // Last in the file: the fake clock only moves forward.
  it('a later clock serves later data to the same user: the tier follows the clock', async () => {
    t.clock.advance(20 * 60_000);
    const res = await get(`/data/v1/${candlesPath}`, authHeaders(trial));
    // Now 09:50, delayed to 09:20: today's candles from 09:15, the 09:20 one just begun.
    expect(lastCandleStarts(res.body.data)[0]).toBe(istInstant('2026-11-20', '09:20'));
  });
});
