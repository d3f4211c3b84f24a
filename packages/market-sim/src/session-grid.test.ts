import { dayNumber, istInstant } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { HISTORY_ANCHOR_DATE, SessionGrid } from './session-grid';

describe('session grid', () => {
  const grid = new SessionGrid();
  grid.ensureThrough('2026-12-31');

  it('starts more than ten years before 2025–26', () => {
    expect(dayNumber('2025-01-01') - dayNumber(HISTORY_ANCHOR_DATE)).toBeGreaterThan(10 * 365);
    expect(grid.date(0) >= HISTORY_ANCHOR_DATE).toBe(true);
  });

  it('has no session on weekends or NSE holidays', () => {
    for (const holiday of ['2026-01-26', '2026-03-03', '2026-03-31', '2025-10-02', '2025-12-25']) {
      expect(grid.indexOf(holiday)).toBe(-1);
    }
    expect(grid.indexOf('2026-11-21')).toBe(-1);
    expect(grid.indexOf('2026-11-22')).toBe(-1);
    expect(grid.indexOf('2026-11-20')).toBeGreaterThan(0);
  });

  it('keeps the Budget Sunday session and the short Muhurat session', () => {
    const budget = grid.indexOf('2026-02-01');
    expect(budget).toBeGreaterThan(0);
    expect(grid.cashMinutes(budget, 'NSE')).toBe(375);
    const muhurat = grid.indexOf('2025-10-21');
    expect(grid.cashMinutes(muhurat, 'NSE')).toBe(60);
  });

  it('runs F&O ten minutes past the cash close from 3-Aug-2026', () => {
    const before = grid.indexOf('2026-07-31');
    const after = grid.indexOf('2026-08-03');
    expect(grid.derivativesMinutes(before, 'NSE')).toBe(375);
    expect(grid.derivativesMinutes(after, 'NSE')).toBe(385);
    expect(grid.cashMinutes(after, 'NSE')).toBe(375);
    expect(grid.pathMinutes(after)).toBe(385);
  });

  it('maps an instant to the session it shows: today from its pre-open, else the latest session', () => {
    const friday = grid.indexOf('2026-11-20');
    expect(grid.sessionAt(istInstant('2026-11-20', '08:59'))).toBe(friday - 1);
    expect(grid.sessionAt(istInstant('2026-11-20', '09:00'))).toBe(friday);
    expect(grid.sessionAt(istInstant('2026-11-22', '12:00'))).toBe(friday);
  });
});
