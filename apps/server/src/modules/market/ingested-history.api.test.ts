import { TokenCandlesListSchema } from '@fnodesk/contracts';
import { contractInstrumentToken, foldCandles, istInstant, spotInstrumentToken } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createIngestRepository, type StoredCandle } from '../feed/ingest/ingest.repository';

// A deployment fed by Kite's ticker stores the candles of what it ingests: here NIFTY 50 and its December future.
// The test clock is Fri 20-Nov-2026 09:30 IST: a user without a plan sees history to Thursday's F&O close, a
// Discover trial up to 09:00.
const NIFTY = spotInstrumentToken('NIFTY');
const FUTURE = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-12-29', strike: null });
const MINUTE = 60_000;

let t: TestApp;
let noPlan: SignedInUser;
let trial: SignedInUser;

/** Every minute of a day's session (09:15–15:29), or up to `last`. */
function minutes(token: number, date: string, last = '15:29'): StoredCandle[] {
  const open = istInstant(date, '09:15');
  const count = (istInstant(date, last) - open) / MINUTE + 1;
  return Array.from({ length: count }, (_, i) => ({
    token,
    t: open + i * MINUTE,
    o: 24_000 + i * 0.5,
    h: 24_003 + i * 0.5,
    l: 23_998 + i * 0.5,
    c: 24_001 + i * 0.5,
    v: token === NIFTY ? 0 : 150 + i,
    atp: 24_000.25,
    oi: token === NIFTY ? 0 : 10_000_000 + i * 75,
  }));
}

async function candles(user: SignedInUser, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/data/v1/${query}`, headers: authHeaders(user) });
  expect(res.statusCode).toBe(200);
  const body = res.json<{ data: unknown; meta: { tier: string; asOf: number; source?: string } }>();
  return { data: TokenCandlesListSchema.parse(body.data), meta: body.meta };
}

beforeAll(async () => {
  t = await createTestApp({
    env: {
      LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000',
      FEED_SOURCE: 'kite',
      KITE_API_KEY: 'kite-api-key-for-tests',
      KITE_ACCESS_TOKEN: 'kite-access-token-for-tests',
    },
  });
  await t.app.ready();
  const repository = createIngestRepository(t.database.db);
  await repository.upsertCandles([
    ...minutes(NIFTY, '2026-11-19'),
    ...minutes(FUTURE, '2026-11-18'),
    ...minutes(FUTURE, '2026-11-19'),
    // Friday's minutes stored by the ingest so far (the clock reads 09:30).
    ...minutes(FUTURE, '2026-11-20', '09:29'),
  ]);
  noPlan = await signUpAndLogIn(t, { tag: 'ingested-none' });
  trial = await signUpAndLogIn(t, { tag: 'ingested-trial' });
  const started = await t.app.inject({
    method: 'GET',
    url: '/api/v1/start-user-trial?product_type=d',
    headers: authHeaders(trial),
  });
  expect(started.statusCode).toBe(200);
});

afterAll(async () => {
  await t.close();
});

describe('ingested history through the data API', () => {
  it('candles returns the stored minutes of an ingested token, cut at the delayed tier’s asOf like the sim’s', async () => {
    const from = istInstant('2026-11-20', '09:00');
    const to = istInstant('2026-11-20', '15:30');
    const { data, meta } = await candles(trial, `candles?tokens=${FUTURE}&resolution=1m&from=${from}&to=${to}`);
    expect(meta).toMatchObject({ tier: 'delayed', asOf: istInstant('2026-11-20', '09:00') });
    // asOf is 09:00, before Friday's open: nothing yet.
    expect(data).toEqual([{ token: FUTURE, candles: [] }]);
    t.clock.advance(20 * MINUTE);
    // 09:50 less 30 minutes is 09:20: a stored minute is served once its last second is at or before that.
    const later = await candles(trial, `candles?tokens=${FUTURE}&resolution=1m&from=${from}&to=${to}`);
    expect(later.meta.asOf).toBe(istInstant('2026-11-20', '09:20'));
    const { token: _token, ...first } = minutes(FUTURE, '2026-11-20', '09:29')[0]!;
    expect(later.data[0]?.candles.map((c) => c.t)).toEqual(
      [0, 1, 2, 3, 4].map((i) => istInstant('2026-11-20', '09:15') + i * MINUTE),
    );
    expect(later.data[0]?.candles[0]).toEqual(first);
  });

  it('pattern folds the stored minutes into the resolution asked, as the builder would from ticks', async () => {
    const from = istInstant('2026-11-19', '09:15');
    const to = istInstant('2026-11-19', '15:30');
    const { data, meta } = await candles(noPlan, `pattern?tokens=${NIFTY},${FUTURE}&type=75m&from=${from}&to=${to}`);
    expect(meta.tier).toBe('none');
    expect(data.map((series) => series.token)).toEqual([NIFTY, FUTURE]);
    const stored = minutes(FUTURE, '2026-11-19').map(({ token: _token, ...candle }) => candle);
    expect(data[1]?.candles).toEqual(foldCandles(stored, '75m', 'NFO'));
    expect(data[1]?.candles.map((c) => c.t)).toEqual(
      ['09:15', '10:30', '11:45', '13:00', '14:15'].map((time) => istInstant('2026-11-19', time)),
    );
    expect(data[1]?.candles[0]).toMatchObject({ o: 24_000, v: ((150 + 224) * 75) / 2, oi: 10_000_000 + 74 * 75 });
  });

  it('daily gives day candles of stored sessions only up to the tier’s instant (none: Thursday’s close)', async () => {
    const from = istInstant('2026-11-16', '00:00');
    const to = istInstant('2026-11-21', '00:00');
    const { data } = await candles(noPlan, `daily?tokens=${FUTURE}&from=${from}&to=${to}`);
    expect(data[0]?.candles.map((c) => c.t)).toEqual([
      istInstant('2026-11-18', '09:15'),
      istInstant('2026-11-19', '09:15'),
    ]);
    const thursday = minutes(FUTURE, '2026-11-19');
    expect(data[0]?.candles[1]).toEqual({
      t: istInstant('2026-11-19', '09:15'),
      o: thursday[0]!.o,
      h: thursday.at(-1)!.h,
      l: thursday[0]!.l,
      c: thursday.at(-1)!.c,
      v: thursday.reduce((sum, c) => sum + c.v, 0),
      atp: 24_000.25,
      oi: thursday.at(-1)!.oi,
    });
  });

  it('says which source each answer shows: stored candles are ingested, what the ticker cannot supply is simulated', async () => {
    const from = istInstant('2026-11-19', '09:15');
    const to = istInstant('2026-11-19', '15:30');
    const stored = await candles(noPlan, `candles?tokens=${FUTURE}&resolution=5m&from=${from}&to=${to}`);
    expect(stored.meta.source).toBe('ingested');
    const expiries = await t.app.inject({
      method: 'GET',
      url: '/data/v1/get_option_expiry?name=NIFTY',
      headers: authHeaders(noPlan),
    });
    expect(expiries.json<{ meta: { source?: string } }>().meta.source).toBe('simulated');
  });
});
