import { describe, expect, it } from 'vitest';
import { brokerAccount } from '../../features/brokers/test/broker-fixtures';
import { tradableAccounts, tradeRefusal } from './trading-access';

describe('who can trade', () => {
  const paper = brokerAccount({ id: 'p', status: 'loggedIn', quickTrade: true, isDefault: false });
  const kite = brokerAccount({ id: 'k', status: 'loggedIn', quickTrade: true, isDefault: true });

  it('trades on logged-in accounts enabled for trading, the default first', () => {
    const off = brokerAccount({ id: 'o', status: 'loggedOut', quickTrade: true });
    expect(tradableAccounts([paper, off, kite]).map((account) => account.id)).toEqual(['k', 'p']);
  });

  it('refuses without a QuikTrade plan, linking to its pricing', () => {
    expect(tradeRefusal(false, [paper])?.href).toBe('/quiktrade/pricing');
  });

  it('refuses without a logged-in account, linking to the Broker List', () => {
    expect(tradeRefusal(true, [{ ...paper, status: 'loggedOut' }])?.href).toBe('/trading/broker-accounts');
    expect(tradeRefusal(true, [paper])).toBeNull();
  });
});
