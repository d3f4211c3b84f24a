import { describe, expect, it } from 'vitest';
import { EXCHANGES } from './exchanges';
import type { IsoDate } from './ist-time';
import { istInstant, weekdayOf } from './ist-time';
import { monthlyExpiry } from './expiry-rules';
import { HOLIDAY_LISTS } from './holidays-2025-2026';
import {
  createMarketCalendar,
  holidayListKnown,
  holidayOn,
  holidaysInYear,
  isHoliday,
  isRegularTradingDay,
  isTradingDay,
  lastClosedSessionSecond,
  nextSessionStart,
  latestOpenedSessionAt,
  latestSessionAt,
  marketStatusAt,
  nextTradingDay,
  previousRegularTradingDay,
  previousTradingDay,
  sessionLastSecond,
  sessionOn,
  sessionTimesInForce,
  specialSessionsInYear,
  tradingDaysBetween,
} from './market-calendar';
import { SESSION_SCHEDULES } from './session-schedules';
import { SPECIAL_SESSIONS } from './special-sessions-2025-2026';

// Instants written as IST wall-clock time, with seconds when needed.
const at = (date: IsoDate, time: string, seconds = 0): number => istInstant(date, time) + seconds * 1_000;
const utc = (iso: string): number => Date.parse(iso);
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

// market-facts §3, as printed: date, weekday, name.
const HOLIDAYS_2026: ReadonlyArray<[IsoDate, string, string]> = [
  ['2026-01-15', 'Thu', 'Maharashtra municipal elections'],
  ['2026-01-26', 'Mon', 'Republic Day'],
  ['2026-03-03', 'Tue', 'Holi'],
  ['2026-03-26', 'Thu', 'Shri Ram Navami'],
  ['2026-03-31', 'Tue', 'Shri Mahavir Jayanti'],
  ['2026-04-03', 'Fri', 'Good Friday'],
  ['2026-04-14', 'Tue', 'Dr. Baba Saheb Ambedkar Jayanti'],
  ['2026-05-01', 'Fri', 'Maharashtra Day'],
  ['2026-05-28', 'Thu', 'Bakri Id'],
  ['2026-06-26', 'Fri', 'Muharram'],
  ['2026-09-14', 'Mon', 'Ganesh Chaturthi'],
  ['2026-10-02', 'Fri', 'Mahatma Gandhi Jayanti'],
  ['2026-10-20', 'Tue', 'Dussehra'],
  ['2026-11-10', 'Tue', 'Diwali Balipratipada'],
  ['2026-11-24', 'Tue', 'Prakash Gurpurb Sri Guru Nanak Dev'],
  ['2026-12-25', 'Fri', 'Christmas'],
];

const HOLIDAYS_2025: ReadonlyArray<[IsoDate, string]> = [
  ['2025-02-26', 'Wed'],
  ['2025-03-14', 'Fri'],
  ['2025-03-31', 'Mon'],
  ['2025-04-10', 'Thu'],
  ['2025-04-14', 'Mon'],
  ['2025-04-18', 'Fri'],
  ['2025-05-01', 'Thu'],
  ['2025-08-15', 'Fri'],
  ['2025-08-27', 'Wed'],
  ['2025-10-02', 'Thu'],
  ['2025-10-21', 'Tue'],
  ['2025-10-22', 'Wed'],
  ['2025-11-05', 'Wed'],
  ['2025-12-25', 'Thu'],
];

