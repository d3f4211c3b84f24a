import { BROKER_MESSAGES, BrokerAccountSchema, BrokerDetailsSchema, type BrokerAccount } from '@fnodesk/contracts';
import { generateTotp } from '@fnodesk/brokers';
import { startKiteConnectFake, submitKiteLoginForm, type KiteConnectFake } from '@fnodesk/brokers/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, logInAgain, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { generateSecretKey } from '../../platform/secret-box';
import { brokerTablesDump, call, paramsOf } from './broker-api-test-kit';

// The user's Kite Connect app and Kite login; every value is a canary looked for in the database and logs at the end.
const KITE_APP = { apiKey: 'kitecanarykey9w2', apiSecret: 'kite-canary-api-secret-5e7d3b1a' };
const KITE_USER = {
  userId: 'ZK1234',
  password: 'kite-canary-password-77',
  totpSecret: 'JBSWY3DPEHPK3PXPCANARY7Q',
  userName: 'Meera Iyer',
  userShortName: 'Meera',
  email: 'meera@example.in',
  margins: { cash: 250_000, debits: 40_000 },
};
const PUBLIC_URL = 'http://localhost:8080';
/** The password `signUpAndLogIn` registers with. */
const PASSWORD = 'Nifty@Expiry-Tuesday9';

let t: TestApp;
let kite: KiteConnectFake;
const seen: string[] = [];

beforeAll(async () => {
  // The fake's clock follows the test clock (TOTP codes, request-token ages), set before the app exists.
  let clockNow = (): number => Date.now();
  kite = await startKiteConnectFake({
    apps: [{ ...KITE_APP, redirectUrl: `${PUBLIC_URL}/broker/callback/zerodha` }],
    users: [KITE_USER],
    clock: { now: () => clockNow() },
  });
  t = await createTestApp({
    env: {
      SECRETS_KEY: generateSecretKey(),
      KITE_API_URL: kite.baseUrl,
      KITE_LOGIN_URL: kite.loginUrl,
      LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000',
      LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000',
    },
  });
  clockNow = () => t.clock.now();
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
  await kite.close();
});

async function addKiteAccount(user: SignedInUser, secret = KITE_APP.apiSecret): Promise<BrokerAccount> {
  const res = await call<BrokerAccount>(t, 'POST', '/api/v1/brokers', user, {
    name: 'My Kite',
    type: 'zerodha',
    autoLogin: false,
    loginType: 'partner',
    configuration: { userName: KITE_USER.userId, apiKey: KITE_APP.apiKey, secret },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return BrokerAccountSchema.parse(res.body.data);
}

/** Starts a login and types the Kite credentials on the fake's page; resolves with the callback's parameters. */
async function kiteLogin(user: SignedInUser, account: BrokerAccount): Promise<Record<string, string>> {
  const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${account.id}/login`, user);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  expect(link.body.data.loginUrl.startsWith(kite.loginUrl)).toBe(true);
  const redirect = await submitKiteLoginForm(link.body.data.loginUrl, {
    userId: KITE_USER.userId,
    password: KITE_USER.password,
    totp: generateTotp(KITE_USER.totpSecret, t.clock.now()),
  });
  expect(redirect.startsWith(`${PUBLIC_URL}/broker/callback/zerodha?`)).toBe(true);
  const params = paramsOf(redirect);
  if (params.request_token) seen.push(params.request_token);
  return params;
}

let revealFrom = 0;

async function callback(user: SignedInUser, params: Record<string, string>) {
  const res = await call<BrokerAccount>(t, 'POST', '/api/v1/brokers/callback', user, { type: 'zerodha', params });
  if (res.status === 200 && res.body.data.apiToken) {
    // The callback shows the access token masked; its Copy button's reveal gives it in full, a canary for the end.
    revealFrom += 1;
    const revealed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brokers/${res.body.data.id}/reveal`,
      remoteAddress: `10.92.0.${revealFrom}`,
      headers: authHeaders(user),
      payload: { password: PASSWORD },
    });
    const token = revealed.json<{ data: { apiToken: string | null } }>().data.apiToken;
    expect(token?.slice(-4)).toBe(res.body.data.apiToken.slice(-4));
    if (token) seen.push(token);
  }
  return res;
}

