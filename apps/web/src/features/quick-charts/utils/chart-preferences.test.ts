import { spotInstrumentToken } from '@fnodesk/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  defaultChartSettings,
  QUICK_CHARTS_STORAGE_KEY,
  readQuickChartsPreferences,
  withPeriod,
  writeQuickChartsPreferences,
} from './chart-preferences';

describe('Quick Charts preferences', () => {
  beforeEach(() => window.localStorage.clear());

  it('starts with one NIFTY chart at 5m over 2D', () => {
    expect(readQuickChartsPreferences().charts).toEqual([
      {
        instrument: { token: spotInstrumentToken('NIFTY'), name: 'NIFTY', label: 'NIFTY', exchange: 'NSE' },
        resolution: '5m',
        period: '2D',
      },
    ]);
  });

  it('survives a reload', () => {
    const second = { ...defaultChartSettings(), resolution: '15m' as const, period: '5D' as const };
    writeQuickChartsPreferences({ charts: [defaultChartSettings(), second] });
    expect(readQuickChartsPreferences().charts).toEqual([defaultChartSettings(), second]);
  });

  it('drops unreadable entries, keeps at most four charts, and falls back to the default', () => {
    window.localStorage.setItem(QUICK_CHARTS_STORAGE_KEY, '{not json');
    expect(readQuickChartsPreferences().charts).toHaveLength(1);
    const good = defaultChartSettings();
    const bad = { ...good, resolution: '7m' };
    window.localStorage.setItem(
      QUICK_CHARTS_STORAGE_KEY,
      JSON.stringify({ charts: [bad, good, good, good, good, good] }),
    );
    expect(readQuickChartsPreferences().charts).toHaveLength(4);
  });

  it('raises a resolution the period forbids: 5D makes 1m 5m, 1M makes 5m 15m', () => {
    const oneMinute = { ...defaultChartSettings(), resolution: '1m' as const };
    expect(withPeriod(oneMinute, '5D').resolution).toBe('5m');
    expect(withPeriod({ ...oneMinute, resolution: '5m' }, '1M').resolution).toBe('15m');
    expect(withPeriod({ ...oneMinute, resolution: '30m' }, '1M').resolution).toBe('30m');
    const stored = { ...oneMinute, period: '1M' };
    window.localStorage.setItem(QUICK_CHARTS_STORAGE_KEY, JSON.stringify({ charts: [stored] }));
    expect(readQuickChartsPreferences().charts[0]?.resolution).toBe('15m');
  });
});
