import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from './schema';
import { createTestDatabase, type TestDatabase } from './testing';

let database: TestDatabase;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [user] = await database.db
    .insert(schema.users)
    .values({
      email: 'ravi@example.in',
      firstName: 'Ravi',
      lastName: 'K',
      mobile: '+919800000001',
      websocketChannel: 'c1',
    })
    .returning();
  userId = user!.id;
});

afterAll(async () => {
  await database.destroy();
});

const at = new Date(Date.UTC(2026, 10, 20));

function order(overrides: Partial<typeof schema.paymentOrders.$inferInsert> = {}) {
  return {
    userId,
    packageId: 'Starter',
    product: 'd' as const,
    kind: 'purchase' as const,
    provider: 'test' as const,
    providerOrderId: `order_${Math.random().toString(36).slice(2)}`,
    receipt: `rcpt_${Math.random().toString(36).slice(2)}`,
    amountPaise: 117_900,
    netPaise: 99_900,
    discountPaise: 0,
    promoDiscountPaise: 0,
    pricePaise: 99_900,
    gstPaise: 17_982,
    numberOfDays: 30,
    status: 'created' as const,
    createdAt: at,
    expiresAt: at,
    ...overrides,
  };
}

describe('billing schema (migration 0002)', () => {
  it('seeds the catalogue: Discover Trial/Starter/Sixer/Professional, QT01–QT06, Free and an add-on', async () => {
    const rows = await database.db.select().from(schema.billingPackages).orderBy(schema.billingPackages.sortOrder);
    expect(rows.map((r) => r.id)).toEqual([
      'Trial',
      'Starter',
      'Sixer',
      'Professional',
      'Free',
      'QT01',
      'QT02',
      'QT03',
      'QT04',
      'QT05',
      'QT06',
      'ADDON1',
    ]);
    expect(rows.find((r) => r.id === 'Trial')).toMatchObject({ numberOfDays: 7, fixedTotalPaise: 49_900 });
    expect(rows.find((r) => r.id === 'QT03')).toMatchObject({ numberOfDays: 360, planType: 'QuikTrade Scalper' });
  });

  it('prices every QuikTrade plan below the shorter plan of its tier, per month (migration 0011)', async () => {
    const rows = await database.db.select().from(schema.billingPackages);
    const plans = rows.filter((r) => r.product === 'qt' && r.kind === 'plan');
    const tiers = new Map<string, typeof plans>();
    for (const plan of plans) tiers.set(plan.planName, [...(tiers.get(plan.planName) ?? []), plan]);
    expect([...tiers.keys()].sort()).toEqual(['Pro', 'Scalper']);
    for (const tier of tiers.values()) {
      const byLength = [...tier].sort((a, b) => a.numberOfDays - b.numberOfDays);
      expect(byLength.map((p) => p.numberOfDays)).toEqual([30, 180, 360]);
      for (let i = 1; i < byLength.length; i += 1) {
        expect(byLength[i]!.monthlyPaise!).toBeLessThan(byLength[i - 1]!.monthlyPaise!);
      }
      // A month is the list price: it carries no discount badge.
      expect(byLength[0]!.monthlyPaise).toBe(byLength[0]!.listMonthlyPaise);
    }
    const monthly = Object.fromEntries(plans.map((p) => [p.id, p.monthlyPaise]));
    expect(monthly).toEqual({
      QT01: 149_900,
      QT02: 124_417,
      QT03: 116_922,
      QT04: 299_900,
      QT05: 248_917,
      QT06: 197_934,
    });
  });

  it('allows one free trial per user and product', async () => {
    await database.db.insert(schema.trials).values({ userId, product: 'd', subscriptionId: userId, createdAt: at });
    await expect(
      database.db.insert(schema.trials).values({ userId, product: 'd', subscriptionId: userId, createdAt: at }),
    ).rejects.toThrow();
    await database.db.insert(schema.trials).values({ userId, product: 'qt', subscriptionId: userId, createdAt: at });
  });

  it('keeps one pending order per user, package, promo and amount', async () => {
    await database.db.insert(schema.paymentOrders).values(order());
    await expect(database.db.insert(schema.paymentOrders).values(order())).rejects.toThrow();
    // Another promo, or the same one once the first is no longer pending, is a different order.
    await database.db.insert(schema.paymentOrders).values(order({ promoCode: 'WELCOME10', amountPaise: 106_100 }));
    await database.db
      .update(schema.paymentOrders)
      .set({ status: 'failed' })
      .where(eq(schema.paymentOrders.promoCode, 'WELCOME10'));
    await database.db.insert(schema.paymentOrders).values(order({ promoCode: 'WELCOME10', amountPaise: 106_100 }));
  });

  it('stores promo codes upper-cased only and refuses a percent above 100', async () => {
    await expect(
      database.db.insert(schema.promoCodes).values({ code: 'lower', kind: 'percent', percentBasisPoints: 500 }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(schema.promoCodes).values({ code: 'HUGE', kind: 'percent', percentBasisPoints: 10_001 }),
    ).rejects.toThrow();
  });

  it('refuses a monthly price above the list price', async () => {
    await expect(
      database.db.execute(sql`update billing_packages set monthly_paise = list_monthly_paise + 1 where id = 'Sixer'`),
    ).rejects.toThrow();
  });
});
