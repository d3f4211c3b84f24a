import { BrokerAccountSchema } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { generateSecretKey } from '../../platform/secret-box';
import { call } from './broker-api-test-kit';

const PASSWORD = 'Nifty@Expiry-Tuesday9';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SECRETS_KEY: generateSecretKey() } });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

async function addZerodha(user: SignedInUser, userName: string): Promise<string> {
  const res = await call(t, 'POST', '/api/v1/brokers', user, {
    name: `Kite ${userName}`,
    type: 'zerodha',
    autoLogin: false,
    loginType: 'partner',
    configuration: { userName, apiKey: 'revealapikey1', secret: 'reveal-api-secret-1', totpSecret: 'JBSWY3DPEHPK3PXP' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return BrokerAccountSchema.parse(res.body.data).id;
}

async function reveal(user: SignedInUser, id: string, password: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/brokers/${id}/reveal`,
    headers: authHeaders(user),
    remoteAddress: ip,
    payload: { password },
  });
  return { status: res.statusCode, body: res.json<{ errorCode?: string }>() };
}

async function login(email: string, password: string, ip: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user-login',
    remoteAddress: ip,
    payload: { email, password },
  });
  return res.statusCode;
}

describe('reveal as a password oracle', () => {
  it("wrong reveal passwords from many addresses use up the account's budget: the 11th try and an unknown device's login are refused", async () => {
    const user = await signUpAndLogIn(t, { tag: 'oracle' });
    const id = await addZerodha(user, 'OR1111');
    for (let i = 0; i < 10; i += 1) {
      const guess = await reveal(user, id, `Guess-${i}-wrong`, `198.51.110.${i + 1}`);
      expect(guess.status).toBe(400);
      expect(guess.body.errorCode).toBe('INVALID_CREDENTIALS');
    }
    const eleventh = await reveal(user, id, PASSWORD, '198.51.110.50');
    expect(eleventh.status).toBe(429);
    expect(await login(user.email, PASSWORD, '198.51.110.51')).toBe(429);
  });

  it('login failures and reveal failures share one budget', async () => {
    const user = await signUpAndLogIn(t, { tag: 'shared' });
    const id = await addZerodha(user, 'SH2222');
    for (let i = 0; i < 6; i += 1) expect(await login(user.email, `Guess-${i}-wrong`, `198.51.111.${i + 1}`)).toBe(400);
    for (let i = 0; i < 4; i += 1) {
      expect((await reveal(user, id, `Guess-${i}-wrong`, `198.51.111.${i + 20}`)).status).toBe(400);
    }
    expect((await reveal(user, id, `Guess-x-wrong`, '198.51.111.40')).status).toBe(429);
  });
});
