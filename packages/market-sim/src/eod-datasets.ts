// End-of-day datasets of the simulated market, one row per session, from the same daily walk as the prices:
// institutional cash flows (FIIs sell into falls, DIIs buy them), FII derivatives statistics, participant-wise open
// interest, the F&O ban list from market-wide position limits, 52-week highs and lows, breadth, sector moves,
// futures rollover and build-up, and seasonality. Every value is a pure function of (seed, date).
import type { IsoDate, Sector } from '@fnodesk/domain';
import { contractInstrumentToken, dateParts, INDICES, spotInstrumentToken } from '@fnodesk/domain';
import { INDEX_MODELS } from './index-baskets';
import { putCallBias } from './open-interest';
import type { ContractRef, PriceEngine } from './price-engine';
import { roundTo } from './price-engine';
import { hashOf, normalOf, streamKey, STREAM, uniformOf } from './seeded-noise';
import { STOCK_PROFILES } from './stock-profiles';

/** Gross buying, selling and net of one category, in ₹ crore. */
export interface CashFlow {
  buy: number;
  sell: number;
  net: number;
}

/** FII/FPI and DII activity in the cash market for one session (₹ crore, provisional figures as NSE posts them). */
export interface CashMarketActivity {
  date: IsoDate;
  fii: CashFlow;
  dii: CashFlow;
}

/** One FII derivatives category of a session: contracts and ₹ crore bought, sold and open. */
export interface DerivativeActivity {
  buyContracts: number;
  buyValue: number;
  sellContracts: number;
  sellValue: number;
  openInterestContracts: number;
  openInterestValue: number;
}

/** FII activity in one index's futures and options for one session (a row pair of NSE's `fii_stats` file). */
export interface FiiIndexActivity {
  index: FiiStatsIndex;
  futures: DerivativeActivity;
  options: DerivativeActivity;
}

/** FII activity in index and stock derivatives for one session. */
export interface FiiDerivativesActivity {
  date: IsoDate;
  indexFutures: DerivativeActivity;
  indexOptions: DerivativeActivity;
  stockFutures: DerivativeActivity;
  stockOptions: DerivativeActivity;
  /** The index rows, which add up exactly to `indexFutures` and `indexOptions`. */
  indices: FiiIndexActivity[];
}

/** The indices NSE's FII derivatives statistics list one by one. */
export const FII_STATS_INDICES = ['BANKNIFTY', 'FINNIFTY', 'MIDCPNIFTY', 'NIFTY', 'NIFTYNXT50'] as const;
/** An index of NSE's FII derivatives statistics. */
export type FiiStatsIndex = (typeof FII_STATS_INDICES)[number];

// Typical shares of FII index futures and options activity by index (NIFTY and BANKNIFTY carry most of it).
const FII_INDEX_SHARES: Readonly<Record<'futures' | 'options', readonly number[]>> = {
  futures: [0.33, 0.06, 0.05, 0.55, 0.01],
  options: [0.28, 0.05, 0.04, 0.62, 0.01],
};

