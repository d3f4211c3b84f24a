import { LoginSessionSchema, ProfileSchema, RegisterResponseSchema } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MailboxEntry } from './mail/mailbox.routes';

const PASSWORD = 'Nifty@Expiry-Tuesday9';
const MOBILE = '+919876543210';

let t: TestApp;

beforeAll(async () => {
  // Many logins come from the same test address; the per-address limit has its own test with the defaults.
  t = await createTestApp({
    env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000', LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000' },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

let counter = 0;
function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${counter}@example.in`;
}

interface Answer {
  status: number;
  body: { code: number; data?: unknown; error?: string; errorCode?: string; field?: string };
  headers: Record<string, unknown>;
}

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { body?: unknown; auth?: { userID: string; loginSecret: string }; ip?: string } = {},
): Promise<Answer> {
  const res = await t.app.inject({
    method,
    url,
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
    headers: options.auth ? { userid: options.auth.userID, secret: options.auth.loginSecret } : {},
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function mailbox(): Promise<MailboxEntry[]> {
  await t.app.accounts.service.settled();
  const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
  return res.json();
}

async function latestMailTo(email: string, kind: string): Promise<MailboxEntry> {
  const mail = (await mailbox()).find((m) => m.to === email && m.kind === kind);
  if (!mail) throw new Error(`no ${kind} mail to ${email}`);
  return mail;
}

function tokenFrom(mail: MailboxEntry, path: string): string {
  const link = mail.links.find((l) => l.includes(path));
  if (!link) throw new Error(`no ${path} link in mail`);
  return new URL(link).searchParams.get('token') ?? '';
}

async function register(email: string, extra: Record<string, unknown> = {}) {
  return call('POST', '/api/v1/user', {
    body: { firstName: 'Asha', lastName: 'Rao', mobile: MOBILE, email, password: PASSWORD, ...extra },
  });
}

async function registerVerified(email: string) {
  expect((await register(email)).status).toBe(200);
  const token = tokenFrom(await latestMailTo(email, 'verify-email'), '/authentication/confirm-mail');
  expect((await call('POST', '/api/v1/verify-email', { body: { token } })).status).toBe(200);
}

async function login(email: string, password = PASSWORD, remember = false) {
  const res = await call('POST', '/api/v1/user-login', { body: { email, password, remember } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return LoginSessionSchema.parse(res.body.data);
}

describe('registration', () => {
  it('creates an unverified user and mails a verification link', async () => {
    const email = uniqueEmail('new');
    const res = await register(email.toUpperCase());
    expect(res.status).toBe(200);
    expect(RegisterResponseSchema.parse(res.body.data)).toEqual({ verificationRequired: true, email });

    const mail = await latestMailTo(email, 'verify-email');
    expect(mail.subject).toContain('Verify');
    expect(mail.html).toContain('/authentication/confirm-mail?token=');
    const token = tokenFrom(mail, '/authentication/confirm-mail');
    // 256 bits in URL-safe base64.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new URL(mail.links[0] ?? '').origin).toBe('http://localhost:8080');
  });

  it.each([
    ['firstName', { firstName: ' ' }, 'First Name is required'],
    ['lastName', { lastName: '' }, 'Last Name is required'],
    ['email', { email: 'not-an-email' }, 'Enter a valid Email address'],
    ['mobile', { mobile: '12345' }, 'Enter a valid number'],
    ['mobile', { mobile: '+9100000' }, 'Enter a valid number'],
    // A landline cannot take WhatsApp messages: valid for India, but a fixed line.
    ['mobile', { mobile: '+915123456789' }, 'Enter a valid number'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters long'],
    [
      'password',
      { password: 'password123' },
      'This password is too common. Please choose one that is harder to guess.',
    ],
  ])('rejects an invalid %s', async (field, change, message) => {
    const res = await register(uniqueEmail('invalid'), change);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field, error: message });
  });

  it('validates the mobile per country and stores it in international form', async () => {
    const email = uniqueEmail('mobile');
    await registerVerified(email);
    const session = await login(email);
    const profile = ProfileSchema.parse((await call('GET', '/api/v1/user-profile', { auth: session })).body.data);
    expect(profile.mobile).toBe(MOBILE);
    // Eleven digits after +91 is no Indian number, though it fits the international pattern.
    expect((await register(uniqueEmail('bad-in'), { mobile: '+9198765432101' })).status).toBe(400);
  });
});

describe('e-mail verification', () => {
  it('verifies once; the same link then fails', async () => {
    const email = uniqueEmail('verify');
    await register(email);
    const token = tokenFrom(await latestMailTo(email, 'verify-email'), '/authentication/confirm-mail');
    const first = await call('POST', '/api/v1/verify-email', { body: { token } });
    expect(first.body).toEqual({ code: 200, data: 'Verified' });
    const again = await call('POST', '/api/v1/verify-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body.errorCode).toBe('TOKEN_INVALID');
  });

  it('expires after 24 hours', async () => {
    const email = uniqueEmail('verify-late');
    await register(email);
    const token = tokenFrom(await latestMailTo(email, 'verify-email'), '/authentication/confirm-mail');
    t.clock.advance(24 * 3_600_000 + 1_000);
    const res = await call('POST', '/api/v1/verify-email', { body: { token } });
    expect(res.body.errorCode).toBe('TOKEN_INVALID');
  });

  it('rejects a made-up token', async () => {
    const res = await call('POST', '/api/v1/verify-email', { body: { token: 'A'.repeat(43) } });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('TOKEN_INVALID');
  });

  it('an unverified user cannot log in, and can ask for the mail again', async () => {
    const email = uniqueEmail('unverified');
    await register(email);
    const res = await call('POST', '/api/v1/user-login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('EMAIL_NOT_VERIFIED');

    const before = (await mailbox()).filter((m) => m.to === email).length;
    const resend = await call('POST', '/api/v1/resend-verification', { body: { email } });
    expect(resend.status).toBe(200);
    const unknown = await call('POST', '/api/v1/resend-verification', { body: { email: uniqueEmail('nobody') } });
    expect(unknown.body).toEqual(resend.body);
    const mails = (await mailbox()).filter((m) => m.to === email);
    expect(mails.length).toBe(before + 1);
    // The newest link works; the older one was voided.
    const newest = tokenFrom(mails[0] as MailboxEntry, '/authentication/confirm-mail');
    const oldest = tokenFrom(mails.at(-1) as MailboxEntry, '/authentication/confirm-mail');
    expect((await call('POST', '/api/v1/verify-email', { body: { token: oldest } })).status).toBe(400);
    expect((await call('POST', '/api/v1/verify-email', { body: { token: newest } })).status).toBe(200);
    await login(email);
  });
});

describe('login and sessions', () => {
  it('answers the §7 login response, with headers that then authenticate', async () => {
    const email = uniqueEmail('login');
    await registerVerified(email);
    const session = await login(email);
    expect(session).toMatchObject({
      email,
      gUserRegisterRequired: false,
      activeSubscription: false,
      activeTradeSubscription: false,
      brokerLoggedIn: false,
      subscriptionValidTill: null,
      userFirstName: 'Asha',
      userLastName: 'Rao',
      gToken: null,
      remember: false,
    });
    expect(session.loginSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.webSocketChannel).toMatch(/^[0-9a-f]{32}$/);

    const check = await call('GET', '/api/v1/login-check', { auth: session });
    expect(check.body).toEqual({
      code: 200,
      data: { activeSubscription: false, activeTradeSubscription: false, brokerLoggedIn: false, accounts: 0 },
    });
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const email = uniqueEmail('enum');
    await registerVerified(email);
    const wrong = await call('POST', '/api/v1/user-login', { body: { email, password: 'Wrong-password-1' } });
    const unknown = await call('POST', '/api/v1/user-login', {
      body: { email: uniqueEmail('ghost'), password: 'Wrong-password-1' },
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ errorCode: 'INVALID_CREDENTIALS', error: 'Invalid email or password.' });
  });

  it.each([
    ['no secret', {}],
    ['an unknown secret', { userid: 'x', secret: 'A'.repeat(43) }],
  ])('login-check with %s is 403 SESSION_EXPIRED', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/login-check', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorCode: 'SESSION_EXPIRED', sessionExpired: true });
  });

  it("refuses a session presented with another user's id", async () => {
    const a = uniqueEmail('idor-a');
    const b = uniqueEmail('idor-b');
    await registerVerified(a);
    await registerVerified(b);
    const sa = await login(a);
    const sb = await login(b);
    const res = await call('GET', '/api/v1/user-profile', { auth: { userID: sb.userID, loginSecret: sa.loginSecret } });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(b);
  });

  it('logout revokes the session at once', async () => {
    const email = uniqueEmail('logout');
    await registerVerified(email);
    const session = await login(email);
    expect((await call('GET', '/api/v1/user-profile', { auth: session })).status).toBe(200);
    const out = await call('POST', '/api/v1/user-logout', { body: { loginSecret: session.loginSecret, email } });
    expect(out.status).toBe(200);
    expect((await call('GET', '/api/v1/user-profile', { auth: session })).status).toBe(403);
    // Logging out twice answers the same.
    expect((await call('POST', '/api/v1/user-logout', { body: { loginSecret: session.loginSecret } })).status).toBe(
      200,
    );
  });

  it('a standard session ends after 30 idle minutes and after 12 hours in all', async () => {
    const email = uniqueEmail('idle');
    await registerVerified(email);
    const idle = await login(email);
    t.clock.advance(31 * 60_000);
    expect((await call('GET', '/api/v1/login-check', { auth: idle })).status).toBe(403);

    const busy = await login(email);
    for (let hour = 0; hour < 12; hour += 1) {
      t.clock.advance(20 * 60_000);
      expect((await call('GET', '/api/v1/login-check', { auth: busy })).status).toBe(200);
      t.clock.advance(20 * 60_000);
      expect((await call('GET', '/api/v1/login-check', { auth: busy })).status).toBe(200);
      t.clock.advance(20 * 60_000);
      const res = await call('GET', '/api/v1/login-check', { auth: busy });
      expect(res.status).toBe(hour < 11 ? 200 : 403);
    }
  });

  it('"remember me" keeps the session for 30 days of use', async () => {
    const email = uniqueEmail('remember');
    await registerVerified(email);
    const session = await login(email, PASSWORD, true);
    expect(session.remember).toBe(true);
    for (let day = 1; day < 30; day += 1) {
      t.clock.advance(86_400_000);
      expect((await call('GET', '/api/v1/login-check', { auth: session })).status, `day ${day}`).toBe(200);
    }
    t.clock.advance(86_400_000);
    expect((await call('GET', '/api/v1/login-check', { auth: session })).status).toBe(403);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the account exists', async () => {
    const email = uniqueEmail('reset-same');
    await registerVerified(email);
    const known = await call('POST', '/api/v1/password-reset-request', { body: { email } });
    const unknown = await call('POST', '/api/v1/password-reset-request', { body: { email: uniqueEmail('nobody') } });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await latestMailTo(email, 'password-reset')).toBeDefined();
  });

  it('sets a new password once, ends every session, and the old password stops working', async () => {
    const email = uniqueEmail('reset');
    await registerVerified(email);
    const before = await login(email);
    await call('POST', '/api/v1/password-reset-request', { body: { email } });
    const token = tokenFrom(await latestMailTo(email, 'password-reset'), '/authentication/reset-password');

    const res = await call('POST', '/api/v1/password-reset', {
      body: { resetToken: token, password: 'Bank-Nifty-Weekly-42' },
    });
    expect(res.body).toEqual({ code: 200, data: 'Password has been successfully reset' });
    expect((await call('GET', '/api/v1/login-check', { auth: before })).status).toBe(403);
    expect((await call('POST', '/api/v1/user-login', { body: { email, password: PASSWORD } })).status).toBe(400);
    await login(email, 'Bank-Nifty-Weekly-42');

    const reuse = await call('POST', '/api/v1/password-reset', {
      body: { resetToken: token, password: 'Another-Strong-Pass-7' },
    });
    expect(reuse.body.errorCode).toBe('TOKEN_INVALID');
  });

  it('sends at most 3 reset mails per account per hour', async () => {
    const email = uniqueEmail('reset-cap');
    await registerVerified(email);
    for (let i = 0; i < 5; i += 1) {
      expect((await call('POST', '/api/v1/password-reset-request', { body: { email }, ip: '10.9.0.1' })).status).toBe(
        200,
      );
    }
    const resets = (await mailbox()).filter((m) => m.to === email && m.kind === 'password-reset');
    expect(resets.length).toBe(3);
  });

  it('allows 15 reset requests per address per hour, then 429 with Retry-After', async () => {
    for (let i = 0; i < 15; i += 1) {
      const res = await call('POST', '/api/v1/password-reset-request', {
        body: { email: uniqueEmail('ip-cap') },
        ip: '10.9.0.2',
      });
      expect(res.status).toBe(200);
    }
    const res = await call('POST', '/api/v1/password-reset-request', {
      body: { email: 'x@example.in' },
      ip: '10.9.0.2',
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('brute force', () => {
  it('the 11th failed login within an hour gets 429, and the owner can still reset and log in', async () => {
    const email = uniqueEmail('brute');
    await registerVerified(email);
    for (let i = 0; i < 10; i += 1) {
      const res = await call('POST', '/api/v1/user-login', {
        body: { email, password: `Wrong-guess-${i}` },
        ip: `10.1.0.${i}`,
      });
      expect(res.status).toBe(400);
    }
    const eleventh = await call('POST', '/api/v1/user-login', { body: { email, password: PASSWORD }, ip: '10.1.1.1' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.errorCode).toBe('RATE_LIMITED');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);

    // The owner was told by mail and can unlock with a reset link.
    expect(await latestMailTo(email, 'login-locked')).toBeDefined();
    await call('POST', '/api/v1/password-reset-request', { body: { email } });
    const token = tokenFrom(await latestMailTo(email, 'password-reset'), '/authentication/reset-password');
    expect(
      (await call('POST', '/api/v1/password-reset', { body: { resetToken: token, password: 'Unlocked-Again-77' } }))
        .status,
    ).toBe(200);
    await login(email, 'Unlocked-Again-77');
  });

  it('an unknown address is limited the same way, so a 429 does not reveal an account', async () => {
    const email = uniqueEmail('ghost-brute');
    for (let i = 0; i < 10; i += 1) {
      await call('POST', '/api/v1/user-login', { body: { email, password: `Wrong-guess-${i}` }, ip: `10.2.0.${i}` });
    }
    const res = await call('POST', '/api/v1/user-login', {
      body: { email, password: 'Wrong-guess-x' },
      ip: '10.2.1.1',
    });
    expect(res.status).toBe(429);
  });

  it('the lock lifts after an hour', async () => {
    const email = uniqueEmail('brute-wait');
    await registerVerified(email);
    for (let i = 0; i < 10; i += 1) {
      await call('POST', '/api/v1/user-login', { body: { email, password: `Wrong-guess-${i}` }, ip: `10.3.0.${i}` });
    }
    expect((await call('POST', '/api/v1/user-login', { body: { email, password: PASSWORD } })).status).toBe(429);
    t.clock.advance(3_600_000 + 1_000);
    await login(email);
  });
});

describe('profile and activity', () => {
  it('reads and updates names and mobile', async () => {
    const email = uniqueEmail('profile');
    await registerVerified(email);
    const session = await login(email);
    const read = await call('GET', '/api/v1/user-profile', { auth: session });
    expect(read.body.data).toMatchObject({ email, firstName: 'Asha', lastName: 'Rao', mobile: MOBILE });

    const updated = await call('PUT', '/api/v1/user-profile', {
      auth: session,
      body: { firstName: 'Asha K', lastName: 'Rao-Iyer', mobile: '+91 91234 56789' },
    });
    expect(updated.body.data).toMatchObject({ firstName: 'Asha K', lastName: 'Rao-Iyer', mobile: '+919123456789' });
    const bad = await call('PUT', '/api/v1/user-profile', {
      auth: session,
      body: { firstName: 'A', lastName: 'B', mobile: '+910000' },
    });
    expect(bad.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'mobile' });
  });

  it('lists logins, failed logins, logouts and password changes, newest first, filtered by time and source', async () => {
    const email = uniqueEmail('activity');
    await registerVerified(email);
    await call('POST', '/api/v1/user-login', { body: { email, password: 'Wrong-password-1' } });
    const first = await login(email);
    t.clock.advance(1_000);
    await call('POST', '/api/v1/user-logout', { body: { loginSecret: first.loginSecret } });
    t.clock.advance(1_000);
    const session = await login(email);
    t.clock.advance(1_000);
    const changed = await call('POST', '/api/v1/change-password', {
      auth: session,
      body: { currentPassword: PASSWORD, newPassword: 'Changed-Pass-2026' },
    });
    expect(changed.status).toBe(200);
    t.clock.advance(1_000);

    const res = await call('GET', '/api/v1/user/activity', { auth: session });
    const kinds = (res.body.data as { activities: { kind: string }[] }).activities.map((a) => a.kind);
    expect(kinds).toEqual([
      'password_changed',
      'login',
      'logout',
      'login',
      'login_failed',
      'email_verified',
      'registered',
    ]);

    const emailOnly = await call('GET', '/api/v1/user/activity?source=email', { auth: session });
    expect((emailOnly.body.data as { activities: { kind: string }[] }).activities.map((a) => a.kind)).toEqual([
      'email_verified',
    ]);
    const future = await call('GET', `/api/v1/user/activity?from=${t.clock.now() + 60_000}`, { auth: session });
    expect(future.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'from' });
    const bad = await call('GET', '/api/v1/user/activity?from=yesterday', { auth: session });
    expect(bad.status).toBe(400);
  });

  it('a password change keeps this session and ends the others', async () => {
    const email = uniqueEmail('change');
    await registerVerified(email);
    const other = await login(email);
    const here = await login(email);
    const wrong = await call('POST', '/api/v1/change-password', {
      auth: here,
      body: { currentPassword: 'not-my-password', newPassword: 'Changed-Pass-2026' },
    });
    expect(wrong.body).toMatchObject({ errorCode: 'INVALID_CREDENTIALS', field: 'currentPassword' });
    await call('POST', '/api/v1/change-password', {
      auth: here,
      body: { currentPassword: PASSWORD, newPassword: 'Changed-Pass-2026' },
    });
    expect((await call('GET', '/api/v1/login-check', { auth: here })).status).toBe(200);
    expect((await call('GET', '/api/v1/login-check', { auth: other })).status).toBe(403);
  });
});

describe('dev mailbox', () => {
  it('serves loopback clients and hides from everyone else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<a href="http://localhost:8080/authentication/confirm-mail?token=');
    const remote = await t.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
  });
});

describe('public config', () => {
  it('says Google sign-in is off when no client id is configured', async () => {
    const res = await call('GET', '/api/v1/public-config');
    expect(res.body).toEqual({
      code: 200,
      data: {
        googleClientId: null,
        version: 'test',
        brandName: 'FNO Desk',
        channels: {
          email: 'support@fnodesk.local',
          phone: '',
          whatsappUrl: null,
          telegramUrl: null,
          youtubeUrl: null,
          blogUrl: null,
          twitterUrl: null,
        },
        demoFormUrl: null,
        feed: { urls: [], refreshMs: 60_000, replay: false, alwaysOpen: false },
      },
    });
    const google = await call('POST', '/api/v1/user-login', { body: { gtoken: 'abc' } });
    expect(google.body.errorCode).toBe('GOOGLE_LOGIN_UNAVAILABLE');
  });
});