describe('Zerodha against the fake Kite Connect server', () => {
  it('logs in through Kite (login page, request token, checksum), shows details, and logs out at Kite', async () => {
    const user = await signUpAndLogIn(t, { tag: 'kite' });
    const account = await addKiteAccount(user);
    const params = await kiteLogin(user, account);
    expect(params.status).toBe('success');
    expect(params.request_token?.length).toBeGreaterThan(0);
    expect(params.state?.length).toBeGreaterThan(0);

    const done = await callback(user, params);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'loggedIn', userName: KITE_USER.userId });
    expect(done.body.data.apiToken).toEqual(expect.any(String));
    const check = await call<{ brokerLoggedIn: boolean }>(t, 'GET', '/api/v1/login-check', user);
    expect(check.body.data.brokerLoggedIn).toBe(true);

    const details = await call(t, 'GET', `/api/v1/brokers/${account.id}/details`, user);
    expect(details.status, JSON.stringify(details.body)).toBe(200);
    expect(BrokerDetailsSchema.parse(details.body.data)).toMatchObject({
      userName: KITE_USER.userName,
      userShortName: KITE_USER.userShortName,
      email: KITE_USER.email,
      availableCash: KITE_USER.margins.cash,
    });

    const active = kite.activeAccessTokens();
    const out = await call<BrokerAccount>(t, 'GET', `/api/v1/brokers/${account.id}/logout`, user);
    expect(out.body.data.status).toBe('loggedOut');
    expect(kite.activeAccessTokens()).toBe(active - 1);
  });

  it('refuses a reused state and a reused request_token', async () => {
    const user = await signUpAndLogIn(t, { tag: 'kite-reuse' });
    const account = await addKiteAccount(user);
    const params = await kiteLogin(user, account);
    expect((await callback(user, params)).status).toBe(200);

    const sameState = await callback(user, params);
    expect(sameState.status).toBe(400);
    expect(sameState.body).toMatchObject({ errorCode: 'TOKEN_INVALID', error: BROKER_MESSAGES.loginLinkUsed });

    // A fresh login link, but the request token of the finished login: Kite refuses it.
    const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${account.id}/login`, user);
    const freshState = new URLSearchParams(new URL(link.body.data.loginUrl).searchParams.get('redirect_params') ?? '');
    const replayed = await callback(user, { ...params, state: freshState.get('state') ?? '' });
    expect(replayed.status).toBe(400);
    expect(replayed.body.errorCode).toBe('TOKEN_INVALID');
    expect(JSON.stringify(replayed.body)).not.toContain(params.request_token ?? '?');
  });

  it('refuses the session when the stored API secret makes a wrong checksum; the account is not logged in', async () => {
    const user = await signUpAndLogIn(t, { tag: 'kite-checksum' });
    const account = await addKiteAccount(user, 'not-the-kite-app-secret');
    const params = await kiteLogin(user, account);
    const refused = await callback(user, params);
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('TOKEN_INVALID');
    const listed = await call<{ brokers: BrokerAccount[] }>(t, 'GET', '/api/v1/brokers', user);
    expect(listed.body.data.brokers[0]?.status).toBe('submitted');
  });

  it('ends the Kite session at 06:00 IST: logged out, and no broker call with the old token', async () => {
    let user = await signUpAndLogIn(t, { tag: 'kite-expiry' });
    const account = await addKiteAccount(user);
    expect((await callback(user, await kiteLogin(user, account))).status).toBe(200);

    const istDay = Math.floor((t.clock.now() + 19_800_000) / 86_400_000);
    const nextSix = (istDay + 1) * 86_400_000 + 6 * 3_600_000 - 19_800_000;
    t.clock.set(nextSix + 60_000);
    user = await logInAgain(t, user);
    await expect
      .poll(async () => {
        const res = await call<{ brokers: BrokerAccount[] }>(t, 'GET', '/api/v1/brokers', user);
        return res.body.data.brokers[0]?.status;
      })
      .toBe('loggedOut');
    const calls = kite.requests.length;
    const details = await call(t, 'GET', `/api/v1/brokers/${account.id}/details`, user);
    expect(details.status).toBe(409);
    expect(details.body.errorCode).toBe('BROKER_NOT_LOGGED_IN');
    expect(kite.requests.length).toBe(calls);
  });

  it('keeps the Kite secrets, tokens and request tokens out of the broker tables and the logs', async () => {
    const dump = await brokerTablesDump(t);
    const logs = t.logs();
    expect(seen.length).toBeGreaterThan(3);
    for (const secret of [KITE_APP.apiKey, KITE_APP.apiSecret, KITE_USER.password, KITE_USER.totpSecret, ...seen]) {
      expect(dump).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
