// The simulated market's day line: every session of NSE (and BSE's timings on the same days) from a fixed anchor
// date onwards, as typed arrays indexed by session number. The anchor never moves, so session k is the same day in
// every process; the grid grows forward on demand as the clock advances.
import type { EpochMs, Exchange, IsoDate, MarketCalendar, Venue } from '@fnodesk/domain';
import {
  dateOfDayNumber,
  dayNumber,
  defaultMarketCalendar,
  IST_OFFSET_MS,
  istInstant,
  sessionOn,
  sessionTimesInForce,
} from '@fnodesk/domain';

/** First date of the simulated history: more than ten years before 2025–26, for seasonality. */
export const HISTORY_ANCHOR_DATE: IsoDate = '2014-01-01';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const GROWTH_DAYS = 366;

/** Session timings of one day for one exchange group, as instants (NaN where the segment has none). */
export interface VenueSession {
  open: EpochMs;
  /** Close of the cash market (and of the index value). */
  cashClose: EpochMs;
  /** Close of the futures-and-options segment (15:40 from 3-Aug-2026). */
  derivativesClose: EpochMs;
  /** Pre-open start of the cash market, NaN without one. */
  cashPreOpen: EpochMs;
  /** Pre-open start of the F&O segment (futures only), NaN without one. */
  derivativesPreOpen: EpochMs;
  /** When pre-open order entry closes and the equilibrium (opening) price is known. */
  preOpenEntryEnd: EpochMs;
  /** When the F&O pre-open's order entry closes and the futures' opening price is known, NaN without one. */
  derivativesEntryEnd: EpochMs;
}

/** Numbers kept per session and venue: the fields of {@link VenueSession}. */
const COLUMNS = 7;

/** The sessions of the simulated market, growing forward as needed. */
export class SessionGrid {
  /** Calendar the sessions come from. */
  readonly calendar: MarketCalendar;
  /** Day number (days since 1970-01-01) of the anchor date. */
  readonly anchorDay: number;
  private count = 0;
  private throughDay: number;
  private dayNumbers = new Int32Array(4096);
  private nse = new Float64Array(4096 * COLUMNS);
  private bse = new Float64Array(4096 * COLUMNS);
  private indexByDay = new Int32Array(0);

  constructor(calendar: MarketCalendar = defaultMarketCalendar) {
    this.calendar = calendar;
    this.anchorDay = dayNumber(HISTORY_ANCHOR_DATE);
    this.throughDay = this.anchorDay - 1;
  }

  /** Number of sessions built so far. */
  get size(): number {
    return this.count;
  }

  /** Makes sure every session up to and including the date's is built. */
  ensureThrough(date: IsoDate): void {
    const target = dayNumber(date);
    if (target <= this.throughDay) return;
    this.build(Math.max(target, this.throughDay + GROWTH_DAYS));
  }

  /** Makes sure sessions are built through the IST date of an instant (plus a week's margin). */
  ensureInstant(instant: EpochMs): void {
    const day = Math.floor((instant + IST_OFFSET_MS) / DAY_MS) + 7;
    if (day > this.throughDay) this.ensureThrough(dateOfDayNumber(day));
  }

  /** Date of session k. */
  date(k: number): IsoDate {
    return dateOfDayNumber(this.dayNumber(k));
  }

  /** Day number (days since 1970-01-01) of session k. */
  dayNumber(k: number): number {
    if (k < 0 || k >= this.count) throw new RangeError(`No simulated session ${k}`);
    return this.dayNumbers[k]!;
  }

  /** Session index of a date, or -1 when NSE does not trade that day. */
  indexOf(date: IsoDate): number {
    const day = dayNumber(date);
    if (day < this.anchorDay) return -1;
    this.ensureThrough(date);
    return this.indexByDay[day - this.anchorDay] ?? -1;
  }

  /** Index of the last session on or before a date, or -1 before the anchor. */
  indexAtOrBefore(date: IsoDate): number {
    const day = dayNumber(date);
    if (day < this.anchorDay) return -1;
    this.ensureThrough(date);
    for (let d = day; d >= this.anchorDay; d--) {
      const k = this.indexByDay[d - this.anchorDay]!;
      if (k >= 0) return k;
    }
    return -1;
  }

  /** Index of the first session on or after a date. */
  indexAtOrAfter(date: IsoDate): number {
    const day = Math.max(dayNumber(date), this.anchorDay);
    this.ensureThrough(dateOfDayNumber(day + 30));
    for (let d = day; ; d++) {
      const k = this.indexByDay[d - this.anchorDay]!;
      if (k >= 0) return k;
    }
  }

  /**
   * The session whose data an instant shows for a venue: the session in progress (from its pre-open) or else the
   * latest one already started. -1 before the anchor's first session.
   */
  sessionAt(instant: EpochMs, venue: Venue = 'NSE'): number {
    this.ensureInstant(instant);
    let k = -1;
    for (let day = Math.floor((instant + IST_OFFSET_MS) / DAY_MS); day >= this.anchorDay; day--) {
      k = this.indexByDay[day - this.anchorDay]!;
      if (k >= 0) break;
    }
    while (k >= 0) {
      const session = this.session(k, venue);
      const start = Number.isNaN(session.cashPreOpen) ? session.open : session.cashPreOpen;
      if (!Number.isNaN(session.open) && instant >= start) return k;
      k--;
    }
    return -1;
  }

