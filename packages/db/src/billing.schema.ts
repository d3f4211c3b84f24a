import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.schema';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * What can be bought or granted: Discover Trial/Starter/Sixer/Professional, QuikTrade QT01–QT06 and Free, and
 * add-ons. Prices are data (seeded by migration 0002); changing one needs no code change. Amounts in paise.
 * - `list_monthly_paise` + `monthly_paise`: the spec §9 formula (`costPerDay`, `costPerMonth`);
 * - `fixed_total_paise`: an all-inclusive total (the Trial pass);
 * - neither: granted only, never sold (free trials).
 */
export const billingPackages = pgTable(
  'billing_packages',
  {
    id: text().primaryKey(),
    /** 'd' = Discover, 'qt' = QuikTrade. */
    product: text().$type<'d' | 'qt'>().notNull(),
    /** 'trial' = the product's free trial, 'plan' = a subscription, 'addon' = extra tradable broker accounts. */
    kind: text().$type<'trial' | 'plan' | 'addon'>().notNull(),
    planName: text().notNull(),
    planType: text().notNull(),
    numberOfDays: integer().notNull(),
    listMonthlyPaise: integer(),
    monthlyPaise: integer(),
    fixedTotalPaise: integer(),
    /** Broker accounts tradable at once that this package gives (plans) or adds (add-ons). */
    brokerAccounts: integer().notNull().default(0),
    sortOrder: integer().notNull(),
    /** Listed and sold; a retired package stays for the history of what was bought. */
    active: boolean().notNull().default(true),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('billing_packages_days_positive', sql`${t.numberOfDays} > 0`),
    check(
      'billing_packages_pricing',
      sql`(${t.listMonthlyPaise} is null) = (${t.monthlyPaise} is null) and ${t.monthlyPaise} <= ${t.listMonthlyPaise}`,
    ),
  ],
);

/** Promo codes, stored upper-cased. Percent in basis points (1000 = 10 %) or a flat amount in paise. */
export const promoCodes = pgTable(
  'promo_codes',
  {
    code: text().primaryKey(),
    kind: text().$type<'percent' | 'flat'>().notNull(),
    percentBasisPoints: integer(),
    flatPaise: integer(),
    /** Packages the code applies to; null = every sold plan. */
    packageIds: text().array(),
    validFrom: at(),
    validUntil: at(),
    /** Uses across all users; null = unlimited. */
    maxRedemptions: integer(),
    maxPerUser: integer().notNull().default(1),
    active: boolean().notNull().default(true),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [
    check('promo_codes_upper', sql`${t.code} = upper(${t.code})`),
    check(
      'promo_codes_amount',
      sql`(${t.kind} = 'percent' and ${t.percentBasisPoints} between 1 and 10000) or (${t.kind} = 'flat' and ${t.flatPaise} > 0)`,
    ),
  ],
);

/** Card-payment orders: one per payment attempt, amount fixed by the server when it is created. */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text()
      .notNull()
      .references(() => billingPackages.id),
    product: text().$type<'d' | 'qt'>().notNull(),
    /** 'purchase' from the pricing pages, 'renewal' made for an auto-renewing subscription. */
    kind: text().$type<'purchase' | 'renewal'>().notNull(),
    promoCode: text(),
    provider: text().$type<'test' | 'razorpay'>().notNull(),
    providerOrderId: text().notNull(),
    receipt: text().notNull(),
    currency: text().notNull().default('INR'),
    amountPaise: integer().notNull(),
    netPaise: integer().notNull(),
    discountPaise: integer().notNull(),
    promoDiscountPaise: integer().notNull(),
    pricePaise: integer().notNull(),
    gstPaise: integer().notNull(),
    numberOfDays: integer().notNull(),
    /**
     * created → (captured →) paid, or created → failed/expired. `captured`: the provider took the money and the
     * promo hold became a redemption; only the signed confirmation is still to come. Never moves back from
     * captured or paid, and a failed or expired order is never paid.
     */
    status: text().$type<'created' | 'captured' | 'paid' | 'failed' | 'expired'>().notNull(),
    /** The subscription an auto-renewal order extends. */
    renewsSubscriptionId: uuid(),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    paidAt: at(),
    failedAt: at(),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_order_key').on(t.provider, t.providerOrderId),
    uniqueIndex('payment_orders_receipt_key').on(t.receipt),
    // One pending order per user, package, promo and amount: Pay reuses it instead of making another.
    uniqueIndex('payment_orders_one_pending_key')
      .on(t.userId, t.packageId, sql`coalesce(${t.promoCode}, '')`, t.amountPaise, t.provider)
      .where(sql`${t.status} = 'created' and ${t.kind} = 'purchase'`),
    // One renewal order per subscription.
    uniqueIndex('payment_orders_renewal_key')
      .on(t.renewsSubscriptionId)
      .where(sql`${t.renewsSubscriptionId} is not null`),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A promo code held for an order. It counts against the code's caps while the order can still be paid
 * (`held_until`) and for good once the order is paid (`redeemed_at`).
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text()
      .notNull()
      .references(() => promoCodes.code),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => paymentOrders.id, { onDelete: 'cascade' }),
    heldUntil: at().notNull(),
    redeemedAt: at(),
    createdAt: at().notNull(),
  },
  (t) => [uniqueIndex('promo_redemptions_order_key').on(t.orderId), index('promo_redemptions_code_idx').on(t.code)],
);

