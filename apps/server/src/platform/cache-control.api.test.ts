import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
  await t.app.ready();
  user = await signUpAndLogIn(t, { tag: 'cache' });
});

afterAll(async () => {
  await t.close();
});

describe('answers carrying a session or account data are never stored by a browser or proxy cache', () => {
  it('the login answer (it carries the login secret) is no-store', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      payload: { email: user.email, password: 'Nifty@Expiry-Tuesday9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it.each([
    ['GET', '/api/v1/user-profile'],
    ['GET', '/api/v1/brokers'],
    ['POST', '/api/v1/brokers/no-such-account/reveal'],
    ['GET', '/api/v1/payment-receipts/00000000-0000-4000-8000-000000000000'],
    ['GET', '/api/v1/subscription-payments'],
    ['GET', '/api/v1/login-check'],
  ] as const)('%s %s is no-store, answered or refused', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: authHeaders(user),
      ...(method === 'POST' ? { payload: { password: 'wrong-password' } } : {}),
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('every GET route of /api/v1 in the route table answers a signed-in user with no-store', async () => {
    const routes = t.app.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/v1/'));
    expect(routes.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const res = await t.app.inject({ method: 'GET', url, headers: authHeaders(user) });
      if (res.headers['cache-control'] !== 'no-store')
        missing.push(`${route.url}: ${String(res.headers['cache-control'])}`);
    }
    expect(missing).toEqual([]);
  });
});
