import { describe, expect, it } from 'vitest';
import { istInstant } from '../market/ist-time';
import { sessionLastSecond } from '../market/market-calendar';
import { formatIstClockTime, formatIstDateTime } from './ist-date-format';

describe('IST clock and date texts', () => {
  it("shows the closed-market fallback as 'Last Updated: 3:29:59', and 3:39:59 for F&O from 3-Aug-2026", () => {
    expect(formatIstClockTime(sessionLastSecond('2026-07-31', 'NFO'))).toBe('3:29:59');
    expect(formatIstClockTime(sessionLastSecond('2026-08-03', 'NFO'))).toBe('3:39:59');
    expect(formatIstClockTime(sessionLastSecond('2026-08-03', 'NSE'))).toBe('3:29:59');
  });

  it('uses a 12-hour clock', () => {
    expect(formatIstClockTime(istInstant('2026-07-31', '00:00'))).toBe('12:00:00');
    expect(formatIstClockTime(istInstant('2026-07-31', '09:15'))).toBe('9:15:00');
    expect(formatIstClockTime(istInstant('2026-07-31', '12:30'))).toBe('12:30:00');
  });

  it("formats 'DD-MMM-YYYY h:mm a' in IST whatever the instant's UTC date", () => {
    expect(formatIstDateTime(istInstant('2026-11-24', '15:29'))).toBe('24-Nov-2026 3:29 pm');
    expect(formatIstDateTime(Date.parse('2026-01-04T18:35:00Z'))).toBe('05-Jan-2026 12:05 am');
    expect(formatIstDateTime(istInstant('2026-03-02', '12:00'))).toBe('02-Mar-2026 12:00 pm');
  });
});
