// Sessions outside the normal calendar: Union Budget days that fall on a weekend, and Muhurat trading on Diwali
// (a one-hour evening-style session on an otherwise closed day, whose trades settle normally).
import type { SpecialSessionEntry } from './calendar-data';

const ALL_SEGMENTS = ['NSE', 'NFO', 'BSE', 'BFO'] as const;

/** Announced special sessions. A session with `times: null` has no published timings yet. */
export const SPECIAL_SESSIONS: readonly SpecialSessionEntry[] = [
  {
    date: '2025-02-01',
    kind: 'budget',
    description: 'Union Budget (Saturday)',
    exchanges: ALL_SEGMENTS,
    times: { preOpenStart: '09:00', open: '09:15', close: '15:30', closingSession: null },
    source: 'BSE calendar (exchange_calendars XBOM)',
  },
  {
    date: '2025-10-21',
    kind: 'muhurat',
    description: 'Muhurat trading (Diwali Laxmi Pujan)',
    exchanges: ALL_SEGMENTS,
    // Block deals 13:15–13:30 precede the pre-open; trade modification closes at 15:15.
    times: {
      preOpenStart: '13:30',
      open: '13:45',
      close: '14:45',
      closingSession: { start: '14:55', end: '15:05' },
    },
    source: 'NSE/BSE Muhurat 2025 timings (deccanherald, dnaindia, ndtvprofit)',
  },
  {
    date: '2026-02-01',
    kind: 'budget',
    // A settlement holiday: trades of the day settle with the next session's (no T+0).
    description: 'Union Budget (Sunday); settlement holiday',
    exchanges: ALL_SEGMENTS,
    times: { preOpenStart: '09:00', open: '09:15', close: '15:30', closingSession: null },
    source: 'business-standard 126011601035; ndtvprofit union-budget-2026',
  },
  {
    date: '2026-11-08',
    kind: 'muhurat',
    // The exchange has not published the hour; the session follows 2025's afternoon timetable.
    description: 'Muhurat trading (Diwali Laxmi Pujan, Sunday)',
    exchanges: ALL_SEGMENTS,
    times: {
      preOpenStart: '13:30',
      open: '13:45',
      close: '14:45',
      closingSession: { start: '14:55', end: '15:05' },
    },
    source: 'NSE FAOP71777 (date); timings as Muhurat 2025',
  },
];
