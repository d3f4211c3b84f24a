import { createHmac } from 'node:crypto';
import {
  BILLING_MESSAGES,
  PackageListSchema,
  PromoResultSchema,
  ReceiptSchema,
  SubscriptionActivationSchema,
  SubscriptionOrderSchema,
  SubscriptionPaymentsSchema,
  SubscriptionsSchema,
  TrialActivationSchema,
  type SubscriptionOrder,
} from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, logInAgain, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, TEST_PAYMENT_SECRET, type TestApp } from '../../../test/test-app';
import type { MailboxEntry } from '../accounts/mail/mailbox.routes';

const DAY = 86_400_000;
const SUCCESS_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

let t: TestApp;

beforeAll(async () => {
  // Without the jobs role the renewal sweep runs only when a test asks for it.
  t = await createTestApp({
    env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000', LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000', ROLES: 'api,gateway' },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

interface Answer<T = unknown> {
  status: number;
  body: { code: number; data: T; error?: string; errorCode?: string; field?: string };
}

async function call<T = unknown>(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  user?: SignedInUser,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? authHeaders(user) : {},
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

async function initiate(user: SignedInUser, packageId: string, promoCode?: string): Promise<SubscriptionOrder> {
  const res = await call('POST', '/api/v1/initiate-subscription', user, {
    packageId,
    ...(promoCode ? { promoCode } : {}),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SubscriptionOrderSchema.parse(res.body.data);
}

function pay(user: SignedInUser, order: SubscriptionOrder, card = SUCCESS_CARD, amount = order.amount) {
  return call<{ razorpayPaymentId: string; razorpayOrderId: string; razorpaySignature: string }>(
    'POST',
    '/api/v1/test-checkout/pay',
    user,
    { orderId: order.order_id, amount, cardNumber: card, expiry: '12/30', cvv: '123', name: 'Asha Rao' },
  );
}

async function buy(user: SignedInUser, packageId: string, promoCode?: string) {
  const order = await initiate(user, packageId, promoCode);
  const checkout = await pay(user, order);
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const confirmed = await call('POST', '/api/v1/subscription-status', user, checkout.body.data);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { order, checkout: checkout.body.data, activation: SubscriptionActivationSchema.parse(confirmed.body.data) };
}

async function subscriptionCount(userId: string): Promise<number> {
  const rows = await t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
  return rows.length;
}

async function addPromo(values: Partial<typeof schema.promoCodes.$inferInsert> & { code: string }) {
  await t.database.db.insert(schema.promoCodes).values({ kind: 'percent', percentBasisPoints: 1000, ...values });
}

describe('package-list', () => {
  it('lists the Discover plans with the §9 badges and the Trial pass figures, to anyone', async () => {
    const res = await call('GET', '/api/v1/package-list');
    expect(res.status).toBe(200);
    const { packages } = PackageListSchema.parse(res.body.data);
    expect(packages.map((p) => [p.id, p.planName, p.numberOfDays, p.breakdown?.discountPercent])).toEqual([
      ['Trial', 'Trial', 7, 0],
      ['Starter', 'Starter', 30, 0],
      ['Sixer', 'Sixer', 180, 8],
      ['Professional', 'Professional', 360, 20],
    ]);
    expect(packages[0]).toMatchObject({ price: 423, gst: 76, finalPrice: 499, active: 1, purchasable: true });
    expect(packages[1]).toMatchObject({
      price: 999,
      gst: 179.82,
      finalPrice: 1179,
      costPerDay: 999,
      costPerMonth: 999,
    });
  });

  it('lists QuikTrade QT01–QT06, Free and the add-on with product_type=qt', async () => {
    const res = await call('GET', '/api/v1/package-list?product_type=qt');
    const { packages } = PackageListSchema.parse(res.body.data);
    expect(packages.map((p) => `${p.id}:${p.breakdown?.discountPercent ?? '-'}`)).toEqual([
      'Free:-',
      'QT01:0',
      'QT02:17',
      'QT03:22',
      'QT04:0',
      'QT05:17',
      'QT06:34',
      'ADDON1:0',
    ]);
    expect(packages.every((p) => p.active === 0)).toBe(true);
    expect(packages.find((p) => p.id === 'Free')).toMatchObject({ purchasable: false, finalPrice: 0 });
  });

  it('refuses an unknown product type', async () => {
    expect((await call('GET', '/api/v1/package-list?product_type=fx')).status).toBe(400);
  });
});

describe('purchase with the built-in test checkout', () => {
  it('orders Starter at the server price, pays with the success card and activates 30 days', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Starter');
    expect(order).toMatchObject({
      packageId: 'Starter',
      amount: 117_900,
      currency: 'INR',
      provider: 'test',
      name: 'FNO Desk',
      prefill: { name: 'Asha Rao', email: user.email, contact: '+919876543210' },
      breakdown: { netPrice: 999, discount: 0, priceAfterDiscount: 999, gst: 179.82, finalPrice: 1179 },
    });
    expect(order.order_id).toMatch(/^order_[A-Za-z0-9]{14}$/);

    const checkout = await pay(user, order);
    expect(checkout.status).toBe(200);
    const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = checkout.body.data;
    expect(razorpayOrderId).toBe(order.order_id);
    // Exactly Razorpay's signature: HMAC-SHA256 of order_id|payment_id with the key secret.
    expect(razorpaySignature).toBe(
      createHmac('sha256', TEST_PAYMENT_SECRET).update(`${razorpayOrderId}|${razorpayPaymentId}`).digest('hex'),
    );

    const confirmed = await call('POST', '/api/v1/subscription-status', user, {
      ...checkout.body.data,
      promoCode: '',
    });
    expect(confirmed.status).toBe(200);
    const activation = SubscriptionActivationSchema.parse(confirmed.body.data);
    expect(activation.message).toBe('Thanks,Your Suscription has been Activated');
    expect(Date.parse(activation.packageEndTime) - Date.parse(activation.packageStartTime)).toBe(30 * DAY);
    expect(activation.packageStartTime).toBe(new Date(t.clock.now()).toISOString());
    expect(activation.entitlements).toMatchObject({
      activeSubscription: true,
      activeTradeSubscription: false,
      trialAllowed: false,
      subscriptionValidTill: activation.packageEndTime,
    });

    const check = await call('GET', '/api/v1/login-check', user);
    expect(check.body.data).toEqual({
      activeSubscription: true,
      activeTradeSubscription: false,
      brokerLoggedIn: false,
      accounts: 0,
    });

    const payments = SubscriptionPaymentsSchema.parse(
      (await call('GET', '/api/v1/subscription-payments', user)).body.data,
    );
    expect(payments.payments).toHaveLength(1);
    expect(payments.payments[0]).toMatchObject({
      packageId: 'Starter',
      amount: 1179,
      packageEndTime: activation.packageEndTime,
      receiptNumber: activation.receiptNumber,
    });
    expect(activation.receiptNumber).toMatch(/^FND-\d{6}$/);

    const subs = SubscriptionsSchema.parse((await call('GET', '/api/v1/subscriptions', user)).body.data);
    expect(subs.subscriptions[0]).toMatchObject({ planName: 'Starter', status: 'active', renewable: true });
  });

  it('reuses the pending order on Pay, and makes a new one after a declined card', async () => {
    const user = await signUpAndLogIn(t);
    const first = await initiate(user, 'Sixer');
    const again = await initiate(user, 'Sixer');
    expect(again.order_id).toBe(first.order_id);
    expect(first.amount).toBe(650_700);

    const declined = await pay(user, first, DECLINED_CARD);
    expect(declined.status).toBe(400);
    expect(declined.body).toMatchObject({ errorCode: 'PAYMENT_DECLINED' });
    const retry = await initiate(user, 'Sixer');
    expect(retry.order_id).not.toBe(first.order_id);
    expect((await pay(user, first)).body.errorCode).toBe('ORDER_NOT_PAYABLE');
  });

  it('makes a new order once the pending one has expired', async () => {
    let user = await signUpAndLogIn(t);
    const first = await initiate(user, 'Starter');
    t.clock.advance(31 * 60_000);
    user = await logInAgain(t, user);
    const second = await initiate(user, 'Starter');
    expect(second.order_id).not.toBe(first.order_id);
    expect((await pay(user, first)).body.errorCode).toBe('ORDER_NOT_PAYABLE');
  });

  it('refuses a card that is not a test card, a wrong number and an expired card', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Starter');
    expect((await pay(user, order, '5555 5555 5555 4444')).body.errorCode).toBe('PAYMENT_DECLINED');
    expect((await pay(user, order, '4111 1111 1111 1112')).body).toMatchObject({
      errorCode: 'VALIDATION_FAILED',
      field: 'cardNumber',
    });
    const expired = await call('POST', '/api/v1/test-checkout/pay', user, {
      orderId: order.order_id,
      amount: order.amount,
      cardNumber: SUCCESS_CARD,
      expiry: '01/20',
      cvv: '123',
      name: 'Asha',
    });
    expect(expired.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'expiry' });
  });

  it('starts a second purchase when the current validity ends', async () => {
    let user = await signUpAndLogIn(t);
    const first = await buy(user, 'Starter');
    t.clock.advance(5 * DAY);
    user = await logInAgain(t, user);
    const second = await buy(user, 'Starter');
    expect(second.activation.packageStartTime).toBe(first.activation.packageEndTime);
    expect(second.activation.entitlements.subscriptionValidTill).toBe(second.activation.packageEndTime);
  });

  it('serves a printable receipt with the GST breakup, only to its owner', async () => {
    const user = await signUpAndLogIn(t, { firstName: 'Meera', lastName: 'Iyer' });
    const { activation } = await buy(user, 'Professional');
    const res = await call('GET', `/api/v1/payment-receipts/${activation.paymentId}`, user);
    const receipt = ReceiptSchema.parse(res.body.data);
    expect(receipt).toMatchObject({
      receiptNumber: activation.receiptNumber,
      customer: { name: 'Meera Iyer', email: user.email },
      item: { planName: 'Professional', numberOfDays: 360 },
      amounts: {
        netPrice: 11_988,
        discount: 2397.6,
        priceAfterDiscount: 9590.4,
        gstPercent: 18,
        gst: 1726.27,
        cgst: 863.13,
        sgst: 863.14,
        total: 11_317,
      },
    });
    expect(receipt.amounts.roundOff).toBeCloseTo(0.33, 2);
    const stranger = await signUpAndLogIn(t);
    expect((await call('GET', `/api/v1/payment-receipts/${activation.paymentId}`, stranger)).status).toBe(404);
  });
});

describe('payment security (G6, T6)', () => {
  it('refuses a forged signature and a one-character tamper, activating nothing', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Starter');
    const forged = createHmac('sha256', 'not-the-secret').update(`${order.order_id}|pay_forged0000001`).digest('hex');
    const res = await call('POST', '/api/v1/subscription-status', user, {
      razorpayOrderId: order.order_id,
      razorpayPaymentId: 'pay_forged0000001',
      razorpaySignature: forged,
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('PAYMENT_SIGNATURE_INVALID');

    const good = (await pay(user, order)).body.data;
    const last = good.razorpaySignature.at(-1) === '0' ? '1' : '0';
    const tampered = await call('POST', '/api/v1/subscription-status', user, {
      ...good,
      razorpaySignature: `${good.razorpaySignature.slice(0, -1)}${last}`,
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.errorCode).toBe('PAYMENT_SIGNATURE_INVALID');
    expect(await subscriptionCount(user.userID)).toBe(0);
  });

  it('refuses a signature of one order presented for another (cross-order)', async () => {
    const user = await signUpAndLogIn(t);
    const starter = await initiate(user, 'Starter');
    const sixer = await initiate(user, 'Sixer');
    const paidStarter = (await pay(user, starter)).body.data;
    const res = await call('POST', '/api/v1/subscription-status', user, {
      ...paidStarter,
      razorpayOrderId: sixer.order_id,
    });
    expect(res.body.errorCode).toBe('PAYMENT_SIGNATURE_INVALID');
    expect(await subscriptionCount(user.userID)).toBe(0);
  });

  it('answers a replay by the same user with the same result and activates once', async () => {
    const user = await signUpAndLogIn(t);
    const { checkout, activation } = await buy(user, 'Starter');
    const replays = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/v1/subscription-status', user, checkout)),
    );
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(SubscriptionActivationSchema.parse(replay.body.data)).toMatchObject({
        paymentId: activation.paymentId,
        packageEndTime: activation.packageEndTime,
      });
    }
    expect(await subscriptionCount(user.userID)).toBe(1);
  });

  it("refuses a replay of someone else's payment", async () => {
    const owner = await signUpAndLogIn(t);
    const thief = await signUpAndLogIn(t);
    const { checkout } = await buy(owner, 'Starter');
    const res = await call('POST', '/api/v1/subscription-status', thief, checkout);
    expect(res.status).toBe(404);
    expect(await subscriptionCount(thief.userID)).toBe(0);
  });

  it('activates once when many confirmations of one payment race', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Professional');
    const checkout = (await pay(user, order)).body.data;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', '/api/v1/subscription-status', user, checkout)),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([200]));
    expect(await subscriptionCount(user.userID)).toBe(1);
  });

  it('refuses a tampered amount at the checkout and never takes a price from the client', async () => {
    const user = await signUpAndLogIn(t);
    const order = await initiate(user, 'Professional');
    const tampered = await pay(user, order, SUCCESS_CARD, 100);
    expect(tampered.status).toBe(400);
    expect(tampered.body.errorCode).toBe('AMOUNT_MISMATCH');

    const withPrice = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Professional',
      amount: 100,
    });
    expect(withPrice.status).toBe(400);
    expect(withPrice.body.errorCode).toBe('VALIDATION_FAILED');
  });

  it('needs a session for every purchase call', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/initiate-subscription'],
      ['POST', '/api/v1/subscription-status'],
      ['POST', '/api/v1/promo-code'],
      ['GET', '/api/v1/start-user-trial?product_type=d'],
      ['GET', '/api/v1/subscription-payments'],
      ['GET', '/api/v1/subscriptions'],
      ['GET', '/data/v1/referral-earnings'],
      ['POST', '/api/v1/test-checkout/pay'],
    ] as const) {
      const res = await call(method, url, undefined, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(403);
      expect(res.body.errorCode).toBe('SESSION_EXPIRED');
    }
  });
});