  /** Timings of session k for a venue (BSE fields are NaN on a day BSE does not trade). */
  session(k: number, venue: Venue): VenueSession {
    if (k < 0 || k >= this.count) throw new RangeError(`No simulated session ${k}`);
    const table = venue === 'NSE' ? this.nse : this.bse;
    const at = k * COLUMNS;
    return {
      open: table[at]!,
      cashClose: table[at + 1]!,
      derivativesClose: table[at + 2]!,
      cashPreOpen: table[at + 3]!,
      derivativesPreOpen: table[at + 4]!,
      preOpenEntryEnd: table[at + 5]!,
      derivativesEntryEnd: table[at + 6]!,
    };
  }

  /** Open of session k (same for both venues on every listed day). */
  open(k: number): EpochMs {
    return this.nse[k * COLUMNS]!;
  }

  /** True when the venue trades on session k. */
  trades(k: number, venue: Venue): boolean {
    return !Number.isNaN((venue === 'NSE' ? this.nse : this.bse)[k * COLUMNS]!);
  }

  /** Minutes of the latent intraday path of session k: up to the latest close of any segment that day. */
  pathMinutes(k: number): number {
    const at = k * COLUMNS;
    const nseClose = this.nse[at + 2]!;
    const bseClose = this.bse[at + 2]!;
    const close = Number.isNaN(bseClose) ? nseClose : Math.max(nseClose, bseClose);
    return Math.round((close - this.nse[at]!) / MINUTE_MS);
  }

  /** Minutes of the cash session k for a venue (0 when it does not trade). */
  cashMinutes(k: number, venue: Venue): number {
    const table = venue === 'NSE' ? this.nse : this.bse;
    const open = table[k * COLUMNS]!;
    return Number.isNaN(open) ? 0 : Math.round((table[k * COLUMNS + 1]! - open) / MINUTE_MS);
  }

  /** Minutes of the F&O session k for a venue (0 when it does not trade). */
  derivativesMinutes(k: number, venue: Venue): number {
    const table = venue === 'NSE' ? this.nse : this.bse;
    const open = table[k * COLUMNS]!;
    return Number.isNaN(open) ? 0 : Math.round((table[k * COLUMNS + 2]! - open) / MINUTE_MS);
  }

  private build(throughDay: number): void {
    const span = throughDay - this.anchorDay + 1;
    const indexByDay = new Int32Array(span).fill(-1);
    indexByDay.set(this.indexByDay.subarray(0, Math.min(this.indexByDay.length, span)));
    this.indexByDay = indexByDay;
    for (let day = this.throughDay + 1; day <= throughDay; day++) {
      const date = dateOfDayNumber(day);
      const cash = sessionOn(date, 'NSE', this.calendar);
      const derivatives = sessionOn(date, 'NFO', this.calendar);
      if (!cash || !derivatives) continue;
      this.grow();
      const k = this.count++;
      this.dayNumbers[k] = day;
      indexByDay[day - this.anchorDay] = k;
      this.fill(this.nse, k, date, 'NSE', 'NFO');
      this.fill(this.bse, k, date, 'BSE', 'BFO');
    }
    this.throughDay = throughDay;
  }

  private fill(table: Float64Array, k: number, date: IsoDate, cashExchange: Exchange, fnoExchange: Exchange): void {
    const at = k * COLUMNS;
    const cash = sessionOn(date, cashExchange, this.calendar);
    const derivatives = sessionOn(date, fnoExchange, this.calendar);
    if (!cash || !derivatives) {
      table.fill(NaN, at, at + COLUMNS);
      return;
    }
    table[at] = cash.open;
    table[at + 1] = cash.close;
    table[at + 2] = Math.max(derivatives.close, cash.close);
    table[at + 3] = cash.preOpenStart ?? NaN;
    table[at + 4] = derivatives.preOpenStart ?? NaN;
    // Pre-open order entry closes at 09:08 (09:10 for cash from 7-Sep-2026); the equilibrium price is then known.
    const preOpen = sessionTimesInForce(date, cashExchange, this.calendar).preOpen;
    table[at + 5] =
      cash.kind === 'regular' && preOpen && cash.preOpenStart !== null
        ? istInstant(date, preOpen.orderEntryEnd)
        : cash.preOpenStart !== null
          ? cash.preOpenStart + 8 * MINUTE_MS
          : NaN;
    // The F&O pre-open (from 8-Dec-2025) keeps its 09:08 entry close when the cash one moved to 09:10.
    const derivativesPreOpen = sessionTimesInForce(date, fnoExchange, this.calendar).preOpen;
    table[at + 6] =
      derivatives.preOpenStart === null
        ? NaN
        : derivatives.kind === 'regular' && derivativesPreOpen
          ? istInstant(date, derivativesPreOpen.orderEntryEnd)
          : derivatives.preOpenStart + 8 * MINUTE_MS;
  }

  private grow(): void {
    if (this.count < this.dayNumbers.length) return;
    const size = this.dayNumbers.length * 2;
    const dayNumbers = new Int32Array(size);
    dayNumbers.set(this.dayNumbers);
    this.dayNumbers = dayNumbers;
    for (const name of ['nse', 'bse'] as const) {
      const table = new Float64Array(size * COLUMNS);
      table.set(this[name]);
      this[name] = table;
    }
  }
}
