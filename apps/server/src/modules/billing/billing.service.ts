import { randomBytes } from 'node:crypto';
import {
  BILLING_MESSAGES,
  PRODUCT_NAMES,
  PROMO_REFUSAL_MESSAGES,
  type PromoRefusal,
  type CheckoutSuccess,
  type Package,
  type ProductType,
  type PromoResult,
  type Receipt,
  type SubscriptionActivation,
  type SubscriptionEntry,
  type SubscriptionOrder,
  type SubscriptionPayment,
  type TestCheckoutRequestSchema,
  type TrialActivation,
} from '@fnodesk/contracts';
import {
  DAYS_PER_MONTH,
  GST_PERCENT,
  daysToMs,
  paiseToRupees,
  periodFor,
  wholePercent,
  type PriceBreakdown,
} from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { isUniqueViolation } from '@fnodesk/db';
import { AppError, errors } from '../../platform/errors';
import type { BillingEntitlements } from './billing-entitlements';
import {
  breakdownOf,
  isPurchasable,
  normalisePromoCode,
  promoAppliesTo,
  promoRuleOf,
  promoValidity,
  toWireBreakdown,
  toWirePackage,
} from './billing-catalogue';
import {
  type BillingQueries,
  type BillingRepository,
  type OrderRow,
  type PackageRow,
  type PayerRow,
  type PaymentDetailRow,
  type PromoRow,
  type SubscriptionRow,
} from './billing.repository';
import type { PaymentProvider } from './payment-provider';
import { TEST_CARDS, type TestPaymentProvider } from './test-payment-provider';

const MINUTE = 60_000;
/** How long a purchase order (and the promo it holds) can be paid before Pay makes a new one. */
export const ORDER_LIFETIME_MS = 30 * MINUTE;
/** How long before a period ends its renewal order is made and the pay link mailed. */
export const RENEWAL_NOTICE_MS = daysToMs(3);
/** How long after the period's end a renewal order can still be paid. */
export const RENEWAL_GRACE_MS = daysToMs(7);

/** Messages of this module that people read (besides the spec's, in `BILLING_MESSAGES`). */
export const BILLING_TEXT = {
  planNotSold: 'This plan cannot be bought. Please choose another plan.',
  alreadySubscribed: (product: ProductType) => `You already have an active ${PRODUCT_NAMES[product]} plan.`,
  signatureInvalid: 'The payment could not be verified. If money was taken, it will be credited once confirmed.',
  webhookSignatureInvalid: 'The webhook signature is not valid.',
  amountMismatch: 'The amount does not match the order.',
  orderPaid: 'This order has already been paid.',
  orderClosed: 'This order can no longer be paid. Please press Pay again.',
  cardDeclined: 'Your card was declined by the bank. No money was taken.',
  notATestCard: 'This test checkout accepts only its test cards: use 4111 1111 1111 1111.',
  cardExpired: 'Your card has expired',
  cardNumberInvalid: 'Enter a valid card number',
  notRenewable: 'This subscription cannot renew.',
} as const;

/** A webhook body as Razorpay sends it; only the fields used here are read. */
const WebhookBodySchema = z.object({
  event: z.string().max(100),
  payload: z.object({
    payment: z
      .object({
        entity: z.object({
          id: z.string().min(1).max(64),
          order_id: z.string().max(64).nullable().optional(),
          amount: z.number().int().nonnegative(),
          currency: z.string().max(8),
          status: z.string().max(32),
        }),
      })
      .optional(),
  }),
});

/**
 * What the webhook did with a delivery. `refused`: a capture for an order that had failed or expired; nothing is
 * activated and the payment is audited (`payment_refused_order_closed`) for a refund.
 */
export type WebhookOutcome = 'duplicate' | 'activated' | 'failed' | 'ignored' | 'refused';

/** A renewal order made for a subscription about to end, with what its pay-link mail needs. */
export interface RenewalDue {
  order: OrderRow;
  pkg: PackageRow;
  payer: PayerRow;
  subscription: SubscriptionRow;
}

/** Everything the billing service needs. */
export interface BillingServiceDeps {
  repository: BillingRepository;
  entitlements: BillingEntitlements;
  provider: PaymentProvider;
  /** Present when the built-in test checkout takes the payments. */
  testProvider: TestPaymentProvider | null;
  clock: { now(): number };
  logger: FastifyBaseLogger;
  merchantName: string;
  /** Share of a referred user's payment (before GST) credited to the referrer, in percent. */
  referralPercent: number;
  support: { email: string; phone: string };
  /** Told after a period starts (payment or trial), so live connections pick up the new data tier at once. */
  onSubscriptionStarted?: (userId: string) => void;
}

