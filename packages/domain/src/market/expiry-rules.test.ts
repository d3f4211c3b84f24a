import { describe, expect, it } from 'vitest';
import type { ContractExpiry } from './expiry-rules';
import {
  expiryWeekday,
  hasWeeklyOptions,
  isMonthlyExpiryDate,
  longDatedExpiries,
  monthlyExpiry,
  nextMonthlyExpiries,
  nextOptionExpiries,
} from './expiry-rules';
import type { IsoDate } from './ist-time';
import { istInstant, weekdayOf } from './ist-time';
import {
  holidayListKnown,
  holidayOn,
  isHoliday,
  isRegularTradingDay,
  previousRegularTradingDay,
} from './market-calendar';

const at = (date: IsoDate, time: string): number => istInstant(date, time);
const NSE_MONTHLY_ROOTS = ['NIFTY', 'BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTYNXT50', 'RELIANCE', 'HDFCBANK'];

/** Every option expiry of a root from 1-Jan-2025 to 31-Dec-2026. */
function expiries2025To2026(root: string): ContractExpiry[] {
  return nextOptionExpiries(root, at('2025-01-01', '00:00'), 200).filter((e) => e.date <= '2026-12-31');
}

const shifts = (expiries: readonly ContractExpiry[]): Array<[IsoDate, IsoDate]> =>
  expiries.filter((e) => e.shiftedForHoliday).map((e) => [e.nominalDate, e.date]);

describe('expiry shifts stated in market-facts', () => {
  it.each(NSE_MONTHLY_ROOTS)('moves the NSE March-2026 monthly of %s from 31-Mar to 30-Mar', (root) => {
    expect(monthlyExpiry(root, 2026, 3)).toMatchObject({
      date: '2026-03-30',
      nominalDate: '2026-03-31',
      shiftedForHoliday: true,
      series: 'monthly',
    });
  });

  it.each(['SENSEX', 'BANKEX'])('moves the BSE March-2026 monthly of %s from 26-Mar to 25-Mar', (root) => {
    expect(monthlyExpiry(root, 2026, 3)).toMatchObject({ date: '2026-03-25', nominalDate: '2026-03-26' });
  });

  it('moves the SENSEX weekly of 15-Jan-2026 (election holiday) to 14-Jan', () => {
    const expiry = nextOptionExpiries('SENSEX', at('2026-01-12', '09:15'), 1)[0];
    expect(expiry).toMatchObject({ date: '2026-01-14', nominalDate: '2026-01-15', series: 'weekly' });
  });

  it('moves the NIFTY November-2026 monthly from 24-Nov (Guru Nanak Jayanti) to 23-Nov', () => {
    expect(monthlyExpiry('NIFTY', 2026, 11)).toMatchObject({ date: '2026-11-23', nominalDate: '2026-11-24' });
  });

  it('reproduces the other dated expiries: Jan/Feb-2026, Sep-2025, the Oct-2025 lot-change anchors', () => {
    expect(monthlyExpiry('NIFTY', 2026, 1).date).toBe('2026-01-27');
    expect(monthlyExpiry('NIFTY', 2026, 2).date).toBe('2026-02-24');
    expect(monthlyExpiry('NIFTY', 2025, 9).date).toBe('2025-09-30');
    expect(monthlyExpiry('NIFTY', 2025, 12).date).toBe('2025-12-30');
    const nifty = expiries2025To2026('NIFTY').map((e) => e.date);
    expect(nifty).toContain('2025-12-23');
    expect(nifty.find((d) => d > '2025-12-31')).toBe('2026-01-06');
  });
});

