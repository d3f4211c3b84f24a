import { createAuditRepository, schema, type AuditEntryInput, type Db } from '@fnodesk/db';
import type { ProductType } from '@fnodesk/contracts';
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  sum,
} from 'drizzle-orm';

const {
  billingPackages,
  promoCodes,
  promoRedemptions,
  paymentOrders,
  payments,
  subscriptions,
  trials,
  webhookEvents,
  referralCodes,
  referralEarnings,
  users,
} = schema;

/** A package of the catalogue. */
export type PackageRow = typeof billingPackages.$inferSelect;
/** A promo code. */
export type PromoRow = typeof promoCodes.$inferSelect;
/** A payment order. */
export type OrderRow = typeof paymentOrders.$inferSelect;
/** A new payment order. */
export type NewOrder = Omit<typeof paymentOrders.$inferInsert, 'id'>;
/** A captured payment. */
export type PaymentRow = typeof payments.$inferSelect;
/** An entitlement period. */
export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** A new entitlement period. */
export type NewSubscription = Omit<typeof subscriptions.$inferInsert, 'id'>;

/** Who pays: what the checkout is prefilled with and where referral credit goes. */
export interface PayerRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  referredBy: string | null;
}

/** A payment with its order, package and subscription, as lists and receipts show it. */
export interface PaymentDetailRow {
  payment: PaymentRow;
  order: OrderRow;
  pkg: PackageRow;
  subscription: SubscriptionRow;
}

/** One referral earning with the referred user's first name and the plan bought. */
export interface EarningRow {
  createdAt: Date;
  firstName: string;
  lastName: string;
  planName: string;
  basePaise: number;
  earningPaise: number;
}

// A promo use counts while its order can still be paid, and for good once paid.
const liveUse = (now: Date) => or(isNotNull(promoRedemptions.redeemedAt), gt(promoRedemptions.heldUntil, now));

// The two reads behind every entitlements check (each feed sign-in, each data-tier check, each page guard), built
// once as prepared statements: building a query's SQL costs more CPU than the database takes to answer it.
const prepareCurrentSubscriptions = (db: Db) =>
  db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, sql.placeholder('userId')), gt(subscriptions.endsAt, sql.placeholder('now'))))
    .prepare('billing_current_subscriptions');
const prepareUsedTrials = (db: Db) =>
  db
    .select({ product: trials.product })
    .from(trials)
    .where(eq(trials.userId, sql.placeholder('userId')))
    .prepare('billing_used_trials');

