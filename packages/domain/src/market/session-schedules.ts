// Exchange timetables as effective-dated data. An entry applies from its date until the next entry for the same
// segment; dates before the first entry use the first entry. Timings are IST.
import type { SessionScheduleEntry, SessionTimes } from './calendar-data';

const CASH_PRE_OPEN = { start: '09:00', orderEntryEnd: '09:08', matchingEnd: '09:12' } as const;

const CASH_BEFORE_CLOSING_AUCTION: SessionTimes = {
  preOpen: CASH_PRE_OPEN,
  normal: { open: '09:15', close: '15:30' },
  closingAuction: null,
  postClose: { start: '15:40', end: '16:00' },
};

// From 3-Aug-2026 F&O stocks close through a Closing Auction Session: 15:15–15:20 reference price, 15:20–15:30
// order entry, 15:30–15:35 matching, 15:35–15:50 transition. The closing price is the auction price, and the
// post-close session moves to 15:50–16:00.
const CASH_WITH_CLOSING_AUCTION: SessionTimes = {
  preOpen: CASH_PRE_OPEN,
  normal: { open: '09:15', close: '15:30' },
  closingAuction: { start: '15:15', end: '15:50' },
  postClose: { start: '15:50', end: '16:00' },
};

const FNO_WITHOUT_PRE_OPEN: SessionTimes = {
  preOpen: null,
  normal: { open: '09:15', close: '15:30' },
  closingAuction: null,
  postClose: null,
};

// F&O pre-open (live 8-Dec-2025) takes orders only for current-month futures (next month in the last five days
// before expiry); options and spreads still start at 09:15.
const FNO_WITH_PRE_OPEN: SessionTimes = {
  ...FNO_WITHOUT_PRE_OPEN,
  preOpen: { start: '09:00', orderEntryEnd: '09:08', matchingEnd: '09:12' },
};

// With the cash closing auction, F&O trades until 15:40; its closing price is the VWAP of 15:10–15:40.
const FNO_CLOSING_AT_1540: SessionTimes = {
  ...FNO_WITH_PRE_OPEN,
  normal: { open: '09:15', close: '15:40' },
  closingAuction: { start: '15:10', end: '15:40' },
};

/** Every segment's timetable with the date it took effect. */
export const SESSION_SCHEDULES: readonly SessionScheduleEntry[] = [
  { exchange: 'NSE', effectiveFrom: '2000-01-01', times: CASH_BEFORE_CLOSING_AUCTION, source: 'NSE market timings' },
  {
    exchange: 'NSE',
    effectiveFrom: '2026-08-03',
    times: CASH_WITH_CLOSING_AUCTION,
    source: 'NSE CMTR72394, CMTR74466',
  },
  {
    // From 7-Sep-2026 the cash pre-open takes limit and market orders 09:00–09:05, limit only 09:05–09:10
    // (random close in the last two minutes), and matches 09:10–09:12.
    exchange: 'NSE',
    effectiveFrom: '2026-09-07',
    times: { ...CASH_WITH_CLOSING_AUCTION, preOpen: { start: '09:00', orderEntryEnd: '09:10', matchingEnd: '09:12' } },
    source: 'NSE CMTR74969',
  },
  { exchange: 'BSE', effectiveFrom: '2000-01-01', times: CASH_BEFORE_CLOSING_AUCTION, source: 'BSE market timings' },
  { exchange: 'BSE', effectiveFrom: '2026-08-03', times: CASH_WITH_CLOSING_AUCTION, source: 'BSE 20260801-1' },
  { exchange: 'NFO', effectiveFrom: '2000-01-01', times: FNO_WITHOUT_PRE_OPEN, source: 'NSE market timings' },
  { exchange: 'NFO', effectiveFrom: '2025-12-08', times: FNO_WITH_PRE_OPEN, source: 'NSE FAOP71092, FAOP71640' },
  { exchange: 'NFO', effectiveFrom: '2026-08-03', times: FNO_CLOSING_AT_1540, source: 'NSE FAOP74467' },
  { exchange: 'BFO', effectiveFrom: '2000-01-01', times: FNO_WITHOUT_PRE_OPEN, source: 'BSE market timings' },
  // BSE announced an F&O pre-open like NSE's (notice of 28-Aug-2025) without a go-live date in the reference;
  // it is taken to start with NSE's on 8-Dec-2025.
  { exchange: 'BFO', effectiveFrom: '2025-12-08', times: FNO_WITH_PRE_OPEN, source: 'BSE notice 2025-08-28' },
  { exchange: 'BFO', effectiveFrom: '2026-08-03', times: FNO_CLOSING_AT_1540, source: 'BSE 20260612-9' },
];
