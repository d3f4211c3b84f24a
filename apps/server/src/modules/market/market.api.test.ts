import { ExchangeHolidaysSchema, SpecialSessionsSchema } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';

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
    expect(res.body.meta).toEqual({ tier: 'delayed', delayMs: 1_800_000, asOf: t.clock.now() - 1_800_000 });
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