/** Whether a payment may still be accepted for `order` at `at`: captured already, or pending and unexpired. */
function acceptsPayment(order: OrderRow, at: Date): boolean {
  return order.status === 'captured' || (order.status === 'created' && order.expiresAt > at);
}

function refuseRefusal(reason: PromoRefusal): AppError {
  if (reason === 'PROMO_EXPIRED') return new AppError('PROMO_EXPIRED', PROMO_REFUSAL_MESSAGES.PROMO_EXPIRED);
  // A code this user has used up is refused with the exhausted code (stable for clients) and its own message.
  if (reason === 'PROMO_EXHAUSTED' || reason === 'PROMO_USED') {
    return new AppError('PROMO_EXHAUSTED', PROMO_REFUSAL_MESSAGES[reason]);
  }
  return new AppError('PROMO_INVALID', PROMO_REFUSAL_MESSAGES.PROMO_INVALID, { field: 'promoCode' });
}

/** The price table stored with an order, as the domain describes it. */
function orderBreakdown(order: OrderRow): PriceBreakdown {
  const totalDiscountPaise = order.discountPaise + order.promoDiscountPaise;
  return {
    netPaise: order.netPaise,
    discountPaise: order.discountPaise,
    promoDiscountPaise: order.promoDiscountPaise,
    totalDiscountPaise,
    savedPercent: wholePercent(totalDiscountPaise, order.netPaise),
    discountPercent: wholePercent(order.discountPaise, order.netPaise),
    priceAfterDiscountPaise: order.pricePaise,
    pricePerMonthPaise: Math.round((order.pricePaise * DAYS_PER_MONTH) / order.numberOfDays),
    gstPaise: order.gstPaise,
    totalPaise: order.amountPaise,
  };
}

