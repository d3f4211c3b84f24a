import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClock } from '@fnodesk/domain';
import { startKiteConnectFake, submitKiteLoginForm, type KiteConnectFake } from '../../test/fakes/kite-connect-fake';
import type { BrokerAccountAuth } from '../core/broker-adapter';
import { BrokerError } from '../core/broker-error';
import { generateTotp } from '../core/totp';
import { createZerodhaAdapter, needsTotpPrompt } from './zerodha-adapter';

const API_KEY = 'kitekey123';
const API_SECRET = 'canary-kite-secret-9f8e7d';
const CALLBACK = 'https://app.example/broker/callback/zerodha';
const USER = {
  userId: 'AB1234',
  password: 'canary-password-1',
  totpSecret: 'JBSWY3DPEHPK3PXP',
  userName: 'Asha Bhat',
  email: 'asha@example.com',
  margins: { cash: 250_000, debits: 40_000 },
};

const account: BrokerAccountAuth = { accountId: 'acc-1', userName: 'ab1234', apiKey: API_KEY, apiSecret: API_SECRET };

let fake: KiteConnectFake;

beforeAll(async () => {
  fake = await startKiteConnectFake({
    apps: [{ apiKey: API_KEY, apiSecret: API_SECRET, redirectUrl: CALLBACK }],
    users: [USER, { ...USER, userId: 'ZZ9999', userName: 'Someone Else' }],
  });
});
afterAll(async () => {
  await fake.close();
});

const adapter = () => createZerodhaAdapter({ apiRoot: fake.baseUrl, loginUrl: fake.loginUrl, timeoutMs: 2_000 });

async function loginThroughKite(state: string, userId = USER.userId): Promise<Record<string, string>> {
  const loginUrl = await adapter().loginUrl({ account, callbackUrl: CALLBACK, state });
  const redirect = await submitKiteLoginForm(loginUrl, {
    userId,
    password: USER.password,
    totp: generateTotp(USER.totpSecret, Date.now()),
  });
  return Object.fromEntries(new URL(redirect).searchParams);
}