describe('promo codes (spec §5, T18)', () => {
  it('checks a code lower-cased and lists the plans it reduces, with their prices', async () => {
    const user = await signUpAndLogIn(t);
    const res = await call('POST', '/api/v1/promo-code', user, { packageId: 'Starter', promoCode: 'welcome10' });
    const result = PromoResultSchema.parse(res.body.data);
    expect(result).toMatchObject({ isValidPromo: true, promoCode: 'WELCOME10', finalPrice: 1061, reason: null });
    expect(result.plans.map((p) => p.packageId)).toEqual(['Starter', 'Sixer', 'Professional']);
    expect(result.plans[0]).toMatchObject({ price: 899.1, promoDiscount: 99.9, gst: 161.84, finalPrice: 1061 });
    expect(result.plans[0]?.breakdown.savedPercent).toBe(10);
  });

  it('has no entry for a plan the code does not reduce (the Trial pass)', async () => {
    const user = await signUpAndLogIn(t);
    const result = PromoResultSchema.parse(
      (await call('POST', '/api/v1/promo-code', user, { packageId: 'Trial', promoCode: 'welcome10' })).body.data,
    );
    expect(result.isValidPromo).toBe(true);
    expect(result.finalPrice).toBeNull();
    expect(result.plans.some((p) => p.packageId === 'Trial')).toBe(false);
    const order = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Trial',
      promoCode: 'WELCOME10',
    });
    expect(order.body).toMatchObject({
      errorCode: 'PROMO_NOT_APPLICABLE',
      error: 'Promo code WELCOME10 not valid for the seleted Plan ',
    });
  });

  it('answers an unknown code as not valid', async () => {
    const user = await signUpAndLogIn(t);
    const result = PromoResultSchema.parse(
      (await call('POST', '/api/v1/promo-code', user, { packageId: 'Starter', promoCode: 'nosuch' })).body.data,
    );
    expect(result).toMatchObject({ isValidPromo: false, plans: [], reason: 'PROMO_INVALID' });
    const order = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Starter',
      promoCode: 'NOSUCH',
    });
    expect(order.body).toMatchObject({ errorCode: 'PROMO_INVALID', error: BILLING_MESSAGES.promoNotValid });
  });

  it('orders with a promo at the reduced price, and the payment redeems it (first period only, once per user)', async () => {
    const user = await signUpAndLogIn(t);
    const { order, activation } = await buy(user, 'Starter', 'WELCOME10');
    expect(order).toMatchObject({ amount: 106_100, promoCode: 'WELCOME10' });
    expect(order.breakdown).toMatchObject({ promoDiscount: 99.9, totalDiscount: 99.9, savedPercent: 10 });
    expect(activation.packageId).toBe('Starter');
    const again = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Sixer',
      promoCode: 'welcome10',
    });
    expect(again.body.errorCode).toBe('PROMO_EXHAUSTED');
    expect(again.body.error).toBe('You have already used this promo code.');
  });

  it('says why a code is not valid when this user has used it up, and when everyone has', async () => {
    const user = await signUpAndLogIn(t);
    await buy(user, 'Starter', 'WELCOME10');
    const check = async (who: typeof user, code: string) =>
      PromoResultSchema.parse(
        (await call('POST', '/api/v1/promo-code', who, { packageId: 'Sixer', promoCode: code })).body.data,
      );
    expect(await check(user, 'welcome10')).toMatchObject({ isValidPromo: false, reason: 'PROMO_USED' });
    await addPromo({ code: 'ONCEEVER', maxRedemptions: 1 });
    await buy(await signUpAndLogIn(t), 'Starter', 'ONCEEVER');
    const other = await signUpAndLogIn(t);
    expect(await check(other, 'onceever')).toMatchObject({ isValidPromo: false, reason: 'PROMO_EXHAUSTED' });
  });

  it('refuses an expired code and one not yet valid', async () => {
    const now = t.clock.now();
    await addPromo({ code: 'OLDOFFER', validUntil: new Date(now - DAY) });
    await addPromo({ code: 'NEXTWEEK', validFrom: new Date(now + 7 * DAY) });
    const user = await signUpAndLogIn(t);
    const expired = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Starter',
      promoCode: 'oldoffer',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.errorCode).toBe('PROMO_EXPIRED');
    const check = PromoResultSchema.parse(
      (await call('POST', '/api/v1/promo-code', user, { packageId: 'Starter', promoCode: 'oldoffer' })).body.data,
    );
    expect(check).toMatchObject({ isValidPromo: false, reason: 'PROMO_EXPIRED' });
    const early = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'Starter',
      promoCode: 'NEXTWEEK',
    });
    expect(early.body.errorCode).toBe('PROMO_INVALID');
  });

  it('applies a flat code only to its packages', async () => {
    await addPromo({
      code: 'FLAT200',
      kind: 'flat',
      percentBasisPoints: null,
      flatPaise: 20_000,
      packageIds: ['QT01'],
    });
    const user = await signUpAndLogIn(t);
    const result = PromoResultSchema.parse(
      (await call('POST', '/api/v1/promo-code', user, { packageId: 'QT01', promoCode: 'flat200', productType: 'qt' }))
        .body.data,
    );
    expect(result.plans.map((p) => p.packageId)).toEqual(['QT01']);
    expect(result.plans[0]).toMatchObject({ promoDiscount: 200, price: 1299 });
    const wrong = await call('POST', '/api/v1/initiate-subscription', user, {
      packageId: 'QT04',
      promoCode: 'FLAT200',
    });
    expect(wrong.body.errorCode).toBe('PROMO_NOT_APPLICABLE');
  });

  it('lets exactly one of fifty simultaneous orders have a single-use code', async () => {
    await addPromo({ code: 'ONLYONE', maxRedemptions: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const [row] = await t.database.db
        .insert(schema.users)
        .values({
          email: `race.${i}@example.in`,
          firstName: 'Race',
          lastName: String(i),
          mobile: '+919800000000',
          websocketChannel: `race-${i}`,
        })
        .returning();
      ids.push(row!.id);
    }
    const results = await Promise.allSettled(
      ids.map((id) => t.app.billing.service.initiate(id, { packageId: 'Starter', promoCode: 'onlyone' })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    for (const r of lost) expect((r.reason as { errorCode?: string }).errorCode).toBe('PROMO_EXHAUSTED');
  });

  it('frees a held code once its order can no longer be paid', async () => {
    await addPromo({ code: 'SOLOHOLD', maxRedemptions: 1 });
    const first = await signUpAndLogIn(t);
    const second = await signUpAndLogIn(t);
    const held = await initiate(first, 'Starter', 'SOLOHOLD');
    const blocked = await call('POST', '/api/v1/initiate-subscription', second, {
      packageId: 'Starter',
      promoCode: 'SOLOHOLD',
    });
    expect(blocked.body.errorCode).toBe('PROMO_EXHAUSTED');
    expect((await pay(first, held, DECLINED_CARD)).body.errorCode).toBe('PAYMENT_DECLINED');
    await initiate(second, 'Starter', 'SOLOHOLD');
  });
});

describe('free trials', () => {
  it('activates the Discover trial once; a second is refused with the spec message', async () => {
    const user = await signUpAndLogIn(t);
    const res = await call('GET', '/api/v1/start-user-trial?product_type=d', user);
    expect(res.status).toBe(200);
    const trial = TrialActivationSchema.parse(res.body.data);
    expect(trial.message).toBe('Thanks, Discover Free Trial has been Activated');
    expect(Date.parse(trial.validTill) - t.clock.now()).toBe(7 * DAY);
    expect(trial.entitlements).toMatchObject({
      activeSubscription: true,
      trialAllowed: false,
      tradeTrailAllowed: true,
    });

    const again = await call('GET', '/api/v1/start-user-trial?product_type=d', user);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      errorCode: 'TRIAL_USED',
      error: 'Free Trial is provided once per user and you have used it. Please purchase a Plan to continue.',
    });
  });

  it('activates the QuikTrade trial once, with its own messages', async () => {
    const user = await signUpAndLogIn(t);
    const trial = TrialActivationSchema.parse(
      (await call('GET', '/api/v1/start-user-trial?product_type=qt', user)).body.data,
    );
    expect(trial.message).toBe('Thanks, QuikTrade Free Trial has been Activated');
    expect(trial.entitlements).toMatchObject({ activeTradeSubscription: true, tradeTrailAllowed: false, accounts: 0 });
    const again = await call('GET', '/api/v1/start-user-trial?product_type=qt', user);
    expect(again.body.error).toBe(
      'Trial can be availed only once per user and you have already availed it. Please consider purchasing a plan to continue.',
    );
  });

  it('keeps the trial used after it ends, and refuses it while a plan runs', async () => {
    let user = await signUpAndLogIn(t);
    await call('GET', '/api/v1/start-user-trial?product_type=d', user);
    t.clock.advance(8 * DAY);
    user = await logInAgain(t, user);
    const login = await call<{ trialAllowed: boolean; activeSubscription: boolean }>(
      'GET',
      '/api/v1/login-check',
      user,
    );
    expect(login.body.data.activeSubscription).toBe(false);
    expect((await call('GET', '/api/v1/start-user-trial?product_type=d', user)).body.errorCode).toBe('TRIAL_USED');

    const buyer = await signUpAndLogIn(t);
    await buy(buyer, 'Starter');
    const refused = await call('GET', '/api/v1/start-user-trial?product_type=d', buyer);
    expect(refused.body.errorCode).toBe('ALREADY_SUBSCRIBED');
  });

  it('grants one trial when many requests race (the database enforces it)', async () => {
    const user = await signUpAndLogIn(t);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => call('GET', '/api/v1/start-user-trial?product_type=d', user)),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.errorCode === 'TRIAL_USED')).toHaveLength(7);
    expect(await subscriptionCount(user.userID)).toBe(1);
  });

  it('sells the Trial as a paid 7-day pass for 499.00', async () => {
    const user = await signUpAndLogIn(t);
    const { order, activation } = await buy(user, 'Trial');
    expect(order.breakdown).toMatchObject({ netPrice: 423, gst: 76, finalPrice: 499 });
    expect(Date.parse(activation.packageEndTime) - Date.parse(activation.packageStartTime)).toBe(7 * DAY);
  });
});