/** Receipt numbers, in payment order. */
export const receiptNumberSeq = pgSequence('receipt_number_seq', { startWith: 1, increment: 1 });

/** Captured payments. At most one per order and one per provider payment id: a repeat changes nothing. */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => paymentOrders.id),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text().$type<'test' | 'razorpay'>().notNull(),
    providerPaymentId: text().notNull(),
    amountPaise: integer().notNull(),
    receiptNumber: text().notNull(),
    subscriptionId: uuid().notNull(),
    /** How the payment was confirmed: the browser's signed callback or the provider's webhook. */
    confirmedBy: text().$type<'checkout' | 'webhook'>().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('payments_order_key').on(t.orderId),
    uniqueIndex('payments_provider_payment_key').on(t.provider, t.providerPaymentId),
    uniqueIndex('payments_receipt_number_key').on(t.receiptNumber),
    index('payments_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Entitlement periods: a trial, a paid plan or an add-on, each with its validity window. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: text()
      .notNull()
      .references(() => billingPackages.id),
    product: text().$type<'d' | 'qt'>().notNull(),
    kind: text().$type<'trial' | 'plan' | 'addon'>().notNull(),
    startsAt: at().notNull(),
    endsAt: at().notNull(),
    brokerAccounts: integer().notNull(),
    autoRenew: boolean().notNull().default(false),
    /** When the user cancelled renewal ('My Plans'); the paid period still runs to its end (no refunds). */
    cancelledAt: at(),
    createdAt: at().notNull(),
  },
  (t) => [
    check('subscriptions_window', sql`${t.endsAt} > ${t.startsAt}`),
    index('subscriptions_user_product_idx').on(t.userId, t.product, t.endsAt),
    index('subscriptions_renewal_due_idx')
      .on(t.endsAt)
      .where(sql`${t.autoRenew} and ${t.cancelledAt} is null`),
  ],
);

/** Free trials taken: one per user and product, enforced by the primary key. */
export const trials = pgTable(
  'trials',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product: text().$type<'d' | 'qt'>().notNull(),
    subscriptionId: uuid().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.product] })],
);

/** Provider webhook deliveries already processed, keyed by the provider's event id (delivery is at least once). */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text().primaryKey(),
  provider: text().notNull(),
  type: text().notNull(),
  receivedAt: at().notNull(),
});

/** Each user's own referral code (the `rc` of their invitation link). */
export const referralCodes = pgTable(
  'referral_codes',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [uniqueIndex('referral_codes_code_key').on(t.code)],
);

/** What a referrer earns from a referred user's payment: one row per payment. */
export const referralEarnings = pgTable(
  'referral_earnings',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    referrerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id),
    /** The payment's price before GST, on which the percentage is taken. */
    basePaise: integer().notNull(),
    percentBasisPoints: integer().notNull(),
    earningPaise: integer().notNull(),
    createdAt: at().notNull(),
  },
  (t) => [
    uniqueIndex('referral_earnings_payment_key').on(t.paymentId),
    index('referral_earnings_referrer_idx').on(t.referrerId, t.createdAt),
  ],
);
