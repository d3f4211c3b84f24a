import { BROKER_MESSAGES, BrokerAccountSchema, BrokerListSchema, type BrokerAccount } from '@fnodesk/contracts';
import { kitePostbackChecksum } from '@fnodesk/brokers';
import { schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, logInAgain, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { generateSecretKey } from '../../platform/secret-box';
import { userEventsChannel } from '../feed/feed-channels';
import { brokerTablesDump, buy, call, paramsOf } from './broker-api-test-kit';

// Canaries: unique values in every secret field, looked for in clear in the database and the logs afterwards.
const CANARY = {
  apiKey: 'canaryapikey7q3x9z',
  secret: 'canary-api-secret-4f8e2d1c9b',
  totpSecret: 'CANARYTOTPSEEDJBSWY3DPEHPK3PXP',
};
const PASSWORD = 'Nifty@Expiry-Tuesday9';
const PUBLIC_URL = 'http://localhost:8080';

let t: TestApp;
const seenTokens: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    env: {
      SECRETS_KEY: generateSecretKey(),
      BROKER_PARTNER_APPS: 'fyers=FYAPP-100:fyers-app-secret,aliceblue=ALICEAPP1',
      LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000',
      LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000',
    },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

/**
 * Puts an account in a running session straight in the database: for rules that only need the status (the
 * allowance), on brokers whose login cannot complete offline.
 */
async function forceLoggedIn(t: TestApp, accountId: string): Promise<void> {
  const at = new Date(t.clock.now());
  await t.database.db
    .update(schema.brokerAccounts)
    .set({ status: 'loggedIn', loggedInAt: at, sessionExpiresAt: new Date(at.getTime() + 3_600_000) })
    .where(eq(schema.brokerAccounts.id, accountId));
}

async function add(user: SignedInUser, body: object) {
  return call<BrokerAccount>(t, 'POST', '/api/v1/brokers', user, body);
}

async function addPaper(user: SignedInUser): Promise<BrokerAccount> {
  const res = await add(user, { name: 'Paper Trading', type: 'papertrading', configuration: { userName: 'PAPER' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return BrokerAccountSchema.parse(res.body.data);
}

async function addZerodha(user: SignedInUser, userName: string, extra: object = {}): Promise<BrokerAccount> {
  const res = await add(user, {
    name: `Kite ${userName}`,
    type: 'zerodha',
    autoLogin: false,
    loginType: 'partner',
    configuration: { userName, apiKey: CANARY.apiKey, secret: CANARY.secret, totpSecret: CANARY.totpSecret },
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return BrokerAccountSchema.parse(res.body.data);
}

async function loginPaper(user: SignedInUser, account: BrokerAccount): Promise<BrokerAccount> {
  const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${account.id}/login`, user);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const done = await call<BrokerAccount>(t, 'POST', '/api/v1/brokers/callback', user, {
    type: 'papertrading',
    params: paramsOf(link.body.data.loginUrl),
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return BrokerAccountSchema.parse(done.body.data);
}

async function brokerLoggedIn(user: SignedInUser): Promise<boolean> {
  const res = await call<{ brokerLoggedIn: boolean }>(t, 'GET', '/api/v1/login-check', user);
  expect(res.status).toBe(200);
  return res.body.data.brokerLoggedIn;
}

async function list(user: SignedInUser, status?: string): Promise<BrokerAccount[]> {
  const res = await call(t, 'GET', `/api/v1/brokers${status ? `?status=${status}` : ''}`, user);
  expect(res.status).toBe(200);
  return BrokerListSchema.parse(res.body.data).brokers;
}

describe('Paper Trading login', () => {
  it('adds Paper Trading under the user id, logs in through its own callback, and brokerLoggedIn follows', async () => {
    const user = await signUpAndLogIn(t, { tag: 'paper' });
    const account = await addPaper(user);
    expect(account).toMatchObject({
      type: 'papertrading',
      // The user's own id, readable: PT- and its first eight hex digits.
      userName: `PT-${user.userID.replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      status: 'submitted',
      loginType: 12,
      callbackUrl: null,
      postbackUrl: null,
    });
    expect(account.manualLoginURL.startsWith(`${PUBLIC_URL}/broker/callback/papertrading?state=`)).toBe(true);
    expect(await brokerLoggedIn(user)).toBe(false);

    const loggedIn = await loginPaper(user, account);
    expect(loggedIn.status).toBe('loggedIn');
    expect(loggedIn.apiToken).toEqual(expect.any(String));
    expect(loggedIn.tokenCreationTime).toBe(new Date(t.clock.now()).toISOString());
    expect(await brokerLoggedIn(user)).toBe(true);
    expect((await list(user, 'loggedIn')).map((a) => a.id)).toEqual([account.id]);

    const enabled = await call<BrokerAccount>(t, 'PUT', `/api/v1/brokers/${account.id}`, user, { quickTrade: true });
    expect(enabled.body.data.quickTrade).toBe(true);

    const out = await call<BrokerAccount>(t, 'GET', `/api/v1/brokers/${account.id}/logout`, user);
    expect(out.status).toBe(200);
    expect(out.body.data).toMatchObject({ status: 'loggedOut', quickTrade: false, apiToken: null });
    expect(await brokerLoggedIn(user)).toBe(false);
    expect(await list(user, 'loggedIn')).toEqual([]);
  });

  it('announces the tier change on login and logout, so the feed switches at once', async () => {
    const user = await signUpAndLogIn(t, { tag: 'tier' });
    const announced: string[] = [];
    const unsubscribe = await t.bus.subscribe('feed.tier.changed', (message) => void announced.push(message));
    const account = await addPaper(user);
    await loginPaper(user, account);
    await call(t, 'GET', `/api/v1/brokers/${account.id}/logout`, user);
    await loginPaper(user, account);
    await call(t, 'DELETE', `/api/v1/brokers/${account.id}`, user);
    await unsubscribe();
    expect(announced.filter((id) => id === user.userID)).toHaveLength(4);
  });

  it('serves market data in the live tier right after the login, though data was read just before it', async () => {
    const user = await signUpAndLogIn(t, { tag: 'data-tier' });
    const trial = await call(t, 'GET', '/api/v1/start-user-trial?product_type=d', user);
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    const tier = async () => {
      const res = await call(t, 'GET', '/data/v1/get_exchange_holidays?exchange=nse', user);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as unknown as { meta: { tier: string } }).meta.tier;
    };
    const account = await addPaper(user);
    // Within the second the data API reuses a subscriber's entitlements: the login's announcement must end that.
    expect(await tier()).toBe('delayed');
    await loginPaper(user, account);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await tier()).toBe('live');
    await call(t, 'GET', `/api/v1/brokers/${account.id}/logout`, user);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await tier()).toBe('delayed');
  });

  it('refuses a state used twice, a state of another user and a forged one', async () => {
    const user = await signUpAndLogIn(t, { tag: 'state' });
    const other = await signUpAndLogIn(t, { tag: 'state-other' });
    const account = await addPaper(user);
    const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${account.id}/login`, user);
    const params = paramsOf(link.body.data.loginUrl);

    const stolen = await call(t, 'POST', '/api/v1/brokers/callback', other, { type: 'papertrading', params });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toMatchObject({ errorCode: 'TOKEN_INVALID', error: BROKER_MESSAGES.loginLinkInvalid });

    const first = await call(t, 'POST', '/api/v1/brokers/callback', user, { type: 'papertrading', params });
    expect(first.status).toBe(200);
    const again = await call(t, 'POST', '/api/v1/brokers/callback', user, { type: 'papertrading', params });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errorCode: 'TOKEN_INVALID', error: BROKER_MESSAGES.loginLinkUsed });

    const forged = `${params.state?.slice(0, -2) ?? ''}AA`;
    const bad = await call(t, 'POST', '/api/v1/brokers/callback', user, {
      type: 'papertrading',
      params: { ...params, state: forged },
    });
    expect(bad.body.errorCode).toBe('TOKEN_INVALID');
  });

  it('refuses a login link after its 10 minutes', async () => {
    const user = await signUpAndLogIn(t, { tag: 'late' });
    const account = await addPaper(user);
    const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${account.id}/login`, user);
    t.clock.advance(600_001);
    const late = await call(t, 'POST', '/api/v1/brokers/callback', user, {
      type: 'papertrading',
      params: paramsOf(link.body.data.loginUrl),
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ errorCode: 'TOKEN_INVALID', error: BROKER_MESSAGES.loginLinkExpired });
  });
});

