import { historyRangeWindow, istInstant, parseHistoryRange } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { PANE_HISTORY_BARS, barsPerSession, paneHistoryRange } from './pane-history';
import { PANE_RESOLUTIONS } from './technical-analysis-preferences';

describe('Advance Chart pane history', () => {
  it('counts the bars of a normal session, the last shorter candle included', () => {
    expect(barsPerSession('1m')).toBe(375);
    expect(barsPerSession('3m')).toBe(125);
    expect(barsPerSession('5m')).toBe(75);
    expect(barsPerSession('15m')).toBe(25);
    expect(barsPerSession('30m')).toBe(13);
    expect(barsPerSession('1h')).toBe(7);
    expect(barsPerSession('1D')).toBe(1);
  });

  it('loads enough whole sessions for 2,000 bars at every resolution, with two to spare', () => {
    for (const resolution of PANE_RESOLUTIONS) {
      const { count, unit } = parseHistoryRange(paneHistoryRange(resolution));
      expect(unit).toBe('D');
      expect((count - 2) * barsPerSession(resolution)).toBeGreaterThanOrEqual(PANE_HISTORY_BARS);
      expect((count - 3) * barsPerSession(resolution)).toBeLessThan(PANE_HISTORY_BARS);
    }
    expect(paneHistoryRange('1m')).toBe('8D');
    expect(paneHistoryRange('1D')).toBe('2002D');
  });

  it('gives a range the market calendar can place (eight years of sessions for daily bars)', () => {
    const now = istInstant('2026-11-20', '12:00');
    const window = historyRangeWindow(paneHistoryRange('1D'), now, 'NSE');
    expect(window.firstSession < '2019-03-01').toBe(true);
    expect(window.firstSession > '2018-06-01').toBe(true);
    expect(window.lastSession).toBe('2026-11-20');
  });

  it('scales with the bars asked for', () => {
    expect(paneHistoryRange('5m', 75)).toBe('3D');
    expect(paneHistoryRange('5m', 76)).toBe('4D');
  });
});
