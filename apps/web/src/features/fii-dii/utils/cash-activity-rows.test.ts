import { describe, expect, it } from 'vitest';
import { cashActivityRows, cumulativeNet, type CashSession } from './cash-activity-rows';

const session = (date: string, fiiNet: number, diiNet: number): CashSession => ({
  date,
  fii: { buy: 10_000, sell: 10_000 - fiiNet, net: fiiNet },
  dii: { buy: 8_000, sell: 8_000 - diiNet, net: diiNet },
});

describe('cash market activity rows', () => {
  it('Net Chg is the net less the previous session’s net (996.28 − (−430.71) = 1,426.99)', () => {
    const rows = cashActivityRows([session('2025-02-11', 100, 996.28), session('2025-02-10', 50, -430.71)], 'Daily');
    const dii = rows.find((row) => row.period === '2025-02-11' && row.type === 'DII');
    expect(dii?.netChange).toBe(1426.99);
    expect(dii?.direction).toBe('up');
  });

  it('lists the newest session first, DII before FII/FPI, and has no change for the oldest', () => {
    const rows = cashActivityRows([session('2025-02-10', 50, 1), session('2025-02-11', -20, 2)], 'Daily');
    expect(rows.map((row) => `${row.period} ${row.type}`)).toEqual([
      '2025-02-11 DII',
      '2025-02-11 FII/FPI',
      '2025-02-10 DII',
      '2025-02-10 FII/FPI',
    ]);
    expect(rows[0]?.label).toBe('11-Feb-2025');
    expect(rows[1]?.direction).toBe('down');
    expect(rows[3]?.netChange).toBeNull();
  });

  it('weekly roll-up adds the sessions of a Monday-to-Friday week', () => {
    // 2025-02-10 is a Monday; 2025-02-17 the next Monday.
    const rows = cashActivityRows(
      [session('2025-02-10', 10, 1), session('2025-02-14', 20, 2), session('2025-02-17', 5, 3)],
      'Weekly',
    );
    const week = rows.filter((row) => row.period === '2025-02-10');
    expect(week.find((row) => row.type === 'FII/FPI')?.net).toBe(30);
    expect(week[0]?.sessions).toBe(2);
    expect(rows[0]?.label).toBe('Week of 17-Feb-2025');
    expect(rows.find((row) => row.period === '2025-02-17' && row.type === 'FII/FPI')?.netChange).toBe(-25);
  });

  it('monthly roll-up groups by calendar month', () => {
    const rows = cashActivityRows([session('2025-01-31', 10, 1), session('2025-02-03', 20, 2)], 'Monthly');
    expect(rows.map((row) => row.label)).toEqual(['Feb 2025', 'Feb 2025', 'Jan 2025', 'Jan 2025']);
  });

  it('cumulative net runs from the oldest session', () => {
    expect(cumulativeNet([session('2025-02-11', -5, 2), session('2025-02-10', 10.1, 1)])).toEqual([
      { date: '2025-02-10', fii: 10.1, dii: 1 },
      { date: '2025-02-11', fii: 5.1, dii: 3 },
    ]);
  });
});
