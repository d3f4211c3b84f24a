import { describe, expect, it } from 'vitest';
import { formatIstDateTime } from './format-ist';

describe('formatIstDateTime', () => {
  it('shows an instant in IST (UTC+05:30) as DD-MMM-YYYY HH:mm:ss', () => {
    expect(formatIstDateTime('2026-01-05T03:45:00.000Z')).toBe('05-Jan-2026 09:15:00');
    expect(formatIstDateTime(Date.UTC(2026, 2, 31, 20, 0, 5))).toBe('01-Apr-2026 01:30:05');
  });

  it('shows nothing for an unreadable instant', () => {
    expect(formatIstDateTime('not a date')).toBe('');
  });
});
