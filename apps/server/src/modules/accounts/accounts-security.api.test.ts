import { LoginSessionSchema } from '@fnodesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';

const PASSWORD_CANARY = 'Canary-Pw-9c41e7a2b3';
// The password `signUpAndLogIn` registers with.
const SIGN_UP_PASSWORD = 'Nifty@Expiry-Tuesday9';

let t: TestApp;

beforeAll(async () => {
  // A tight per-address guard (the defaults are hundreds a minute), to see it work.
  t = await createTestApp({ env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '5', LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '25' } });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

describe('login attempts per client address', () => {
  it('allows 5 per minute, then 429 with Retry-After; the next minute is open again', async () => {
    const ip = '192.0.2.10';
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user-login',
        remoteAddress: ip,
        payload: { email: `someone${i}@example.in`, password: 'Whatever-123' },
      });
      expect(res.statusCode).toBe(400);
    }
    const sixth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      remoteAddress: ip,
      payload: { email: 'someone@example.in', password: 'Whatever-123' },
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(60);

    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      remoteAddress: '192.0.2.11',
      payload: { email: 'someone@example.in', password: 'Whatever-123' },
    });
    expect(other.statusCode).toBe(400);

    t.clock.advance(61_000);
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      remoteAddress: ip,
      payload: { email: 'someone@example.in', password: 'Whatever-123' },
    });
    expect(later.statusCode).toBe(400);
  });

  it('allows 25 per hour from one address', async () => {
    const ip = '192.0.2.20';
    let refused = 0;
    for (let i = 0; i < 30; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user-login',
        remoteAddress: ip,
        payload: { email: `user${i}@example.in`, password: 'Whatever-123' },
      });
      if (res.statusCode === 429) refused += 1;
      t.clock.advance(61_000);
    }
    expect(refused).toBe(5);
  });
});

describe('known devices and the per-address guard', () => {
  it("a device that signed in before is not counted in its address's guard, a new one is", async () => {
    const user = await signUpAndLogIn(t, { tag: 'guard' });
    const ip = '192.0.2.40';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      remoteAddress: ip,
      payload: { email: user.email, password: SIGN_UP_PASSWORD },
    });
    expect(first.statusCode).toBe(200);
    const { deviceToken } = LoginSessionSchema.parse(first.json<{ data: unknown }>().data);
    expect(deviceToken).toEqual(expect.any(String));
    for (let i = 0; i < 4; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user-login',
        remoteAddress: ip,
        payload: { email: `flood${i}@example.in`, password: 'Whatever-123' },
      });
    }
    const newDevice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      remoteAddress: ip,
      payload: { email: user.email, password: SIGN_UP_PASSWORD },
    });
    expect(newDevice.statusCode).toBe(429);
    for (let i = 0; i < 3; i += 1) {
      const known = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user-login',
        remoteAddress: ip,
        payload: { email: user.email, password: SIGN_UP_PASSWORD, deviceToken },
      });
      expect(known.statusCode).toBe(200);
    }
    t.clock.advance(3_600_000);
  });
});

describe('secrets stay secret', () => {
  it('canary passwords and login secrets appear in no log, no other response and not in clear in the database', async () => {
    const email = 'canary@example.in';
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user',
      remoteAddress: '192.0.2.30',
      payload: { firstName: 'Canary', lastName: 'Bird', mobile: '+919876543210', email, password: PASSWORD_CANARY },
    });
    expect(register.body).not.toContain(PASSWORD_CANARY);
    await t.app.accounts.service.settled();
    const mails = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<{ links: string[] }[]>();
    const token = new URL(mails[0]?.links[0] ?? 'http://x').searchParams.get('token');
    await t.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      remoteAddress: '192.0.2.31',
      payload: { email, password: `${PASSWORD_CANARY}-wrong` },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-login',
      remoteAddress: '192.0.2.31',
      payload: { email, password: PASSWORD_CANARY },
    });
    const session = LoginSessionSchema.parse(login.json<{ data: unknown }>().data);
    const headers = { userid: session.userID, secret: session.loginSecret };

    const others = await Promise.all(
      ['/api/v1/user-profile', '/api/v1/user/activity', '/api/v1/login-check', '/dev/mailbox.json'].map((url) =>
        t.app.inject({ method: 'GET', url, headers }),
      ),
    );
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/change-password',
      headers,
      payload: { currentPassword: PASSWORD_CANARY, newPassword: `${PASSWORD_CANARY}-new` },
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/user-logout', payload: { loginSecret: session.loginSecret } });

    for (const res of [...others, changed]) {
      expect(res.body).not.toContain(PASSWORD_CANARY);
      expect(res.body).not.toContain(session.loginSecret);
    }
    const logs = t.logs();
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(PASSWORD_CANARY);
    expect(logs).not.toContain(session.loginSecret);
    // The embedded outbox logs each mail's links on purpose (so the embedded default can be verified); the token
    // appears in no other line.
    const otherLines = logs
      .split('\n')
      .filter((line) => line && !(JSON.parse(line) as { links?: unknown }).links)
      .join('\n');
    expect(otherLines).not.toContain(token ?? '');

    const dump = await t.database.db.execute(
      sql`select (select json_agg(u) from users u)::text || (select json_agg(s) from sessions s)::text || (select json_agg(e) from email_tokens e)::text as everything`,
    );
    const text = JSON.stringify(dump);
    expect(text).not.toContain(PASSWORD_CANARY);
    expect(text).not.toContain(session.loginSecret);
    expect(text).not.toContain(token ?? '');
    expect(text).toContain('$argon2id$v=19$m=19456,t=2,p=1$');
  });
});
