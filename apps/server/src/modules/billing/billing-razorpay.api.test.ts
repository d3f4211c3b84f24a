import { SubscriptionActivationSchema, SubscriptionOrderSchema, type SubscriptionOrder } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayFake, type RazorpayFake } from '../../../test/fakes/razorpay-fake';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';

const KEYS = {
  keyId: 'rzp_test_fakekey01',
  keySecret: 'razorpay-key-secret-canary-7f3a',
  webhookSecret: 'wh-secret-canary-19c2',
};
const WEBHOOK = '/api/v1/payments/razorpay/webhook';

let fake: RazorpayFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startRazorpayFake(KEYS);
  t = await createTestApp({
    env: {
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: fake.url,
      LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000',
      LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000',
      ROLES: 'api,gateway',
    },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
  await fake.close();
});

async function call(method: 'GET' | 'POST', url: string, user?: SignedInUser, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? authHeaders(user) : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json<{ data: unknown; errorCode?: string }>(), headers: res.headers };
}

async function initiate(user: SignedInUser, packageId = 'Starter'): Promise<SubscriptionOrder> {
  const res = await call('POST', '/api/v1/initiate-subscription', user, { packageId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SubscriptionOrderSchema.parse(res.body.data);
}

function deliver(delivery: { body: string; signature: string; eventId: string }) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': delivery.signature,
      'x-razorpay-event-id': delivery.eventId,
    },
    payload: delivery.body,
  });
}

async function paymentsOf(userId: string) {
  return t.database.db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
}

describe('Razorpay provider', () => {
  it('creates orders through the Razorpay API with the server price, and says so in payment-config', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Sixer');
    expect(order).toMatchObject({ provider: 'razorpay', key: KEYS.keyId, amount: 650_700 });
    expect(fake.orders.get(order.order_id)).toMatchObject({ amount: 650_700, currency: 'INR', receipt: order.receipt });
    const config = await call('GET', '/api/v1/payment-config');
    expect(config.body.data).toMatchObject({
      provider: 'razorpay',
      checkoutScriptUrl: 'https://checkout.razorpay.com/v1/checkout.js',
      testCards: [],
    });
    // The built-in test checkout does not exist alongside Razorpay.
    expect((await call('POST', '/api/v1/test-checkout/pay', user, {})).status).toBe(404);
  });

  it('allows Razorpay Checkout in the page CSP only when Razorpay is configured', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/payment' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(csp).toContain('frame-src https://api.razorpay.com https://checkout.razorpay.com');
  });

  it('verifies the checkout signature with the key secret and activates once', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user);
    const checkout = fake.checkout(order.order_id);
    const first = await call('POST', '/api/v1/subscription-status', user, checkout);
    expect(first.status).toBe(200);
    const again = await call('POST', '/api/v1/subscription-status', user, checkout);
    expect(SubscriptionActivationSchema.parse(again.body.data).paymentId).toBe(
      SubscriptionActivationSchema.parse(first.body.data).paymentId,
    );
    expect(await paymentsOf(user.userID)).toHaveLength(1);
  });

  it('fails closed with 503 when Razorpay is down', async () => {
    const user = await signUpAndLogIn(t);
    fake.state.down = true;
    try {
      const res = await call('POST', '/api/v1/initiate-subscription', user, { packageId: 'Professional' });
      expect(res.status).toBe(503);
      expect(res.body.errorCode).toBe('SERVICE_UNAVAILABLE');
    } finally {
      fake.state.down = false;
    }
    expect(t.logs()).not.toContain(KEYS.keySecret);
  });
});