/** Luhn checksum of a card number. */
function passesLuhn(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

/** Whether an MM/YY expiry has passed at `nowMs` (a card is valid to the end of its month, IST). */
function isExpired(expiry: string, nowMs: number): boolean {
  const [mm, yy] = expiry.split('/').map((part) => Number(part.trim()));
  const ist = new Date(nowMs + 330 * MINUTE);
  const year = 2000 + (yy ?? 0);
  const month = mm ?? 0;
  return year < ist.getUTCFullYear() || (year === ist.getUTCFullYear() && month < ist.getUTCMonth() + 1);
}

/** Plans, promo codes, orders, checkout verification and activation, trials, subscriptions and receipts. */
export function createBillingService(deps: BillingServiceDeps) {
  const { repository, provider, clock, logger } = deps;
  const now = () => new Date(clock.now());

  async function requirePackage(id: string, product?: ProductType): Promise<PackageRow> {
    const pkg = await repository.findPackage(id);
    if (!pkg || !pkg.active || (product !== undefined && pkg.product !== product)) {
      throw errors.notFound('The plan');
    }
    return pkg;
  }

  async function requirePayer(userId: string): Promise<PayerRow> {
    const payer = await repository.findPayer(userId);
    if (!payer) throw errors.sessionExpired();
    return payer;
  }

  function toWireOrder(order: OrderRow, pkg: PackageRow, payer: PayerRow): SubscriptionOrder {
    return {
      packageId: pkg.id,
      amount: order.amountPaise,
      currency: 'INR',
      name: deps.merchantName,
      description: `${pkg.planType} · ${order.numberOfDays} days`,
      order_id: order.providerOrderId,
      key: provider.keyId,
      provider: order.provider,
      receipt: order.receipt,
      prefill: { name: `${payer.firstName} ${payer.lastName}`.trim(), email: payer.email, contact: payer.mobile },
      plan: {
        id: pkg.id,
        planName: pkg.planName,
        planType: pkg.planType,
        product: pkg.product,
        kind: pkg.kind,
        numberOfDays: order.numberOfDays,
      },
      promoCode: order.promoCode,
      breakdown: toWireBreakdown(orderBreakdown(order)),
      expiresAt: order.expiresAt.toISOString(),
    };
  }

  /** The promo's caps at `at`, under the promo row's lock when called inside a transaction. */
  /** Whether the promo's caps refuse this user at `at`, under the promo row's lock when called in a transaction. */
  async function capsRefusal(
    tx: BillingQueries,
    promo: PromoRow,
    userId: string,
    at: Date,
  ): Promise<'PROMO_EXHAUSTED' | 'PROMO_USED' | null> {
    const uses = await tx.promoUses(promo.code, userId, at);
    if (promo.maxRedemptions !== null && uses.total >= promo.maxRedemptions) return 'PROMO_EXHAUSTED';
    return uses.byUser >= promo.maxPerUser ? 'PROMO_USED' : null;
  }

  /** The promo's caps at `at`: throws the refusal when they are reached. */
  async function checkCaps(tx: BillingQueries, promo: PromoRow, userId: string, at: Date): Promise<void> {
    const refusal = await capsRefusal(tx, promo, userId, at);
    if (refusal !== null) throw refuseRefusal(refusal);
  }

  async function newProviderOrder(pkg: PackageRow, userId: string, amountPaise: number) {
    const receipt = `rcpt_${randomBytes(10).toString('hex')}`;
    const created = await provider.createOrder({
      amountPaise,
      currency: 'INR',
      receipt,
      notes: { packageId: pkg.id, userId },
    });
    return { providerOrderId: created.id, receipt };
  }

  function activationOf(
    payment: { id: string; receiptNumber: string },
    subscription: SubscriptionRow,
    pkg: PackageRow,
    entitlements: SubscriptionActivation['entitlements'],
  ): SubscriptionActivation {
    return {
      paymentId: payment.id,
      receiptNumber: payment.receiptNumber,
      packageId: pkg.id,
      planName: pkg.planName,
      product: pkg.product,
      packageStartTime: subscription.startsAt.toISOString(),
      packageEndTime: subscription.endsAt.toISOString(),
      message: BILLING_MESSAGES.subscriptionActivated,
      entitlements,
    };
  }

  /**
   * Activates what an order paid for, at most once: the order's row is locked, so a webhook and the browser's
   * confirmation racing each other see one activation; a repeat returns the first one's result. A failed or
   * expired order is never activated (its promo hold was released and may be someone else's now): the payment is
   * audited for a refund and `null` returned.
   */
  async function activateIn(
    tx: BillingQueries,
    order: OrderRow,
    input: { paymentId: string; amountPaise: number; confirmedBy: 'checkout' | 'webhook'; requestId: string | null },
  ): Promise<{
    payment: { id: string; receiptNumber: string };
    subscription: SubscriptionRow;
    pkg: PackageRow;
  } | null> {
    const locked = await tx.lockOrder(order.id);
    if (!locked) throw errors.notFound('The order');
    const pkg = await tx.findPackage(locked.packageId);
    if (!pkg) throw errors.notFound('The plan');

    const existing = await tx.findPaymentByOrder(locked.id);
    if (existing) {
      if (existing.providerPaymentId !== input.paymentId) {
        logger.warn({ orderId: locked.id }, 'a second payment was reported for a paid order; nothing activated');
      }
      const subscription = await tx.findSubscription(existing.subscriptionId);
      if (!subscription) throw new Error('a payment without its subscription');
      return { payment: existing, subscription, pkg };
    }
    if (input.amountPaise !== locked.amountPaise) {
      throw new AppError('AMOUNT_MISMATCH', BILLING_TEXT.amountMismatch);
    }

    const at = now();
    if (!acceptsPayment(locked, at)) {
      logger.warn(
        { orderId: locked.id, status: locked.status, confirmedBy: input.confirmedBy },
        'a payment was reported for a failed or expired order; nothing activated, refund due',
      );
      await tx.audit({
        action: 'payment_refused_order_closed',
        userId: locked.userId,
        subject: input.paymentId,
        requestId: input.requestId,
        details: {
          orderId: locked.id,
          status: locked.status,
          amountPaise: input.amountPaise,
          confirmedBy: input.confirmedBy,
        },
      });
      return null;
    }
    let currentEnd: Date | null;
    if (pkg.kind === 'addon') {
      const renewed = locked.renewsSubscriptionId ? await tx.findSubscription(locked.renewsSubscriptionId) : undefined;
      currentEnd = renewed?.endsAt ?? null;
    } else {
      currentEnd = await tx.validTill(locked.userId, pkg.product, ['plan', 'trial'], at);
    }
    const period = periodFor(at.getTime(), locked.numberOfDays, currentEnd?.getTime() ?? null);
    const subscription = await tx.insertSubscription({
      userId: locked.userId,
      packageId: pkg.id,
      product: pkg.product,
      kind: pkg.kind,
      startsAt: new Date(period.startsAtMs),
      endsAt: new Date(period.endsAtMs),
      brokerAccounts: pkg.brokerAccounts,
      autoRenew: locked.kind === 'renewal',
      createdAt: at,
    });
    const payment = await tx.insertPayment({
      orderId: locked.id,
      userId: locked.userId,
      provider: locked.provider,
      providerPaymentId: input.paymentId,
      amountPaise: locked.amountPaise,
      subscriptionId: subscription.id,
      confirmedBy: input.confirmedBy,
      createdAt: at,
    });
    await tx.markOrderPaid(locked.id, at);
    if (locked.promoCode !== null) await tx.redeemPromo(locked.id, at);
    await creditReferrer(tx, locked, payment.id, at);
    await tx.audit({
      action: 'subscription_activated',
      userId: locked.userId,
      subject: payment.id,
      requestId: input.requestId,
      details: {
        packageId: pkg.id,
        orderId: locked.id,
        amountPaise: locked.amountPaise,
        confirmedBy: input.confirmedBy,
        endsAt: subscription.endsAt.toISOString(),
      },
    });
    return { payment, subscription, pkg };
  }

  async function creditReferrer(tx: BillingQueries, order: OrderRow, paymentId: string, at: Date): Promise<void> {
    if (deps.referralPercent <= 0) return;
    const payer = await tx.findPayer(order.userId);
    const code = payer?.referredBy?.trim().toUpperCase();
    if (!code) return;
    const referrerId = await tx.findReferrer(code);
    if (!referrerId || referrerId === order.userId) return;
    const basisPoints = deps.referralPercent * 100;
    await tx.insertReferralEarning({
      referrerId,
      referredUserId: order.userId,
      paymentId,
      basePaise: order.pricePaise,
      percentBasisPoints: basisPoints,
      earningPaise: Math.round((order.pricePaise * basisPoints) / 10_000),
      createdAt: at,
    });
  }

  async function orderFor(userId: string, providerOrderId: string): Promise<OrderRow> {
    const order = await repository.findOrderByProviderId(provider.name, providerOrderId);
    // Another user's order answers exactly like a missing one.
    if (!order || order.userId !== userId) throw errors.notFound('The order');
    return order;
  }

  function toPaymentEntry(row: PaymentDetailRow): SubscriptionPayment {
    return {
      id: row.payment.id,
      receiptNumber: row.payment.receiptNumber,
      packageId: row.pkg.id,
      planName: row.pkg.planName,
      planType: row.pkg.planType,
      product: row.pkg.product,
      amount: paiseToRupees(row.payment.amountPaise),
      paidAt: row.payment.createdAt.toISOString(),
      packageStartTime: row.subscription.startsAt.toISOString(),
      packageEndTime: row.subscription.endsAt.toISOString(),
    };
  }

  async function listSubscriptions(userId: string): Promise<SubscriptionEntry[]> {
    const at = now();
    return (await repository.listSubscriptions(userId)).map(({ subscription: s, pkg }) => ({
      id: s.id,
      packageId: pkg.id,
      planName: pkg.planName,
      planType: pkg.planType,
      product: s.product,
      kind: s.kind,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
      status: at < s.startsAt ? 'upcoming' : at >= s.endsAt ? 'expired' : 'active',
      autoRenew: s.autoRenew,
      renewable: s.kind !== 'trial' && pkg.active && isPurchasable(pkg) && s.endsAt > at,
      brokerAccounts: s.brokerAccounts,
    }));
  }

  return {
    /** `GET package-list`: the product's listed packages with their prices. */
    async packageList(product: ProductType): Promise<Package[]> {
      return (await repository.listPackages(product)).map(toWirePackage);
    },

    /**
     * `POST promo-code`: whether a code is valid now and which of the product's packages it reduces, with their
     * prices. Checking holds nothing; ordering does.
     */
    async checkPromo(userId: string, input: { packageId: string; promoCode: string }): Promise<PromoResult> {
      const code = normalisePromoCode(input.promoCode);
      const chosen = await requirePackage(input.packageId);
      const promo = await repository.findPromo(code);
      const at = now();
      let reason = promoValidity(promo, at);
      if (reason === null && promo) reason = await capsRefusal(repository, promo, userId, at);
      if (reason !== null || !promo) {
        return { isValidPromo: false, promoCode: code, finalPrice: null, plans: [], reason: reason ?? 'PROMO_INVALID' };
      }
      const rule = promoRuleOf(promo);
      const plans = (await repository.listPackages(chosen.product))
        .filter((pkg) => promoAppliesTo(promo, pkg))
        .flatMap((pkg) => {
          const b = breakdownOf(pkg, rule);
          if (!b) return [];
          return [
            {
              packageId: pkg.id,
              price: paiseToRupees(b.priceAfterDiscountPaise),
              promoDiscount: paiseToRupees(b.promoDiscountPaise),
              gst: paiseToRupees(b.gstPaise),
              finalPrice: paiseToRupees(b.totalPaise),
              breakdown: toWireBreakdown(b),
            },
          ];
        });
      const forChosen = plans.find((p) => p.packageId === chosen.id);
      return { isValidPromo: true, promoCode: code, finalPrice: forChosen?.finalPrice ?? null, plans, reason: null };
    },

    /**
     * `POST initiate-subscription`: the payment order for a package (and promo), priced here. The user's pending
     * order for the same package, promo and amount is reused; a promo is held for the order while it can be paid.
     */
    async initiate(
      userId: string,
      input: { packageId: string; promoCode?: string | undefined; productType?: ProductType | undefined },
    ): Promise<SubscriptionOrder> {
      const pkg = await requirePackage(input.packageId, input.productType);
      if (!isPurchasable(pkg)) throw errors.validation('packageId', BILLING_TEXT.planNotSold);
      if (pkg.kind === 'addon') await deps.entitlements.requirePlan(userId, 'qt');
      const payer = await requirePayer(userId);
      const at = now();

      const code = input.promoCode === undefined ? null : normalisePromoCode(input.promoCode);
      let promo: PromoRow | undefined;
      if (code !== null) {
        promo = await repository.findPromo(code);
        const refusal = promoValidity(promo, at);
        if (refusal !== null || !promo) throw refuseRefusal(refusal ?? 'PROMO_INVALID');
        if (!promoAppliesTo(promo, pkg)) {
          throw new AppError('PROMO_NOT_APPLICABLE', BILLING_MESSAGES.promoNotForPlan(code), { field: 'promoCode' });
        }
      }
      const breakdown = breakdownOf(pkg, promo ? promoRuleOf(promo) : undefined);
      if (!breakdown) throw errors.validation('packageId', BILLING_TEXT.planNotSold);
      const key = {
        userId,
        packageId: pkg.id,
        promoCode: code,
        amountPaise: breakdown.totalPaise,
        provider: provider.name,
      };

      const pending = await repository.findPendingOrder(key);
      if (pending && pending.expiresAt > at) return toWireOrder(pending, pkg, payer);

      const { providerOrderId, receipt } = await newProviderOrder(pkg, userId, breakdown.totalPaise);
      try {
        const order = await repository.transaction(async (tx) => {
          if (pending) {
            await tx.closeOrder(pending.id, 'expired', at);
            await tx.releasePromo(pending.id, at);
          }
          if (promo) {
            // The code's row is locked while its uses are counted and this order's hold is added: of many
            // simultaneous orders, only as many as the caps allow get through.
            const locked = await tx.lockPromo(promo.code);
            if (!locked) throw refuseRefusal('PROMO_INVALID');
            await checkCaps(tx, locked, userId, at);
          }
          const expiresAt = new Date(at.getTime() + ORDER_LIFETIME_MS);
          const row = await tx.insertOrder({
            userId,
            packageId: pkg.id,
            product: pkg.product,
            kind: 'purchase',
            promoCode: code,
            provider: provider.name,
            providerOrderId,
            receipt,
            currency: 'INR',
            amountPaise: breakdown.totalPaise,
            netPaise: breakdown.netPaise,
            discountPaise: breakdown.discountPaise,
            promoDiscountPaise: breakdown.promoDiscountPaise,
            pricePaise: breakdown.priceAfterDiscountPaise,
            gstPaise: breakdown.gstPaise,
            numberOfDays: pkg.numberOfDays,
            status: 'created',
            createdAt: at,
            expiresAt,
          });
          if (promo) {
            await tx.holdPromo({ code: promo.code, userId, orderId: row.id, heldUntil: expiresAt, createdAt: at });
          }
          return row;
        });
        return toWireOrder(order, pkg, payer);
      } catch (error) {
        // Two Pay clicks at once: the other request made the pending order first, and it is the one to pay.
        if (isUniqueViolation(error, 'payment_orders_one_pending_key')) {
          const winner = await repository.findPendingOrder(key);
          if (winner) return toWireOrder(winner, pkg, payer);
        }
        throw error;
      }
    },

    /** `GET payment-orders/:orderId`: one of the user's orders that can still be paid (a renewal's pay link). */
    async paymentOrder(userId: string, orderId: string): Promise<SubscriptionOrder> {
      const order = z.uuid().safeParse(orderId).success ? await repository.findOrder(orderId) : undefined;
      if (!order || order.userId !== userId) throw errors.notFound('The order');
      if (order.status === 'paid' || order.status === 'captured') {
        throw new AppError('ORDER_NOT_PAYABLE', BILLING_TEXT.orderPaid);
      }
      if (order.status !== 'created' || order.expiresAt <= now()) {
        throw new AppError('ORDER_NOT_PAYABLE', BILLING_TEXT.orderClosed);
      }
      const pkg = await repository.findPackage(order.packageId);
      if (!pkg) throw errors.notFound('The plan');
      return toWireOrder(order, pkg, await requirePayer(userId));
    },

    /**
     * `POST subscription-status`: checks the checkout's signature against the stored order (constant time) and
     * activates the period once; a repeat answers the same.
     */
    async confirmCheckout(
      userId: string,
      input: { razorpayPaymentId: string; razorpayOrderId: string; razorpaySignature: string },
      requestId: string,
    ): Promise<SubscriptionActivation> {
      const order = await orderFor(userId, input.razorpayOrderId);
      if (!provider.verifyCheckout(order.providerOrderId, input.razorpayPaymentId, input.razorpaySignature)) {
        logger.warn({ orderId: order.id }, 'checkout signature rejected');
        throw new AppError('PAYMENT_SIGNATURE_INVALID', BILLING_TEXT.signatureInvalid);
      }
      const done = await repository.transaction((tx) =>
        activateIn(tx, order, {
          paymentId: input.razorpayPaymentId,
          amountPaise: order.amountPaise,
          confirmedBy: 'checkout',
          requestId,
        }),
      );
      if (!done) throw new AppError('ORDER_NOT_PAYABLE', BILLING_TEXT.orderClosed);
      deps.onSubscriptionStarted?.(userId);
      return activationOf(done.payment, done.subscription, done.pkg, await deps.entitlements.forUser(userId));
    },

    /**
     * A provider webhook: signature over the raw body checked first; each event id is processed once (its record
     * commits with its effects, so a failed attempt is retried); an order never moves back from paid.
     */
    async handleWebhook(
      delivery: { rawBody: string; signature: string; eventId: string; body: unknown },
      requestId: string,
    ): Promise<WebhookOutcome> {
      if (!provider.verifyWebhook || !provider.verifyWebhook(delivery.rawBody, delivery.signature)) {
        logger.warn('webhook signature rejected');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', BILLING_TEXT.webhookSignatureInvalid);
      }
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(delivery.eventId)) {
        throw errors.validation('x-razorpay-event-id', 'The webhook carries no event id.');
      }
      const parsed = WebhookBodySchema.safeParse(delivery.body);
      if (!parsed.success) throw errors.validation('payload', 'The webhook body is not a Razorpay event.');
      const { event, payload } = parsed.data;

      let activatedFor: string | undefined;
      const outcome = await repository.transaction(async (tx) => {
        const fresh = await tx.recordWebhookEvent({
          eventId: delivery.eventId,
          provider: provider.name,
          type: event,
          receivedAt: now(),
        });
        if (!fresh) return 'duplicate';
        const payment = payload.payment?.entity;
        const order = payment?.order_id ? await tx.findOrderByProviderId(provider.name, payment.order_id) : undefined;
        if (!payment || !order) return 'ignored';

        if (event === 'payment.captured' || event === 'order.paid') {
          if (payment.currency !== 'INR') throw new AppError('AMOUNT_MISMATCH', BILLING_TEXT.amountMismatch);
          const done = await activateIn(tx, order, {
            paymentId: payment.id,
            amountPaise: payment.amount,
            confirmedBy: 'webhook',
            requestId,
          });
          // Answered 2xx all the same: the delivery is recorded and Razorpay need not retry it.
          if (!done) return 'refused';
          activatedFor = order.userId;
          return 'activated';
        }
        if (event === 'payment.failed') {
          if (await tx.closeOrder(order.id, 'failed', now())) await tx.releasePromo(order.id, now());
          return 'failed';
        }
        return 'ignored';
      });
      const userId = activatedFor;
      if (outcome === 'activated' && userId !== undefined) deps.onSubscriptionStarted?.(userId);
      return outcome;
    },

    /**
     * `POST test-checkout/pay` (test provider only): the built-in checkout's card form. The success card yields
     * a payment id and Razorpay's signature; the declined card fails the order (a retry needs a new order).
     */
    async testCheckoutPay(userId: string, input: z.output<typeof TestCheckoutRequestSchema>): Promise<CheckoutSuccess> {
      const test = deps.testProvider;
      if (!test) throw errors.notFound('The test checkout');
      const order = await orderFor(userId, input.orderId);
      const at = now();
      const notPayable = (status: OrderRow['status']) =>
        new AppError(
          'ORDER_NOT_PAYABLE',
          status === 'paid' || status === 'captured' ? BILLING_TEXT.orderPaid : BILLING_TEXT.orderClosed,
        );
      if (order.status !== 'created' || order.expiresAt <= at) throw notPayable(order.status);
      if (input.amount !== order.amountPaise) throw new AppError('AMOUNT_MISMATCH', BILLING_TEXT.amountMismatch);
      if (!passesLuhn(input.cardNumber)) throw errors.validation('cardNumber', BILLING_TEXT.cardNumberInvalid);
      if (isExpired(input.expiry, at.getTime())) throw errors.validation('expiry', BILLING_TEXT.cardExpired);
      if (input.cardNumber === TEST_CARDS.declined) {
        const failed = await repository.transaction(async (tx) => {
          if (!(await tx.closeOrder(order.id, 'failed', at))) return false;
          await tx.releasePromo(order.id, at);
          return true;
        });
        // A payment captured a moment earlier keeps the order (and its promo): a decline never undoes a capture.
        if (!failed) throw notPayable((await repository.findOrder(order.id))?.status ?? 'failed');
        throw new AppError('PAYMENT_DECLINED', BILLING_TEXT.cardDeclined);
      }
      if (input.cardNumber !== TEST_CARDS.success) throw new AppError('PAYMENT_DECLINED', BILLING_TEXT.notATestCard);
      // The money is taken now, as a provider captures it: the promo hold becomes a redemption at once, so no
      // later attempt on this order (a declined card, its expiry) can free the code for another order.
      const captured = await repository.transaction(async (tx) => {
        if (!(await tx.captureOrder(order.id, at))) return false;
        await tx.redeemPromo(order.id, at);
        return true;
      });
      if (!captured) throw notPayable((await repository.findOrder(order.id))?.status ?? 'failed');
      const signed = test.sign(order.providerOrderId);
      return {
        razorpayPaymentId: signed.paymentId,
        razorpayOrderId: order.providerOrderId,
        razorpaySignature: signed.signature,
      };
    },

    /** `GET start-user-trial`: the product's free trial, once per user (the database enforces it). */
    async startTrial(userId: string, product: ProductType, requestId: string): Promise<TrialActivation> {
      const usedMessage = product === 'd' ? BILLING_MESSAGES.trialUsedDiscover : BILLING_MESSAGES.trialUsedQuikTrade;
      const pkg = await repository.findTrialPackage(product);
      if (!pkg) throw errors.notFound('The trial');
      const at = now();
      try {
        const subscription = await repository.transaction(async (tx) => {
          if ((await tx.usedTrials(userId)).has(product)) throw new AppError('TRIAL_USED', usedMessage);
          const running = (await tx.currentSubscriptions(userId, at)).some(
            (s) => s.product === product && s.kind !== 'addon' && s.startsAt <= at,
          );
          if (running) {
            // Under READ COMMITTED a racing request's trial can commit between the two reads above: its running
            // period is then this user's trial, so the answer is the trial message, as for any later request.
            if ((await tx.usedTrials(userId)).has(product)) throw new AppError('TRIAL_USED', usedMessage);
            throw new AppError('ALREADY_SUBSCRIBED', BILLING_TEXT.alreadySubscribed(product));
          }
          const row = await tx.insertSubscription({
            userId,
            packageId: pkg.id,
            product,
            kind: 'trial',
            startsAt: at,
            endsAt: new Date(at.getTime() + daysToMs(pkg.numberOfDays)),
            brokerAccounts: pkg.brokerAccounts,
            autoRenew: false,
            createdAt: at,
          });
          await tx.insertTrial({ userId, product, subscriptionId: row.id, createdAt: at });
          await tx.audit({ action: 'trial_started', userId, subject: row.id, requestId, details: { product } });
          return row;
        });
        deps.onSubscriptionStarted?.(userId);
        return {
          product,
          packageId: pkg.id,
          validTill: subscription.endsAt.toISOString(),
          message: product === 'd' ? BILLING_MESSAGES.trialActivatedDiscover : BILLING_MESSAGES.trialActivatedQuikTrade,
          entitlements: await deps.entitlements.forUser(userId),
        };
      } catch (error) {
        if (isUniqueViolation(error, 'trials_user_id_product_pk')) throw new AppError('TRIAL_USED', usedMessage);
        throw error;
      }
    },

    /** `GET subscription-payments`: the user's payments, newest first, with the period each bought. */
    async subscriptionPayments(userId: string): Promise<SubscriptionPayment[]> {
      return (await repository.listPayments(userId)).map(toPaymentEntry);
    },

    /** `GET subscriptions`: the user's periods ('My Plans'), newest first. */
    subscriptions: listSubscriptions,

    /** `PUT subscriptions/:id`: switches auto-renewal on, or cancels it (the period still runs to its end). */
    async setAutoRenew(userId: string, id: string, autoRenew: boolean, requestId: string): Promise<SubscriptionEntry> {
      const at = now();
      const subscription = await repository.findSubscription(id);
      if (!subscription || subscription.userId !== userId) throw errors.notFound('The subscription');
      const pkg = await repository.findPackage(subscription.packageId);
      if (!pkg) throw errors.notFound('The plan');
      if (
        autoRenew &&
        (subscription.kind === 'trial' || !pkg.active || !isPurchasable(pkg) || subscription.endsAt <= at)
      ) {
        throw errors.validation('autoRenew', BILLING_TEXT.notRenewable);
      }
      await repository.transaction(async (tx) => {
        await tx.setAutoRenew(userId, id, autoRenew, at);
        if (!autoRenew) {
          // A renewal order already mailed can no longer be paid once renewal is cancelled.
          const renewal = await tx.findRenewalOrder(id);
          if (renewal) await tx.closeOrder(renewal.id, 'expired', at);
        }
        await tx.audit({ action: autoRenew ? 'renewal_on' : 'renewal_cancelled', userId, subject: id, requestId });
      });
      const entry = (await listSubscriptions(userId)).find((s) => s.id === id);
      if (!entry) throw errors.notFound('The subscription');
      return entry;
    },

    /** `GET payment-receipts/:id`: a payment's receipt with the GST breakup. */
    async receipt(userId: string, paymentId: string): Promise<Receipt> {
      const row = await repository.findPaymentDetail(userId, paymentId);
      if (!row) throw errors.notFound('The receipt');
      const payer = await requirePayer(userId);
      const { order, pkg, payment, subscription } = row;
      const cgstPaise = Math.floor(order.gstPaise / 2);
      return {
        receiptNumber: payment.receiptNumber,
        paymentId: payment.id,
        paidAt: payment.createdAt.toISOString(),
        provider: payment.provider,
        providerPaymentId: payment.providerPaymentId,
        providerOrderId: order.providerOrderId,
        merchant: { name: deps.merchantName, email: deps.support.email, phone: deps.support.phone },
        customer: { name: `${payer.firstName} ${payer.lastName}`.trim(), email: payer.email, mobile: payer.mobile },
        item: {
          id: pkg.id,
          planName: pkg.planName,
          planType: pkg.planType,
          product: pkg.product,
          kind: pkg.kind,
          numberOfDays: order.numberOfDays,
          packageStartTime: subscription.startsAt.toISOString(),
          packageEndTime: subscription.endsAt.toISOString(),
        },
        amounts: {
          netPrice: paiseToRupees(order.netPaise),
          discount: paiseToRupees(order.discountPaise),
          promoCode: order.promoCode,
          promoDiscount: paiseToRupees(order.promoDiscountPaise),
          priceAfterDiscount: paiseToRupees(order.pricePaise),
          gstPercent: GST_PERCENT,
          gst: paiseToRupees(order.gstPaise),
          cgst: paiseToRupees(cgstPaise),
          sgst: paiseToRupees(order.gstPaise - cgstPaise),
          roundOff: paiseToRupees(order.amountPaise - order.pricePaise - order.gstPaise),
          total: paiseToRupees(order.amountPaise),
        },
      };
    },

    /**
     * Makes a renewal order for every auto-renewing period ending within the notice window (first period only
     * gets a promo, so renewals are at the plan's price). Safe to run on several nodes: one order per period.
     */
    async prepareRenewals(): Promise<RenewalDue[]> {
      const at = now();
      const due = await repository.renewalsDue(at, new Date(at.getTime() + RENEWAL_NOTICE_MS));
      const made: RenewalDue[] = [];
      for (const { subscription, pkg } of due) {
        const breakdown = pkg.active ? breakdownOf(pkg) : null;
        const payer = await repository.findPayer(subscription.userId);
        if (!breakdown || !payer) continue;
        const { providerOrderId, receipt } = await newProviderOrder(pkg, payer.id, breakdown.totalPaise);
        try {
          const order = await repository.insertOrder({
            userId: payer.id,
            packageId: pkg.id,
            product: pkg.product,
            kind: 'renewal',
            promoCode: null,
            provider: provider.name,
            providerOrderId,
            receipt,
            currency: 'INR',
            amountPaise: breakdown.totalPaise,
            netPaise: breakdown.netPaise,
            discountPaise: breakdown.discountPaise,
            promoDiscountPaise: 0,
            pricePaise: breakdown.priceAfterDiscountPaise,
            gstPaise: breakdown.gstPaise,
            numberOfDays: pkg.numberOfDays,
            status: 'created',
            renewsSubscriptionId: subscription.id,
            createdAt: at,
            expiresAt: new Date(subscription.endsAt.getTime() + RENEWAL_GRACE_MS),
          });
          made.push({ order, pkg, payer, subscription });
        } catch (error) {
          // Another node made this period's renewal order first.
          if (!isUniqueViolation(error, 'payment_orders_renewal_key')) throw error;
        }
      }
      return made;
    },
  };
}

/** The billing service's interface. */
export type BillingService = ReturnType<typeof createBillingService>;
