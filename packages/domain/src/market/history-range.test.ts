import { describe, expect, it } from 'vitest';
import { historyRangeWindow, isHistoryRange, parseHistoryRange } from './history-range';
import type { IsoDate } from './ist-time';
import { istInstant } from './ist-time';

const at = (date: IsoDate, time: string): number => istInstant(date, time);

describe('history range strings', () => {
  it('reads nD, nM and nY', () => {
    expect(parseHistoryRange('2D')).toEqual({ count: 2, unit: 'D' });
    expect(parseHistoryRange('1M')).toEqual({ count: 1, unit: 'M' });
    expect(parseHistoryRange('10Y')).toEqual({ count: 10, unit: 'Y' });
  });

  it.each(['', 'D', '0D', '02D', '2d', '2W', '1.5D', '-1D', '10001D', '1201M', '101Y'])('rejects %j', (text) => {
    expect(isHistoryRange(text)).toBe(false);
    expect(() => parseHistoryRange(text)).toThrow(RangeError);
  });
});

describe('trading-day arithmetic for ranges', () => {
  it('makes 2D the last two sessions ending at the instant, skipping a holiday', () => {
    // Holi, Tue 3-Mar-2026.
    const window = historyRangeWindow('2D', at('2026-03-04', '12:00'), 'NSE');
    expect(window).toEqual({
      from: at('2026-03-02', '09:00'),
      to: at('2026-03-04', '12:00'),
      firstSession: '2026-03-02',
      lastSession: '2026-03-04',
    });
  });

  it('does not count today before its session starts', () => {
    const window = historyRangeWindow('2D', at('2026-03-04', '08:30'), 'NSE');
    expect([window.firstSession, window.lastSession]).toEqual(['2026-02-27', '2026-03-02']);
  });

  it('starts F&O ranges at 09:15 before the F&O pre-open existed', () => {
    expect(historyRangeWindow('1D', at('2025-06-10', '12:00'), 'NFO').from).toBe(at('2025-06-10', '09:15'));
    expect(historyRangeWindow('1D', at('2026-06-10', '12:00'), 'NFO').from).toBe(at('2026-06-10', '09:00'));
  });

  it('makes 1D on a weekend the Friday session', () => {
    expect(historyRangeWindow('1D', at('2026-03-07', '12:00'), 'NFO').firstSession).toBe('2026-03-06');
  });

  it('counts the Budget Sunday session as one of the 5D', () => {
    const window = historyRangeWindow('5D', at('2026-02-03', '12:00'), 'NFO');
    expect([window.firstSession, window.lastSession]).toEqual(['2026-01-29', '2026-02-03']);
  });

  it('runs 1M from the first session on or after the same date a month back (clamped to month end)', () => {
    // 31-Mar-2026 is a holiday; a month back is 28-Feb (Saturday), so the range starts on Monday 2-Mar.
    const window = historyRangeWindow('1M', at('2026-03-31', '12:00'), 'NSE');
    expect([window.firstSession, window.lastSession]).toEqual(['2026-03-02', '2026-03-30']);
  });

  it('runs 1Y a calendar year back', () => {
    const window = historyRangeWindow({ count: 1, unit: 'Y' }, at('2026-05-15', '16:00'), 'NSE');
    expect([window.firstSession, window.lastSession]).toEqual(['2025-05-15', '2026-05-15']);
  });
});