describe('Razorpay webhook (G6)', () => {
  it('refuses a bad signature and a one-character tamper of the body with 400', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user);
    const good = fake.webhook('payment.captured', {
      id: 'pay_tamper000001',
      orderId: order.order_id,
      amount: order.amount,
    });
    const wrongKey = await deliver({
      ...good,
      signature: good.signature.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    });
    expect(wrongKey.statusCode).toBe(400);
    expect(wrongKey.json()).toMatchObject({ errorCode: 'WEBHOOK_SIGNATURE_INVALID' });
    const tampered = await deliver({ ...good, body: good.body.replace(`"amount":${order.amount}`, '"amount":100') });
    expect(tampered.statusCode).toBe(400);
    expect(await paymentsOf(user.userID)).toHaveLength(0);
  });

  it('activates on payment.captured, and a delivery repeated three times changes nothing more', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user);
    const delivery = fake.webhook('payment.captured', {
      id: 'pay_webhook000001',
      orderId: order.order_id,
      amount: order.amount,
    });
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await deliver(delivery)).json<{ data: { outcome: string } }>());
    expect(answers.map((a) => a.data.outcome)).toEqual(['activated', 'duplicate', 'duplicate']);
    expect(await paymentsOf(user.userID)).toHaveLength(1);
    const login = await call('GET', '/api/v1/login-check', user);
    expect(login.body.data).toMatchObject({ activeSubscription: true });
  });

  it('credits once when three webhooks race the browser’s confirmation', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Professional');
    const checkout = fake.checkout(order.order_id);
    const payment = { id: checkout.razorpayPaymentId, orderId: order.order_id, amount: order.amount };
    const deliveries = [
      fake.webhook('payment.captured', payment),
      fake.webhook('order.paid', payment),
      fake.webhook('payment.captured', payment),
    ];
    const [browser, ...hooks] = await Promise.all([
      call('POST', '/api/v1/subscription-status', user, checkout),
      ...deliveries.map(deliver),
    ]);
    expect(browser?.status).toBe(200);
    for (const hook of hooks) expect(hook.statusCode).toBe(200);
    expect(await paymentsOf(user.userID)).toHaveLength(1);
    const subs = await t.database.db
      .select()
      .from(schema.subscriptions)
      .where(eq(schema.subscriptions.userId, user.userID));
    expect(subs).toHaveLength(1);
  });

  it('refuses a captured amount that differs from the order (400), and activates nothing', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user);
    const res = await deliver(
      fake.webhook('payment.captured', { id: 'pay_short0000001', orderId: order.order_id, amount: order.amount - 100 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorCode: 'AMOUNT_MISMATCH' });
    expect(await paymentsOf(user.userID)).toHaveLength(0);
    // The refused delivery was not recorded, so Razorpay's retry is processed again (and refused again).
    expect(
      (await deliver(fake.webhook('payment.captured', { id: 'pay_short0000001', orderId: order.order_id, amount: 1 })))
        .statusCode,
    ).toBe(400);
  });

  it('does not activate a promo order on a capture after payment.failed released its hold, nor move a paid one back', async () => {
    const user = await signUpAndLogIn(t);
    const first = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Starter',
      promoCode: 'WELCOME10',
    });
    const order = SubscriptionOrderSchema.parse(first.body.data);
    const failed = await deliver(
      fake.webhook('payment.failed', { id: 'pay_failed000001', orderId: order.order_id, amount: order.amount }),
    );
    expect(failed.json()).toMatchObject({ data: { outcome: 'failed' } });
    // The released code is taken again and paid for.
    const second = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Sixer',
      promoCode: 'WELCOME10',
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const retry = SubscriptionOrderSchema.parse(second.body.data);
    expect((await call('POST', '/api/v1/subscription-status', user, fake.checkout(retry.order_id))).status).toBe(200);

    const captured = await deliver(
      fake.webhook('payment.captured', { id: 'pay_retry0000001', orderId: order.order_id, amount: order.amount }),
    );
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toMatchObject({ data: { outcome: 'refused' } });
    expect(await paymentsOf(user.userID)).toHaveLength(1);
    const refund = await t.database.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.subject, 'pay_retry0000001'));
    expect(refund.map((r) => r.action)).toEqual(['payment_refused_order_closed']);

    const lateFailure = await deliver(
      fake.webhook('payment.failed', { id: 'pay_failed000002', orderId: retry.order_id, amount: retry.amount }),
    );
    expect(lateFailure.json()).toMatchObject({ data: { outcome: 'failed' } });
    const rows = await t.database.db
      .select()
      .from(schema.paymentOrders)
      .where(eq(schema.paymentOrders.userId, user.userID));
    expect(Object.fromEntries(rows.map((r) => [r.providerOrderId, r.status]))).toEqual({
      [order.order_id]: 'failed',
      [retry.order_id]: 'paid',
    });
  });

  it('refuses the browser confirmation of an order payment.failed closed (409), activating nothing', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Professional');
    await deliver(
      fake.webhook('payment.failed', { id: 'pay_failed000003', orderId: order.order_id, amount: order.amount }),
    );
    const res = await call('POST', '/api/v1/subscription-status', user, fake.checkout(order.order_id));
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('ORDER_NOT_PAYABLE');
    expect(await paymentsOf(user.userID)).toHaveLength(0);
  });

  it('ignores events for orders it does not know, and needs an event id', async () => {
    const unknown = await deliver(
      fake.webhook('payment.captured', { id: 'pay_other0000001', orderId: 'order_elsewhere', amount: 1000 }),
    );
    expect(unknown.json()).toMatchObject({ data: { outcome: 'ignored' } });
    const noId = await deliver({
      ...fake.webhook('payment.captured', { id: 'p', orderId: 'o', amount: 1 }),
      eventId: '',
    });
    expect(noId.statusCode).toBe(400);
  });

  it('never writes the Razorpay secrets to the log', () => {
    expect(t.logs()).not.toContain(KEYS.keySecret);
    expect(t.logs()).not.toContain(KEYS.webhookSecret);
  });
});
