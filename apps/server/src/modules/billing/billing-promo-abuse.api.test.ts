import { randomBytes } from 'node:crypto';
import { SubscriptionOrderSchema, type CheckoutSuccess, type SubscriptionOrder } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, logInAgain, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, TEST_PAYMENT_SECRET, type TestApp } from '../../../test/test-app';
import { isAppError } from '../../platform/errors';
import { checkoutSignature } from './payment-signature';

// The promo double-redemption attack: a success signature is kept, the same order is then failed with the decline
// card (its promo hold released), the promo is taken again for a second order, and both are confirmed.

const SUCCESS_CARD = '4111 1111 1111 1111';
const DECLINED_CARD = '4000 0000 0000 0002';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '10000', LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '100000', ROLES: 'api,gateway' },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, user: SignedInUser, body?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: authHeaders(user),
    ...(body !== undefined ? { payload: body as object } : {}),
  });
  return { status: res.statusCode, body: res.json<{ data: unknown; errorCode?: string; error?: string }>() };
}

async function initiate(user: SignedInUser, packageId: string, promoCode?: string) {
  const res = await call('POST', '/api/v1/initiate-subscription', user, {
    packageId,
    ...(promoCode ? { promoCode } : {}),
  });
  return { ...res, order: res.status === 200 ? SubscriptionOrderSchema.parse(res.body.data) : undefined };
}

function pay(user: SignedInUser, order: SubscriptionOrder, card: string) {
  return call('POST', '/api/v1/test-checkout/pay', user, {
    orderId: order.order_id,
    amount: order.amount,
    cardNumber: card,
    expiry: '12/30',
    cvv: '123',
    name: 'Asha Rao',
  });
}

function confirm(user: SignedInUser, checkout: CheckoutSuccess) {
  return call('POST', '/api/v1/subscription-status', user, checkout);
}

/** A checkout signature as the provider makes it, for a payment the provider says it captured. */
function providerSigned(order: SubscriptionOrder): CheckoutSuccess {
  const paymentId = `pay_${randomBytes(7).toString('hex')}`;
  return {
    razorpayPaymentId: paymentId,
    razorpayOrderId: order.order_id,
    razorpaySignature: checkoutSignature(order.order_id, paymentId, TEST_PAYMENT_SECRET),
  };
}

/** The user's paid orders that carry `code`: each one is a redemption. */
async function paidWithPromo(userId: string, code: string) {
  return t.database.db
    .select()
    .from(schema.paymentOrders)
    .where(
      and(
        eq(schema.paymentOrders.userId, userId),
        eq(schema.paymentOrders.promoCode, code),
        eq(schema.paymentOrders.status, 'paid'),
      ),
    );
}

async function subscriptionsOf(userId: string) {
  return t.database.db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
}

describe('promo double redemption through a failed order (issue sequence)', () => {
  it('does not let a kept success signature confirm a promo order after the promo was taken again', async () => {
    const user = await signUpAndLogIn(t);
    const starter = await initiate(user, 'Starter', 'WELCOME10');
    expect(starter.status, JSON.stringify(starter.body)).toBe(200);
    const orderA = starter.order!;
    const kept = await pay(user, orderA, SUCCESS_CARD);
    expect(kept.status).toBe(200);
    await pay(user, orderA, DECLINED_CARD);

    const sixer = await initiate(user, 'Sixer', 'WELCOME10');
    if (sixer.order) {
      const paidB = await pay(user, sixer.order, SUCCESS_CARD);
      if (paidB.status === 200) await confirm(user, paidB.body.data as CheckoutSuccess);
    }
    const confirmedA = await confirm(user, kept.body.data as CheckoutSuccess);

    // The money for A was captured first, so A is the one that keeps the promo.
    expect(confirmedA.status, JSON.stringify(confirmedA.body)).toBe(200);
    expect(sixer.status).toBe(409);
    expect(sixer.body.errorCode).toBe('PROMO_EXHAUSTED');
    expect(await paidWithPromo(user.userID, 'WELCOME10')).toHaveLength(1);
  });

  it('answers the decline card on an order whose payment was captured as already paid, keeping the hold', async () => {
    await t.database.db.insert(schema.promoCodes).values({
      code: 'KEEPHOLD',
      kind: 'percent',
      percentBasisPoints: 1000,
      maxRedemptions: 1,
    });
    const user = await signUpAndLogIn(t);
    const other = await signUpAndLogIn(t);
    const { order } = await initiate(user, 'Starter', 'KEEPHOLD');
    expect((await pay(user, order!, SUCCESS_CARD)).status).toBe(200);
    const declined = await pay(user, order!, DECLINED_CARD);
    expect(declined.status).toBe(409);
    expect(declined.body.errorCode).toBe('ORDER_NOT_PAYABLE');
    const taken = await initiate(other, 'Starter', 'KEEPHOLD');
    expect(taken.body.errorCode).toBe('PROMO_EXHAUSTED');
  });
});

