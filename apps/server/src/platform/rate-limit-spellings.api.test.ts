import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../test/signed-in-user';
import { createTestApp, type TestApp, UNLIMITED_LOGINS_BY_ADDRESS } from '../../test/test-app';
import type { RouteEntry, RouteRateLimit } from './route-table';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...UNLIMITED_LOGINS_BY_ADDRESS },
    logLevel: 'warn',
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
interface Spelling {
  name: string;
  method: Method;
  url: string;
}

/** Every spelling of `route` that a client could send for the same handler. */
function spellingsOf(route: RouteEntry): Spelling[] {
  const method = route.method as Method;
  // A path parameter carrying an encoded slash: the router decodes it into the parameter.
  const plain = route.url.replace(/:[A-Za-z]+/g, 'acc%2F1');
  const prefix = plain.match(/^\/(api|data)\//)?.[1] ?? '';
  const first = prefix.charAt(0);
  const escapedPrefix = prefix ? `/%${first.charCodeAt(0).toString(16)}${prefix.slice(1)}/` : '/';
  // A letter of the path whose escape has a hex letter (j–o: %6a–%6f), so both cases of the escape can be sent.
  const at = plain.search(/[j-o]/);
  const hex = plain.charCodeAt(at).toString(16);
  const escaped = (upper: boolean) => `${plain.slice(0, at)}%${upper ? hex.toUpperCase() : hex}${plain.slice(at + 1)}`;
  const spellings: Spelling[] = [
    { name: 'plain', method, url: plain },
    { name: 'escaped prefix', method, url: plain.replace(/^\/(api|data)\//, escapedPrefix) },
    { name: 'lower-case escape', method, url: escaped(false) },
    { name: 'upper-case escape', method, url: escaped(true) },
    { name: 'trailing slash', method, url: `${plain}/` },
    { name: 'doubled slash', method, url: plain.replace('/v1/', '/v1//') },
  ];
  if (method === 'GET') spellings.push({ name: 'HEAD', method: 'HEAD', url: plain });
  return spellings;
}

async function send(spelling: Spelling, user: SignedInUser, remoteAddress: string): Promise<number> {
  const res = await t.app.inject({
    method: spelling.method,
    url: spelling.url,
    remoteAddress,
    headers: authHeaders(user),
    ...(spelling.method === 'GET' || spelling.method === 'HEAD' ? {} : { payload: {} }),
  });
  return res.statusCode;
}

function limitedRoutes(): (RouteEntry & { rateLimit: RouteRateLimit })[] {
  return t.app.routes.filter(
    (r): r is RouteEntry & { rateLimit: RouteRateLimit } =>
      typeof r.rateLimit === 'object' && r.method !== 'HEAD' && !r.websocket,
  );
}

describe('rate limits key on the matched route, not on how the path is spelled', () => {
  it('the route table lists the routes with their own limits', () => {
    const urls = limitedRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/v1/promo-code',
        'POST /api/v1/brokers/:id/reveal',
        'GET /api/v1/brokers/:id/login',
        'POST /api/v1/demo-request',
      ]),
    );
  });

  it('percent-encoded, doubled-slash, trailing-slash and HEAD spellings of a limited route get the same 429 at the same count', async () => {
    const failures: string[] = [];
    let n = 0;
    for (const route of limitedRoutes()) {
      n += 1;
      const user = await signUpAndLogIn(t, { tag: `spelling${n}` });
      const remoteAddress = `10.61.${n}.9`;
      const spellings = spellingsOf(route);
      const answers: string[] = [];
      for (let i = 0; i < route.rateLimit.max; i++) {
        const spelling = spellings[i % spellings.length] as Spelling;
        const status = await send(spelling, user, remoteAddress);
        if (status === 429) answers.push(`${spelling.name} #${i + 1}: 429 within the budget`);
      }
      for (const spelling of spellings) {
        const status = await send(spelling, user, remoteAddress);
        if (status !== 429) answers.push(`${spelling.name} ${spelling.url}: ${status} past the budget`);
      }
      if (answers.length)
        failures.push(`${route.method} ${route.url} (max ${route.rateLimit.max}): ${answers.join('; ')}`);
    }
    expect(failures).toEqual([]);
  });

  it('every /api and /data route counts against a budget under an escaped prefix (no spelling skips the limiter)', async () => {
    const escaped = await t.app.inject({ method: 'GET', url: '/%61pi/v1/package-list', remoteAddress: '10.62.0.1' });
    expect(escaped.statusCode).toBe(200);
    expect(escaped.headers['x-ratelimit-limit']).toBeDefined();
    const data = await t.app.inject({ method: 'GET', url: '/%64ata/v1/get_option_expiry', remoteAddress: '10.62.0.2' });
    expect(data.headers['x-ratelimit-limit']).toBeDefined();
  });
});

describe('promo codes cannot be guessed through initiate-subscription', () => {
  const guess = (i: number) => ({ packageId: 'Starter', promoCode: `GUESS${i}` });

  it('initiate-subscription shares the promo-code budget of a client address', async () => {
    const promo = t.app.routes.find((r) => r.method === 'POST' && r.url === '/api/v1/promo-code');
    const max = typeof promo?.rateLimit === 'object' ? promo.rateLimit.max : 0;
    expect(max).toBeGreaterThan(0);
    const users = [await signUpAndLogIn(t, { tag: 'guess-a' }), await signUpAndLogIn(t, { tag: 'guess-b' })];
    const remoteAddress = '10.63.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < max + 5; i++) {
      const user = users[i % users.length] as SignedInUser;
      const url = i % 3 === 0 ? '/api/v1/promo-code' : '/api/v1/initiate-subscription';
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: authHeaders(user),
        payload: guess(i),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max)).not.toContain(429);
    expect(statuses.slice(max)).toEqual([429, 429, 429, 429, 429]);
  });

  it('initiate-subscription shares the promo-code budget of a user across addresses', async () => {
    const promo = t.app.routes.find((r) => r.method === 'POST' && r.url === '/api/v1/promo-code');
    const max = typeof promo?.rateLimit === 'object' ? promo.rateLimit.max : 0;
    const user = await signUpAndLogIn(t, { tag: 'guess-c' });
    const statuses: number[] = [];
    for (let i = 0; i < max + 3; i++) {
      const url = i % 2 === 0 ? '/api/v1/promo-code' : '/api/v1/initiate-subscription';
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.64.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        headers: authHeaders(user),
        payload: guess(i),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max)).not.toContain(429);
    expect(statuses.slice(max)).toEqual([429, 429, 429]);
  });
});