describe('every NIFTY and SENSEX expiry of 2025–2026', () => {
  it('pulls back exactly the expiries that fall on holidays (NIFTY)', () => {
    expect(shifts(expiries2025To2026('NIFTY'))).toEqual([
      ['2025-04-10', '2025-04-09'],
      ['2025-05-01', '2025-04-30'],
      ['2025-10-21', '2025-10-20'],
      ['2026-03-03', '2026-03-02'],
      ['2026-03-31', '2026-03-30'],
      ['2026-04-14', '2026-04-13'],
      ['2026-10-20', '2026-10-19'],
      ['2026-11-10', '2026-11-09'],
      ['2026-11-24', '2026-11-23'],
    ]);
  });

  it('pulls back exactly the expiries that fall on holidays (SENSEX)', () => {
    expect(shifts(expiries2025To2026('SENSEX'))).toEqual([
      ['2025-10-02', '2025-10-01'],
      ['2025-12-25', '2025-12-24'],
      ['2026-01-15', '2026-01-14'],
      ['2026-03-26', '2026-03-25'],
      ['2026-05-28', '2026-05-27'],
    ]);
  });

  it.each(['NIFTY', 'SENSEX'])('puts every %s expiry on a trading day, weekly, on the weekday in force', (root) => {
    const venue = root === 'NIFTY' ? 'NSE' : 'BSE';
    const exchange = root === 'NIFTY' ? 'NFO' : 'BFO';
    const expiries = expiries2025To2026(root);
    // 104–105 weeks in the two years, one expiry each.
    expect(expiries.length).toBeGreaterThanOrEqual(104);
    for (const e of expiries) {
      expect(isRegularTradingDay(e.date, exchange)).toBe(true);
      expect(weekdayOf(e.nominalDate)).toBe(expiryWeekday(venue, e.nominalDate));
      if (e.shiftedForHoliday) {
        expect(isHoliday(e.nominalDate, exchange)).toBe(true);
        expect(e.date).toBe(previousRegularTradingDay(e.nominalDate, exchange));
      } else {
        expect(e.date).toBe(e.nominalDate);
      }
    }
    expect(expiries.filter((e) => e.series === 'monthly')).toHaveLength(24);
  });

  it('switches NSE from Thursday to Tuesday and BSE from Tuesday to Thursday on 1-Sep-2025', () => {
    const nifty = expiries2025To2026('NIFTY').map((e) => e.date);
    expect(nifty.filter((d) => d >= '2025-08-20' && d <= '2025-09-10')).toEqual([
      '2025-08-21',
      '2025-08-28',
      '2025-09-02',
      '2025-09-09',
    ]);
    const sensex = expiries2025To2026('SENSEX').map((e) => e.date);
    expect(sensex.filter((d) => d >= '2025-08-20' && d <= '2025-09-12')).toEqual([
      '2025-08-26',
      '2025-09-04',
      '2025-09-11',
    ]);
    expect(monthlyExpiry('NIFTY', 2025, 8).date).toBe('2025-08-28');
    expect(monthlyExpiry('SENSEX', 2025, 8).date).toBe('2025-08-26');
  });

  it('gives all twelve 2026 monthlies for NSE and BSE', () => {
    const months = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(months.map((m) => monthlyExpiry('BANKNIFTY', 2026, m).date)).toEqual([
      '2026-01-27',
      '2026-02-24',
      '2026-03-30',
      '2026-04-28',
      '2026-05-26',
      '2026-06-30',
      '2026-07-28',
      '2026-08-25',
      '2026-09-29',
      '2026-10-27',
      '2026-11-23',
      '2026-12-29',
    ]);
    expect(months.map((m) => monthlyExpiry('BANKEX', 2026, m).date)).toEqual([
      '2026-01-29',
      '2026-02-26',
      '2026-03-25',
      '2026-04-30',
      '2026-05-27',
      '2026-06-25',
      '2026-07-30',
      '2026-08-27',
      '2026-09-24',
      '2026-10-29',
      '2026-11-26',
      '2026-12-31',
    ]);
  });
});

