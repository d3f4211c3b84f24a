import { afterEach, describe, expect, it } from 'vitest';
import {
  clampHeight,
  clampStrikes,
  DEFAULT_PREFERENCES,
  OPTION_CHAIN_STORAGE_KEY,
  readOptionChainChartsPreferences,
  withIndexPeriod,
  withInstrument,
  withStrikePeriod,
  writeOptionChainChartsPreferences,
} from './option-chain-charts-preferences';

afterEach(() => localStorage.clear());

describe('option-chain preferences', () => {
  it('start from the spec defaults: 3 strikes, 5m over 2D, Futures ATM, fut index chart, height 400, all shown', () => {
    expect(readOptionChainChartsPreferences()).toEqual({
      instrument: null,
      expiry: null,
      strike: 3,
      resolution: '5m',
      period: '2D',
      resolutionStrike: '5m',
      periodStrike: '2D',
      instrumentType: 'fut',
      atm: 'Futures',
      height: 400,
      showStikeInfo: true,
      showLegend: true,
      hideShow: true,
    });
  });

  it('persist under option-chain and survive a reload, keeping fields other pages stored there', () => {
    localStorage.setItem(OPTION_CHAIN_STORAGE_KEY, JSON.stringify({ other: 1 }));
    const chosen = {
      ...DEFAULT_PREFERENCES,
      instrument: 'BANKNIFTY',
      strike: 15,
      atm: 'SynFut' as const,
      hideShow: false,
    };
    writeOptionChainChartsPreferences(chosen);
    expect(readOptionChainChartsPreferences()).toEqual(chosen);
    expect(JSON.parse(localStorage.getItem(OPTION_CHAIN_STORAGE_KEY) ?? '{}')).toMatchObject({ other: 1 });
  });

  it('replace only the unreadable fields by their defaults and clamp strikes and height', () => {
    localStorage.setItem(
      OPTION_CHAIN_STORAGE_KEY,
      JSON.stringify({
        instrument: 'NIFTY',
        strike: 40,
        height: 5,
        atm: 'Middle',
        resolution: '7m',
        showLegend: 'yes',
      }),
    );
    const read = readOptionChainChartsPreferences();
    expect(read).toMatchObject({ instrument: 'NIFTY', strike: 15, height: 150, atm: 'Futures', resolution: '5m' });
    expect(read.showLegend).toBe(true);
    localStorage.setItem(OPTION_CHAIN_STORAGE_KEY, '{not json');
    expect(readOptionChainChartsPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('a period forces the resolution: 5D raises 1m–5m to 5m, 1M raises up to 15m to 15m (also when read back)', () => {
    const oneMinute = { ...DEFAULT_PREFERENCES, resolution: '1m' as const, resolutionStrike: '3m' as const };
    expect(withIndexPeriod(oneMinute, '5D')).toMatchObject({ period: '5D', resolution: '5m' });
    expect(withStrikePeriod(oneMinute, '1M')).toMatchObject({ periodStrike: '1M', resolutionStrike: '15m' });
    expect(withStrikePeriod({ ...oneMinute, resolutionStrike: '30m' }, '1M').resolutionStrike).toBe('30m');
    localStorage.setItem(OPTION_CHAIN_STORAGE_KEY, JSON.stringify({ periodStrike: '5D', resolutionStrike: '1m' }));
    expect(readOptionChainChartsPreferences().resolutionStrike).toBe('5m');
  });

  it('choosing an instrument clears the expiry so the first one is picked again', () => {
    const before = { ...DEFAULT_PREFERENCES, instrument: 'NIFTY', expiry: '2026-11-24' };
    expect(withInstrument(before, 'RELIANCE')).toMatchObject({ instrument: 'RELIANCE', expiry: null });
  });

  it('strike counts stay within 1–15 and heights within the input limits', () => {
    expect([0, 1, 7.4, 15, 99, Number.NaN].map(clampStrikes)).toEqual([1, 1, 7, 15, 15, 3]);
    expect([10, 400, 5_000, Number.NaN].map(clampHeight)).toEqual([150, 400, 1_200, 400]);
  });
});
