// Trading holidays of NSE and BSE (cash and F&O) as published for 2025 and 2026. BSE's 2025 list matches NSE's;
// for 2026 the BSE expiry shifts of 15-Jan and 26-Mar confirm the same days. To add a year, append a list.
import type { HolidayEntry, HolidayList } from './calendar-data';

/**
 * National holidays that fall on the same date every year; years without a published list close on these too
 * (when they fall on a weekday), so an expiry that lands on Republic Day 2027 moves to the previous session.
 */
export const FIXED_DATE_HOLIDAYS: readonly HolidayEntry[] = [
  { date: '01-26', description: 'Republic Day' },
  { date: '05-01', description: 'Maharashtra Day' },
  { date: '08-15', description: 'Independence Day' },
  { date: '10-02', description: 'Mahatma Gandhi Jayanti' },
  { date: '12-25', description: 'Christmas' },
];

/** Published holiday lists, one per year. Years missing here close on weekends and the fixed-date holidays. */
export const HOLIDAY_LISTS: readonly HolidayList[] = [
  {
    year: 2025,
    exchanges: ['NSE', 'NFO', 'BSE', 'BFO'],
    holidays: [
      { date: '2025-02-26', description: 'Mahashivratri' },
      { date: '2025-03-14', description: 'Holi' },
      { date: '2025-03-31', description: 'Id-Ul-Fitr (Ramzan Id)' },
      { date: '2025-04-10', description: 'Shri Mahavir Jayanti' },
      { date: '2025-04-14', description: 'Dr. Baba Saheb Ambedkar Jayanti' },
      { date: '2025-04-18', description: 'Good Friday' },
      { date: '2025-05-01', description: 'Maharashtra Day' },
      { date: '2025-08-15', description: 'Independence Day' },
      { date: '2025-08-27', description: 'Ganesh Chaturthi' },
      { date: '2025-10-02', description: 'Mahatma Gandhi Jayanti / Dussehra' },
      { date: '2025-10-21', description: 'Diwali Laxmi Pujan (Muhurat trading)' },
      { date: '2025-10-22', description: 'Diwali Balipratipada' },
      { date: '2025-11-05', description: 'Prakash Gurpurb Sri Guru Nanak Dev' },
      { date: '2025-12-25', description: 'Christmas' },
    ],
    weekendHolidays: [],
    source: 'BSE holiday list (exchange_calendars XBOM), same as NSE',
  },
  {
    year: 2026,
    exchanges: ['NSE', 'NFO', 'BSE', 'BFO'],
    holidays: [
      { date: '2026-01-15', description: 'Maharashtra municipal elections' },
      { date: '2026-01-26', description: 'Republic Day' },
      { date: '2026-03-03', description: 'Holi' },
      { date: '2026-03-26', description: 'Shri Ram Navami' },
      { date: '2026-03-31', description: 'Shri Mahavir Jayanti' },
      { date: '2026-04-03', description: 'Good Friday' },
      { date: '2026-04-14', description: 'Dr. Baba Saheb Ambedkar Jayanti' },
      { date: '2026-05-01', description: 'Maharashtra Day' },
      { date: '2026-05-28', description: 'Bakri Id' },
      { date: '2026-06-26', description: 'Muharram' },
      { date: '2026-09-14', description: 'Ganesh Chaturthi' },
      { date: '2026-10-02', description: 'Mahatma Gandhi Jayanti' },
      { date: '2026-10-20', description: 'Dussehra' },
      { date: '2026-11-10', description: 'Diwali Balipratipada' },
      { date: '2026-11-24', description: 'Prakash Gurpurb Sri Guru Nanak Dev' },
      { date: '2026-12-25', description: 'Christmas' },
    ],
    weekendHolidays: [
      { date: '2026-02-15', description: 'Mahashivratri' },
      { date: '2026-03-21', description: 'Id-Ul-Fitr (Ramzan Id)' },
      { date: '2026-08-15', description: 'Independence Day' },
      { date: '2026-11-08', description: 'Diwali Laxmi Pujan (Muhurat trading)' },
    ],
    source: 'NSE FAOP71777; 15-Jan added by NSE FAOP72262 / CMTR72260',
  },
];