describe('listing the next expiries', () => {
  it('lists NIFTY weeklies with the monthly tagged', () => {
    const list = nextOptionExpiries('NIFTY', at('2026-11-20', '10:00'), 4);
    expect(list.map((e) => [e.date, e.series])).toEqual([
      ['2026-11-23', 'monthly'],
      ['2026-12-01', 'weekly'],
      ['2026-12-08', 'weekly'],
      ['2026-12-15', 'weekly'],
    ]);
  });

  it('keeps an expiry until the F&O close of its day (15:40 from 3-Aug-2026)', () => {
    expect(nextOptionExpiries('NIFTY', at('2026-08-04', '15:35'), 1)[0]?.date).toBe('2026-08-04');
    expect(nextOptionExpiries('NIFTY', at('2026-08-04', '15:40'), 1)[0]?.date).toBe('2026-08-11');
    expect(nextOptionExpiries('NIFTY', at('2026-07-28', '15:29'), 1)[0]?.date).toBe('2026-07-28');
    expect(nextOptionExpiries('NIFTY', at('2026-07-28', '15:30'), 1)[0]?.date).toBe('2026-08-04');
    expect(monthlyExpiry('NIFTY', 2026, 8).expiresAt).toBe(at('2026-08-25', '15:40'));
  });

  it('offers only monthlies for indices without weeklies and for stocks', () => {
    expect(hasWeeklyOptions('NIFTY')).toBe(true);
    expect(hasWeeklyOptions('SENSEX')).toBe(true);
    for (const root of ['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTYNXT50', 'BANKEX', 'RELIANCE']) {
      expect(hasWeeklyOptions(root)).toBe(false);
    }
    const instant = at('2026-03-30', '16:00');
    expect(nextOptionExpiries('BANKNIFTY', instant, 3).map((e) => e.date)).toEqual([
      '2026-04-28',
      '2026-05-26',
      '2026-06-30',
    ]);
    expect(nextMonthlyExpiries('RELIANCE', instant, 3)).toEqual(nextOptionExpiries('RELIANCE', instant, 3));
  });

  it('recognises the monthly expiry day', () => {
    expect(isMonthlyExpiryDate('NIFTY', '2026-11-23')).toBe(true);
    expect(isMonthlyExpiryDate('NIFTY', '2026-11-17')).toBe(false);
    expect(isMonthlyExpiryDate('SENSEX', '2026-12-31')).toBe(true);
  });

  it('shifts for the fixed-date holidays in years without a published list', () => {
    // 26-Jan-2027 (Republic Day) is the last Tuesday of January 2027: the expiry moves to Monday 25-Jan.
    expect(holidayListKnown(2027)).toBe(false);
    expect(monthlyExpiry('NIFTY', 2027, 1)).toMatchObject({ date: '2027-01-25', shiftedForHoliday: true });
  });

  it('rejects unknown roots', () => {
    expect(() => monthlyExpiry('NOTANINDEX', 2026, 1)).toThrow(RangeError);
  });
});

describe('expiry calendar calibration', () => {
  it('shifts expiry dates for every holiday, 2025–2027, weekly, monthly and long-dated', () => {
    let shifted = 0;
    for (const root of ['NIFTY', 'BANKNIFTY', 'SENSEX', 'RELIANCE']) {
      const all = nextOptionExpiries(root, at('2025-01-01', '00:00'), 400).filter((e) => e.date <= '2027-12-31');
      const exchange = root === 'SENSEX' ? 'BFO' : 'NFO';
      for (const expiry of all) {
        expect(isRegularTradingDay(expiry.date, exchange), `${root} ${expiry.date}`).toBe(true);
        if (holidayOn(expiry.nominalDate, exchange) !== null) {
          expect(expiry.date).toBe(previousRegularTradingDay(expiry.nominalDate, exchange));
          expect(expiry.shiftedForHoliday).toBe(true);
          shifted++;
        } else {
          expect(expiry.date).toBe(expiry.nominalDate);
        }
      }
    }
    expect(shifted).toBeGreaterThanOrEqual(8);
    expect(monthlyExpiry('NIFTY', 2027, 1).date).toBe('2027-01-25');
  });

  it('lists NIFTY’s three quarterlies and eight half-yearlies and BANKNIFTY’s three quarterlies after the serial months', () => {
    const now = at('2026-11-28', '12:00');
    const nifty = longDatedExpiries('NIFTY', now);
    expect(nifty.map((e) => e.nominalDate.slice(0, 7))).toEqual([
      '2027-03',
      '2027-06',
      '2027-09',
      '2027-12',
      '2028-06',
      '2028-12',
      '2029-06',
      '2029-12',
      '2030-06',
      '2030-12',
      '2031-06',
    ]);
    expect(longDatedExpiries('BANKNIFTY', now).map((e) => e.nominalDate.slice(0, 7))).toEqual([
      '2027-03',
      '2027-06',
      '2027-09',
    ]);
    expect(longDatedExpiries('FINNIFTY', now)).toEqual([]);
  });
});