describe('broker accounts CRUD', () => {
  it('adds, lists, sets the default and auto-login, and deletes, with the spec messages', async () => {
    const user = await signUpAndLogIn(t, { tag: 'crud' });
    const kite = await addZerodha(user, 'AB1234');
    expect(kite).toMatchObject({
      type: 'zerodha',
      name: 'Kite AB1234',
      userName: 'AB1234',
      status: 'submitted',
      isDefault: false,
      autoLogin: false,
      quickTrade: false,
      apiKey: CANARY.apiKey,
      secret: `••••${CANARY.secret.slice(-4)}`,
      totpSecret: `••••${CANARY.totpSecret.slice(-4)}`,
      apiToken: null,
      loginType: 0,
      callbackUrl: `${PUBLIC_URL}/broker/callback/zerodha`,
      postbackUrl: `${PUBLIC_URL}/api/v1/postback/zerodha/${kite.id}`,
    });
    const kiteLogin = new URL(kite.manualLoginURL);
    expect(kiteLogin.searchParams.get('api_key')).toBe(CANARY.apiKey);
    expect(new URLSearchParams(kiteLogin.searchParams.get('redirect_params') ?? '').get('state')).toEqual(
      expect.any(String),
    );

    const duplicate = await add(user, {
      name: 'Again',
      type: 'zerodha',
      configuration: { userName: 'AB1234', apiKey: 'k', secret: 's' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ errorCode: 'CONFLICT', error: BROKER_MESSAGES.nameUsed });

    // Without the Kite app's keys the account has no login link yet, and a login says what is missing.
    const noKeys = await add(user, { name: 'K', type: 'zerodha', configuration: { userName: 'ZZ9999' } });
    expect(noKeys.status).toBe(200);
    expect(noKeys.body.data).toMatchObject({ manualLoginURL: '', apiKey: null, secret: null });
    const noLink = await call(t, 'GET', `/api/v1/brokers/${noKeys.body.data.id}/login`, user);
    expect(noLink.status).toBe(400);
    expect(noLink.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'configuration.apiKey' });
    await call(t, 'DELETE', `/api/v1/brokers/${noKeys.body.data.id}`, user);

    const paper = await addPaper(user);
    expect((await list(user)).map((a) => a.id)).toEqual([kite.id, paper.id]);

    const first = await call<BrokerAccount>(t, 'PUT', `/api/v1/brokers/${kite.id}`, user, { isDefault: true });
    expect(first.body.data.isDefault).toBe(true);
    const second = await call<BrokerAccount>(t, 'PUT', `/api/v1/brokers/${paper.id}`, user, { isDefault: true });
    expect(second.body.data.isDefault).toBe(true);
    expect((await list(user)).map((a) => [a.type, a.isDefault])).toEqual([
      ['zerodha', false],
      ['papertrading', true],
    ]);

    const auto = await call<BrokerAccount>(t, 'PUT', `/api/v1/brokers/${kite.id}`, user, { autoLogin: true });
    expect(auto.body.data.autoLogin).toBe(true);
    const two = await call(t, 'PUT', `/api/v1/brokers/${kite.id}`, user, { autoLogin: true, isDefault: true });
    expect(two.status).toBe(400);

    const deleted = await call<BrokerAccount>(t, 'DELETE', `/api/v1/brokers/${kite.id}`, user);
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.userName).toBe('AB1234');
    expect((await list(user)).map((a) => a.id)).toEqual([paper.id]);
    expect((await call(t, 'DELETE', `/api/v1/brokers/${kite.id}`, user)).status).toBe(404);
  });

  it('keeps XTS flavours apart by sub-type and refuses an unknown one', async () => {
    const user = await signUpAndLogIn(t, { tag: 'xts' });
    const jainam = await add(user, {
      name: 'Jainam',
      type: 'xts',
      subType: 'jainam',
      configuration: { userName: 'J100' },
    });
    expect(jainam.status, JSON.stringify(jainam.body)).toBe(200);
    expect(jainam.body.data).toMatchObject({ subType: 'jainam', loginType: 13 });
    const unknown = await add(user, { name: 'X', type: 'xts', configuration: { userName: 'J101' } });
    expect(unknown.status).toBe(400);
  });

  it('asks for a TOTP for Zerodha with auto-login and no TOTP seed', async () => {
    const user = await signUpAndLogIn(t, { tag: 'totp' });
    const res = await add(user, {
      name: 'Kite',
      type: 'zerodha',
      autoLogin: true,
      configuration: { userName: 'TT1111', apiKey: 'kiteapikey1', secret: 'kiteapisecret1' },
    });
    const id = res.body.data.id;
    const refused = await call(t, 'GET', `/api/v1/brokers/${id}/login`, user);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      field: 'totp',
      error: BROKER_MESSAGES.totpRequired,
    });
    const empty = await call(t, 'GET', `/api/v1/brokers/${id}/login?totp=`, user);
    expect(empty.body.error).toBe(BROKER_MESSAGES.totpRequired);
    const given = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${id}/login?totp=123456`, user);
    expect(given.status).toBe(200);
    expect(new URL(given.body.data.loginUrl).searchParams.get('api_key')).toBe('kiteapikey1');
  });

  it('reveals the secret and TOTP seed only with the right password', async () => {
    const user = await signUpAndLogIn(t, { tag: 'reveal' });
    const kite = await addZerodha(user, 'RV2222');
    const wrong = await call(t, 'POST', `/api/v1/brokers/${kite.id}/reveal`, user, { password: 'not-the-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: 'INVALID_CREDENTIALS', error: BROKER_MESSAGES.wrongPassword });
    const right = await call(t, 'POST', `/api/v1/brokers/${kite.id}/reveal`, user, { password: PASSWORD });
    expect(right.status).toBe(200);
    expect(right.body.data).toEqual({ secret: CANARY.secret, totpSecret: CANARY.totpSecret, apiToken: null });
  });

  it('accepts a Kite postback signed with the account secret and refuses a wrong checksum', async () => {
    const user = await signUpAndLogIn(t, { tag: 'postback' });
    const kite = await addZerodha(user, 'PB3333');
    const events: string[] = [];
    const unsubscribe = await t.bus.subscribe(userEventsChannel(user.userID), (m) => void events.push(m));
    const order = { order_id: '151220000000000', order_timestamp: '2026-11-20 10:00:00', status: 'COMPLETE' };
    const url = `/api/v1/postback/zerodha/${kite.id}`;
    const good = await call(t, 'POST', url, undefined, {
      ...order,
      checksum: kitePostbackChecksum(order.order_id, order.order_timestamp, CANARY.secret),
    });
    expect(good.status).toBe(200);
    const bad = await call(t, 'POST', url, undefined, {
      ...order,
      checksum: kitePostbackChecksum(order.order_id, order.order_timestamp, 'another-secret'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('WEBHOOK_SIGNATURE_INVALID');
    const unknown = await call(t, 'POST', '/api/v1/postback/zerodha/00000000-0000-4000-8000-000000000000', undefined, {
      ...order,
      checksum: 'x',
    });
    expect(unknown.status).toBe(404);
    await unsubscribe();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0] ?? '{}')).toMatchObject({
      d: { kind: 'brokerPostback', accountId: kite.id, orderId: order.order_id, status: 'COMPLETE' },
    });
  });
});

describe('brokers whose login cannot finish offline', () => {
  it("keeps the account 'Submitted' with a clear message, matching a callback without state by its account", async () => {
    const user = await signUpAndLogIn(t, { tag: 'submitted' });
    const fyers = await add(user, { name: 'Fyers', type: 'fyers', configuration: { userName: 'FY1234' } });
    expect(fyers.status, JSON.stringify(fyers.body)).toBe(200);
    const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${fyers.body.data.id}/login`, user);
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const fyersLogin = paramsOf(link.body.data.loginUrl);
    expect(fyersLogin.client_id).toBe('FYAPP-100');
    const refused = await call(t, 'POST', '/api/v1/brokers/callback', user, {
      type: 'fyers',
      params: { state: fyersLogin.state ?? '', auth_code: 'code-1', s: 'ok' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('CONFLICT');
    expect(refused.body.error).toContain("stays 'Submitted'");
    expect((await list(user))[0]?.status).toBe('submitted');

    // Aliceblue sends no state back: the callback is matched to the login the user started on that account.
    const alice = await add(user, { name: 'Alice', type: 'aliceblue', configuration: { userName: 'AB5678' } });
    const aliceId = alice.body.data.id;
    expect(alice.body.data.manualLoginURL).toContain('appcode=ALICEAPP1');
    await call(t, 'GET', `/api/v1/brokers/${aliceId}/login`, user);
    const matched = await call(t, 'POST', '/api/v1/brokers/callback', user, {
      type: 'aliceblue',
      params: { authCode: 'code-2', userId: 'AB5678' },
    });
    expect(matched.body.errorCode).toBe('CONFLICT');
    const again = await call(t, 'POST', '/api/v1/brokers/callback', user, {
      type: 'aliceblue',
      params: { authCode: 'code-2', userId: 'AB5678' },
    });
    expect(again.body).toMatchObject({ errorCode: 'TOKEN_INVALID', error: BROKER_MESSAGES.loginLinkInvalid });
  });
});