describe('holidays 2025–2026', () => {
  it.each(HOLIDAYS_2026)('closes every segment on %s (%s, %s)', (date, weekday, name) => {
    expect(WEEKDAYS[weekdayOf(date)]).toBe(weekday);
    for (const exchange of EXCHANGES) {
      expect(isHoliday(date, exchange)).toBe(true);
      expect(isTradingDay(date, exchange)).toBe(false);
      expect(sessionOn(date, exchange)).toBeNull();
    }
    expect(holidaysInYear(2026, 'NFO').find((h) => h.date === date)?.description).toBe(name);
  });

  it('lists exactly the sixteen 2026 holidays, in date order', () => {
    expect(holidaysInYear(2026, 'NSE').map((h) => h.date)).toEqual(HOLIDAYS_2026.map(([date]) => date));
  });

  it.each(HOLIDAYS_2025)('closes every segment on %s (%s), except for Muhurat trading', (date, weekday) => {
    expect(WEEKDAYS[weekdayOf(date)]).toBe(weekday);
    for (const exchange of EXCHANGES) {
      expect(isRegularTradingDay(date, exchange)).toBe(false);
      expect(isTradingDay(date, exchange)).toBe(date === '2025-10-21');
    }
  });

  it('counts 247 NSE sessions in 2026: 261 weekdays − 16 holidays + Budget Sunday + Muhurat Sunday', () => {
    expect(tradingDaysBetween('2026-01-01', '2026-12-31', 'NSE')).toHaveLength(247);
  });

  it('counts 249 NSE sessions in 2025: 261 weekdays − 14 holidays + Budget Saturday + Muhurat', () => {
    expect(tradingDaysBetween('2025-01-01', '2025-12-31', 'NSE')).toHaveLength(249);
  });

  it('ignores festivals that fall on a weekend', () => {
    for (const date of ['2026-02-15', '2026-03-21', '2026-08-15']) {
      expect(isHoliday(date, 'NSE')).toBe(false);
      expect(isTradingDay(date, 'NSE')).toBe(false);
    }
  });

  it('closes years without a published list on weekends and the fixed-date national holidays, and says so', () => {
    expect(holidayListKnown(2024)).toBe(false);
    expect(holidayListKnown(2025)).toBe(true);
    expect(holidayListKnown(2026, 'BFO')).toBe(true);
    expect(holidayListKnown(2027)).toBe(false);
    // Republic Day 2027 is a Tuesday: a holiday every year, listed or not.
    expect(sessionOn('2027-01-26', 'NSE')).toBeNull();
    expect(holidayOn('2027-01-26', 'NFO')?.description).toBe('Republic Day');
    expect(sessionOn('2027-01-27', 'NSE')?.holidayListKnown).toBe(false);
    expect(sessionOn('2026-01-27', 'NSE')?.holidayListKnown).toBe(true);
    expect(isTradingDay('2024-12-25', 'NSE')).toBe(false);
    expect(isTradingDay('2024-12-24', 'NSE')).toBe(true);
    expect(isTradingDay('2027-01-02', 'NSE')).toBe(false);
  });
});

describe('trading-day steps', () => {
  it('skips holidays and weekends', () => {
    expect(nextTradingDay('2026-03-02', 'NFO')).toBe('2026-03-04');
    expect(previousTradingDay('2026-03-04', 'NFO')).toBe('2026-03-02');
    expect(nextTradingDay('2026-03-30', 'NSE')).toBe('2026-04-01');
    expect(previousTradingDay('2026-04-06', 'NSE')).toBe('2026-04-02');
    expect(nextTradingDay('2026-12-24', 'BSE')).toBe('2026-12-28');
  });

  it('counts special sessions as trading days, but not as regular ones', () => {
    expect(previousTradingDay('2026-02-02', 'NSE')).toBe('2026-02-01');
    expect(previousRegularTradingDay('2026-02-02', 'NSE')).toBe('2026-01-30');
    expect(nextTradingDay('2026-01-30', 'NFO')).toBe('2026-02-01');
  });
});