/** The billing queries over a database handle or a transaction. */
function createBillingQueries(db: Db) {
  const audit = createAuditRepository(db);
  // Prepared on first use, bound to this handle (a transaction's queries must run on its connection).
  let currentSubscriptionsQuery: ReturnType<typeof prepareCurrentSubscriptions> | undefined;
  let usedTrialsQuery: ReturnType<typeof prepareUsedTrials> | undefined;

  return {
    /** Appends an entry to the audit log (money-relevant actions). */
    async audit(entry: AuditEntryInput): Promise<void> {
      await audit.append(entry);
    },

    /** Listed packages of a product, in catalogue order. */
    listPackages(product: ProductType): Promise<PackageRow[]> {
      return db
        .select()
        .from(billingPackages)
        .where(and(eq(billingPackages.product, product), eq(billingPackages.active, true)))
        .orderBy(asc(billingPackages.sortOrder));
    },
    /** A package by id, listed or retired. */
    async findPackage(id: string): Promise<PackageRow | undefined> {
      const [row] = await db.select().from(billingPackages).where(eq(billingPackages.id, id)).limit(1);
      return row;
    },
    /** The trial package of a product. */
    async findTrialPackage(product: ProductType): Promise<PackageRow | undefined> {
      const [row] = await db
        .select()
        .from(billingPackages)
        .where(and(eq(billingPackages.product, product), eq(billingPackages.kind, 'trial')))
        .orderBy(asc(billingPackages.sortOrder))
        .limit(1);
      return row;
    },

    /** A promo code (stored upper-cased). */
    async findPromo(code: string): Promise<PromoRow | undefined> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
      return row;
    },
    /** Locks a promo code's row until the transaction ends, so its caps are checked one order at a time. */
    async lockPromo(code: string): Promise<PromoRow | undefined> {
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.code, code)).for('update').limit(1);
      return row;
    },
    /** Uses of a code that count against its caps now: all users, and this user's. */
    async promoUses(code: string, userId: string, now: Date): Promise<{ total: number; byUser: number }> {
      const [row] = await db
        .select({
          total: count(),
          byUser: sql<number>`count(*) filter (where ${promoRedemptions.userId} = ${userId})`.mapWith(Number),
        })
        .from(promoRedemptions)
        .where(and(eq(promoRedemptions.code, code), liveUse(now)));
      return { total: row?.total ?? 0, byUser: row?.byUser ?? 0 };
    },
    /** Holds a code for an order. */
    async holdPromo(hold: { code: string; userId: string; orderId: string; heldUntil: Date; createdAt: Date }) {
      await db.insert(promoRedemptions).values(hold);
    },
    /** Turns an order's hold into a redemption (once its payment is captured). */
    async redeemPromo(orderId: string, at: Date): Promise<void> {
      await db
        .update(promoRedemptions)
        .set({ redeemedAt: at })
        .where(and(eq(promoRedemptions.orderId, orderId), isNull(promoRedemptions.redeemedAt)));
    },
    /** Releases an order's hold at once (the order can no longer be paid). */
    async releasePromo(orderId: string, at: Date): Promise<void> {
      await db
        .update(promoRedemptions)
        .set({ heldUntil: at })
        .where(and(eq(promoRedemptions.orderId, orderId), isNull(promoRedemptions.redeemedAt)));
    },

    /** The user's pending purchase order for this package, promo, amount and provider, if any. */
    async findPendingOrder(key: {
      userId: string;
      packageId: string;
      promoCode: string | null;
      amountPaise: number;
      provider: OrderRow['provider'];
    }): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.userId, key.userId),
            eq(paymentOrders.packageId, key.packageId),
            sql`coalesce(${paymentOrders.promoCode}, '') = ${key.promoCode ?? ''}`,
            eq(paymentOrders.amountPaise, key.amountPaise),
            eq(paymentOrders.provider, key.provider),
            eq(paymentOrders.status, 'created'),
            eq(paymentOrders.kind, 'purchase'),
          ),
        )
        .limit(1);
      return row;
    },
    /** Stores an order; throws a unique violation on `payment_orders_one_pending_key` for a duplicate pending one. */
    async insertOrder(order: NewOrder): Promise<OrderRow> {
      const [row] = await db.insert(paymentOrders).values(order).returning();
      if (!row) throw new Error('order insert returned no row');
      return row;
    },
    /** An order by our id. */
    async findOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).limit(1);
      return row;
    },
    /** An order by the provider's order id. */
    async findOrderByProviderId(provider: OrderRow['provider'], providerOrderId: string) {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.providerOrderId, providerOrderId)))
        .limit(1);
      return row;
    },
    /** Locks an order's row until the transaction ends (one activation at a time per order). */
    async lockOrder(id: string): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update').limit(1);
      return row;
    },
    /** Moves a pending order to `status` (never out of `captured` or `paid`); false when it was not pending. */
    async closeOrder(id: string, status: 'expired' | 'failed', at: Date): Promise<boolean> {
      const rows = await db
        .update(paymentOrders)
        .set({ status, ...(status === 'failed' ? { failedAt: at } : {}) })
        .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'created')))
        .returning({ id: paymentOrders.id });
      return rows.length > 0;
    },
    /**
     * Records that the provider captured a payment for a pending order that can still be paid; false when the
     * order was no longer pending (failed, expired, captured or paid) or its time had run out.
     */
    async captureOrder(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(paymentOrders)
        .set({ status: 'captured' })
        .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, 'created'), gt(paymentOrders.expiresAt, at)))
        .returning({ id: paymentOrders.id });
      return rows.length > 0;
    },
    /** Marks an order paid. */
    async markOrderPaid(id: string, at: Date): Promise<void> {
      await db.update(paymentOrders).set({ status: 'paid', paidAt: at }).where(eq(paymentOrders.id, id));
    },
    /** The pending renewal order made for a subscription, if any. */
    async findRenewalOrder(subscriptionId: string): Promise<OrderRow | undefined> {
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.renewsSubscriptionId, subscriptionId))
        .limit(1);
      return row;
    },

    /** The payment captured for an order, if any. */
    async findPaymentByOrder(orderId: string): Promise<PaymentRow | undefined> {
      const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
      return row;
    },
    /** Stores a captured payment with the next receipt number. */
    async insertPayment(payment: Omit<typeof payments.$inferInsert, 'id' | 'receiptNumber'>): Promise<PaymentRow> {
      const [row] = await db
        .insert(payments)
        .values({ ...payment, receiptNumber: sql`'FND-' || lpad(nextval('receipt_number_seq')::text, 6, '0')` })
        .returning();
      if (!row) throw new Error('payment insert returned no row');
      return row;
    },
    /** A user's payments with their orders, packages and periods, newest first. */
    listPayments(userId: string): Promise<PaymentDetailRow[]> {
      return db
        .select({ payment: payments, order: paymentOrders, pkg: billingPackages, subscription: subscriptions })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .innerJoin(billingPackages, eq(billingPackages.id, paymentOrders.packageId))
        .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.receiptNumber));
    },
    /** One of the user's payments with its details; undefined for another user's. */
    async findPaymentDetail(userId: string, paymentId: string): Promise<PaymentDetailRow | undefined> {
      const [row] = await db
        .select({ payment: payments, order: paymentOrders, pkg: billingPackages, subscription: subscriptions })
        .from(payments)
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .innerJoin(billingPackages, eq(billingPackages.id, paymentOrders.packageId))
        .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
        .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
        .limit(1);
      return row;
    },

    /** Stores an entitlement period. */
    async insertSubscription(subscription: NewSubscription): Promise<SubscriptionRow> {
      const [row] = await db.insert(subscriptions).values(subscription).returning();
      if (!row) throw new Error('subscription insert returned no row');
      return row;
    },
    /** A subscription by id. */
    async findSubscription(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
      return row;
    },
    /** The user's periods that have not ended at `now` (running and upcoming). */
    currentSubscriptions(userId: string, now: Date): Promise<SubscriptionRow[]> {
      // A timestamp placeholder is not passed through the column's encoder: give the driver its text form.
      return (currentSubscriptionsQuery ??= prepareCurrentSubscriptions(db)).execute({
        userId,
        now: now.toISOString(),
      });
    },
    /** The end of the user's latest period of these kinds for a product that has not ended, or null. */
    async validTill(
      userId: string,
      product: ProductType,
      kinds: readonly SubscriptionRow['kind'][],
      now: Date,
    ): Promise<Date | null> {
      const [row] = await db
        .select({ end: sql<Date | null>`max(${subscriptions.endsAt})`.mapWith((v: string | Date | null) => v) })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            eq(subscriptions.product, product),
            inArray(subscriptions.kind, [...kinds]),
            gt(subscriptions.endsAt, now),
          ),
        );
      const end = row?.end ?? null;
      return end === null ? null : new Date(end);
    },
    /** A user's periods with their packages, newest first. */
    listSubscriptions(userId: string): Promise<{ subscription: SubscriptionRow; pkg: PackageRow }[]> {
      return db
        .select({ subscription: subscriptions, pkg: billingPackages })
        .from(subscriptions)
        .innerJoin(billingPackages, eq(billingPackages.id, subscriptions.packageId))
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.startsAt), desc(subscriptions.createdAt));
    },
    /** Switches a user's subscription's auto-renewal; undefined when it is not theirs. */
    async setAutoRenew(userId: string, id: string, autoRenew: boolean, at: Date) {
      const [row] = await db
        .update(subscriptions)
        .set(autoRenew ? { autoRenew: true, cancelledAt: null } : { autoRenew: false, cancelledAt: at })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
        .returning();
      return row;
    },
    /**
     * Auto-renewing paid periods ending within (now, until] that are the last of their chain (nothing of the same
     * user, product and kind starts at or after their end) and have no renewal order yet.
     */
    renewalsDue(now: Date, until: Date): Promise<{ subscription: SubscriptionRow; pkg: PackageRow }[]> {
      const later = schema.subscriptions;
      return db
        .select({ subscription: subscriptions, pkg: billingPackages })
        .from(subscriptions)
        .innerJoin(billingPackages, eq(billingPackages.id, subscriptions.packageId))
        .where(
          and(
            eq(subscriptions.autoRenew, true),
            isNull(subscriptions.cancelledAt),
            inArray(subscriptions.kind, ['plan', 'addon']),
            gt(subscriptions.endsAt, now),
            lte(subscriptions.endsAt, until),
            sql`not exists (select 1 from ${paymentOrders} where ${paymentOrders.renewsSubscriptionId} = ${subscriptions.id})`,
            sql`not exists (select 1 from ${later} as next where next.user_id = ${subscriptions.userId}
              and next.product = ${subscriptions.product} and next.kind = ${subscriptions.kind}
              and next.id <> ${subscriptions.id} and next.starts_at >= ${subscriptions.endsAt})`,
          ),
        );
    },

    /** Products whose free trial the user has taken. */
    async usedTrials(userId: string): Promise<Set<ProductType>> {
      const rows = await (usedTrialsQuery ??= prepareUsedTrials(db)).execute({ userId });
      return new Set(rows.map((r) => r.product));
    },
    /** Records a free trial; throws a unique violation on `trials_user_id_product_pk` for a second one. */
    async insertTrial(trial: typeof trials.$inferInsert): Promise<void> {
      await db.insert(trials).values(trial);
    },

    /** Records a webhook delivery; false when this event id was already recorded. */
    async recordWebhookEvent(event: typeof webhookEvents.$inferInsert): Promise<boolean> {
      const rows = await db
        .insert(webhookEvents)
        .values(event)
        .onConflictDoNothing({ target: webhookEvents.eventId })
        .returning({ eventId: webhookEvents.eventId });
      return rows.length > 0;
    },

    /** The user's identity for the checkout prefill and referral credit. */
    async findPayer(userId: string): Promise<PayerRow | undefined> {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          mobile: users.mobile,
          referredBy: users.referredBy,
        })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row;
    },

    /** The user's referral code, if one has been made. */
    async findReferralCode(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ code: referralCodes.code })
        .from(referralCodes)
        .where(eq(referralCodes.userId, userId))
        .limit(1);
      return row?.code;
    },
    /** Stores a user's referral code; false when the code is taken or the user already has one. */
    async insertReferralCode(userId: string, code: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(referralCodes)
        .values({ userId, code, createdAt: at })
        .onConflictDoNothing()
        .returning({ code: referralCodes.code });
      return rows.length > 0;
    },
    /** The user a referral code belongs to. */
    async findReferrer(code: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: referralCodes.userId })
        .from(referralCodes)
        .where(eq(referralCodes.code, code))
        .limit(1);
      return row?.userId;
    },
    /** How many users signed up with this code (as typed at registration, compared case-insensitively). */
    async countSignups(code: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(users)
        .where(sql`upper(trim(${users.referredBy})) = ${code}`);
      return row?.n ?? 0;
    },
    /** Credits a referrer for a payment (once per payment). */
    async insertReferralEarning(earning: Omit<typeof referralEarnings.$inferInsert, 'id'>): Promise<void> {
      await db.insert(referralEarnings).values(earning).onConflictDoNothing({ target: referralEarnings.paymentId });
    },
    /** A referrer's earnings, newest first, and their totals. */
    async listEarnings(referrerId: string): Promise<{ rows: EarningRow[]; totalPaise: number; payingUsers: number }> {
      const rows = await db
        .select({
          createdAt: referralEarnings.createdAt,
          firstName: users.firstName,
          lastName: users.lastName,
          planName: billingPackages.planName,
          basePaise: referralEarnings.basePaise,
          earningPaise: referralEarnings.earningPaise,
        })
        .from(referralEarnings)
        .innerJoin(users, eq(users.id, referralEarnings.referredUserId))
        .innerJoin(payments, eq(payments.id, referralEarnings.paymentId))
        .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
        .innerJoin(billingPackages, eq(billingPackages.id, paymentOrders.packageId))
        .where(eq(referralEarnings.referrerId, referrerId))
        .orderBy(desc(referralEarnings.createdAt), desc(referralEarnings.id))
        .limit(500);
      const [totals] = await db
        .select({
          total: sum(referralEarnings.earningPaise).mapWith(Number),
          payingUsers: countDistinct(referralEarnings.referredUserId),
        })
        .from(referralEarnings)
        .where(eq(referralEarnings.referrerId, referrerId));
      return { rows, totalPaise: totals?.total ?? 0, payingUsers: totals?.payingUsers ?? 0 };
    },
  };
}

/** The billing queries, bound to the database or to one transaction. */
export type BillingQueries = ReturnType<typeof createBillingQueries>;

/**
 * Packages, promo codes, orders, payments, subscriptions, trials, webhook deliveries and referrals. The only code of
 * the billing module that touches the database. `transaction` runs work atomically with queries bound to it.
 */
export function createBillingRepository(db: Db) {
  return {
    ...createBillingQueries(db),
    /** Runs `work` in one database transaction; row locks taken inside are held until it ends. */
    transaction<T>(work: (tx: BillingQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createBillingQueries(tx)));
    },
  };
}

/** The billing repository's interface. */
export type BillingRepository = ReturnType<typeof createBillingRepository>;
