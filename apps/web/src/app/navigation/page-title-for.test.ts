import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '../app-pages';
import { topBarTitle } from './page-title-for';

describe('topBarTitle', () => {
  it("uses the page's own name", () => {
    expect(topBarTitle('/subscriptions', APP_PAGES.subscriptions)).toBe('My Subscriptions');
    expect(topBarTitle('/trading/broker-accounts', APP_PAGES.brokerAccounts)).toBe('Broker List');
    expect(topBarTitle('/profile', APP_PAGES.profile)).toBe('My Profile');
    expect(topBarTitle('/broker-setup', APP_PAGES.brokerSetup)).toBe('Broker Setup');
    expect(topBarTitle('/pages/option-chain-charts', APP_PAGES.optionChainCharts)).toBe('Option Chain Charts');
    expect(topBarTitle('/pages/futures-eod', APP_PAGES.futuresEod)).toBe('Futures EOD');
  });

  it('derives a title from the path otherwise', () => {
    expect(topBarTitle('/pages/fno-stocks', undefined)).toBe('Fno Stocks');
    expect(topBarTitle('/', undefined)).toBe('');
  });
});
