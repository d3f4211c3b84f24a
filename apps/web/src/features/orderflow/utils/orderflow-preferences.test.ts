import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ORDERFLOW_PREFERENCES,
  ORDERFLOW_STORAGE_KEY,
  readOrderflowPreferences,
  writeOrderflowPreferences,
} from './orderflow-preferences';

afterEach(() => window.localStorage.clear());

describe('orderflow preferences', () => {
  it('start from NIFTY’s near future at 3m with 300 % imbalances', () => {
    expect(readOrderflowPreferences()).toEqual(DEFAULT_ORDERFLOW_PREFERENCES);
  });

  it('keep what was chosen under the route’s name', () => {
    const chosen = {
      instrument: 'BANKNIFTY',
      month: 1,
      resolution: '5m',
      rowTicks: 20,
      imbalancePercent: 250,
    } as const;
    writeOrderflowPreferences(chosen);
    expect(JSON.parse(window.localStorage.getItem(ORDERFLOW_STORAGE_KEY)!)).toEqual(chosen);
    expect(readOrderflowPreferences()).toEqual(chosen);
  });

  it('fall back to the defaults on anything unreadable', () => {
    window.localStorage.setItem(ORDERFLOW_STORAGE_KEY, '{"instrument":"NIFTY","resolution":"1D"}');
    expect(readOrderflowPreferences()).toEqual(DEFAULT_ORDERFLOW_PREFERENCES);
    window.localStorage.setItem(ORDERFLOW_STORAGE_KEY, 'not json');
    expect(readOrderflowPreferences()).toEqual(DEFAULT_ORDERFLOW_PREFERENCES);
  });
});
