import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '../app-pages';
import { GATE_POPUPS, gateFor } from './page-gates';

const NOTHING = { activeSubscription: false, activeTradeSubscription: false, brokerLoggedIn: false };

describe('gateFor', () => {
  it('offers the Discover plan for a Discover page without one', () => {
    expect(gateFor(APP_PAGES.optionChain, NOTHING)).toBe('discover-plan');
    expect(GATE_POPUPS['discover-plan']).toEqual({
      title: 'Purchase Discover Plan',
      message: 'You do not have valid plan for Discover. Please purchase plan to continue',
      button: 'Buy Plan',
    });
  });

  it('asks for a broker login before Tick Chart', () => {
    expect(gateFor(APP_PAGES.tickChart, { ...NOTHING, activeSubscription: true })).toBe('broker-login');
    expect(GATE_POPUPS['broker-login']).toEqual({
      title: 'Login with your Broker Account',
      message: 'Please login with your broker account to view Tick Charts',
      button: 'Ok',
    });
    expect(gateFor(APP_PAGES.tickChart, { ...NOTHING, activeSubscription: true, brokerLoggedIn: true })).toBeNull();
  });

  it('offers the upgrade for a QuikTrade page without a QuikTrade plan', () => {
    expect(gateFor(APP_PAGES.orders, { ...NOTHING, activeSubscription: true })).toBe('upgrade');
    expect(GATE_POPUPS.upgrade.message).toBe('Please upgrade to use this feature');
    expect(gateFor(APP_PAGES.orders, { ...NOTHING, activeTradeSubscription: true })).toBeNull();
  });

  it('never gates the account pages', () => {
    expect(gateFor(APP_PAGES.profile, NOTHING)).toBeNull();
    expect(gateFor(APP_PAGES.subscriptions, NOTHING)).toBeNull();
  });
});
