import {
  InitiateSubscriptionRequestSchema,
  PromoCodeRequestSchema,
  SubscriptionStatusRequestSchema,
  TestCheckoutRequestSchema,
  UpdateSubscriptionRequestSchema,
} from '@fnodesk/contracts';
import fc from 'fast-check';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn } from '../../../test/signed-in-user';
import { createTestApp, type TestApp, UNLIMITED_LOGINS_BY_ADDRESS } from '../../../test/test-app';

const SEED = 20_261_122;
const RUNS = 200;

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...UNLIMITED_LOGINS_BY_ADDRESS, ROLES: 'api' },
    logLevel: 'warn',
  });
  await t.app.ready();
  auth = authHeaders(await signUpAndLogIn(t, { tag: 'fuzz' }));
});

afterAll(async () => {
  await t.close();
});

/** Values of every JSON type, including the awkward ones (huge strings, deep nesting, prototype keys). */
const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 300 }),
  fc.constantFrom('', ' ', '__proto__', 'A'.repeat(5_000), 'order_', 'pay_', 'Starter', "' or 1=1 --", '0', 'null'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  // zod measures anything with a `length`; these once made validation throw.
  fc.constant({ length: { valueOf: 1, toString: 1 } }),
  fc.constant({ length: 99 }),
);

/**
 * Whether the server's schema accepts a body as it arrives (JSON text; fast-check may build objects without a
 * prototype). A schema that throws counts as refusing, as the server's validator does.
 */
function accepts(schema: z.ZodType, body: unknown): boolean {
  try {
    return schema.safeParse(JSON.parse(JSON.stringify(body))).success;
  } catch {
    return false;
  }
}

function bodiesFor(keys: readonly string[]): fc.Arbitrary<unknown> {
  const shaped = fc.record(Object.fromEntries(keys.map((k) => [k, jsonish])), { requiredKeys: [] });
  return fc.oneof(shaped, fc.jsonValue({ maxDepth: 2 }), fc.dictionary(fc.string({ maxLength: 12 }), jsonish));
}

// Each request from its own address: the promo and card routes have a tight per-address budget.
let address = 0;
function nextAddress(): string {
  address += 1;
  return `10.88.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
}

const ROUTES: { method: 'POST' | 'PUT'; url: string; schema: z.ZodType; keys: string[] }[] = [
  {
    method: 'POST',
    url: '/api/v1/initiate-subscription',
    schema: InitiateSubscriptionRequestSchema,
    keys: ['packageId', 'promoCode', 'path', 'productType', 'amount'],
  },
  {
    method: 'POST',
    url: '/api/v1/promo-code',
    schema: PromoCodeRequestSchema,
    keys: ['packageId', 'promoCode', 'productType'],
  },
  {
    method: 'POST',
    url: '/api/v1/subscription-status',
    schema: SubscriptionStatusRequestSchema,
    keys: ['razorpayPaymentId', 'razorpayOrderId', 'razorpaySignature', 'promoCode'],
  },
  {
    method: 'POST',
    url: '/api/v1/test-checkout/pay',
    schema: TestCheckoutRequestSchema,
    keys: ['orderId', 'amount', 'cardNumber', 'expiry', 'cvv', 'name'],
  },
  {
    method: 'PUT',
    url: '/api/v1/subscriptions/00000000-0000-4000-8000-000000000000',
    schema: UpdateSubscriptionRequestSchema,
    keys: ['autoRenew'],
  },
];

async function send(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    remoteAddress: nextAddress(),
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    headers: { 'content-type': 'application/json', ...auth },
  });
  return { status: res.statusCode, envelope: res.json<{ code: number; errorCode?: string }>() };
}

describe(`billing routes under generated input (fast-check seed ${SEED}, ${RUNS} per route)`, () => {
  it.each(ROUTES)('$method $url answers invalid bodies with 4xx and an errorCode, never 5xx', async (route) => {
    const invalid = bodiesFor(route.keys).filter((body) => !accepts(route.schema, body));
    await fc.assert(
      fc.asyncProperty(invalid, async (body) => {
        const { status, envelope } = await send(route.method, route.url, body);
        expect(status).toBeGreaterThanOrEqual(400);
        expect(status).toBeLessThan(500);
        expect(envelope.code).toBe(status);
        expect(envelope.errorCode).toBeTypeOf('string');
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it.each(ROUTES)('$method $url never fails with 5xx on well-formed but made-up bodies', async (route) => {
    const made = fc.oneof(
      fc.record({
        razorpayOrderId: fc.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        razorpayPaymentId: fc.stringMatching(/^pay_[A-Za-z0-9]{14}$/),
        razorpaySignature: fc.stringMatching(/^[0-9a-f]{64}$/),
      }),
      fc.record({
        packageId: fc.constantFrom('Starter', 'Trial', 'QT01', 'Free', 'ADDON1', 'Nope'),
        promoCode: fc.stringMatching(/^[A-Za-z0-9]{1,12}$/),
      }),
      fc.record({ packageId: fc.constantFrom('Starter', 'Sixer', 'QT06') }),
      fc.record({
        orderId: fc.stringMatching(/^order_[A-Za-z0-9]{14}$/),
        amount: fc.integer({ min: 1, max: 10_000_000 }),
        cardNumber: fc.constantFrom('4111111111111111', '4000000000000002', '5555555555554444'),
        expiry: fc.constantFrom('12/30', '01/20'),
        cvv: fc.constantFrom('123', '9999'),
        name: fc.constant('Fuzz'),
      }),
      fc.record({ autoRenew: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(made, async (body) => {
        const { status } = await send(route.method, route.url, body);
        expect(status).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: 60 },
    );
  });

  it('GET package-list and start-user-trial answer bad queries with 4xx', async () => {
    const value = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('D', 'QT', 'x', '', 'd,qt'));
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        fc.pre(v !== 'd' && v !== 'qt');
        for (const url of ['/api/v1/package-list', '/api/v1/start-user-trial']) {
          const { status } = await send('GET', `${url}?product_type=${encodeURIComponent(v)}`);
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
        }
      }),
      { seed: SEED, numRuns: 100 },
    );
  });
});
