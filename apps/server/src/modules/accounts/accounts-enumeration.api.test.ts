import { schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MailboxEntry } from './mail/mailbox.routes';

// Account enumeration through registration (a taken e-mail answered differently from a new one), and how long a
// password-reset link lives.

const PASSWORD = 'Nifty@Expiry-Tuesday9';
const MINUTE = 60_000;

let t: TestApp;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000', LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000' },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}.${counter}@example.in`;
}

/** Each call from an address of its own: registrations and reset requests are limited per address. */
function nextAddress(): string {
  counter += 1;
  return `10.93.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

async function post(url: string, body: object) {
  const res = await t.app.inject({ method: 'POST', url, payload: body, remoteAddress: nextAddress() });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>(), headers: res.headers };
}

function register(email: string, extra: Record<string, unknown> = {}) {
  return post('/api/v1/user', {
    firstName: 'Asha',
    lastName: 'Rao',
    mobile: '+919876543210',
    email,
    password: PASSWORD,
    ...extra,
  });
}

async function mailsTo(email: string): Promise<MailboxEntry[]> {
  await t.app.accounts.service.settled();
  const all = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<MailboxEntry[]>();
  return all.filter((m) => m.to === email);
}

async function usersWith(email: string) {
  return t.database.db.select().from(schema.users).where(eq(schema.users.email, email));
}

describe('registration does not tell whether an e-mail has an account', () => {
  it('answers a password registration of an existing e-mail exactly like a new one', async () => {
    const taken = uniqueEmail('owner');
    const fresh = uniqueEmail('fresh');
    expect((await register(taken)).status).toBe(200);
    const [owner] = await usersWith(taken);

    const again = await register(taken, { firstName: 'Mallory', password: 'Another-Strong-Pass-7' });
    const anew = await register(fresh);
    expect(again.status).toBe(anew.status);
    expect(again.body).toEqual({ ...anew.body, data: { verificationRequired: true, email: taken } });
    expect(again.headers['content-type']).toBe(anew.headers['content-type']);

    // Nothing about the owner's account changed.
    const rows = await usersWith(taken);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.passwordHash).toBe(owner?.passwordHash);
    expect(rows[0]?.firstName).toBe('Asha');
  });

  it('mails the owner that someone tried to register, with log-in and reset links, and no new verification', async () => {
    const taken = uniqueEmail('mailed');
    expect((await register(taken)).status).toBe(200);
    expect((await register(taken)).status).toBe(200);

    const mails = await mailsTo(taken);
    expect(mails.filter((m) => m.kind === 'verify-email')).toHaveLength(1);
    const notice = mails.find((m) => m.kind === 'registration-attempt');
    expect(notice).toBeDefined();
    expect(notice?.subject).toContain('register');
    expect(notice?.links.some((l) => l.endsWith('/authentication/login'))).toBe(true);
    expect(notice?.links.some((l) => l.endsWith('/authentication/forgot-password'))).toBe(true);
  });

  it('answers two registrations racing for one new e-mail both with 200, making one account', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([register(email), register(email), register(email)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it('still refuses an invalid password for an existing e-mail, as for a new one', async () => {
    const taken = uniqueEmail('weak');
    expect((await register(taken)).status).toBe(200);
    const weak = await register(taken, { password: 'password123' });
    const weakNew = await register(uniqueEmail('weak-new'), { password: 'password123' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual(weakNew.body);
  });
});

describe('password reset links', () => {
  async function resetLink(email: string): Promise<string> {
    expect((await register(email)).status).toBe(200);
    expect((await post('/api/v1/password-reset-request', { email })).status).toBe(200);
    const mail = (await mailsTo(email)).find((m) => m.kind === 'password-reset');
    const link = mail?.links.find((l) => l.includes('/authentication/reset-password'));
    if (!link) throw new Error(`no reset mail to ${email}`);
    return new URL(link).searchParams.get('token') ?? '';
  }

  it('refuses a reset link older than 15 minutes', async () => {
    const token = await resetLink(uniqueEmail('reset-15'));
    t.clock.advance(15 * MINUTE + 1_000);
    const res = await post('/api/v1/password-reset', { resetToken: token, password: 'Fresh-Pass-2026' });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('TOKEN_INVALID');
  });

  it('accepts a reset link within its 15 minutes, and the mail says 15 minutes', async () => {
    const email = uniqueEmail('reset-14');
    const token = await resetLink(email);
    const mail = (await mailsTo(email)).find((m) => m.kind === 'password-reset');
    expect(mail?.text).toContain('expires in 15 minutes');
    t.clock.advance(14 * MINUTE);
    const res = await post('/api/v1/password-reset', { resetToken: token, password: 'Fresh-Pass-2026' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