describe('entitlements', () => {
  it('counts tradable accounts from the QuikTrade plan plus add-ons; an add-on needs a plan (402)', async () => {
    const user = await signUpAndLogIn(t);
    const refused = await call('POST', '/api/v1/initiate-subscription', user, { packageId: 'ADDON1' });
    expect(refused.status).toBe(402);
    expect(refused.body.errorCode).toBe('PLAN_REQUIRED');

    const plan = await buy(user, 'QT04');
    expect(plan.activation.entitlements).toMatchObject({ activeTradeSubscription: true, accounts: 1 });
    const addOn = await buy(user, 'ADDON1');
    expect(addOn.activation.entitlements.accounts).toBe(2);
    const login = await call('POST', '/api/v1/user-login', undefined, {
      email: user.email,
      password: 'Nifty@Expiry-Tuesday9',
    });
    expect(login.body.data).toMatchObject({ activeTradeSubscription: true, accounts: 2, tradeTrailAllowed: false });
  });
});

describe('renewal', () => {
  it('mails a pay link before expiry; paying it extends from the end; cancelling stops it', async () => {
    let user = await signUpAndLogIn(t);
    const { activation } = await buy(user, 'Starter');
    const subs = SubscriptionsSchema.parse((await call('GET', '/api/v1/subscriptions', user)).body.data);
    const id = subs.subscriptions[0]!.id;
    const on = await call('PUT', `/api/v1/subscriptions/${id}`, user, { autoRenew: true });
    expect(on.body.data).toMatchObject({ autoRenew: true });

    expect(await t.app.billing.runRenewals()).toBe(0);
    t.clock.advance(28 * DAY);
    user = await logInAgain(t, user);
    expect(await t.app.billing.runRenewals()).toBeGreaterThanOrEqual(1);
    expect(await t.app.billing.runRenewals()).toBe(0);

    await t.app.accounts.service.settled();
    const mails = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<MailboxEntry[]>();
    const mail = mails.find((m) => m.to === user.email && m.kind === 'renewal-due');
    expect(mail?.subject).toBe('Renew your FNO Desk Discover Starter plan');
    const link = mail?.links.find((l) => l.includes('/payment?order='));
    const orderId = new URL(link ?? 'http://x').searchParams.get('order') ?? '';

    const order = SubscriptionOrderSchema.parse(
      (await call('GET', `/api/v1/payment-orders/${orderId}`, user)).body.data,
    );
    expect(order).toMatchObject({ amount: 117_900, promoCode: null, packageId: 'Starter' });
    const checkout = (await pay(user, order)).body.data;
    const renewed = SubscriptionActivationSchema.parse(
      (await call('POST', '/api/v1/subscription-status', user, checkout)).body.data,
    );
    expect(renewed.packageStartTime).toBe(activation.packageEndTime);
    expect((await call('GET', `/api/v1/payment-orders/${orderId}`, user)).body.errorCode).toBe('ORDER_NOT_PAYABLE');

    const latest = SubscriptionsSchema.parse((await call('GET', '/api/v1/subscriptions', user)).body.data)
      .subscriptions[0]!;
    expect(latest).toMatchObject({ status: 'upcoming', autoRenew: true });
    const off = await call('PUT', `/api/v1/subscriptions/${latest.id}`, user, { autoRenew: false });
    expect(off.body.data).toMatchObject({ autoRenew: false });
  });

  it('does not let a trial auto-renew, nor another user change a subscription', async () => {
    const user = await signUpAndLogIn(t);
    await call('GET', '/api/v1/start-user-trial?product_type=d', user);
    const trial = SubscriptionsSchema.parse((await call('GET', '/api/v1/subscriptions', user)).body.data)
      .subscriptions[0]!;
    expect(trial.renewable).toBe(false);
    expect((await call('PUT', `/api/v1/subscriptions/${trial.id}`, user, { autoRenew: true })).status).toBe(400);
    const other = await signUpAndLogIn(t);
    expect((await call('PUT', `/api/v1/subscriptions/${trial.id}`, other, { autoRenew: false })).status).toBe(404);
  });
});