describe('sessions and the 3-Aug-2026 closing-session change', () => {
  it('runs 09:15–15:30 before the change, cash and F&O alike', () => {
    for (const exchange of EXCHANGES) {
      const session = sessionOn('2026-07-31', exchange);
      expect(session?.open).toBe(utc('2026-07-31T03:45:00Z'));
      expect(session?.close).toBe(utc('2026-07-31T10:00:00Z'));
    }
    expect(sessionOn('2026-07-31', 'NSE')?.postClose).toEqual({
      start: at('2026-07-31', '15:40'),
      end: at('2026-07-31', '16:00'),
    });
  });

  it('closes F&O at 15:40 from 3-Aug-2026, with the closing-price window 15:10–15:40', () => {
    for (const exchange of ['NFO', 'BFO'] as const) {
      const session = sessionOn('2026-08-03', exchange);
      expect(session?.close).toBe(at('2026-08-03', '15:40'));
      expect(session?.closingAuction).toEqual({ start: at('2026-08-03', '15:10'), end: at('2026-08-03', '15:40') });
    }
  });

  it('keeps cash at 15:30 and adds the closing auction 15:15–15:50 and post-close 15:50–16:00', () => {
    for (const exchange of ['NSE', 'BSE'] as const) {
      const session = sessionOn('2026-08-03', exchange);
      expect(session?.close).toBe(at('2026-08-03', '15:30'));
      expect(session?.closingAuction).toEqual({ start: at('2026-08-03', '15:15'), end: at('2026-08-03', '15:50') });
      expect(session?.postClose).toEqual({ start: at('2026-08-03', '15:50'), end: at('2026-08-03', '16:00') });
    }
  });

  it('gives the last second of the session in force: 15:29:59, then 15:39:59 for F&O', () => {
    expect(sessionLastSecond('2026-07-31', 'NFO')).toBe(at('2026-07-31', '15:29', 59));
    expect(sessionLastSecond('2026-08-03', 'NFO')).toBe(at('2026-08-03', '15:39', 59));
    expect(sessionLastSecond('2026-08-03', 'NSE')).toBe(at('2026-08-03', '15:29', 59));
    // Holidays use the timetable in force that day.
    expect(sessionLastSecond('2026-06-26', 'NFO')).toBe(at('2026-06-26', '15:29', 59));
    expect(sessionLastSecond('2026-09-14', 'NFO')).toBe(at('2026-09-14', '15:39', 59));
  });

  it('shows the latest closed session for the Last Updated fallback', () => {
    expect(lastClosedSessionSecond(at('2026-08-08', '12:00'), 'NFO')).toBe(at('2026-08-07', '15:39', 59));
    expect(lastClosedSessionSecond(at('2026-08-03', '10:00'), 'NFO')).toBe(at('2026-07-31', '15:29', 59));
    expect(lastClosedSessionSecond(at('2026-08-03', '15:40'), 'NFO')).toBe(at('2026-08-03', '15:39', 59));
    expect(lastClosedSessionSecond(at('2026-03-03', '11:00'), 'NSE')).toBe(at('2026-03-02', '15:29', 59));
  });

  it('gives the start of the next session after an instant: pre-open, open, across weekends and holidays', () => {
    // Fri 20-Nov-2026 after the F&O close: Monday's pre-open.
    expect(nextSessionStart(at('2026-11-20', '15:40'), 'NFO')).toBe(at('2026-11-23', '09:00'));
    expect(nextSessionStart(at('2026-11-20', '08:59', 59), 'NFO')).toBe(at('2026-11-20', '09:00'));
    // During a session the next one is the following trading day's (24-Nov-2026 is a holiday).
    expect(nextSessionStart(at('2026-11-23', '10:00'), 'NSE')).toBe(at('2026-11-25', '09:00'));
    // F&O had no pre-open before 8-Dec-2025: the open.
    expect(nextSessionStart(at('2025-12-04', '16:00'), 'NFO')).toBe(at('2025-12-05', '09:15'));
  });

  it('changes the cash pre-open phases on 7-Sep-2026 but not the F&O pre-open', () => {
    expect(sessionTimesInForce('2026-09-04', 'NSE').preOpen?.orderEntryEnd).toBe('09:08');
    expect(sessionTimesInForce('2026-09-07', 'NSE').preOpen?.orderEntryEnd).toBe('09:10');
    expect(sessionTimesInForce('2026-09-07', 'NFO').preOpen?.orderEntryEnd).toBe('09:08');
  });
});

