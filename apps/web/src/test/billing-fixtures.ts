import type { Package, PriceBreakdown, SubscriptionOrder, UserEntitlements } from '@fnodesk/contracts';
import { writeSession, type UserSession } from '../lib/session-storage';

/** A price table in rupees. */
export function breakdown(overrides: Partial<PriceBreakdown> = {}): PriceBreakdown {
  return {
    netPrice: 999,
    discount: 0,
    promoDiscount: 0,
    totalDiscount: 0,
    savedPercent: 0,
    discountPercent: 0,
    priceAfterDiscount: 999,
    pricePerMonth: 999,
    gst: 179.82,
    finalPrice: 1179,
    ...overrides,
  };
}

/** A package as `package-list` sends it. */
export function pkg(overrides: Partial<Package> & Pick<Package, 'id' | 'planName'>): Package {
  return {
    planType: `Discover ${overrides.planName}`,
    product: 'd',
    kind: 'plan',
    price: 999,
    gst: 179.82,
    finalPrice: 1179,
    costPerDay: 999,
    costPerMonth: 999,
    numberOfDays: 30,
    active: 1,
    promoCode: null,
    purchasable: true,
    brokerAccounts: 0,
    breakdown: breakdown(),
    ...overrides,
  };
}

/** The seeded Discover catalogue. */
export const DISCOVER_PACKAGES: Package[] = [
  pkg({
    id: 'Trial',
    planName: 'Trial',
    kind: 'trial',
    numberOfDays: 7,
    price: 423,
    gst: 76,
    finalPrice: 499,
    costPerDay: null,
    costPerMonth: null,
    breakdown: breakdown({ netPrice: 423, priceAfterDiscount: 423, pricePerMonth: 1812.86, gst: 76, finalPrice: 499 }),
  }),
  pkg({ id: 'Starter', planName: 'Starter' }),
  pkg({
    id: 'Sixer',
    planName: 'Sixer',
    numberOfDays: 180,
    breakdown: breakdown({ netPrice: 5994, discount: 479.52, discountPercent: 8, savedPercent: 8 }),
  }),
  pkg({
    id: 'Professional',
    planName: 'Professional',
    numberOfDays: 360,
    breakdown: breakdown({ netPrice: 11988, discount: 2397.6, discountPercent: 20, savedPercent: 20 }),
  }),
];

const qt = (id: string, planName: string, days: number, discountPercent: number) =>
  pkg({
    id,
    planName,
    planType: `QuikTrade ${planName}`,
    product: 'qt',
    active: 0,
    numberOfDays: days,
    brokerAccounts: 1,
    breakdown: breakdown({ discountPercent }),
  });

/** The seeded QuikTrade catalogue. */
export const QUIKTRADE_PACKAGES: Package[] = [
  pkg({
    id: 'Free',
    planName: 'Free',
    planType: 'QuikTrade Free',
    product: 'qt',
    kind: 'trial',
    active: 0,
    numberOfDays: 7,
    purchasable: false,
    breakdown: null,
    finalPrice: 0,
  }),
  qt('QT01', 'Scalper', 30, 0),
  qt('QT02', 'Scalper', 180, 17),
  qt('QT03', 'Scalper', 360, 22),
  qt('QT04', 'Pro', 30, 0),
  qt('QT05', 'Pro', 180, 17),
  qt('QT06', 'Pro', 360, 34),
  pkg({
    id: 'ADDON1',
    planName: 'Extra Broker Account',
    planType: 'QuikTrade Add-on',
    product: 'qt',
    kind: 'addon',
    active: 0,
  }),
];

/** An order as `initiate-subscription` sends it. */
export function order(overrides: Partial<SubscriptionOrder> = {}): SubscriptionOrder {
  return {
    packageId: 'Starter',
    amount: 117_900,
    currency: 'INR',
    name: 'FNO Desk',
    description: 'Discover Starter · 30 days',
    order_id: 'order_TESTORDER00001',
    key: 'rzp_test_builtin',
    provider: 'test',
    receipt: 'rcpt_1',
    prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '+919876543210' },
    plan: {
      id: 'Starter',
      planName: 'Starter',
      planType: 'Discover Starter',
      product: 'd',
      kind: 'plan',
      numberOfDays: 30,
    },
    promoCode: null,
    breakdown: breakdown(),
    expiresAt: '2026-11-20T04:30:00.000Z',
    ...overrides,
  };
}

/** Entitlements with an active Discover plan. */
export const ACTIVE_DISCOVER: UserEntitlements = {
  activeSubscription: true,
  activeTradeSubscription: false,
  brokerLoggedIn: false,
  subscriptionValidTill: '2026-12-20T04:00:00.000Z',
  tradeSubscriptionValidTill: null,
  trialAllowed: false,
  tradeTrailAllowed: true,
  accounts: 0,
};

/** Stores a signed-in session with these flags. */
export function signIn(overrides: Partial<UserSession> = {}): void {
  writeSession({
    userID: 'u-1',
    loginSecret: 'secret-1',
    email: 'asha@example.in',
    activeSubscription: false,
    activeTradeSubscription: false,
    brokerLoggedIn: false,
    subscriptionValidTill: null,
    tradeSubscriptionValidTill: null,
    trialAllowed: true,
    tradeTrailAllowed: true,
    gUserRegisterRequired: false,
    webSocketChannel: 'ch',
    src: 'fnodesk',
    isLoggedIn: true,
    userFirstName: 'Asha',
    userLastName: 'Rao',
    ...overrides,
  });
}
