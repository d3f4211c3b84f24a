import { createHmac } from 'node:crypto';
import { BrokerAccountSchema, LoginSessionSchema } from '@fnodesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';

const PASSWORD = 'Nifty@Expiry-Tuesday9';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

/** The oracle: RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) of a base32 seed at the test clock's time. */
function codeAt(base32: string, at: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of base32.replace(/=+$/, '')) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function post(url: string, body: object, user?: SignedInUser, ip = '203.0.113.9') {
  const res = await t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: user ? authHeaders(user) : {},
    payload: body,
  });
  return {
    status: res.statusCode,
    raw: res.body,
    body: res.json<{ data?: Record<string, unknown> & { recoveryCodes?: string[] }; errorCode?: string }>(),
  };
}

/** A signed-in user who has turned two-factor sign-in on: their seed and recovery codes. */
async function withTwoFactor(tag: string) {
  const user = await signUpAndLogIn(t, { tag });
  const setup = await post('/api/v1/user-totp-setup', { password: PASSWORD }, user);
  expect(setup.status, setup.raw).toBe(200);
  const secret = String(setup.body.data?.['secret']);
  expect(String(setup.body.data?.['otpauthUrl'])).toContain(`secret=${secret}`);
  const enabled = await post('/api/v1/user-totp-enable', { code: codeAt(secret, t.clock.now()) }, user);
  expect(enabled.status, enabled.raw).toBe(200);
  const recoveryCodes = enabled.body.data?.recoveryCodes ?? [];
  expect(recoveryCodes).toHaveLength(10);
  // The next code: the one used to turn it on cannot be used again.
  t.clock.advance(30_000);
  return { user, secret, recoveryCodes };
}

async function passwordStep(email: string) {
  const res = await post('/api/v1/user-login', { email, password: PASSWORD });
  expect(res.status, res.raw).toBe(200);
  return res;
}

describe('two-factor sign-in (TOTP)', () => {
  it('a stolen password alone no longer signs in: the login asks for the code and hands out no login secret', async () => {
    const { user, secret } = await withTwoFactor('stolen-password');
    const step = await passwordStep(user.email);
    expect(Object.keys(step.body.data ?? {}).sort()).toEqual(['challengeId', 'totpRequired']);
    expect(step.body.data?.['totpRequired']).toBe(true);
    expect(step.body.data?.['challengeId']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(step.raw).not.toContain('loginSecret');

    const done = await post('/api/v1/user-login-totp', {
      challengeId: step.body.data?.['challengeId'],
      code: codeAt(secret, t.clock.now()),
    });
    expect(done.status, done.raw).toBe(200);
    expect(LoginSessionSchema.parse(done.body.data).email).toBe(user.email);
  });

  it('a code seen once (shoulder-surfed or replayed) does not sign in again', async () => {
    const { user, secret } = await withTwoFactor('replay');
    const code = codeAt(secret, t.clock.now());
    const first = await passwordStep(user.email);
    expect(
      (await post('/api/v1/user-login-totp', { challengeId: first.body.data?.['challengeId'], code })).status,
    ).toBe(200);
    const second = await passwordStep(user.email);
    const replay = await post('/api/v1/user-login-totp', { challengeId: second.body.data?.['challengeId'], code });
    expect(replay.status).toBe(400);
    expect(replay.body.errorCode).toBe('TOTP_INVALID');
  });

  it('guessing codes: 5 tries per challenge, and a challenge lasts 5 minutes', async () => {
    const { user, secret } = await withTwoFactor('guessing');
    const step = await passwordStep(user.email);
    const challengeId = step.body.data?.['challengeId'];
    const right = codeAt(secret, t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/v1/user-login-totp', { challengeId, code: wrong })).body.errorCode).toBe('TOTP_INVALID');
    }
    const spent = await post('/api/v1/user-login-totp', { challengeId, code: right });
    expect(spent.status).toBe(400);
    expect(spent.body.errorCode).toBe('TOTP_CHALLENGE_INVALID');

    t.clock.advance(3_600_000);
    const late = await passwordStep(user.email);
    t.clock.advance(5 * 60_000 + 1_000);
    const expired = await post('/api/v1/user-login-totp', {
      challengeId: late.body.data?.['challengeId'],
      code: codeAt(secret, t.clock.now()),
    });
    expect(expired.body.errorCode).toBe('TOTP_CHALLENGE_INVALID');
  });

  it('each recovery code signs in once', async () => {
    const { user, recoveryCodes } = await withTwoFactor('recovery');
    const [code] = recoveryCodes;
    const first = await passwordStep(user.email);
    expect(
      (await post('/api/v1/user-login-totp', { challengeId: first.body.data?.['challengeId'], code })).status,
    ).toBe(200);
    const second = await passwordStep(user.email);
    const again = await post('/api/v1/user-login-totp', { challengeId: second.body.data?.['challengeId'], code });
    expect(again.body.errorCode).toBe('TOTP_INVALID');
  });

  it('a stolen session and password do not reveal broker secrets without the code', async () => {
    const { user, secret } = await withTwoFactor('reveal');
    const added = await post(
      '/api/v1/brokers',
      {
        name: 'Kite TF1111',
        type: 'zerodha',
        autoLogin: false,
        loginType: 'partner',
        configuration: { userName: 'TF1111', apiKey: 'tfapikey1', secret: 'tf-api-secret-1' },
      },
      user,
    );
    const id = BrokerAccountSchema.parse(added.body.data).id;
    const url = `/api/v1/brokers/${id}/reveal`;
    const noCode = await post(url, { password: PASSWORD }, user);
    expect(noCode.status).toBe(400);
    expect(noCode.body.errorCode).toBe('TOTP_REQUIRED');
    expect(noCode.raw).not.toContain('tf-api-secret-1');
    expect((await post(url, { password: PASSWORD, code: '000000' }, user)).raw).not.toContain('tf-api-secret-1');
    const right = await post(url, { password: PASSWORD, code: codeAt(secret, t.clock.now()) }, user);
    expect(right.status, right.raw).toBe(200);
    expect(right.body.data?.['secret']).toBe('tf-api-secret-1');
  });

  it('turning it off needs the password and a code; the seed is sealed at rest', async () => {
    const { user, secret } = await withTwoFactor('disable');
    const dump = JSON.stringify(await t.database.db.execute(sql`select (select json_agg(u) from users u)::text as u`));
    expect(dump).not.toContain(secret);
    expect((await post('/api/v1/user-totp-disable', { password: PASSWORD, code: '000000' }, user)).status).toBe(400);
    expect(
      (
        await post(
          '/api/v1/user-totp-disable',
          { password: 'Wrong-password-1', code: codeAt(secret, t.clock.now()) },
          user,
        )
      ).status,
    ).toBe(400);
    const off = await post(
      '/api/v1/user-totp-disable',
      { password: PASSWORD, code: codeAt(secret, t.clock.now()) },
      user,
    );
    expect(off.status, off.raw).toBe(200);
    const login = await passwordStep(user.email);
    expect(LoginSessionSchema.parse(login.body.data).email).toBe(user.email);
  });
});