/** `total` (a whole number) split in proportion to `weights`, in whole numbers that add up to it exactly. */
export function splitWhole(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((acc, w) => acc + w, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map((x) => Math.floor(x));
  let left = total - parts.reduce((acc, p) => acc + p, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let j = 0; left > 0; j = (j + 1) % order.length, left--) parts[order[j]![1]]! += 1;
  return parts;
}

/** The participant categories of NSE's participant-wise OI file. */
export type ParticipantType = 'Client' | 'DII' | 'FII' | 'Pro';

/** The OI columns of NSE's participant-wise OI file (contracts). */
export interface ParticipantPositions {
  futureIndexLong: number;
  futureIndexShort: number;
  futureStockLong: number;
  futureStockShort: number;
  optionIndexCallLong: number;
  optionIndexPutLong: number;
  optionIndexCallShort: number;
  optionIndexPutShort: number;
  optionStockCallLong: number;
  optionStockPutLong: number;
  optionStockCallShort: number;
  optionStockPutShort: number;
  totalLong: number;
  totalShort: number;
}

/** Participant-wise OI of one session: a row per participant and the total (long = short in every column pair). */
export interface ParticipantOpenInterest {
  date: IsoDate;
  rows: Readonly<Record<ParticipantType, ParticipantPositions>>;
  total: ParticipantPositions;
}

/** A stock's market-wide position limit and its use. */
export interface MarketWidePosition {
  symbol: string;
  /** Market-wide position limit, in shares. */
  mwpl: number;
  /** Combined open interest across futures and options (delta-equivalent), in shares. */
  openInterest: number;
  /** openInterest / mwpl. */
  utilisation: number;
  /** Shares that may still be added before the 95 % ban threshold (0 when banned). */
  limitForNextDay: number;
}

/** The F&O ban list of a session: securities in ban, those entering and those leaving it, and every stock's MWPL. */
export interface BanList {
  date: IsoDate;
  banned: string[];
  entrants: string[];
  exits: string[];
  securities: MarketWidePosition[];
}

/** A stock at a new 52-week high or low. */
export interface ExtremeRow {
  symbol: string;
  sector: Sector;
  /** The session's high (for highs) or low (for lows). */
  price: number;
  /** The previous 52-week high or low it broke. */
  previous: number;
  close: number;
  changePercent: number;
}

/** New 52-week highs and lows of the F&O stocks in a session. */
export interface HighsLows {
  date: IsoDate;
  highs: ExtremeRow[];
  lows: ExtremeRow[];
}

/** Advances, declines and unchanged of the F&O stocks in a session. */
export interface AdvanceDecline {
  date: IsoDate;
  advances: number;
  declines: number;
  unchanged: number;
}

/** Futures rollover of a root at a session's close. */
export interface RolloverRow {
  root: string;
  nearExpiry: IsoDate;
  nearOpenInterest: number;
  nextOpenInterest: number;
  farOpenInterest: number;
  /** Share of futures OI in the next and far months, per cent. */
  rolloverPercent: number;
  /** Next-month minus near-month price, as a percentage of the near-month price. */
  rolloverCostPercent: number;
}

/** How price and open interest moved together. */
export type BuildUp = 'Long Build-up' | 'Short Build-up' | 'Short Covering' | 'Long Unwinding' | 'Neutral';

/** A near-month future's end-of-day row. */
export interface FutureEodRow {
  root: string;
  token: number;
  expiry: IsoDate;
  close: number;
  previousClose: number;
  changePercent: number;
  openInterest: number;
  previousOpenInterest: number;
  openInterestChangePercent: number;
  volume: number;
  buildUp: BuildUp;
}

/** The return of one calendar month. */
export interface MonthlyReturn {
  year: number;
  month: number;
  open: number;
  close: number;
  returnPercent: number;
}

/** A sector or thematic index's move with the moves of its F&O constituents. */
export interface SectorPerformance {
  index: string;
  token: number;
  close: number;
  changePercent: number;
  advances: number;
  declines: number;
  constituents: { symbol: string; changePercent: number }[];
}

const PARTICIPANTS: readonly ParticipantType[] = ['Client', 'DII', 'FII', 'Pro'];
// Rupees per index futures or options contract (a NIFTY lot of 65 at about 25,000), for notional values.
const INDEX_CONTRACT_RUPEES = 1_625_000;
const STOCK_CONTRACT_RUPEES = 650_000;
const CRORE = 1e7;
const BAN_ENTRY = 0.95;
const BAN_EXIT = 0.8;
// Sessions in 52 weeks.
const FIFTY_TWO_WEEKS = 250;

/** The end-of-day datasets of one simulated market. */
export class EodDatasets {
  private readonly engine: PriceEngine;
  private readonly flowKey: number;
  private readonly derivativesKey: number;
  private readonly participantsKey: number;
  private readonly positionKey: number;
  private readonly deliveryKey: number;
  private utilisation = new Float32Array(0);
  private banned = new Uint8Array(0);
  private walkedSessions = 0;
  private readonly logits = new Float64Array(STOCK_PROFILES.length);

  constructor(seed: number, engine: PriceEngine) {
    this.engine = engine;
    this.flowKey = streamKey(seed, STREAM.cashFlows);
    this.derivativesKey = streamKey(seed, STREAM.derivativeFlows);
    this.participantsKey = streamKey(seed, STREAM.participants);
    this.positionKey = streamKey(seed, STREAM.marketWidePosition);
    this.deliveryKey = streamKey(seed, STREAM.delivery);
  }

  private sessionsBetween(from: IsoDate, to: IsoDate): number[] {
    const grid = this.engine.grid;
    grid.ensureThrough(to);
    const first = grid.indexAtOrAfter(from);
    const last = grid.indexAtOrBefore(to);
    const sessions: number[] = [];
    for (let k = first; k <= last; k++) sessions.push(k);
    this.engine.model.ensure(Math.max(0, last));
    return sessions;
  }

  // A slowly varying flow component: the average of the last ten sessions' draws, so flows come in streaks.
  private persistent(key: number, k: number, salt: number): number {
    let sum = 0;
    for (let j = Math.max(0, k - 9); j <= k; j++) sum += normalOf(hashOf(key, this.engine.grid.dayNumber(j), salt));
    return sum / Math.sqrt(10);
  }

  private marketShock(k: number): number {
    const model = this.engine.model;
    return model.marketMove(k) / model.marketVol(k);
  }

  /** FII/DII cash-market activity for the sessions from…to (dates inclusive). */
  cashMarket(from: IsoDate, to: IsoDate): CashMarketActivity[] {
    return this.sessionsBetween(from, to).map((k) => {
      const day = this.engine.grid.dayNumber(k);
      const shock = this.marketShock(k);
      // FIIs buy on up days and sell on down days; DIIs (fed by SIP inflows) lean against them and buy on net.
      const fiiNet =
        1800 *
        (0.5 * shock + 0.35 * this.persistent(this.flowKey, k, 1) + 0.3 * normalOf(hashOf(this.flowKey, day, 2)));
      const diiNet = -0.6 * fiiNet + 900 * normalOf(hashOf(this.flowKey, day, 3)) + 500;
      return {
        date: this.engine.grid.date(k),
        fii: flow(12_000 * Math.exp(0.2 * normalOf(hashOf(this.flowKey, day, 4))), fiiNet),
        dii: flow(10_500 * Math.exp(0.2 * normalOf(hashOf(this.flowKey, day, 5))), diiNet),
      };
    });
  }

  /** FII index and stock derivatives statistics for the sessions from…to. */
  fiiDerivatives(from: IsoDate, to: IsoDate): FiiDerivativesActivity[] {
    return this.sessionsBetween(from, to).map((k) => {
      const day = this.engine.grid.dayNumber(k);
      const shock = this.marketShock(k);
      const category = (
        salt: number,
        contracts: number,
        oi: number,
        rupees: number,
        lean: number,
      ): DerivativeActivity => {
        const gross = contracts * Math.exp(0.25 * normalOf(hashOf(this.derivativesKey, day, salt)));
        const net = gross * lean * (0.5 * shock + 0.5 * normalOf(hashOf(this.derivativesKey, day, salt + 1)));
        const buy = Math.round(gross + net / 2);
        const sell = Math.round(gross - net / 2);
        const open = Math.round(oi * Math.exp(0.1 * this.persistent(this.derivativesKey, k, salt + 2)));
        return {
          buyContracts: buy,
          buyValue: roundTo((buy * rupees) / CRORE, 0.01),
          sellContracts: sell,
          sellValue: roundTo((sell * rupees) / CRORE, 0.01),
          openInterestContracts: open,
          openInterestValue: roundTo((open * rupees) / CRORE, 0.01),
        };
      };
      const indexFutures = category(10, 45_000, 220_000, INDEX_CONTRACT_RUPEES, 0.15);
      const indexOptions = category(20, 4_500_000, 1_200_000, INDEX_CONTRACT_RUPEES, 0.02);
      const futures = this.splitByIndex(indexFutures, FII_INDEX_SHARES.futures, day, 50);
      const options = this.splitByIndex(indexOptions, FII_INDEX_SHARES.options, day, 60);
      return {
        date: this.engine.grid.date(k),
        indexFutures,
        indexOptions,
        stockFutures: category(30, 250_000, 1_600_000, STOCK_CONTRACT_RUPEES, 0.05),
        stockOptions: category(40, 400_000, 250_000, STOCK_CONTRACT_RUPEES, 0.03),
        indices: FII_STATS_INDICES.map((index, i) => ({ index, futures: futures[i]!, options: options[i]! })),
      };
    });
  }

  // A category's totals split over the indices: buying, selling and open interest each by its own day's shares, the
  // value of each part in proportion to its contracts, so every column of the index rows adds up to the total.
  private splitByIndex(total: DerivativeActivity, shares: readonly number[], day: number, salt: number) {
    const weights = (column: number) =>
      shares.map((share, i) => share * Math.exp(0.15 * normalOf(hashOf(this.derivativesKey, day, salt + column, i))));
    const column = (contracts: number, value: number, w: readonly number[]) => {
      const counts = splitWhole(contracts, w);
      const paise = splitWhole(Math.round(value * 100), contracts > 0 ? counts : w);
      return { counts, values: paise.map((p) => p / 100) };
    };
    const buy = column(total.buyContracts, total.buyValue, weights(0));
    const sell = column(total.sellContracts, total.sellValue, weights(1));
    const open = column(total.openInterestContracts, total.openInterestValue, weights(2));
    return shares.map((_, i): DerivativeActivity => ({
      buyContracts: buy.counts[i]!,
      buyValue: buy.values[i]!,
      sellContracts: sell.counts[i]!,
      sellValue: sell.values[i]!,
      openInterestContracts: open.counts[i]!,
      openInterestValue: open.values[i]!,
    }));
  }

  /** Delivery share (per cent of the traded quantity) of a stock's session: its usual level and the day's swing. */
  deliveryPercent(stockId: number, date: IsoDate): number {
    const day = this.engine.grid.dayNumber(this.engine.grid.indexAtOrBefore(date));
    const usual = 28 + 37 * uniformOf(hashOf(this.deliveryKey, stockId, 0));
    const swing = 7 * normalOf(hashOf(this.deliveryKey, day, stockId + 1));
    return roundTo(Math.min(92, Math.max(6, usual + swing)), 0.01);
  }

  /** Participant-wise open interest (contracts) for the sessions from…to. */
  participantOpenInterest(from: IsoDate, to: IsoDate): ParticipantOpenInterest[] {
    return this.sessionsBetween(from, to).map((k) => this.participantsOn(k));
  }

  private participantsOn(k: number): ParticipantOpenInterest {
    const engine = this.engine;
    const day = engine.grid.dayNumber(k);
    const noise = (salt: number) => Math.exp(0.08 * normalOf(hashOf(this.participantsKey, day, salt)));
    // Index option OI swells towards each weekly expiry and collapses after it.
    const nifty = spotInstrumentToken('NIFTY');
    const niftyRef = engine.resolve(nifty)!;
    const weekly = engine.schedule.optionExpiries('NIFTY', engine.grid.session(k, 'NSE').open)[0];
    const sessionsLeft = weekly ? Math.max(0, engine.grid.indexOf(weekly.date) - k) : 2;
    const cycle = 1.6 - 0.2 * Math.min(sessionsLeft, 4);
    const model = engine.model;
    const bias = putCallBias(
      Math.log(model.close(niftyRef.seriesId, k) / model.close(niftyRef.seriesId, Math.max(0, k - 5))),
      model.volatility(niftyRef.seriesId, k) * Math.sqrt(5),
      normalOf(hashOf(this.participantsKey, day, 99)),
    );
    const indexCalls = 7_500_000 * cycle * noise(1);
    const totals = {
      futureIndex: 380_000 * noise(2),
      futureStock: 7_900_000 * noise(3),
      optionIndexCall: indexCalls,
      optionIndexPut: indexCalls * bias,
      optionStockCall: 1_300_000 * noise(4),
      optionStockPut: 800_000 * noise(5),
    };
    // FIIs hold 8–12 % of index-futures longs (2026), more after a rising month, and most of the shorts.
    let trend = 0;
    for (let j = Math.max(0, k - 19); j <= k; j++) trend += this.marketShock(j);
    const fiiLongShare = 0.08 + 0.035 / (1 + Math.exp(-trend / 4));
    const fiiLong = (0.59 * fiiLongShare) / (1 - fiiLongShare);
    const fiiShort = 0.45 + 0.2 / (1 + Math.exp(trend / 4));
    const share = (base: readonly number[], salt: number): number[] =>
      base.map((value, i) => value * Math.exp(0.12 * normalOf(hashOf(this.participantsKey, day, salt * 10 + i))));
    const split = (total: number, base: readonly number[], salt: number) =>
      apportion(Math.round(total), share(base, salt));
    // Shares of [Client, DII, FII, Pro] on each side of each column.
    const columns = {
      futureIndexLong: split(totals.futureIndex, [0.3, 0.04, fiiLong, 0.25], 11),
      futureIndexShort: split(totals.futureIndex, [0.15, 0.08, fiiShort, 0.17], 12),
      futureStockLong: split(totals.futureStock, [0.3, 0.02, 0.35, 0.33], 13),
      // DIIs (mutual funds' arbitrage schemes) hold about half the stock-futures shorts against cash longs.
      futureStockShort: split(totals.futureStock, [0.1, 0.53, 0.24, 0.13], 14),
      optionIndexCallLong: split(totals.optionIndexCall, [0.38, 0.001, 0.14, 0.48], 15),
      optionIndexPutLong: split(totals.optionIndexPut, [0.36, 0.002, 0.16, 0.48], 16),
      optionIndexCallShort: split(totals.optionIndexCall, [0.3, 0.001, 0.16, 0.54], 17),
      optionIndexPutShort: split(totals.optionIndexPut, [0.31, 0.001, 0.14, 0.55], 18),
      optionStockCallLong: split(totals.optionStockCall, [0.46, 0.001, 0.05, 0.49], 19),
      optionStockPutLong: split(totals.optionStockPut, [0.44, 0.001, 0.06, 0.5], 20),
      optionStockCallShort: split(totals.optionStockCall, [0.34, 0.001, 0.06, 0.6], 21),
      optionStockPutShort: split(totals.optionStockPut, [0.33, 0.001, 0.05, 0.62], 22),
    };
    const rows = {} as Record<ParticipantType, ParticipantPositions>;
    PARTICIPANTS.forEach((participant, i) => {
      const row = {} as ParticipantPositions;
      let long = 0;
      let short = 0;
      for (const [name, values] of Object.entries(columns) as [keyof typeof columns, number[]][]) {
        row[name] = values[i]!;
        if (name.endsWith('Long')) long += values[i]!;
        else short += values[i]!;
      }
      row.totalLong = long;
      row.totalShort = short;
      rows[participant] = row;
    });
    const total = {} as ParticipantPositions;
    for (const name of [...Object.keys(columns), 'totalLong', 'totalShort'] as (keyof ParticipantPositions)[]) {
      total[name] = PARTICIPANTS.reduce((sum, participant) => sum + rows[participant][name], 0);
    }
    return { date: engine.grid.date(k), rows, total };
  }

  // Market-wide position use walks forward session by session (a ban lasts until use falls below 80 %).
  private walkPositions(through: number): void {
    if (through < this.walkedSessions) return;
    const count = STOCK_PROFILES.length;
    const needed = (through + 1) * count;
    if (this.utilisation.length < needed) {
      const size = Math.max(needed, this.engine.grid.size * count);
      const utilisation = new Float32Array(size);
      utilisation.set(this.utilisation);
      const banned = new Uint8Array(size);
      banned.set(this.banned);
      this.utilisation = utilisation;
      this.banned = banned;
    }
    for (let k = this.walkedSessions; k <= through; k++) {
      const day = this.engine.grid.dayNumber(k);
      for (let i = 0; i < count; i++) {
        const profile = STOCK_PROFILES[i]!;
        // A few speculative stocks run close to their limits (the cube keeps most well below); large caps rarely.
        const level =
          -1 +
          3.3 * Math.pow(uniformOf(hashOf(this.positionKey, profile.id, 0)), 4) -
          0.25 * Math.log(profile.capWeight / 0.2);
        const before = k === 0 ? level : this.logits[i]!;
        const logit = before + 0.07 * (level - before) + 0.28 * normalOf(hashOf(this.positionKey, day, profile.id));
        this.logits[i] = logit;
        const use = 1 / (1 + Math.exp(-logit));
        const at = k * count + i;
        this.utilisation[at] = use;
        const wasBanned = k > 0 && this.banned[at - count] === 1;
        this.banned[at] = wasBanned ? (use >= BAN_EXIT ? 1 : 0) : use > BAN_ENTRY ? 1 : 0;
      }
    }
    this.walkedSessions = through + 1;
  }

  /** The F&O ban list and market-wide position use of the session on or before a date. */
  banList(date: IsoDate): BanList {
    const grid = this.engine.grid;
    const k = grid.indexAtOrBefore(date);
    this.walkPositions(k);
    const count = STOCK_PROFILES.length;
    const banned: string[] = [];
    const entrants: string[] = [];
    const exits: string[] = [];
    const securities: MarketWidePosition[] = [];
    for (let i = 0; i < count; i++) {
      const profile = STOCK_PROFILES[i]!;
      const at = k * count + i;
      const now = this.banned[at] === 1;
      const before = k > 0 && this.banned[at - count] === 1;
      if (now) banned.push(profile.symbol);
      if (now && !before) entrants.push(profile.symbol);
      if (!now && before) exits.push(profile.symbol);
      const mwpl =
        profile.lotSize * Math.round(20_000 * (0.5 + 1.5 * uniformOf(hashOf(this.positionKey, profile.id, 1))));
      const use = this.utilisation[at]!;
      const openInterest = Math.round(mwpl * use);
      securities.push({
        symbol: profile.symbol,
        mwpl,
        openInterest,
        utilisation: roundTo(use, 0.0001),
        limitForNextDay: now ? 0 : Math.max(0, Math.round(mwpl * BAN_ENTRY) - openInterest),
      });
    }
    return { date: grid.date(k), banned, entrants, exits, securities };
  }

  /** F&O stocks making new 52-week highs or lows in the session on or before a date (on intraday highs and lows). */
  highsLows(date: IsoDate): HighsLows {
    const engine = this.engine;
    const grid = engine.grid;
    const k = grid.indexAtOrBefore(date);
    engine.model.ensure(k);
    const count = STOCK_PROFILES.length;
    const previousHigh = new Float64Array(count).fill(-Infinity);
    const previousLow = new Float64Array(count).fill(Infinity);
    // Session by session, so each session's shared market shocks are drawn once for all stocks.
    for (let j = Math.max(0, k - FIFTY_TWO_WEEKS); j < k; j++) {
      for (let i = 0; i < count; i++) {
        const extremes = engine.seriesExtremes(STOCK_PROFILES[i]!.id, j);
        if (extremes.high > previousHigh[i]!) previousHigh[i] = extremes.high;
        if (extremes.low < previousLow[i]!) previousLow[i] = extremes.low;
      }
    }
    const highs: ExtremeRow[] = [];
    const lows: ExtremeRow[] = [];
    STOCK_PROFILES.forEach((profile, i) => {
      const today = engine.seriesExtremes(profile.id, k);
      const close = engine.model.close(profile.id, k);
      const previousClose = engine.model.close(profile.id, Math.max(0, k - 1));
      const row = (price: number, previous: number): ExtremeRow => ({
        symbol: profile.symbol,
        sector: profile.sector,
        price: roundTo(price, 0.05),
        previous: roundTo(previous, 0.05),
        close: roundTo(close, 0.05),
        changePercent: percentChange(close, previousClose),
      });
      if (today.high > previousHigh[i]!) highs.push(row(today.high, previousHigh[i]!));
      if (today.low < previousLow[i]!) lows.push(row(today.low, previousLow[i]!));
    });
    return { date: grid.date(k), highs, lows };
  }

  /** Advances and declines of the F&O stocks for the sessions from…to. */
  advanceDecline(from: IsoDate, to: IsoDate): AdvanceDecline[] {
    const model = this.engine.model;
    return this.sessionsBetween(from, to).map((k) => {
      let advances = 0;
      let declines = 0;
      let unchanged = 0;
      for (const profile of STOCK_PROFILES) {
        const close = roundTo(model.close(profile.id, k), 0.05);
        const before = roundTo(model.close(profile.id, Math.max(0, k - 1)), 0.05);
        if (close > before) advances++;
        else if (close < before) declines++;
        else unchanged++;
      }
      return { date: this.engine.grid.date(k), advances, declines, unchanged };
    });
  }

  /** Sector and thematic indices with their F&O constituents' moves at an instant. */
  sectorPerformance(at: number): SectorPerformance[] {
    const engine = this.engine;
    const rows: SectorPerformance[] = [];
    for (const index of INDICES) {
      if (index.category !== 'sectoral' && index.category !== 'thematic') continue;
      const model = INDEX_MODELS.get(index.id);
      const token = spotInstrumentToken(index.tradingSymbol);
      const state = engine.stateAt(engine.resolve(token)!, at);
      if (!state) continue;
      const constituents: { symbol: string; changePercent: number }[] = [];
      let advances = 0;
      let declines = 0;
      for (const member of model?.basket ?? []) {
        const ref = engine.resolve(spotInstrumentToken(member.symbol));
        const stock = ref ? engine.stateAt(ref, at) : null;
        if (!stock) continue;
        const change = percentChange(stock.lp, stock.prevClose);
        if (change > 0) advances++;
        else if (change < 0) declines++;
        constituents.push({ symbol: member.symbol, changePercent: change });
      }
      rows.push({
        index: index.tradingSymbol,
        token,
        close: state.lp,
        changePercent: percentChange(state.lp, state.prevClose),
        advances,
        declines,
        constituents,
      });
    }
    return rows;
  }

  /** Futures rollover of every derivatives root at the close of the session on or before a date. */
  rollover(date: IsoDate, roots: readonly string[]): RolloverRow[] {
    const engine = this.engine;
    const k = engine.grid.indexAtOrBefore(date);
    engine.model.ensure(k);
    const close = engine.grid.session(k, 'NSE').derivativesClose - 1;
    const rows: RolloverRow[] = [];
    for (const root of roots) {
      const months = engine.schedule.futureExpiries(root, close);
      const refs = months.map((expiry) =>
        engine.resolve(contractInstrumentToken({ root, kind: 'FUT', expiry: expiry.date, strike: null })),
      );
      if (refs.length < 2 || refs.some((ref) => !ref)) continue;
      const [near, next, far] = refs as ContractRef[];
      const nearOi = engine.sessionOi(near!, k);
      const nextOi = engine.sessionOi(next!, k);
      const farOi = far ? engine.sessionOi(far, k) : 0;
      const total = nearOi + nextOi + farOi;
      const nearClose = engine.sessionClose(near!, k);
      const nextClose = engine.sessionClose(next!, k);
      rows.push({
        root,
        nearExpiry: months[0]!.date,
        nearOpenInterest: nearOi,
        nextOpenInterest: nextOi,
        farOpenInterest: farOi,
        rolloverPercent: total > 0 ? roundTo((100 * (nextOi + farOi)) / total, 0.01) : 0,
        rolloverCostPercent: nearClose > 0 ? roundTo((100 * (nextClose - nearClose)) / nearClose, 0.01) : 0,
      });
    }
    return rows;
  }

  /** Near-month futures of every derivatives root at a session's close: price and OI change and the build-up. */
  futuresEod(date: IsoDate, roots: readonly string[]): FutureEodRow[] {
    const engine = this.engine;
    const k = engine.grid.indexAtOrBefore(date);
    engine.model.ensure(k);
    const instant = engine.grid.session(k, 'NSE').open;
    const rows: FutureEodRow[] = [];
    for (const root of roots) {
      const expiry = engine.schedule.futureExpiries(root, instant)[0];
      if (!expiry) continue;
      const token = contractInstrumentToken({ root, kind: 'FUT', expiry: expiry.date, strike: null });
      const ref = engine.resolve(token);
      const bar = ref ? engine.dayBar(ref, k) : null;
      if (!ref || !bar) continue;
      const previous = engine.previousTradedSession(ref, k);
      const previousClose = previous >= 0 ? engine.sessionClose(ref, previous) : bar.o;
      const previousOi = previous >= 0 ? engine.sessionOi(ref, previous) : 0;
      const changePercent = percentChange(bar.c, previousClose);
      const oiChange = previousOi > 0 ? roundTo((100 * (bar.oi - previousOi)) / previousOi, 0.01) : 0;
      rows.push({
        root,
        token,
        expiry: expiry.date,
        close: bar.c,
        previousClose,
        changePercent,
        openInterest: bar.oi,
        previousOpenInterest: previousOi,
        openInterestChangePercent: oiChange,
        volume: bar.v,
        buildUp: buildUp(changePercent, oiChange),
      });
    }
    return rows;
  }

  /** Calendar-month returns of a price series over its whole history up to the session on or before a date. */
  seasonality(seriesId: number, until: IsoDate): MonthlyReturn[] {
    const engine = this.engine;
    const grid = engine.grid;
    const last = grid.indexAtOrBefore(until);
    engine.model.ensure(last);
    const rows: MonthlyReturn[] = [];
    let currentKey = -1;
    let open = 0;
    let previousClose = 0;
    let close = 0;
    let year = 0;
    let month = 0;
    for (let k = 0; k <= last; k++) {
      const parts = dateParts(grid.date(k));
      const key = parts.year * 12 + parts.month;
      if (key !== currentKey) {
        if (currentKey >= 0) rows.push(monthRow(year, month, open, close));
        currentKey = key;
        year = parts.year;
        month = parts.month;
        // A month's return runs from the previous month's last close.
        open = k === 0 ? engine.model.open(seriesId, 0) : previousClose;
      }
      close = engine.model.close(seriesId, k);
      previousClose = close;
    }
    if (currentKey >= 0) rows.push(monthRow(year, month, open, close));
    return rows;
  }
}

/** Classifies a move of price and open interest (NSE's futures build-up terms). */
export function buildUp(priceChangePercent: number, oiChangePercent: number): BuildUp {
  if (priceChangePercent > 0 && oiChangePercent > 0) return 'Long Build-up';
  if (priceChangePercent < 0 && oiChangePercent > 0) return 'Short Build-up';
  if (priceChangePercent > 0 && oiChangePercent < 0) return 'Short Covering';
  if (priceChangePercent < 0 && oiChangePercent < 0) return 'Long Unwinding';
  return 'Neutral';
}

function monthRow(year: number, month: number, open: number, close: number): MonthlyReturn {
  return {
    year,
    month,
    open: roundTo(open, 0.01),
    close: roundTo(close, 0.01),
    returnPercent: roundTo((100 * (close - open)) / open, 0.01),
  };
}

function flow(gross: number, net: number): CashFlow {
  const buy = roundTo(gross + net / 2, 0.01);
  const sell = roundTo(gross - net / 2, 0.01);
  return { buy, sell, net: roundTo(buy - sell, 0.01) };
}

/** Percentage change from a previous value, to two decimals (0 when there is no previous value). */
export function percentChange(value: number, previous: number): number {
  return previous > 0 ? roundTo((100 * (value - previous)) / previous, 0.01) : 0;
}

// Splits a whole total into parts proportional to weights, exactly (largest remainders get the leftover units).
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => [value - Math.floor(value), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left--;
  }
  return parts;
}