describe('market status at an instant', () => {
  it('has a cash pre-open always and an F&O pre-open from 8-Dec-2025', () => {
    expect(marketStatusAt(at('2025-12-05', '09:05'), 'NSE')).toBe('pre-open');
    expect(marketStatusAt(at('2025-12-05', '09:05'), 'NFO')).toBe('closed');
    expect(marketStatusAt(at('2025-12-08', '09:05'), 'NFO')).toBe('pre-open');
    expect(marketStatusAt(at('2025-12-08', '09:05'), 'BFO')).toBe('pre-open');
    expect(marketStatusAt(at('2025-12-08', '08:59', 59), 'NFO')).toBe('closed');
  });

  it('is open from 09:15 up to the close', () => {
    expect(marketStatusAt(at('2026-07-31', '09:15'), 'NSE')).toBe('open');
    expect(marketStatusAt(at('2026-07-31', '15:30') - 1, 'NFO')).toBe('open');
    expect(marketStatusAt(at('2026-07-31', '15:30'), 'NFO')).toBe('closed');
    expect(marketStatusAt(at('2026-08-03', '15:35'), 'NFO')).toBe('open');
    expect(marketStatusAt(at('2026-08-03', '15:35'), 'NSE')).toBe('closed');
    expect(marketStatusAt(at('2026-08-03', '15:40'), 'NFO')).toBe('closed');
  });

  it('tells holidays apart from weekends and nights', () => {
    expect(marketStatusAt(at('2026-03-03', '12:00'), 'NFO')).toBe('holiday');
    expect(marketStatusAt(at('2026-03-07', '12:00'), 'NFO')).toBe('closed');
    expect(marketStatusAt(at('2026-03-04', '20:00'), 'NFO')).toBe('closed');
  });

  it('opens for Budget Sunday 1-Feb-2026, 09:15–15:30 with pre-open', () => {
    expect(marketStatusAt(at('2026-02-01', '09:05'), 'NFO')).toBe('pre-open');
    expect(marketStatusAt(at('2026-02-01', '11:00'), 'NSE')).toBe('open');
    expect(marketStatusAt(at('2026-02-01', '15:30'), 'BFO')).toBe('closed');
    expect(sessionOn('2026-02-01', 'NSE')).toMatchObject({ kind: 'special', specialKind: 'budget' });
  });

  it('opens for Budget Saturday 1-Feb-2025, when F&O had no pre-open yet', () => {
    expect(marketStatusAt(at('2025-02-01', '09:05'), 'NSE')).toBe('pre-open');
    expect(marketStatusAt(at('2025-02-01', '09:05'), 'NFO')).toBe('closed');
    expect(marketStatusAt(at('2025-02-01', '10:00'), 'NFO')).toBe('open');
  });

  it('trades the Muhurat hour on the Diwali holiday of 21-Oct-2025 and is a holiday otherwise', () => {
    expect(marketStatusAt(at('2025-10-21', '10:00'), 'NSE')).toBe('holiday');
    expect(marketStatusAt(at('2025-10-21', '13:35'), 'NSE')).toBe('pre-open');
    expect(marketStatusAt(at('2025-10-21', '13:35'), 'NFO')).toBe('holiday');
    expect(marketStatusAt(at('2025-10-21', '14:00'), 'NFO')).toBe('open');
    expect(marketStatusAt(at('2025-10-21', '14:45'), 'NFO')).toBe('holiday');
    expect(sessionOn('2025-10-21', 'NSE')?.postClose).toEqual({
      start: at('2025-10-21', '14:55'),
      end: at('2025-10-21', '15:05'),
    });
    expect(sessionOn('2025-10-21', 'NFO')?.postClose).toBeNull();
  });

  it('trades the Muhurat hour of Sun 8-Nov-2026 on 2025’s timetable', () => {
    const sessions = specialSessionsInYear(2026, 'NSE');
    expect(sessions.map((s) => [s.date, s.kind, s.times === null])).toEqual([
      ['2026-02-01', 'budget', false],
      ['2026-11-08', 'muhurat', false],
    ]);
    expect(isTradingDay('2026-11-08', 'NSE')).toBe(true);
    expect(isTradingDay('2026-11-08', 'NFO')).toBe(true);
    expect(marketStatusAt(at('2026-11-08', '14:00'), 'NFO')).toBe('open');
    expect(marketStatusAt(at('2026-11-08', '18:00'), 'NSE')).toBe('closed');
  });

  it('finds the session a chart shows: today once started, else the previous one', () => {
    expect(latestSessionAt(at('2026-03-04', '08:59'), 'NSE').date).toBe('2026-03-02');
    expect(latestSessionAt(at('2026-03-04', '09:00'), 'NSE').date).toBe('2026-03-04');
    expect(latestSessionAt(at('2026-03-04', '09:00'), 'NFO').date).toBe('2026-03-04');
    expect(latestSessionAt(at('2025-03-04', '09:00'), 'NFO').date).toBe('2025-03-03');
  });

  it('finds the session that has candles: today from its open, before that (pre-open included) the previous one', () => {
    expect(latestOpenedSessionAt(at('2026-03-04', '09:14', 59), 'NSE').date).toBe('2026-03-02');
    expect(latestOpenedSessionAt(at('2026-03-04', '09:00'), 'NSE').date).toBe('2026-03-02');
    expect(latestOpenedSessionAt(at('2026-03-04', '09:15'), 'NSE').date).toBe('2026-03-04');
    expect(latestOpenedSessionAt(at('2026-03-04', '23:00'), 'NFO').date).toBe('2026-03-04');
    // A Sunday: the Friday before.
    expect(latestOpenedSessionAt(at('2026-11-29', '12:00'), 'NSE').date).toBe('2026-11-27');
  });
});

