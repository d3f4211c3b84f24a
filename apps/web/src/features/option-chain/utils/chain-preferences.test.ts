import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHAIN_PREFERENCES,
  OPTION_CHAIN_TABLE_STORAGE_KEY,
  readChainPreferences,
  writeChainPreferences,
} from './chain-preferences';

afterEach(() => window.localStorage.clear());

describe('option-chain table preferences', () => {
  it('a first visit shows NIFTY, the nearest expiry, ATM ±5 by the future, 1D changes', () => {
    expect(readChainPreferences()).toEqual(DEFAULT_CHAIN_PREFERENCES);
    expect(DEFAULT_CHAIN_PREFERENCES).toMatchObject({
      name: 'NIFTY',
      expiry: null,
      strikes: 11,
      atm: 'Futures',
      period: '1D',
    });
  });

  it('survive a reload', () => {
    const chosen = {
      ...DEFAULT_CHAIN_PREFERENCES,
      name: 'BANKNIFTY',
      expiry: '2026-11-25',
      strikes: 15,
      period: '1M' as const,
      showGreeks: true,
    };
    writeChainPreferences(chosen);
    expect(readChainPreferences()).toEqual(chosen);
  });

  it('a bad stored field falls back to its default and keeps the others', () => {
    window.localStorage.setItem(
      OPTION_CHAIN_TABLE_STORAGE_KEY,
      JSON.stringify({ name: 'RELIANCE', strikes: 40, atm: 'Moon', period: '7D', showIv: 'yes' }),
    );
    expect(readChainPreferences()).toEqual({ ...DEFAULT_CHAIN_PREFERENCES, name: 'RELIANCE' });
  });

  it('unreadable storage gives the defaults', () => {
    window.localStorage.setItem(OPTION_CHAIN_TABLE_STORAGE_KEY, '{not json');
    expect(readChainPreferences()).toEqual(DEFAULT_CHAIN_PREFERENCES);
    window.localStorage.setItem(OPTION_CHAIN_TABLE_STORAGE_KEY, '42');
    expect(readChainPreferences()).toEqual(DEFAULT_CHAIN_PREFERENCES);
  });
});
