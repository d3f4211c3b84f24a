import { describe, expect, it } from 'vitest';
import { expiringPlans } from './use-plan-expiry-notice';

const NOW = Date.UTC(2026, 10, 20, 6, 0);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('expiringPlans', () => {
  it('warns when 3 days or fewer are left', () => {
    expect(expiringPlans({ subscriptionValidTill: iso(NOW + 3 * DAY), tradeSubscriptionValidTill: null }, NOW)).toEqual(
      [{ product: 'Discover', validTill: iso(NOW + 3 * DAY), daysLeft: 3 }],
    );
  });

  it('stays silent with more than 3 days left, without a plan, or after the plan ended', () => {
    expect(
      expiringPlans({ subscriptionValidTill: iso(NOW + 3 * DAY + 1), tradeSubscriptionValidTill: null }, NOW),
    ).toEqual([]);
    expect(expiringPlans({ subscriptionValidTill: null, tradeSubscriptionValidTill: null }, NOW)).toEqual([]);
    expect(expiringPlans({ subscriptionValidTill: iso(NOW - 1), tradeSubscriptionValidTill: null }, NOW)).toEqual([]);
  });

  it('lists both products, soonest first, counting a part day as a day', () => {
    const plans = expiringPlans(
      { subscriptionValidTill: iso(NOW + 2 * DAY + 5), tradeSubscriptionValidTill: iso(NOW + 3_600_000) },
      NOW,
    );
    expect(plans.map((plan) => [plan.product, plan.daysLeft])).toEqual([
      ['QuikTrade', 1],
      ['Discover', 3],
    ]);
  });
});