describe('calendars built from other data', () => {
  const withList2027 = createMarketCalendar({
    sessionSchedules: SESSION_SCHEDULES,
    holidayLists: [
      ...HOLIDAY_LISTS,
      {
        year: 2027,
        exchanges: ['NSE', 'NFO'],
        holidays: [{ date: '2027-01-26', description: 'Republic Day' }],
        weekendHolidays: [],
        source: 'test',
      },
    ],
    specialSessions: SPECIAL_SESSIONS,
  });

  it('takes a new year of holidays as data, and expiries follow it', () => {
    expect(holidayListKnown(2027, 'NFO', withList2027)).toBe(true);
    expect(holidayListKnown(2027, 'BFO', withList2027)).toBe(false);
    expect(isTradingDay('2027-01-26', 'NFO', withList2027)).toBe(false);
    expect(monthlyExpiry('NIFTY', 2027, 1, withList2027).date).toBe('2027-01-25');
    // Without the list Republic Day still closes the market, so the default calendar moves the expiry too.
    expect(monthlyExpiry('NIFTY', 2027, 1).date).toBe('2027-01-25');
  });

  it('rejects malformed data when built', () => {
    const badHoliday = {
      year: 2027,
      exchanges: ['NSE'] as const,
      holidays: [{ date: '2027-02-30', description: 'x' }],
    };
    expect(() =>
      createMarketCalendar({
        sessionSchedules: SESSION_SCHEDULES,
        holidayLists: [{ ...badHoliday, weekendHolidays: [], source: 'test' }],
        specialSessions: [],
      }),
    ).toThrow(RangeError);
    const badTime = SPECIAL_SESSIONS.map((s) => (s.times ? { ...s, times: { ...s.times, open: '9:15' } } : s));
    expect(() =>
      createMarketCalendar({
        sessionSchedules: SESSION_SCHEDULES,
        holidayLists: HOLIDAY_LISTS,
        specialSessions: badTime,
      }),
    ).toThrow(RangeError);
  });
});
