import { describe, expect, it } from 'vitest';
import { postLoginDestination, type SignInDestinations } from './post-login-destination';

const DESTINATIONS: SignInDestinations = {
  pricing: '/discover/pricing',
  brokerAccounts: '/trading/broker-accounts',
  charts: '/pages/charts',
};
const NOTHING_REMEMBERED = { hasSelectedPlan: false, lastPage: null };
const DISCOVER = { activeSubscription: true, activeTradeSubscription: false };
const QUIKTRADE = { activeSubscription: false, activeTradeSubscription: true };
const BOTH = { activeSubscription: true, activeTradeSubscription: true };
const NEITHER = { activeSubscription: false, activeTradeSubscription: false };

describe('postLoginDestination (spec §4)', () => {
  it('sends a user with neither plan to Discover pricing', () => {
    expect(postLoginDestination(NEITHER, NOTHING_REMEMBERED, DESTINATIONS)).toBe('/discover/pricing');
    expect(postLoginDestination(NEITHER, { hasSelectedPlan: false, lastPage: '/profile' }, DESTINATIONS)).toBe(
      '/discover/pricing',
    );
  });

  it('sends a subscriber who chose a plan before signing in to Discover pricing', () => {
    const remembered = { hasSelectedPlan: true, lastPage: '/profile' };
    expect(postLoginDestination(DISCOVER, remembered, DESTINATIONS)).toBe('/discover/pricing');
    expect(postLoginDestination(QUIKTRADE, remembered, DESTINATIONS)).toBe('/discover/pricing');
  });

  it('sends a user with only the QuikTrade plan to broker accounts', () => {
    expect(postLoginDestination(QUIKTRADE, { hasSelectedPlan: false, lastPage: '/profile' }, DESTINATIONS)).toBe(
      '/trading/broker-accounts',
    );
  });

  it('sends a Discover subscriber back to the remembered page, else to the charts', () => {
    expect(postLoginDestination(DISCOVER, { hasSelectedPlan: false, lastPage: '/profile' }, DESTINATIONS)).toBe(
      '/profile',
    );
    expect(postLoginDestination(DISCOVER, NOTHING_REMEMBERED, DESTINATIONS)).toBe('/pages/charts');
    expect(postLoginDestination(BOTH, NOTHING_REMEMBERED, DESTINATIONS)).toBe('/pages/charts');
  });
});
