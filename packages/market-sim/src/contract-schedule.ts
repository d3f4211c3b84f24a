// Which futures and option expiries are listed at an instant, and since when each contract has been listed.
// Futures run three serial months; options have the next four expiries of the weekly series (NIFTY, SENSEX) plus
// three monthlies, or three monthlies for every other root, and NIFTY and BANKNIFTY add their long-dated
// quarterlies and half-yearlies (listed a year and five years ahead). A new expiry is listed when the one it replaces in the
// window expires, so a weekly is listed about four weeks and a monthly about three months before it expires.
import type { ContractExpiry, EpochMs, IsoDate, MarketCalendar } from '@fnodesk/domain';
import {
  dateParts,
  derivativesUnderlying,
  istInstant,
  longDatedExpiries,
  longDatedListingMonths,
  monthlyExpiry,
  nextMonthlyExpiries,
  nextOptionExpiries,
  addCalendarDays,
} from '@fnodesk/domain';

/** Listed futures months. */
export const FUTURE_MONTHS = 3;
/** Listed expiries of the weekly series (NIFTY, SENSEX). */
export const WEEKLY_EXPIRIES = 4;

/** Listing windows of one calendar's contracts, with memoised listing instants. */
export class ContractSchedule {
  /** Calendar the expiries follow. */
  readonly calendar: MarketCalendar;
  private readonly listing = new Map<string, EpochMs>();
  private readonly expiries = new Map<string, ContractExpiry>();

  constructor(calendar: MarketCalendar) {
    this.calendar = calendar;
  }

  /** Futures expiries listed at an instant (three serial months). */
  futureExpiries(root: string, at: EpochMs): ContractExpiry[] {
    return nextMonthlyExpiries(root, at, FUTURE_MONTHS, this.calendar);
  }

  /** Option expiries listed at an instant, nearest first. */
  optionExpiries(root: string, at: EpochMs): ContractExpiry[] {
    const monthly = nextMonthlyExpiries(root, at, FUTURE_MONTHS, this.calendar);
    const longDated = longDatedExpiries(root, at, this.calendar);
    if (!derivativesUnderlying(root).weeklyOptions) return [...monthly, ...longDated];
    const byDate = new Map<IsoDate, ContractExpiry>();
    for (const expiry of nextOptionExpiries(root, at, WEEKLY_EXPIRIES, this.calendar)) byDate.set(expiry.date, expiry);
    for (const expiry of monthly) if (!byDate.has(expiry.date)) byDate.set(expiry.date, expiry);
    for (const expiry of longDated) byDate.set(expiry.date, expiry);
    return [...byDate.values()].sort((a, b) => a.expiresAt - b.expiresAt);
  }

  /** True when the expiry is one of the root's long-dated options at an instant (beyond its serial months). */
  isLongDated(root: string, expiry: ContractExpiry, at: EpochMs): boolean {
    const serial = nextMonthlyExpiries(root, at, FUTURE_MONTHS, this.calendar);
    return expiry.expiresAt > serial[FUTURE_MONTHS - 1]!.expiresAt && expiry.series === 'monthly';
  }

  /** The expiry of a root on a date, or null when no contract of the root expires then. */
  expiryOn(root: string, date: IsoDate): ContractExpiry | null {
    const key = `${root}|${date}`;
    const known = this.expiries.get(key);
    if (known) return known;
    const from = istInstant(addCalendarDays(date, -1), '00:00');
    const weekly = derivativesUnderlying(root).weeklyOptions;
    const candidates = weekly
      ? nextOptionExpiries(root, from, 2, this.calendar)
      : nextMonthlyExpiries(root, from, 1, this.calendar);
    const expiry = candidates.find((candidate) => candidate.date === date) ?? null;
    if (expiry) this.expiries.set(key, expiry);
    return expiry;
  }

  /** The instant a contract of the root expiring on the date was first listed. */
  listedAt(root: string, expiry: ContractExpiry, kind: 'FUT' | 'CE' | 'PE'): EpochMs {
    const key = `${root}|${expiry.date}|${kind === 'FUT' ? 'F' : 'O'}`;
    const known = this.listing.get(key);
    if (known !== undefined) return known;
    let listed = this.monthlyListing(root, expiry);
    const longDatedMonths = kind === 'FUT' ? 0 : longDatedListingMonths(root, dateParts(expiry.nominalDate).month);
    if (longDatedMonths > 0 && expiry.series === 'monthly') {
      // Listed at the expiry of the same root that many months before.
      const { year, month } = dateParts(expiry.nominalDate);
      const months = year * 12 + (month - 1) - longDatedMonths;
      const earlier = monthlyExpiry(root, Math.floor(months / 12), (months % 12) + 1, this.calendar);
      listed = Math.min(listed, earlier.expiresAt);
    }
    if (kind !== 'FUT' && derivativesUnderlying(root).weeklyOptions) {
      // In the weekly series an expiry enters the window when the fourth expiry before it expires.
      const earlier = nextOptionExpiries(root, expiry.expiresAt - 45 * 86_400_000, 12, this.calendar);
      const position = earlier.findIndex((candidate) => candidate.date === expiry.date);
      const weeklyListing = position >= WEEKLY_EXPIRIES ? earlier[position - WEEKLY_EXPIRIES]!.expiresAt : listed;
      listed = expiry.series === 'monthly' ? Math.min(listed, weeklyListing) : weeklyListing;
    }
    this.listing.set(key, listed);
    return listed;
  }

  private monthlyListing(root: string, expiry: ContractExpiry): EpochMs {
    const earlier = nextMonthlyExpiries(root, expiry.expiresAt - 120 * 86_400_000, 6, this.calendar);
    const position = earlier.findIndex((candidate) => candidate.date === expiry.date);
    if (position >= FUTURE_MONTHS) return earlier[position - FUTURE_MONTHS]!.expiresAt;
    // A weekly-series expiry that is not a monthly: listed with the weekly window only.
    return expiry.expiresAt - 35 * 86_400_000;
  }
}
