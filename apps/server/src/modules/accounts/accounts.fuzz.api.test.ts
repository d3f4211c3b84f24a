import {
  ActivityQuerySchema,
  ChangePasswordSchema,
  LoginRequestSchema,
  LogoutRequestSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  ProfileUpdateSchema,
  RegisterRequestSchema,
  ResendVerificationRequestSchema,
  VerifyEmailRequestSchema,
  LoginSessionSchema,
} from '@fnodesk/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, UNLIMITED_LOGINS_BY_ADDRESS } from '../../../test/test-app';

const SEED = 20_261_121;
const RUNS = 200;

let t: TestApp;
let auth: { userid: string; secret: string };

beforeAll(async () => {
  t = await createTestApp({
    env: { ...UNLIMITED_LOGINS_BY_ADDRESS },
    logLevel: 'warn',
  });
  await t.app.ready();
  const email = 'fuzz@example.in';
  const password = 'Fuzzing-Strike-Price-9';
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/user',
    payload: { firstName: 'Fuzz', lastName: 'Test', mobile: '+919876543210', email, password },
  });
  await t.app.accounts.service.settled();
  const mails = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<{ links: string[] }[]>();
  const token = new URL(mails[0]?.links[0] ?? 'http://x').searchParams.get('token');
  await t.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });
  const login = await t.app.inject({ method: 'POST', url: '/api/v1/user-login', payload: { email, password } });
  const session = LoginSessionSchema.parse(login.json<{ data: unknown }>().data);
  auth = { userid: session.userID, secret: session.loginSecret };
});

afterAll(async () => {
  await t.close();
});

/** Values of every JSON type, including the awkward ones (huge strings, deep nesting, prototype keys). */
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', ' ', '__proto__', 'A'.repeat(5_000), '+91', 'a@b', '<script>', '0', 'null'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

/** A body with the schema's keys (each present or not) holding values of any type, plus stray keys. */
function bodiesFor(keys: readonly string[]): fc.Arbitrary<unknown> {
  const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, jsonish])), { requiredKeys: [] });
  return fc.oneof(shaped, fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.string({ maxLength: 12 }), jsonish));
}

const ROUTES: { method: 'POST' | 'PUT'; url: string; schema: z.ZodType; keys: string[]; authed?: boolean }[] = [
  {
    method: 'POST',
    url: '/api/v1/user',
    schema: RegisterRequestSchema,
    keys: ['firstName', 'lastName', 'mobile', 'email', 'password', 'gtoken', 'path', 'referralId'],
  },
  { method: 'POST', url: '/api/v1/verify-email', schema: VerifyEmailRequestSchema, keys: ['token'] },
  { method: 'POST', url: '/api/v1/resend-verification', schema: ResendVerificationRequestSchema, keys: ['email'] },
  {
    method: 'POST',
    url: '/api/v1/user-login',
    schema: LoginRequestSchema,
    keys: ['email', 'password', 'remember', 'gtoken', 'path'],
  },
  { method: 'POST', url: '/api/v1/user-logout', schema: LogoutRequestSchema, keys: ['loginSecret', 'email'] },
  { method: 'POST', url: '/api/v1/password-reset-request', schema: PasswordResetRequestSchema, keys: ['email'] },
  { method: 'POST', url: '/api/v1/password-reset', schema: PasswordResetSchema, keys: ['resetToken', 'password'] },
  {
    method: 'POST',
    url: '/api/v1/change-password',
    schema: ChangePasswordSchema,
    keys: ['currentPassword', 'newPassword'],
    authed: true,
  },
  {
    method: 'PUT',
    url: '/api/v1/user-profile',
    schema: ProfileUpdateSchema,
    keys: ['firstName', 'lastName', 'mobile'],
    authed: true,
  },
];

describe(`generated invalid bodies (fast-check seed ${SEED}, ${RUNS} per route)`, () => {
  it.each(ROUTES)('$method $url answers 4xx with an errorCode, never 5xx', async (route) => {
    const invalid = bodiesFor(route.keys).filter((body) => !route.schema.safeParse(body).success);
    await fc.assert(
      fc.asyncProperty(invalid, async (body) => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json', ...(route.authed ? auth : {}) },
        });
        const envelope = res.json<{ code: number; errorCode?: string }>();
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(envelope.code).toBe(res.statusCode);
        expect(envelope.errorCode).toBeTypeOf('string');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('GET /api/v1/user/activity answers 4xx for generated invalid queries', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.constantFrom('-1', '1e99', 'NaN', '2026-13-45', 'all'),
    );
    const query = fc.record({ from: value, to: value, source: value, limit: value }, { requiredKeys: [] });
    const invalid = query.filter((q) => !ActivityQuerySchema.safeParse(q).success);
    await fc.assert(
      fc.asyncProperty(invalid, async (q) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/activity', query: q, headers: auth });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json<{ errorCode?: string }>().errorCode).toBeTypeOf('string');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });
});