describe('referrals', () => {
  it('gives each user a code and link, and credits a share of referred users’ payments', async () => {
    const referrer = await signUpAndLogIn(t);
    const first = await call<{ referralCode: string; referralLink: string; percent: number }>(
      'GET',
      '/data/v1/referral-earnings',
      referrer,
    );
    const { referralCode } = first.body.data;
    expect(referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.body.data.referralLink).toBe(`http://localhost:8080/authentication/register?rc=${referralCode}`);

    const friend = await signUpAndLogIn(t, {
      referralId: referralCode.toLowerCase(),
      firstName: 'Vikram',
      lastName: 'Shah',
    });
    await buy(friend, 'Starter');
    const res = await call<{
      signups: number;
      payingUsers: number;
      totalEarnings: number;
      earnings: { referredUser: string; planName: string; base: number; earning: number }[];
    }>('GET', '/data/v1/referral-earnings', referrer);
    expect(res.body.data).toMatchObject({ signups: 1, payingUsers: 1, totalEarnings: 99.9 });
    expect(res.body.data.earnings[0]).toEqual(
      expect.objectContaining({ referredUser: 'Vikram S.', planName: 'Starter', base: 999, earning: 99.9 }),
    );
    const again = await call<{ referralCode: string }>('GET', '/data/v1/referral-earnings', referrer);
    expect(again.body.data.referralCode).toBe(referralCode);
  });
});

describe('payment-config', () => {
  it('describes the built-in test checkout and its cards', async () => {
    const res = await call('GET', '/api/v1/payment-config');
    expect(res.body.data).toMatchObject({
      provider: 'test',
      checkoutScriptUrl: null,
      testCards: [
        { number: '4111111111111111', outcome: 'success' },
        { number: '4000000000000002', outcome: 'declined' },
      ],
      support: { email: 'support@fnodesk.local' },
    });
  });
});
