import { beforeEach, describe, expect, it } from 'vitest';
import {
  ADVANCE_CHART_STORAGE_KEY,
  DEFAULT_ADVANCE_CHART_PREFERENCES,
  parseAdvanceChartPreferences,
  readAdvanceChartPreferences,
  withInstrument,
  withPeriod,
  writeAdvanceChartPreferences,
} from './advance-chart-preferences';

beforeEach(() => localStorage.clear());

describe('Advance Chart preferences', () => {
  it('default to 5m over 2D, 3 strikes around the futures ATM, 400 px charts and no indicators (spec §9)', () => {
    expect(readAdvanceChartPreferences()).toEqual({
      instrument: null,
      expiry: null,
      strike: 3,
      atm: 'Futures',
      resolution: '5m',
      period: '2D',
      height: 400,
      indicators: [],
      settings: { ema: { period: 20 }, sma: { period: 50 }, bollinger: { period: 20, k: 2 }, rsi: { period: 14 } },
    });
  });

  it('survive a reload', () => {
    const chosen = {
      ...DEFAULT_ADVANCE_CHART_PREFERENCES,
      instrument: 'BANKNIFTY',
      expiry: '2026-11-24',
      strike: 5,
      atm: 'SynFut' as const,
      indicators: ['ema' as const, 'rsi' as const],
    };
    writeAdvanceChartPreferences(chosen);
    expect(localStorage.getItem(ADVANCE_CHART_STORAGE_KEY)).not.toBeNull();
    expect(readAdvanceChartPreferences()).toEqual(chosen);
  });

  it('replace each invalid stored field by its default', () => {
    const parsed = parseAdvanceChartPreferences(
      JSON.stringify({
        strike: 16,
        atm: 'Middle',
        resolution: '7m',
        period: '9D',
        height: 10,
        indicators: ['ichimoku', 'sma'],
      }),
    );
    expect(parsed).toEqual({ ...DEFAULT_ADVANCE_CHART_PREFERENCES, indicators: ['sma'] });
    expect(parseAdvanceChartPreferences('{broken')).toEqual(DEFAULT_ADVANCE_CHART_PREFERENCES);
  });

  it('keep valid indicator periods and replace invalid ones by the defaults', () => {
    const parsed = parseAdvanceChartPreferences(
      JSON.stringify({
        settings: { ema: { period: 9 }, sma: { period: 1 }, bollinger: { period: 30, k: 9 }, rsi: 'x' },
      }),
    );
    expect(parsed.settings).toEqual({
      ema: { period: 9 },
      sma: { period: 50 },
      bollinger: { period: 30, k: 2 },
      rsi: { period: 14 },
    });
  });

  it('force 5m with 5D and 15m with 1M (spec §4.4)', () => {
    const oneMinute = { ...DEFAULT_ADVANCE_CHART_PREFERENCES, resolution: '1m' as const };
    expect(withPeriod(oneMinute, '5D').resolution).toBe('5m');
    expect(withPeriod(oneMinute, '1M').resolution).toBe('15m');
    expect(withPeriod({ ...oneMinute, resolution: '30m' }, '1M').resolution).toBe('30m');
  });

  it('clear the expiry when the instrument changes (spec §4.4)', () => {
    const chosen = { ...DEFAULT_ADVANCE_CHART_PREFERENCES, instrument: 'NIFTY', expiry: '2026-11-24' };
    expect(withInstrument(chosen, 'FINNIFTY')).toMatchObject({ instrument: 'FINNIFTY', expiry: null });
  });
});