describe('confirming a closed order', () => {
  it('refuses a validly signed payment for an order the decline card failed, activating nothing', async () => {
    const user = await signUpAndLogIn(t);
    const { order } = await initiate(user, 'Professional');
    expect((await pay(user, order!, DECLINED_CARD)).body.errorCode).toBe('PAYMENT_DECLINED');
    const res = await confirm(user, providerSigned(order!));
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.errorCode).toBe('ORDER_NOT_PAYABLE');
    expect(await subscriptionsOf(user.userID)).toHaveLength(0);
  });

  it('refuses a validly signed payment for an expired promo order once the promo went to someone else', async () => {
    await t.database.db.insert(schema.promoCodes).values({
      code: 'LATEONE',
      kind: 'percent',
      percentBasisPoints: 1000,
      maxRedemptions: 1,
    });
    let late = await signUpAndLogIn(t);
    let prompt = await signUpAndLogIn(t);
    const { order: lateOrder } = await initiate(late, 'Starter', 'LATEONE');
    t.clock.advance(31 * 60_000);
    late = await logInAgain(t, late);
    prompt = await logInAgain(t, prompt);
    const { order: promptOrder } = await initiate(prompt, 'Starter', 'LATEONE');
    const paid = await pay(prompt, promptOrder!, SUCCESS_CARD);
    expect((await confirm(prompt, paid.body.data as CheckoutSuccess)).status).toBe(200);

    const res = await confirm(late, providerSigned(lateOrder!));
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.errorCode).toBe('ORDER_NOT_PAYABLE');
    const redeemed = await t.database.db
      .select()
      .from(schema.promoRedemptions)
      .where(and(eq(schema.promoRedemptions.code, 'LATEONE'), isNotNull(schema.promoRedemptions.redeemedAt)));
    expect(redeemed).toHaveLength(1);
  });
});

describe('promo caps under concurrent mixed attempts', () => {
  const card = (cardNumber: string) => ({ cardNumber, expiry: '12/30', cvv: '123', name: 'Rush Hour' });
  const packages = ['Starter', 'Sixer', 'Professional', 'QT01', 'QT02'];
  const expectedRefusals = new Set(['PROMO_EXHAUSTED', 'ORDER_NOT_PAYABLE', 'PAYMENT_DECLINED']);

  async function addUsers(tag: string, count: number): Promise<string[]> {
    const users: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const [row] = await t.database.db
        .insert(schema.users)
        .values({
          email: `${tag}.${i}@example.in`,
          firstName: 'Rush',
          lastName: String(i),
          mobile: '+919800000000',
          websocketChannel: `${tag}-${i}`,
        })
        .returning();
      users.push(row!.id);
    }
    return users;
  }

  /**
   * 50 attempts by 10 users over 5 packages, `waves` at a time: order with the promo, then the success card
   * (signature kept), the decline card, or both; then every kept signature is confirmed at once.
   */
  async function rush(code: string, users: string[], waveSize: number) {
    const billing = t.app.billing.service;
    const unexpected: unknown[] = [];
    const refusedOr = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await work();
      } catch (error) {
        if (!isAppError(error) || !expectedRefusals.has(error.errorCode)) unexpected.push(error);
        return undefined;
      }
    };
    const attempts = Array.from({ length: 50 }, (_, i) => ({
      userId: users[i % users.length]!,
      packageId: packages[Math.floor(i / users.length) % packages.length]!,
      mode: (['success', 'decline', 'both'] as const)[i % 3]!,
    }));
    const attempt = async (a: (typeof attempts)[number]) => {
      const order = await refusedOr(() => billing.initiate(a.userId, { packageId: a.packageId, promoCode: code }));
      if (!order) return undefined;
      const pay = (cardNumber: string) =>
        refusedOr(() =>
          billing.testCheckoutPay(a.userId, { orderId: order.order_id, amount: order.amount, ...card(cardNumber) }),
        );
      const signed = a.mode === 'decline' ? undefined : await pay('4111111111111111');
      if (a.mode !== 'success') await pay('4000000000000002');
      return signed ? { userId: a.userId, signed } : undefined;
    };
    const kept: ({ userId: string; signed: CheckoutSuccess } | undefined)[] = [];
    for (let from = 0; from < attempts.length; from += waveSize) {
      kept.push(...(await Promise.all(attempts.slice(from, from + waveSize).map(attempt))));
    }
    await Promise.all(
      kept.map((k, i) =>
        k ? refusedOr(() => billing.confirmCheckout(k.userId, k.signed, `${code}-${i}`)) : Promise.resolve(undefined),
      ),
    );
    return unexpected;
  }

  async function expectCapsHeld(code: string, users: string[], globalCap: number) {
    let total = 0;
    for (const userId of users) {
      const paid = await paidWithPromo(userId, code);
      expect(paid.length).toBeLessThanOrEqual(1);
      total += paid.length;
    }
    expect(total).toBeLessThanOrEqual(globalCap);
    const redeemed = await t.database.db
      .select()
      .from(schema.promoRedemptions)
      .where(and(eq(schema.promoRedemptions.code, code), isNotNull(schema.promoRedemptions.redeemedAt)));
    // Every captured payment whose signature was kept got confirmed: a capture is never lost to a later decline.
    expect(redeemed).toHaveLength(total);
    expect(total).toBeGreaterThan(0);
  }

  it('keeps once per user and the global cap over 50 concurrent success/decline attempts with kept signatures', async () => {
    await t.database.db
      .insert(schema.promoCodes)
      .values({ code: 'RUSHHOUR', kind: 'percent', percentBasisPoints: 1000, maxRedemptions: 4 });
    const users = await addUsers('rush', 10);
    expect(await rush('RUSHHOUR', users, 50)).toEqual([]);
    await expectCapsHeld('RUSHHOUR', users, 4);
  });

  it('keeps both caps when the 50 attempts come in waves of 10, declines freeing holds between waves', async () => {
    await t.database.db
      .insert(schema.promoCodes)
      .values({ code: 'RUSHWAVE', kind: 'percent', percentBasisPoints: 1000, maxRedemptions: 4 });
    const users = await addUsers('wave', 10);
    expect(await rush('RUSHWAVE', users, 10)).toEqual([]);
    await expectCapsHeld('RUSHWAVE', users, 4);
  });
});