describe('Zerodha adapter', () => {
  it("builds Kite's v3 login URL with the API key and the state inside redirect_params", async () => {
    const url = new URL(await createZerodhaAdapter().loginUrl({ account, callbackUrl: CALLBACK, state: 'st/ate+1&x' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://kite.zerodha.com/connect/login');
    expect(url.searchParams.get('v')).toBe('3');
    expect(url.searchParams.get('api_key')).toBe(API_KEY);
    expect(url.searchParams.get('redirect_params')).toBe('state=st%2Fate%2B1%26x');
    expect(url.toString()).not.toContain(API_SECRET);
  });

  it('logs in end to end: Kite page → callback → session → details → logout', async () => {
    const params = await loginThroughKite('state-1');
    expect(params).toMatchObject({ state: 'state-1', action: 'login', status: 'success' });
    expect(params.request_token).toMatch(/^[0-9a-f]{32}$/);

    const session = await adapter().completeLogin({ account, params });
    expect(session.brokerUserName).toBe('Asha Bhat');
    expect(session.accessToken).toMatch(/^[0-9a-f]{32}$/);
    expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(session.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);

    const details = await adapter().details(account, session);
    expect(details).toMatchObject({
      userName: 'Asha Bhat',
      userShortName: 'Asha',
      email: 'asha@example.com',
      availableCash: 250_000,
      usedMargin: 40_000,
      netMargin: 210_000,
    });
    expect(details.exchanges).toContain('NFO');

    const before = fake.activeAccessTokens();
    await adapter().logout(account, session);
    expect(fake.activeAccessTokens()).toBe(before - 1);
    await expect(adapter().details(account, session)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    // Logging out a token Kite already forgot is not an error.
    await expect(adapter().logout(account, session)).resolves.toBeUndefined();
  });

  it('refuses a wrong checksum (wrong API secret) without quoting the secret', async () => {
    const params = await loginThroughKite('state-2');
    const wrong = { ...account, apiSecret: 'canary-wrong-secret-000' };
    const error = await adapter()
      .completeLogin({ account: wrong, params })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrokerError);
    expect(error).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
    expect(String((error as Error).message)).not.toContain('canary-wrong-secret-000');
    expect(JSON.stringify(error)).not.toContain(params.request_token);
  });

  it('refuses a request token used twice', async () => {
    const params = await loginThroughKite('state-3');
    await adapter().completeLogin({ account, params });
    await expect(adapter().completeLogin({ account, params })).rejects.toMatchObject({ code: 'BROKER_REJECTED' });
  });

  it('refuses a Kite login as another user than the account', async () => {
    const params = await loginThroughKite('state-4', 'ZZ9999');
    const tokensBefore = fake.activeAccessTokens();
    await expect(adapter().completeLogin({ account, params })).rejects.toThrowError(
      'You logged in to Kite as ZZ9999, but this account is ab1234.',
    );
    expect(fake.activeAccessTokens()).toBe(tokensBefore);
  });

  it('refuses a callback without a request token or with a failed status', async () => {
    await expect(adapter().completeLogin({ account, params: { state: 'x' } })).rejects.toMatchObject({
      code: 'BAD_CALLBACK',
    });
    await expect(
      adapter().completeLogin({ account, params: { state: 'x', status: 'cancelled', request_token: 'abc' } }),
    ).rejects.toMatchObject({ code: 'BROKER_REJECTED' });
  });

  it('asks for the API key and secret before any Kite call', async () => {
    const bare = { accountId: 'acc-2', userName: 'AB1234' };
    await expect(adapter().loginUrl({ account: bare, callbackUrl: CALLBACK, state: 's' })).rejects.toMatchObject({
      code: 'MISSING_CREDENTIALS',
    });
    await expect(
      adapter().completeLogin({ account: { ...bare, apiKey: API_KEY }, params: { request_token: 'r' } }),
    ).rejects.toMatchObject({ code: 'MISSING_CREDENTIALS' });
  });

  it('reports a Kite outage as BROKER_UNAVAILABLE and an unreachable Kite likewise', async () => {
    const params = await loginThroughKite('state-5');
    fake.setDown(true);
    try {
      await expect(adapter().completeLogin({ account, params })).rejects.toMatchObject({ code: 'BROKER_UNAVAILABLE' });
    } finally {
      fake.setDown(false);
    }
    const nowhere = createZerodhaAdapter({ apiRoot: 'http://127.0.0.1:9', timeoutMs: 1_000 });
    await expect(nowhere.completeLogin({ account, params })).rejects.toMatchObject({ code: 'BROKER_UNAVAILABLE' });
  });

  it('rejects wrong credentials on the Kite page', async () => {
    const loginUrl = await adapter().loginUrl({ account, callbackUrl: CALLBACK, state: 's' });
    await expect(
      submitKiteLoginForm(loginUrl, { userId: USER.userId, password: USER.password, totp: '000000' }),
    ).rejects.toThrowError('Kite refused the login: Invalid TOTP.');
    await expect(
      submitKiteLoginForm(loginUrl, { userId: USER.userId, password: 'nope', totp: '000000' }),
    ).rejects.toThrowError('Kite refused the login: Invalid username or password.');
  });
});

describe('Zerodha session life on a moving clock', () => {
  it('works until 06:00 IST the next morning, when Kite stops accepting the token', async () => {
    // 20-Nov-2026 15:00 IST.
    const clock = createFakeClock(Date.UTC(2026, 10, 20, 9, 30));
    const timed = await startKiteConnectFake({
      apps: [{ apiKey: API_KEY, apiSecret: API_SECRET, redirectUrl: CALLBACK }],
      users: [USER],
      clock,
    });
    try {
      const zerodha = createZerodhaAdapter({ apiRoot: timed.baseUrl, loginUrl: timed.loginUrl, clock });
      const loginUrl = await zerodha.loginUrl({ account, callbackUrl: CALLBACK, state: 'clocked' });
      const redirect = await submitKiteLoginForm(loginUrl, {
        userId: USER.userId,
        password: USER.password,
        totp: generateTotp(USER.totpSecret, clock.now()),
      });
      const session = await zerodha.completeLogin({
        account,
        params: Object.fromEntries(new URL(redirect).searchParams),
      });
      expect(session.expiresAt.toISOString()).toBe('2026-11-21T00:30:00.000Z');

      clock.set(session.expiresAt.getTime() - 60_000);
      await expect(zerodha.details(account, session)).resolves.toMatchObject({ userName: 'Asha Bhat' });
      clock.set(session.expiresAt.getTime());
      expect(timed.activeAccessTokens()).toBe(0);
      await expect(zerodha.details(account, session)).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    } finally {
      await timed.close();
    }
  });

  it('refuses a request token exchanged after it went stale', async () => {
    const clock = createFakeClock(Date.UTC(2026, 10, 20, 9, 30));
    const timed = await startKiteConnectFake({
      apps: [{ apiKey: API_KEY, apiSecret: API_SECRET, redirectUrl: CALLBACK }],
      users: [USER],
      clock,
    });
    try {
      const zerodha = createZerodhaAdapter({ apiRoot: timed.baseUrl, loginUrl: timed.loginUrl, clock });
      const redirect = await submitKiteLoginForm(
        await zerodha.loginUrl({ account, callbackUrl: CALLBACK, state: 'late' }),
        { userId: USER.userId, password: USER.password, totp: generateTotp(USER.totpSecret, clock.now()) },
      );
      clock.advance(10 * 60_000);
      await expect(
        zerodha.completeLogin({ account, params: Object.fromEntries(new URL(redirect).searchParams) }),
      ).rejects.toMatchObject({ code: 'BROKER_REJECTED' });
    } finally {
      await timed.close();
    }
  });

  it('reports a Kite that accepts the connection but never answers as BROKER_TIMEOUT', async () => {
    const silent = createServer(() => {
      // Never answers.
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = silent.address() as AddressInfo;
      const zerodha = createZerodhaAdapter({ apiRoot: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      await expect(
        zerodha.completeLogin({ account, params: { request_token: 'abc', status: 'success' } }),
      ).rejects.toMatchObject({ code: 'BROKER_TIMEOUT' });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('TOTP prompt for a Zerodha login', () => {
  it('asks when auto-login is on and no TOTP seed is stored', () => {
    expect(needsTotpPrompt({ autoLogin: true, totpSecret: null })).toBe(true);
    expect(needsTotpPrompt({ autoLogin: true, totpSecret: '  ' })).toBe(true);
    expect(needsTotpPrompt({ autoLogin: true, totpSecret: 'JBSWY3DPEHPK3PXP' })).toBe(false);
    expect(needsTotpPrompt({ autoLogin: false })).toBe(false);
  });
});
