import { historyRangeWindow, istInstant, nextTradingDay, parseHistoryRange, sessionOn } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { PANE_HISTORY_BARS, barsInSession, paneHistoryRange } from './pane-history';
import { PANE_RESOLUTIONS, type PaneResolution } from './technical-analysis-preferences';

/** Bars of every session of a range but its latest, counted session by session. */
function barsBeforeLatest(range: string, now: number, resolution: PaneResolution): number {
  const window = historyRangeWindow(range, now, 'NSE');
  let bars = 0;
  for (let date = window.firstSession; date !== window.lastSession; date = nextTradingDay(date, 'NSE')) {
    bars += barsInSession(sessionOn(date, 'NSE')!, resolution);
  }
  return bars;
}

describe('Advance Chart pane history', () => {
  it('counts the bars of a session, the last shorter candle included', () => {
    const normal = sessionOn('2026-11-20', 'NSE')!;
    expect(barsInSession(normal, '1m')).toBe(375);
    expect(barsInSession(normal, '3m')).toBe(125);
    expect(barsInSession(normal, '5m')).toBe(75);
    expect(barsInSession(normal, '15m')).toBe(25);
    expect(barsInSession(normal, '30m')).toBe(13);
    expect(barsInSession(normal, '1h')).toBe(7);
    expect(barsInSession(normal, '1D')).toBe(1);
    // Muhurat trading: one hour.
    const muhurat = sessionOn('2026-11-08', 'NSE')!;
    expect(barsInSession(muhurat, '1h')).toBe(1);
    expect(barsInSession(muhurat, '15m')).toBe(4);
  });

  it('loads 2,000 bars before the latest session at every resolution, and no whole session more', () => {
    // A Sunday: the latest session is Friday's; two Muhurat sessions lie within the hourly range.
    for (const now of [istInstant('2026-11-29', '06:12'), istInstant('2026-11-20', '09:20')]) {
      for (const resolution of PANE_RESOLUTIONS) {
        const range = paneHistoryRange(resolution, now, 'NSE');
        const { count, unit } = parseHistoryRange(range);
        expect(unit).toBe('D');
        expect(barsBeforeLatest(range, now, resolution)).toBeGreaterThanOrEqual(PANE_HISTORY_BARS);
        expect(barsBeforeLatest(`${count - 1}D`, now, resolution)).toBeLessThan(PANE_HISTORY_BARS);
      }
    }
    expect(paneHistoryRange('1m', istInstant('2026-11-20', '09:20'), 'NSE')).toBe('7D');
  });

  it('gives a range the market calendar can place (eight years of sessions for daily bars)', () => {
    const now = istInstant('2026-11-20', '12:00');
    const window = historyRangeWindow(paneHistoryRange('1D', now, 'NSE'), now, 'NSE');
    expect(window.firstSession < '2019-03-01').toBe(true);
    expect(window.firstSession > '2018-06-01').toBe(true);
    expect(window.lastSession).toBe('2026-11-20');
  });

  it('scales with the bars asked for', () => {
    const now = istInstant('2026-11-20', '12:00');
    expect(paneHistoryRange('5m', now, 'NSE', 75)).toBe('2D');
    expect(paneHistoryRange('5m', now, 'NSE', 76)).toBe('3D');
  });
});