describe('another user', () => {
  it("gets 404 for someone else's account id on every route, and the account is untouched", async () => {
    const owner = await signUpAndLogIn(t, { tag: 'owner' });
    const intruder = await signUpAndLogIn(t, { tag: 'intruder' });
    const kite = await addZerodha(owner, 'OW4444');
    const id = kite.id;
    const routes: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['PUT', `/api/v1/brokers/${id}`, { isDefault: true }],
      ['PUT', `/api/v1/brokers/${id}`, { quickTrade: true }],
      ['PUT', `/api/v1/brokers/${id}`, { autoLogin: true }],
      ['GET', `/api/v1/brokers/${id}/login`],
      ['GET', `/api/v1/brokers/${id}/login?totp=123456`],
      ['GET', `/api/v1/brokers/${id}/logout`],
      ['GET', `/api/v1/brokers/${id}/details`],
      ['POST', `/api/v1/brokers/${id}/reveal`, { password: PASSWORD }],
      ['DELETE', `/api/v1/brokers/${id}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(t, method, url, intruder, body);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(res.body.errorCode).toBe('NOT_FOUND');
      expect(JSON.stringify(res.body)).not.toContain('OW4444');
    }
    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await call(t, 'GET', `/api/v1/brokers/${missing}/logout`, owner)).status).toBe(404);
    }
    expect(await list(intruder)).toEqual([]);
    expect((await list(owner))[0]).toMatchObject({ id, isDefault: false, autoLogin: false });
  });
});

describe('enable for trading (accounts §5 allowance)', () => {
  const refuseMessage = async (user: SignedInUser, id: string) => {
    const res = await call(t, 'PUT', `/api/v1/brokers/${id}`, user, { quickTrade: true });
    return { status: res.status, errorCode: res.body.errorCode, error: res.body.error };
  };
  const enable = async (user: SignedInUser, id: string) => {
    const res = await call<BrokerAccount>(t, 'PUT', `/api/v1/brokers/${id}`, user, { quickTrade: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.quickTrade).toBe(true);
  };

  it('without a trade plan allows 0 broker accounts, with the exact message', async () => {
    const user = await signUpAndLogIn(t, { tag: 'noplan' });
    const kite = await addZerodha(user, 'NP5555');
    await forceLoggedIn(t, kite.id);
    expect(await refuseMessage(user, kite.id)).toEqual({
      status: 409,
      errorCode: 'TRADE_ALLOWANCE_EXCEEDED',
      error:
        'You can trade only 0 account at a time. Please purchase addon plan to trade more accounts at the same time.',
    });
  });

  it('allows 1 with a plan and 2 with an add-on; Paper Trading adds one', async () => {
    const user = await signUpAndLogIn(t, { tag: 'plan' });
    await buy(t, user, 'QT01');
    const a = await addZerodha(user, 'PL0001');
    const b = await addZerodha(user, 'PL0002');
    const c = await addZerodha(user, 'PL0003');
    for (const account of [a, b, c]) await forceLoggedIn(t, account.id);
    await enable(user, a.id);
    expect(await refuseMessage(user, b.id)).toEqual({
      status: 409,
      errorCode: 'TRADE_ALLOWANCE_EXCEEDED',
      error: BROKER_MESSAGES.allowance(1),
    });
    expect(BROKER_MESSAGES.allowance(1)).toBe(
      'You can trade only 1 account at a time. Please purchase addon plan to trade more accounts at the same time.',
    );

    await buy(t, user, 'ADDON1');
    await enable(user, b.id);
    expect((await refuseMessage(user, c.id)).error).toBe(BROKER_MESSAGES.allowance(2));

    const paper = await addPaper(user);
    await loginPaper(user, paper);
    await enable(user, paper.id);
    expect((await refuseMessage(user, c.id)).error).toBe(BROKER_MESSAGES.allowance(3));

    // Switching one off frees its place.
    await call(t, 'PUT', `/api/v1/brokers/${a.id}`, user, { quickTrade: false });
    await enable(user, c.id);
  });

  it('keeps the Free plan to Paper Trading', async () => {
    const user = await signUpAndLogIn(t, { tag: 'free' });
    const trial = await call(t, 'GET', '/api/v1/start-user-trial?product_type=qt', user);
    expect(trial.status, JSON.stringify(trial.body)).toBe(200);
    const kite = await addZerodha(user, 'FR6666');
    await forceLoggedIn(t, kite.id);
    expect(await refuseMessage(user, kite.id)).toEqual({
      status: 409,
      errorCode: 'PAPER_TRADING_ONLY',
      error: BROKER_MESSAGES.freePlanPaperOnly,
    });
    const paper = await addPaper(user);
    await loginPaper(user, paper);
    await enable(user, paper.id);
  });

  it('never enables ICICI, and only enables a logged-in account', async () => {
    const user = await signUpAndLogIn(t, { tag: 'icici' });
    await buy(t, user, 'QT01');
    const icici = await add(user, { name: 'ICICI', type: 'icici', configuration: { userName: 'IC7777' } });
    expect(icici.status, JSON.stringify(icici.body)).toBe(200);
    const id = icici.body.data.id;
    expect(icici.body.data.callbackUrl).toContain(Buffer.from('IC7777').toString('base64'));
    await forceLoggedIn(t, id);
    expect(await refuseMessage(user, id)).toMatchObject({ status: 400, errorCode: 'VALIDATION_FAILED' });

    const kite = await addZerodha(user, 'LO8888');
    expect(await refuseMessage(user, kite.id)).toEqual({
      status: 409,
      errorCode: 'BROKER_NOT_LOGGED_IN',
      error: BROKER_MESSAGES.loginBeforeTrading('zerodha', 'LO8888'),
    });
  });
});

describe('06:00 IST expiry', () => {
  it('logs every session out when the clock passes 06:00 IST and tells the user', async () => {
    let user = await signUpAndLogIn(t, { tag: 'expiry' });
    const paper = await addPaper(user);
    const loggedIn = await loginPaper(user, paper);
    await call(t, 'PUT', `/api/v1/brokers/${paper.id}`, user, { quickTrade: true });
    expect(loggedIn.status).toBe('loggedIn');
    const events: string[] = [];
    const unsubscribe = await t.bus.subscribe(userEventsChannel(user.userID), (m) => void events.push(m));

    // The next 06:00 IST after the login (the test clock runs in IST daytime).
    const now = t.clock.now();
    const istMs = now + 19_800_000;
    const nextSix = Math.floor(istMs / 86_400_000) * 86_400_000 + 6 * 3_600_000 - 19_800_000 + 86_400_000;
    t.clock.set(nextSix - 1_000);
    // The app session idles out over the night; the broker session does not until 06:00.
    user = await logInAgain(t, user);
    expect(await brokerLoggedIn(user)).toBe(true);
    t.clock.set(nextSix + 1_000);
    user = await logInAgain(t, user);

    await expect.poll(async () => (await list(user))[0]?.status).toBe('loggedOut');
    expect((await list(user))[0]).toMatchObject({ quickTrade: false, apiToken: null });
    expect(await brokerLoggedIn(user)).toBe(false);
    await expect.poll(() => events.length).toBe(1);
    await unsubscribe();
    expect(JSON.parse(events[0] ?? '{}')).toMatchObject({
      d: { kind: 'brokerSessionExpired', accountId: paper.id, message: BROKER_MESSAGES.sessionEnded(paper.userName) },
    });
    const audit = await t.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.subject, paper.id));
    expect(audit.map((e) => e.action)).toContain('broker_session_expired');
    const details = await call(t, 'GET', `/api/v1/brokers/${paper.id}/details`, user);
    expect(details.body.errorCode).toBe('BROKER_NOT_LOGGED_IN');
    expect(await t.app.brokers.expireSessions()).toBe(0);
  });
});

describe('bad input', () => {
  it('answers 4xx with a stable code, never a 500', async () => {
    const user = await signUpAndLogIn(t, { tag: 'fuzz' });
    const kite = await addZerodha(user, 'FZ9999');
    const cases: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['POST', '/api/v1/brokers', {}],
      ['POST', '/api/v1/brokers', { name: 'x', type: 'nope', configuration: { userName: 'A' } }],
      ['POST', '/api/v1/brokers', { name: 'x'.repeat(10_000), type: 'zerodha', configuration: { userName: 'A' } }],
      ['POST', '/api/v1/brokers', { name: 'x', type: 'zerodha', configuration: { userName: '' } }],
      ['GET', '/api/v1/brokers?status=bogus'],
      ['PUT', `/api/v1/brokers/${kite.id}`, {}],
      ['PUT', `/api/v1/brokers/${kite.id}`, { quickTrade: 'yes' }],
      ['GET', `/api/v1/brokers/${kite.id}/login?totp=${'1'.repeat(40)}`],
      ['GET', `/api/v1/brokers/${'x'.repeat(100)}/logout`],
      ['POST', '/api/v1/brokers/callback', { type: 'zerodha', params: { state: 'a.b.c.d.e' } }],
      ['POST', '/api/v1/brokers/callback', { type: 'zerodha', params: { state: 's'.repeat(10_000) } }],
      ['POST', '/api/v1/brokers/callback', { type: 'papertrading', params: {} }],
      ['POST', '/api/v1/brokers/callback', { type: 'zerodha', params: { state: 1 } }],
      ['POST', `/api/v1/brokers/${kite.id}/reveal`, {}],
      ['POST', `/api/v1/postback/zerodha/${kite.id}`, []],
      ['POST', `/api/v1/postback/zerodha/${kite.id}`, { order_id: 1, checksum: null }],
      ['POST', '/api/v1/postback/zerodha/not-an-id', {}],
    ];
    for (const [method, url, body] of cases) {
      const res = await call(t, method, url.slice(0, 200), user, body);
      expect(res.status, `${method} ${url.slice(0, 80)}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${url.slice(0, 80)}`).toBeLessThan(500);
      expect(res.body.errorCode).toEqual(expect.any(String));
    }
  });
});

describe('broker access token exposure', () => {
  let address = 0;
  /** `POST brokers/{id}/reveal` from an address of its own, so the per-address password-check limit stays out of it. */
  async function reveal(user: SignedInUser, id: string) {
    address += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/brokers/${id}/reveal`,
      remoteAddress: `10.91.0.${address}`,
      headers: authHeaders(user),
      payload: { password: PASSWORD },
    });
    return { status: res.statusCode, body: res.json<{ data: Record<string, string | null> }>() };
  }

  it('sends the access token masked to its last 4 in GET brokers, PUT brokers/{id} and the callback; only reveal gives it', async () => {
    const user = await signUpAndLogIn(t, { tag: 'tokenleak' });
    const paper = await addPaper(user);
    const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${paper.id}/login`, user);
    const callback = await call<BrokerAccount>(t, 'POST', '/api/v1/brokers/callback', user, {
      type: 'papertrading',
      params: paramsOf(link.body.data.loginUrl),
    });
    expect(callback.status).toBe(200);
    expect(callback.body.data.apiToken).toMatch(/^••••.{4}$/);
    const listed = await call(t, 'GET', '/api/v1/brokers', user);
    const updated = await call<BrokerAccount>(t, 'PUT', `/api/v1/brokers/${paper.id}`, user, { isDefault: true });
    expect(updated.status).toBe(200);

    const revealed = await reveal(user, paper.id);
    expect(revealed.status).toBe(200);
    const token = revealed.body.data.apiToken;
    expect(token).toEqual(expect.any(String));
    if (!token) return;
    seenTokens.push(token);
    expect(token.length).toBeGreaterThan(8);

    const masked = `••••${token.slice(-4)}`;
    const shown = [
      callback.body.data,
      BrokerListSchema.parse(listed.body.data).brokers.find((b) => b.id === paper.id),
      updated.body.data,
    ];
    for (const account of shown) expect(account?.apiToken).toBe(masked);
    for (const body of [callback.body, listed.body, updated.body]) expect(JSON.stringify(body)).not.toContain(token);
  });

  it('reveals no access token for a logged-out account', async () => {
    const user = await signUpAndLogIn(t, { tag: 'tokenout' });
    const kite = await addZerodha(user, 'TK4444');
    const revealed = await reveal(user, kite.id);
    expect(revealed.body.data).toEqual({ secret: CANARY.secret, totpSecret: CANARY.totpSecret, apiToken: null });
  });
});

describe('secrets at rest', () => {
  it('keeps every canary secret out of the broker tables and the logs', async () => {
    const dump = await brokerTablesDump(t);
    const logs = t.logs();
    expect(seenTokens.length).toBeGreaterThan(0);
    for (const secret of [CANARY.apiKey, CANARY.secret, CANARY.totpSecret, ...seenTokens]) {
      expect(dump).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain(PASSWORD);
    expect(dump).toContain('v1.k');
  });
});
