import { describe, expect, it } from 'vitest';
import { entitlementsOf } from './billing-entitlements';
import type { SubscriptionRow } from './billing.repository';

const NOW = Date.UTC(2026, 10, 20, 4, 0, 0);
const DAY = 86_400_000;

function period(
  product: 'd' | 'qt',
  kind: SubscriptionRow['kind'],
  fromDays: number,
  toDays: number,
  brokerAccounts = 0,
): SubscriptionRow {
  return {
    id: `${product}-${kind}-${fromDays}`,
    userId: 'u',
    packageId: 'P',
    product,
    kind,
    startsAt: new Date(NOW + fromDays * DAY),
    endsAt: new Date(NOW + toDays * DAY),
    brokerAccounts,
    autoRenew: false,
    cancelledAt: null,
    createdAt: new Date(NOW),
  };
}

describe('entitlements from subscriptions', () => {
  it('has nothing and both trials without any period', () => {
    expect(entitlementsOf([], new Set(), false, NOW)).toEqual({
      activeSubscription: false,
      activeTradeSubscription: false,
      brokerLoggedIn: false,
      subscriptionValidTill: null,
      tradeSubscriptionValidTill: null,
      trialAllowed: true,
      tradeTrailAllowed: true,
      accounts: 0,
    });
  });

  it('runs a plan to the end of its chain of renewals', () => {
    const e = entitlementsOf([period('d', 'plan', -10, 20), period('d', 'plan', 20, 50)], new Set(), false, NOW);
    expect(e.activeSubscription).toBe(true);
    expect(e.subscriptionValidTill).toBe(new Date(NOW + 50 * DAY).toISOString());
    expect(e.trialAllowed).toBe(false);
  });

  it('does not count a period that has not started', () => {
    const e = entitlementsOf([period('d', 'plan', 1, 31)], new Set(), false, NOW);
    expect(e.activeSubscription).toBe(false);
    expect(e.subscriptionValidTill).toBeNull();
  });

  it('adds add-on accounts to the QuikTrade plan, only while the plan runs', () => {
    const plan = period('qt', 'plan', -1, 29, 1);
    const addOn = period('qt', 'addon', -1, 29, 1);
    expect(entitlementsOf([plan, addOn, period('qt', 'addon', -1, 29, 2)], new Set(), false, NOW).accounts).toBe(4);
    expect(entitlementsOf([addOn], new Set(), false, NOW)).toMatchObject({
      activeTradeSubscription: false,
      accounts: 0,
    });
  });

  it('withholds a trial once taken, even after it ended', () => {
    const e = entitlementsOf([], new Set(['d', 'qt'] as const), true, NOW);
    expect(e).toMatchObject({ trialAllowed: false, tradeTrailAllowed: false, brokerLoggedIn: true });
  });
});
