import { describe, expect, it } from 'vitest';
import { planVerdict } from './plan-verdict';

const NONE = { activeSubscription: false, activeTradeSubscription: false };
const DISCOVER = { activeSubscription: true, activeTradeSubscription: false };
const QUIKTRADE = { activeSubscription: false, activeTradeSubscription: true };

describe('planVerdict', () => {
  it('opens the account pages (profile, subscriptions, refer, broker setup) to every signed-in user', () => {
    expect(planVerdict('account', NONE)).toBe('allow');
    expect(planVerdict('account', QUIKTRADE)).toBe('allow');
  });

  it('sends a user with neither plan to pricing from every other page', () => {
    expect(planVerdict('discover', NONE)).toBe('pricing');
    expect(planVerdict('plan', NONE)).toBe('pricing');
  });

  it('sends a user with QuikTrade alone from a Discover page to the broker accounts', () => {
    expect(planVerdict('discover', QUIKTRADE)).toBe('broker-accounts');
  });

  it('lets a QuikTrade user into pages that need any plan, and a Discover user everywhere', () => {
    expect(planVerdict('plan', QUIKTRADE)).toBe('allow');
    expect(planVerdict('discover', DISCOVER)).toBe('allow');
    expect(planVerdict('plan', DISCOVER)).toBe('allow');
  });
});
