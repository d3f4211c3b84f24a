// The simulated market's public face: one object per seed answering every market-data question the data API asks
// (instrument master, search, expiries, option chains, candles, quotes and ticks, trades, pre-open, synthetic
// futures, OI aggregates, straddles, breadth and the end-of-day datasets). It has no clock: every question
// carries the instant it is asked about, and the answer for an instant is the same whenever it is asked.
import type { FeedTick } from '@fnodesk/contracts';
import type {
  ContractExpiry,
  DayRange,
  EpochMs,
  Exchange,
  IsoDate,
  MarketCalendar,
  Resolution,
  Sector,
} from '@fnodesk/domain';
import {
  contractInstrumentToken,
  defaultMarketCalendar,
  derivativesUnderlying,
  findDerivativesUnderlying,
  INDICES,
  nearestStrikeIndex,
  putCallRatio,
  spotInstrumentToken,
  stepDayRange,
  syntheticFuture,
} from '@fnodesk/domain';
import type { Candle } from './candle-series';
import { CandleColumns, candleSeries, dayCandle } from './candle-series';
import { DailyFactorModel } from './daily-factor-model';
import { EodDatasets, percentChange } from './eod-datasets';
import type {
  AdvanceDecline,
  BanList,
  CashMarketActivity,
  FiiDerivativesActivity,
  FutureEodRow,
  HighsLows,
  MonthlyReturn,
  ParticipantOpenInterest,
  RolloverRow,
  SectorPerformance,
} from './eod-datasets';
import { INDEX_MODELS, SEARCH_FILTER_MEMBERS } from './index-baskets';
import type { InstrumentMaster, SimInstrument, StrikeLadder } from './instrument-master';
import {
  buildInstrumentMaster,
  contractInstrument,
  DERIVATIVES_ROOTS,
  spotInstrument,
  strikeLadder,
} from './instrument-master';
import { LruCache } from './lru-cache';
import type { SimTrade } from './order-flow';
import { marketDepth, tradesBetween } from './order-flow';
import type { ContractRef, InstrumentState } from './price-engine';
import { PriceEngine, roundTo } from './price-engine';
import { hashOf, normalOf, streamKey, STREAM } from './seeded-noise';
import { SessionGrid } from './session-grid';
import { STOCK_PROFILES, stockProfile } from './stock-profiles';

/** Options of {@link createMarketSim}. */
export interface MarketSimOptions {
  /** Seed of every random draw: the same seed gives the same market. */
  seed: number;
  /** The instant the simulation starts at: the instrument master and the state of that session are built. */
  now: EpochMs;
  /** Market calendar (holidays, sessions); domain's default calendar when omitted. */
  calendar?: MarketCalendar;
}

/** Filters of instrument search (spec §2.10). */
export type SearchFilter = 'all' | 'nifty' | 'banknifty' | 'niftynxt50' | 'sensex' | 'midcpnifty';

/** The search filters, in the spec's order. */
export const SEARCH_FILTERS: readonly SearchFilter[] = [
  'all',
  'nifty',
  'banknifty',
  'niftynxt50',
  'sensex',
  'midcpnifty',
];

/** One option's quote in a chain. */
export interface ChainOptionQuote {
  token: number;
  tradingSymbol: string;
  lp: number;
  prevClose: number;
  change: number;
  changePercent: number;
  atp: number;
  /** Open interest (units) now and at the previous session's close. */
  oi: number;
  prevOi: number;
  oiChange: number;
  oiChangePercent: number;
  /** Volume today (units). */
  volume: number;
  bid: number;
  ask: number;
}

/** One strike of a chain. */
export interface ChainRow {
  strike: number;
  ce: ChainOptionQuote;
  pe: ChainOptionQuote;
}

/** A price with its previous close, for the chain's summary strip. */
export interface ReferenceQuote {
  token: number;
  lp: number;
  prevClose: number;
}

/** An option chain at an instant: per-strike quotes around the money and the summary figures. */
export interface OptionChainSnapshot {
  name: string;
  expiry: IsoDate;
  /** Instant of the quotes (whole second). */
  at: EpochMs;
  spot: ReferenceQuote;
  /** The future of the expiry's month (the nearest future for a weekly). */
  future: ReferenceQuote & { expiry: IsoDate };
  /** Strike + CE − PE at the strike nearest spot (spec §2.9). */
  syntheticFuture: number;
  /** Strike nearest the expiry's future, or for a weekly its synthetic future (the page's default ATM basis). */
  atmStrike: number;
  callOi: number;
  putOi: number;
  /** Put OI / call OI over the rows returned. */
  pcr: number;
  rows: ChainRow[];
}

/** An option chain's instruments (the option_chain route's optData with its futToken). */
export interface OptionChainInstruments {
  name: string;
  expiry: IsoDate;
  spotToken: number;
  futToken: number;
  strikes: { strike: number; ce: SimInstrument; pe: SimInstrument }[];
}

/** The previous session's day candle of an instrument. */
export interface PreviousDay extends Candle {
  token: number;
}

/** The spot value of an index or stock (BSE for SENSEX and BANKEX). */
export interface SpotQuote {
  token: number;
  exchange: Exchange;
  lp: number;
  prevClose: number;
  ts: EpochMs;
}

/** An instrument's pre-open call-auction state: the indicative equilibrium price and quantity. */
export interface PreOpenQuote {
  token: number;
  tradingSymbol: string;
  name: string;
  prevClose: number;
  /** Indicative equilibrium price (the open once order entry has closed). */
  iep: number;
  change: number;
  changePercent: number;
  /** Indicative matched quantity (units). */
  quantity: number;
  /** True once order entry has closed and the price is the session's open. */
  final: boolean;
  ts: EpochMs;
}

/** Synthetic future of an expiry at a minute's close. */
export interface SyntheticFuturePoint {
  t: EpochMs;
  strike: number;
  value: number;
}

/** Total call and put OI of an expiry at the end of a candle. */
export interface AggregatedOiPoint {
  t: EpochMs;
  callOi: number;
  putOi: number;
  pcr: number;
}

/** A straddle's premium at the end of a candle. */
export interface StraddlePoint {
  t: EpochMs;
  ce: number;
  pe: number;
  value: number;
}

/** A stock's ATM straddle on its near-month expiry. */
export interface StockAtmStraddle {
  symbol: string;
  token: number;
  expiry: IsoDate;
  strike: number;
  spot: number;
  ce: number;
  pe: number;
  straddle: number;
  /** Straddle premium as a percentage of spot: the market's expected move to expiry. */
  percentOfSpot: number;
}

/** Advances and declines of a stock group at the end of a candle (against the previous close). */
export interface BreadthPoint {
  t: EpochMs;
  advances: number;
  declines: number;
  unchanged: number;
  /** Stocks whose candle high passed every earlier high of the session (the first candle sets the range). */
  newHighs: number;
  /** Stocks whose candle low broke every earlier low of the session. */
  newLows: number;
}

/** ATM options of an index's nearest expiry. */
export interface AtmInstruments {
  name: string;
  expiry: IsoDate;
  strike: number;
  spotToken: number;
  futToken: number;
  ce: SimInstrument;
  pe: SimInstrument;
}

/** An index and its basket (for get_index_sector). */
export interface IndexComposition {
  index: string;
  token: number;
  constituents: { symbol: string; token: number; sector: Sector; weight: number }[];
}

/** End-of-day datasets. */
export interface EodApi {
  /** FII/DII cash-market activity for the sessions between two dates. */
  cashMarket(from: IsoDate, to: IsoDate): CashMarketActivity[];
  /** FII index and stock derivatives statistics between two dates. */
  fiiDerivatives(from: IsoDate, to: IsoDate): FiiDerivativesActivity[];
  /** Participant-wise OI (Client, DII, FII, Pro; long and short) between two dates. */
  participantOpenInterest(from: IsoDate, to: IsoDate): ParticipantOpenInterest[];
  /** The F&O ban list (with entrants, exits and every stock's MWPL use) of the session on or before a date. */
  banList(date: IsoDate): BanList;
  /** New 52-week highs and lows of the F&O stocks in the session on or before a date. */
  highsLows(date: IsoDate): HighsLows;
  /** Advances and declines of the F&O stocks between two dates. */
  advanceDecline(from: IsoDate, to: IsoDate): AdvanceDecline[];
  /** Sector and thematic index moves with their constituents' at an instant. */
  sectorPerformance(at: EpochMs): SectorPerformance[];
  /** Futures rollover of every derivatives root at the close of the session on or before a date. */
  rollover(date: IsoDate): RolloverRow[];
  /** Near-month futures' end-of-day rows (price and OI change, build-up) for a session. */
  futures(date: IsoDate): FutureEodRow[];
  /** Calendar-month returns of an index or stock over its whole simulated history. */
  seasonality(token: number, until: IsoDate): MonthlyReturn[];
  /** Delivery share (per cent of traded quantity) of a stock's session on or before a date; null for other tokens. */
  deliveryPercent(token: number, date: IsoDate): number | null;
}

/** The simulated market. */
export interface MarketSim {
  /** The seed the market was built from. */
  readonly seed: number;
  /** The instant the simulation was started at. */
  readonly startedAt: EpochMs;
  /** Every instrument listed at an instant, in the instrument picker's order. */
  instruments(at: EpochMs): readonly SimInstrument[];
  /** One instrument by token (also contracts no longer listed), or null for an unknown token. */
  instrument(token: number): SimInstrument | null;
  /** Instruments of an underlying name (root or index symbol), optionally of one exchange segment. */
  instrumentsByName(name: string, at: EpochMs, exchange?: Exchange): SimInstrument[];
  /** Futures listed at an instant: every month, or only the near month of each root. */
  futures(at: EpochMs, months: 'near' | 'all'): SimInstrument[];
  /** Instruments of the pre-open session: F&O stocks and derivative indices' spot values. */
  preOpenInstruments(): SimInstrument[];
  /** Underlyings matching a query (case-insensitive), restricted by a filter, in picker order. */
  search(query: string, filter: SearchFilter): SimInstrument[];
  /** Option expiries of an underlying listed at an instant, nearest first. */
  optionExpiries(name: string, at: EpochMs): ContractExpiry[];
  /** Futures expiries of an underlying listed at an instant. */
  futureExpiries(name: string, at: EpochMs): ContractExpiry[];
  /** The option of an underlying, kind, expiry and strike, or null when no such contract exists. */
  optionInstrument(name: string, kind: 'CE' | 'PE', expiry: IsoDate, strike: number): SimInstrument | null;
  /** An expiry's strikes with their CE and PE instruments; `strikes` limits them to that many each side of ATM. */
  optionChainInstruments(name: string, expiry: IsoDate, at: EpochMs, strikes?: number): OptionChainInstruments | null;
  /** ATM options of every derivative index's nearest expiry at an instant. */
  atmInstruments(at: EpochMs): AtmInstruments[];
  /** Every index with its constituents and weights. */
  indexCompositions(): IndexComposition[];
  /** Candles of a token (1-minute base; OI on F&O candles) from the bucket holding `from` to `to`, as of `to`. */
  candles(token: number, resolution: Resolution, from: EpochMs, to: EpochMs): Candle[];
  /** The same candles added to `into` as rows of numbers, without a candle object each (for writers of JSON). */
  candleColumns(token: number, resolution: Resolution, from: EpochMs, to: EpochMs, into: CandleColumns): CandleColumns;
  /** Day candles of a token between two instants (sessions only). */
  daily(token: number, from: EpochMs, to: EpochMs): Candle[];
  /** The previous session's day candle of each token, as seen at an instant. */
  prevDay(tokens: readonly number[], at: EpochMs): PreviousDay[];
  /** A full feed tick of a token at an instant, or null before it exists. */
  quote(token: number, at: EpochMs): FeedTick | null;
  /** Full feed ticks of tokens at an instant (unknown tokens are skipped). */
  ticks(tokens: readonly number[], at: EpochMs): FeedTick[];
  /** Ticks of the second ending at `at` for instruments that traded in it (index values tick every second). */
  liveTicks(at: EpochMs, tokens?: readonly number[]): FeedTick[];
  /** Trades of a token between two instants, with aggressor side and best bid and ask. */
  trades(token: number, from: EpochMs, to: EpochMs): SimTrade[];
  /** An option chain at an instant; `strikes` limits it to that many strikes each side of ATM. */
  optionChain(name: string, expiry: IsoDate, at: EpochMs, strikes?: number): OptionChainSnapshot | null;
  /**
   * The instruments {@link MarketSim.optionChain} of the whole ladder reads at an instant: the spot, the future it
   * is quoted against and every listed strike's CE and PE (empty when the expiry is not listed then).
   */
  chainTokens(name: string, expiry: IsoDate, at: EpochMs): number[];
  /**
   * Computes and keeps what an instrument's state at an instant needs (its minute candles of that session through
   * the instant; for an option, also its quote in a chain read at that instant), so that a later call reading many
   * instruments at once, such as a chain, finds them done. A caller can so spread a cold chain's work over several
   * turns of its event loop.
   */
  warm(token: number, at: EpochMs): void;
  /** The spot value of an index or stock at an instant. */
  spot(name: string, at: EpochMs): SpotQuote | null;
  /** Pre-open indicative prices of F&O stocks and derivative indices at an instant (the latest session's). */
  preOpen(at: EpochMs): PreOpenQuote[];
  /** Synthetic future (ATM strike + CE − PE) of an expiry once per minute between two instants. */
  syntheticFutures(name: string, expiry: IsoDate, from: EpochMs, to: EpochMs): SyntheticFuturePoint[];
  /** Total call and put OI of an expiry per candle (strikes: that many each side of ATM, or all listed). */
  aggregatedOi(
    name: string,
    expiry: IsoDate,
    resolution: Resolution,
    from: EpochMs,
    to: EpochMs,
    strikes?: number,
  ): AggregatedOiPoint[];
  /** CE + PE premium of a strike per candle. */
  straddle(
    name: string,
    expiry: IsoDate,
    strike: number,
    resolution: Resolution,
    from: EpochMs,
    to: EpochMs,
  ): StraddlePoint[];
  /** Near-month ATM straddles of every F&O stock at an instant. */
  stockAtmStraddles(at: EpochMs): StockAtmStraddle[];
  /** Advances and declines of a stock group per candle. */
  breadth(filter: SearchFilter, resolution: Resolution, from: EpochMs, to: EpochMs): BreadthPoint[];
  /** End-of-day datasets. */
  readonly eod: EodApi;
}

const NAMES_OF_FILTER: Readonly<Record<SearchFilter, ReadonlySet<string> | null>> = {
  all: null,
  nifty: new Set(SEARCH_FILTER_MEMBERS.nifty),
  banknifty: new Set(SEARCH_FILTER_MEMBERS.banknifty),
  niftynxt50: new Set(SEARCH_FILTER_MEMBERS.niftynxt50),
  sensex: new Set(SEARCH_FILTER_MEMBERS.sensex),
  midcpnifty: new Set(SEARCH_FILTER_MEMBERS.midcpnifty),
};
const INDEX_ROOTS = DERIVATIVES_ROOTS.filter((root) => derivativesUnderlying(root).kind === 'index');
const LIVE_STRIKES_EACH_SIDE = 10;
/**
 * Option quotes kept for chains read at the instant they were taken: a whole ladder's options at a minute and at
 * its four look-back instants (about 2,000 for NIFTY's weekly), for a few chains at once.
 */
const CHAIN_QUOTE_CACHE_SIZE = 16_384;

/** Starts a simulated market: builds the calendar, the daily history, the instrument master and today's state. */
export function createMarketSim(options: MarketSimOptions): MarketSim {
  return new SimulatedMarket(options);
}

class SimulatedMarket implements MarketSim {
  readonly seed: number;
  readonly startedAt: EpochMs;
  readonly eod: EodApi;
  private readonly engine: PriceEngine;
  private readonly datasets: EodDatasets;
  private readonly masters = new LruCache<number, InstrumentMaster>(3);
  private readonly depthKey: number;
  private readonly preOpenKey: number;
  private liveSetMinute = -1;
  private liveSetTokens: readonly number[] = [];
  private readonly ladders = new LruCache<string, StrikeLadder | null>(4_000);
  private readonly instrumentCache = new LruCache<number, SimInstrument | null>(100_000);
  /** Options' chain quotes by token and instant, taken by {@link warm} or a chain read (a pure function of both). */
  private readonly chainQuotes = new LruCache<string, ChainOptionQuote>(CHAIN_QUOTE_CACHE_SIZE);
  /** The underlying value the last option warmed was quoted against: a chain's options share it at an instant. */
  private warmedUnderlying = { root: '', at: NaN, lp: NaN };

  constructor(options: MarketSimOptions) {
    this.seed = options.seed;
    this.startedAt = options.now;
    const grid = new SessionGrid(options.calendar ?? defaultMarketCalendar);
    grid.ensureInstant(options.now);
    const model = new DailyFactorModel(options.seed, grid);
    const session = Math.max(0, grid.sessionAt(options.now));
    model.ensure(Math.min(grid.size - 1, session + 1));
    this.engine = new PriceEngine(options.seed, model);
    this.datasets = new EodDatasets(options.seed, this.engine);
    this.depthKey = streamKey(options.seed, STREAM.depth);
    this.preOpenKey = streamKey(options.seed, STREAM.preOpen);
    const datasets = this.datasets;
    const roots = DERIVATIVES_ROOTS;
    this.eod = {
      cashMarket: (from, to) => datasets.cashMarket(from, to),
      fiiDerivatives: (from, to) => datasets.fiiDerivatives(from, to),
      participantOpenInterest: (from, to) => datasets.participantOpenInterest(from, to),
      banList: (date) => datasets.banList(date),
      highsLows: (date) => datasets.highsLows(date),
      advanceDecline: (from, to) => datasets.advanceDecline(from, to),
      sectorPerformance: (at) => datasets.sectorPerformance(at),
      rollover: (date) => datasets.rollover(date, roots),
      futures: (date) => datasets.futuresEod(date, roots),
      seasonality: (token, until) => {
        const ref = this.engine.resolve(token);
        return ref ? datasets.seasonality(ref.seriesId, until) : [];
      },
      deliveryPercent: (token, date) => {
        const ref = this.engine.resolve(token);
        const profile = ref && ref.kind === 'SPOT' && !ref.isIndex ? stockProfile(ref.root) : null;
        return profile ? datasets.deliveryPercent(profile.id, date) : null;
      },
    };
    // Today's state: the master and the live set's session so far.
    this.master(options.now);
    this.liveTicks(options.now);
  }

  private master(at: EpochMs): InstrumentMaster {
    const grid = this.engine.grid;
    grid.ensureInstant(at);
    const k = Math.max(0, grid.sessionAt(at));
    this.engine.model.ensure(Math.min(grid.size - 1, k + 1));
    // Expiries roll at the F&O close, so a master is valid from one session's close to the next.
    const afterClose = at >= grid.session(k, 'NSE').derivativesClose ? 1 : 0;
    const key = k * 2 + afterClose;
    const known = this.masters.get(key);
    if (known) return known;
    const master = buildInstrumentMaster(this.engine, at);
    this.masters.set(key, master);
    return master;
  }

  instruments(at: EpochMs): readonly SimInstrument[] {
    return this.master(at).instruments;
  }

  instrument(token: number): SimInstrument | null {
    const known = this.instrumentCache.get(token);
    if (known !== undefined) return known;
    const ref = this.engine.resolve(token);
    const instrument = ref ? contractInstrument(ref) : null;
    this.instrumentCache.set(token, instrument);
    return instrument;
  }

  instrumentsByName(name: string, at: EpochMs, exchange?: Exchange): SimInstrument[] {
    const root = rootOf(name);
    const upper = name.trim().toUpperCase();
    const result: SimInstrument[] = [];
    if (!root) {
      const index = INDICES.find((entry) => entry.tradingSymbol === upper || entry.displayName === upper);
      if (index) result.push(spotInstrument(index.tradingSymbol));
    } else {
      result.push(spotInstrument(root));
      for (const expiry of this.engine.schedule.futureExpiries(root, at)) {
        const future = this.instrument(
          contractInstrumentToken({ root, kind: 'FUT', expiry: expiry.date, strike: null }),
        );
        if (future) result.push(future);
      }
      for (const expiry of this.engine.schedule.optionExpiries(root, at)) {
        for (const strike of this.ladder(root, expiry.date, at)?.strikes ?? []) {
          for (const kind of ['CE', 'PE'] as const) {
            const option = this.instrument(contractInstrumentToken({ root, kind, expiry: expiry.date, strike }));
            if (option) result.push(option);
          }
        }
      }
    }
    return exchange === undefined ? result : result.filter((instrument) => instrument.exchange === exchange);
  }

  futures(at: EpochMs, months: 'near' | 'all'): SimInstrument[] {
    const result: SimInstrument[] = [];
    for (const root of DERIVATIVES_ROOTS) {
      const expiries = this.engine.schedule.futureExpiries(root, at);
      for (const expiry of months === 'near' ? expiries.slice(0, 1) : expiries) {
        const instrument = this.instrument(
          contractInstrumentToken({ root, kind: 'FUT', expiry: expiry.date, strike: null }),
        );
        if (instrument) result.push(instrument);
      }
    }
    return result;
  }

  preOpenInstruments(): SimInstrument[] {
    return DERIVATIVES_ROOTS.map((root) => spotInstrument(root));
  }

  search(query: string, filter: SearchFilter): SimInstrument[] {
    const text = query.trim().toUpperCase();
    const members = NAMES_OF_FILTER[filter];
    const result: SimInstrument[] = [];
    for (const root of DERIVATIVES_ROOTS) {
      const isIndex = derivativesUnderlying(root).kind === 'index';
      if (members ? !members.has(root) : false) continue;
      if (members && isIndex) continue;
      const instrument = spotInstrument(root);
      if (
        text === '' ||
        root.includes(text) ||
        instrument.tradingSymbol.toUpperCase().includes(text) ||
        instrument.displayName.toUpperCase().includes(text)
      ) {
        result.push({ ...instrument, name: root });
      }
    }
    return result;
  }

  optionExpiries(name: string, at: EpochMs): ContractExpiry[] {
    const root = rootOf(name);
    return root ? this.engine.schedule.optionExpiries(root, at) : [];
  }

  futureExpiries(name: string, at: EpochMs): ContractExpiry[] {
    const root = rootOf(name);
    return root ? this.engine.schedule.futureExpiries(root, at) : [];
  }

  optionInstrument(name: string, kind: 'CE' | 'PE', expiry: IsoDate, strike: number): SimInstrument | null {
    const root = rootOf(name);
    if (!root) return null;
    let token: number;
    try {
      token = contractInstrumentToken({ root, kind, expiry, strike });
    } catch {
      return null;
    }
    return this.instrument(token);
  }

  // The strikes of an expiry listed at an instant (null when the expiry is not listed then).
  private ladder(root: string, expiry: IsoDate, at: EpochMs): StrikeLadder | null {
    const grid = this.engine.grid;
    grid.ensureInstant(at);
    const k = Math.max(0, grid.sessionAt(at));
    const key = `${root}|${expiry}|${k}|${at >= grid.session(k, 'NSE').derivativesClose ? 1 : 0}`;
    const known = this.ladders.get(key);
    if (known !== undefined) return known;
    const schedule = this.engine.schedule;
    const contract = schedule.expiryOn(root, expiry);
    const listed = contract !== null && at < contract.expiresAt && at >= schedule.listedAt(root, contract, 'CE');
    const ladder = listed ? strikeLadder(this.engine, root, contract, k) : null;
    this.ladders.set(key, ladder);
    return ladder;
  }

  // The future a chain refers to: the expiry's own month, or the nearest future for a weekly.
  private chainFuture(root: string, expiry: IsoDate, at: EpochMs): ContractRef | null {
    const months = this.engine.schedule.futureExpiries(root, at);
    const month = months.find((candidate) => candidate.date === expiry) ?? months[0];
    if (!month) return null;
    return this.engine.resolve(contractInstrumentToken({ root, kind: 'FUT', expiry: month.date, strike: null }));
  }

  private visibleStrikes(ladder: StrikeLadder, price: number, strikes?: number): readonly number[] {
    if (strikes === undefined) return ladder.strikes;
    const centre = nearestStrikeIndex(ladder.strikes, price);
    const from = Math.max(0, centre - strikes);
    return ladder.strikes.slice(from, Math.min(ladder.strikes.length, centre + strikes + 1));
  }

  chainTokens(name: string, expiry: IsoDate, at: EpochMs): number[] {
    const root = rootOf(name);
    if (!root) return [];
    const ladder = this.ladder(root, expiry, at);
    const future = this.chainFuture(root, expiry, at);
    if (!ladder || !future) return [];
    const tokens = [spotInstrumentToken(root), future.token];
    for (const strike of ladder.strikes) {
      tokens.push(contractInstrumentToken({ root, kind: 'CE', expiry, strike }));
      tokens.push(contractInstrumentToken({ root, kind: 'PE', expiry, strike }));
    }
    return tokens;
  }

  warm(token: number, at: EpochMs): void {
    const ref = this.engine.resolve(token);
    if (!ref) return;
    // An option is warmed as a chain reads it: its quote (state and best bid and ask), kept for that instant.
    if (ref.kind === 'CE' || ref.kind === 'PE') {
      let underlying = this.warmedUnderlying;
      if (underlying.root !== ref.root || underlying.at !== at) {
        const lp = this.spot(ref.root, at)?.lp ?? NaN;
        underlying = this.warmedUnderlying = { root: ref.root, at, lp };
      }
      if (!Number.isNaN(underlying.lp)) this.chainQuote(ref, at, underlying.lp);
    } else {
      this.engine.stateAt(ref, at);
    }
  }

  optionChainInstruments(name: string, expiry: IsoDate, at: EpochMs, strikes?: number): OptionChainInstruments | null {
    const root = rootOf(name);
    if (!root) return null;
    const ladder = this.ladder(root, expiry, at);
    const future = this.chainFuture(root, expiry, at);
    if (!ladder || !future) return null;
    const futureState = this.engine.stateAt(future, at);
    const rows = this.visibleStrikes(ladder, futureState?.lp ?? 0, strikes).map((strike) => ({
      strike,
      ce: this.instrument(contractInstrumentToken({ root, kind: 'CE', expiry, strike }))!,
      pe: this.instrument(contractInstrumentToken({ root, kind: 'PE', expiry, strike }))!,
    }));
    return { name: root, expiry, spotToken: spotInstrumentToken(root), futToken: future.token, strikes: rows };
  }

  atmInstruments(at: EpochMs): AtmInstruments[] {
    const result: AtmInstruments[] = [];
    for (const root of INDEX_ROOTS) {
      const expiry = this.optionExpiries(root, at)[0];
      const spot = this.spot(root, at);
      if (!expiry || !spot) continue;
      const ladder = this.ladder(root, expiry.date, at);
      const future = this.chainFuture(root, expiry.date, at);
      if (!ladder || !future) continue;
      const strike = ladder.strikes[nearestStrikeIndex(ladder.strikes, spot.lp)]!;
      result.push({
        name: root,
        expiry: expiry.date,
        strike,
        spotToken: spot.token,
        futToken: future.token,
        ce: this.optionInstrument(root, 'CE', expiry.date, strike)!,
        pe: this.optionInstrument(root, 'PE', expiry.date, strike)!,
      });
    }
    return result;
  }

  indexCompositions(): IndexComposition[] {
    const result: IndexComposition[] = [];
    for (const index of INDICES) {
      const model = INDEX_MODELS.get(index.id);
      if (!model) continue;
      const members = model.basket ?? [];
      const total = members.reduce((sum, member) => sum + member.weight, 0);
      result.push({
        index: index.tradingSymbol,
        token: spotInstrumentToken(index.tradingSymbol),
        constituents: members.map((member) => ({
          symbol: member.symbol,
          token: spotInstrumentToken(member.symbol),
          sector: stockProfile(member.symbol)!.sector,
          weight: roundTo((100 * member.weight) / total, 0.01),
        })),
      });
    }
    return result;
  }

  candles(token: number, resolution: Resolution, from: EpochMs, to: EpochMs): Candle[] {
    const ref = this.engine.resolve(token);
    return ref ? this.series(ref, resolution, from, to) : [];
  }

  candleColumns(token: number, resolution: Resolution, from: EpochMs, to: EpochMs, into: CandleColumns): CandleColumns {
    const ref = this.engine.resolve(token);
    if (ref) candleSeries(this.engine, ref, resolution, from, to, into);
    return into;
  }

  private series(ref: ContractRef, resolution: Resolution, from: EpochMs, to: EpochMs): Candle[] {
    const columns = new CandleColumns();
    candleSeries(this.engine, ref, resolution, from, to, columns);
    return columns.toCandles();
  }

  daily(token: number, from: EpochMs, to: EpochMs): Candle[] {
    return this.candles(token, '1D', from, to);
  }

  prevDay(tokens: readonly number[], at: EpochMs): PreviousDay[] {
    const result: PreviousDay[] = [];
    for (const token of tokens) {
      const ref = this.engine.resolve(token);
      if (!ref) continue;
      const state = this.engine.stateAt(ref, at);
      if (!state) continue;
      const previous = this.engine.previousTradedSession(ref, state.session);
      if (previous < 0) continue;
      const candle = dayCandle(this.engine, ref, previous, at);
      if (candle) result.push({ token, ...candle });
    }
    return result;
  }

  private tickOf(ref: ContractRef, state: InstrumentState, underlying: number): FeedTick {
    return {
      token: ref.token,
      ts: state.ts,
      lp: state.lp,
      o: state.o,
      h: state.h,
      l: state.l,
      c: state.prevClose,
      vt: state.vt,
      atp: state.atp,
      oi: state.oi,
      ...(ref.kind === 'SPOT' ? {} : { oiDayHigh: state.oiDayHigh, oiDayLow: state.oiDayLow }),
      prev: { lp: state.prevClose, oi: state.prevOi },
      depth: marketDepth(ref, state, underlying, this.depthKey),
    };
  }

  // The underlying's price an option's quote is spread around (memoised per root within one call).
  private underlyingPrice(ref: ContractRef, state: InstrumentState, memo: Map<string, number>): number {
    if (ref.kind !== 'CE' && ref.kind !== 'PE') return state.lp;
    const known = memo.get(ref.root);
    if (known !== undefined) return known;
    const spot = this.engine.resolve(spotInstrumentToken(ref.root));
    const price = (spot ? this.engine.stateAt(spot, state.ts)?.lp : undefined) ?? state.lp;
    memo.set(ref.root, price);
    return price;
  }

  quote(token: number, at: EpochMs): FeedTick | null {
    const ref = this.engine.resolve(token);
    if (!ref) return null;
    const state = this.engine.stateAt(ref, at);
    return state ? this.tickOf(ref, state, this.underlyingPrice(ref, state, new Map())) : null;
  }

  ticks(tokens: readonly number[], at: EpochMs): FeedTick[] {
    const result: FeedTick[] = [];
    for (const token of tokens) {
      const tick = this.quote(token, at);
      if (tick) result.push(tick);
    }
    return result;
  }

  // The default live set: every spot value and future, and index options near the money on the two nearest
  // expiries. Stock options tick only when asked for by token.
  private liveSet(at: EpochMs): readonly number[] {
    const minute = Math.floor(at / 60_000);
    if (this.liveSetMinute === minute) return this.liveSetTokens;
    const tokens: number[] = [];
    for (const root of DERIVATIVES_ROOTS) tokens.push(spotInstrument(root).instrumentToken);
    for (const index of INDICES) if (!index.derivatives) tokens.push(spotInstrumentToken(index.tradingSymbol));
    for (const future of this.futures(at, 'all')) tokens.push(future.instrumentToken);
    for (const root of INDEX_ROOTS) {
      const spot = this.spot(root, at);
      if (!spot) continue;
      for (const expiry of this.engine.schedule.optionExpiries(root, at).slice(0, 2)) {
        const ladder = this.ladder(root, expiry.date, at);
        if (!ladder) continue;
        for (const strike of this.visibleStrikes(ladder, spot.lp, LIVE_STRIKES_EACH_SIDE)) {
          tokens.push(contractInstrumentToken({ root, kind: 'CE', expiry: ladder.expiry.date, strike }));
          tokens.push(contractInstrumentToken({ root, kind: 'PE', expiry: ladder.expiry.date, strike }));
        }
      }
    }
    this.liveSetMinute = minute;
    this.liveSetTokens = tokens;
    return tokens;
  }

  liveTicks(at: EpochMs, tokens?: readonly number[]): FeedTick[] {
    const result: FeedTick[] = [];
    const underlying = new Map<string, number>();
    for (const token of tokens ?? this.liveSet(at)) {
      const ref = this.engine.resolve(token);
      if (!ref) continue;
      const state = this.engine.stateAt(ref, at);
      if (!state || state.phase !== 'open') continue;
      if (!(ref.kind === 'SPOT' && ref.isIndex) && state.lastQuantity === 0) continue;
      result.push(this.tickOf(ref, state, this.underlyingPrice(ref, state, underlying)));
    }
    return result;
  }

  trades(token: number, from: EpochMs, to: EpochMs): SimTrade[] {
    const ref = this.engine.resolve(token);
    return ref ? tradesBetween(this.engine, ref, from, to) : [];
  }

  /** An option's quote in a chain read at `at`, where the underlying's value is `underlying` (kept per instant). */
  private chainQuote(ref: ContractRef, at: EpochMs, underlying: number): ChainOptionQuote {
    const key = `${ref.token}|${at}`;
    let quote = this.chainQuotes.get(key);
    if (!quote) {
      quote = this.quoteInChain(ref, at, underlying);
      this.chainQuotes.set(key, quote);
    }
    return quote;
  }

  private quoteInChain(ref: ContractRef, at: EpochMs, underlying: number): ChainOptionQuote {
    const state = this.engine.stateAt(ref, at);
    const instrument = contractInstrument(ref);
    if (!state) {
      return {
        token: ref.token,
        tradingSymbol: instrument.tradingSymbol,
        lp: 0,
        prevClose: 0,
        change: 0,
        changePercent: 0,
        atp: 0,
        oi: 0,
        prevOi: 0,
        oiChange: 0,
        oiChangePercent: 0,
        volume: 0,
        bid: 0,
        ask: 0,
      };
    }
    const depth = marketDepth(ref, state, underlying, this.depthKey);
    return {
      token: ref.token,
      tradingSymbol: instrument.tradingSymbol,
      lp: state.lp,
      prevClose: state.prevClose,
      change: roundTo(state.lp - state.prevClose, ref.priceTick),
      changePercent: percentChange(state.lp, state.prevClose),
      atp: state.atp,
      oi: state.oi,
      prevOi: state.prevOi,
      oiChange: state.oi - state.prevOi,
      oiChangePercent: percentChange(state.oi, state.prevOi),
      volume: state.vt,
      bid: depth.buy[0]?.p ?? 0,
      ask: depth.sell[0]?.p ?? 0,
    };
  }

  optionChain(name: string, expiry: IsoDate, at: EpochMs, strikes?: number): OptionChainSnapshot | null {
    const root = rootOf(name);
    if (!root) return null;
    const ladder = this.ladder(root, expiry, at);
    const future = this.chainFuture(root, expiry, at);
    const spotRef = this.engine.resolve(spotInstrumentToken(root));
    if (!ladder || !future || !spotRef) return null;
    const spotState = this.engine.stateAt(spotRef, at);
    const futureState = this.engine.stateAt(future, at);
    if (!spotState || !futureState) return null;
    // A weekly has no future of its own: its ATM is the strike nearest its synthetic future (strike + CE − PE at
    // the strike nearest spot), not the month's future, which carries days of extra basis.
    let reference = futureState.lp;
    if (future.expiry!.date !== expiry) {
      const strike = ladder.strikes[nearestStrikeIndex(ladder.strikes, spotState.lp)];
      const ce =
        strike === undefined
          ? null
          : this.engine.resolve(contractInstrumentToken({ root, kind: 'CE', expiry, strike }));
      const pe =
        strike === undefined
          ? null
          : this.engine.resolve(contractInstrumentToken({ root, kind: 'PE', expiry, strike }));
      if (strike !== undefined && ce && pe) {
        const synthetic = syntheticFuture(
          strike,
          this.chainQuote(ce, at, spotState.lp).lp,
          this.chainQuote(pe, at, spotState.lp).lp,
        );
        if (synthetic > 0) reference = synthetic;
      }
    }
    const rows: ChainRow[] = [];
    let callOi = 0;
    let putOi = 0;
    for (const strike of this.visibleStrikes(ladder, reference, strikes)) {
      const ce = this.engine.resolve(contractInstrumentToken({ root, kind: 'CE', expiry, strike }));
      const pe = this.engine.resolve(contractInstrumentToken({ root, kind: 'PE', expiry, strike }));
      if (!ce || !pe) continue;
      const row = {
        strike,
        ce: this.chainQuote(ce, at, spotState.lp),
        pe: this.chainQuote(pe, at, spotState.lp),
      };
      callOi += row.ce.oi;
      putOi += row.pe.oi;
      rows.push(row);
    }
    const strikesListed = rows.map((row) => row.strike);
    const nearSpot = rows[nearestStrikeIndex(strikesListed, spotState.lp)];
    const nearReference = rows[nearestStrikeIndex(strikesListed, reference)];
    return {
      name: root,
      expiry,
      at: spotState.ts,
      spot: { token: spotRef.token, lp: spotState.lp, prevClose: spotState.prevClose },
      future: {
        token: future.token,
        lp: futureState.lp,
        prevClose: futureState.prevClose,
        expiry: future.expiry!.date,
      },
      syntheticFuture: nearSpot ? roundTo(syntheticFuture(nearSpot.strike, nearSpot.ce.lp, nearSpot.pe.lp), 0.05) : 0,
      atmStrike: nearReference?.strike ?? 0,
      callOi,
      putOi,
      pcr: roundTo(putCallRatio(putOi, callOi), 0.01),
      rows,
    };
  }

  spot(name: string, at: EpochMs): SpotQuote | null {
    let token: number;
    try {
      token = spotInstrumentToken(rootOf(name) ?? name);
    } catch {
      return null;
    }
    const ref = this.engine.resolve(token);
    const state = ref ? this.engine.stateAt(ref, at) : null;
    if (!ref || !state) return null;
    return { token, exchange: ref.venue, lp: state.lp, prevClose: state.prevClose, ts: state.ts };
  }

  preOpen(at: EpochMs): PreOpenQuote[] {
    const engine = this.engine;
    const grid = engine.grid;
    const result: PreOpenQuote[] = [];
    const ts = Math.floor(at / 1000) * 1000;
    for (const root of DERIVATIVES_ROOTS) {
      const instrument = spotInstrument(root);
      const ref = engine.resolve(instrument.instrumentToken);
      if (!ref) continue;
      const k = grid.sessionAt(ts, ref.venue);
      if (k < 0 || engine.minutesIn(ref, k) === 0) continue;
      const session = grid.session(k, ref.venue);
      if (Number.isNaN(session.cashPreOpen)) continue;
      const prevClose = engine.sessionClose(ref, engine.previousTradedSession(ref, k));
      const open = engine.minuteBars(ref, k, 0)!.o[0]!;
      const final = ts >= session.preOpenEntryEnd;
      let iep = open;
      // During order entry the indicative price wanders from the previous close towards the eventual open.
      if (!final) {
        const share = Math.max(0, (ts - session.cashPreOpen) / (session.preOpenEntryEnd - session.cashPreOpen));
        const wander = normalOf(hashOf(this.preOpenKey, ref.key, Math.floor(ts / 15_000)));
        const logMove = Math.log(open / prevClose);
        iep = prevClose * Math.exp(logMove * Math.sqrt(share) + 0.002 * (1 - share) * wander);
        iep = roundTo(iep, ref.priceTick);
      }
      const dailyVolume = ref.isIndex ? 0 : ((stockProfile(root)?.turnoverCrore ?? 0) * 1e7) / open;
      result.push({
        token: ref.token,
        tradingSymbol: instrument.tradingSymbol,
        name: root,
        prevClose,
        iep,
        change: roundTo(iep - prevClose, ref.priceTick),
        changePercent: percentChange(iep, prevClose),
        // About 1.5 % of a day's volume matches in the pre-open auction.
        quantity: Math.round(
          dailyVolume *
            0.015 *
            Math.min(1, Math.max(0, (ts - session.cashPreOpen) / (session.preOpenEntryEnd - session.cashPreOpen))),
        ),
        final,
        ts,
      });
    }
    return result;
  }

  syntheticFutures(name: string, expiry: IsoDate, from: EpochMs, to: EpochMs): SyntheticFuturePoint[] {
    const root = rootOf(name);
    const spotRef = root ? this.engine.resolve(spotInstrumentToken(root)) : null;
    const contract = root ? this.engine.schedule.expiryOn(root, expiry) : null;
    if (!root || !spotRef || !contract) return [];
    const step = this.engine.strikeStepOf(root, this.engine.schedule.listedAt(root, contract, 'CE'));
    const spots = this.series(spotRef, '1m', from, Math.min(to, contract.expiresAt - 1));
    const points: SyntheticFuturePoint[] = [];
    for (const candle of spots) {
      if (candle.t < from) continue;
      const strike = Math.round(candle.c / step) * step;
      const at = Math.min(to, candle.t + 59_000);
      const ce = this.engine.resolve(contractInstrumentToken({ root, kind: 'CE', expiry, strike }));
      const pe = this.engine.resolve(contractInstrumentToken({ root, kind: 'PE', expiry, strike }));
      const ceState = ce ? this.engine.stateAt(ce, at) : null;
      const peState = pe ? this.engine.stateAt(pe, at) : null;
      if (!ceState || !peState || ceState.phase !== 'open') continue;
      points.push({ t: candle.t, strike, value: roundTo(syntheticFuture(strike, ceState.lp, peState.lp), 0.05) });
    }
    return points;
  }

  aggregatedOi(
    name: string,
    expiry: IsoDate,
    resolution: Resolution,
    from: EpochMs,
    to: EpochMs,
    strikes?: number,
  ): AggregatedOiPoint[] {
    const root = rootOf(name);
    if (!root) return [];
    const chain = this.optionChainInstruments(root, expiry, to, strikes);
    if (!chain) return [];
    const totals = new Map<number, { callOi: number; putOi: number }>();
    for (const row of chain.strikes) {
      for (const instrument of [row.ce, row.pe]) {
        for (const candle of this.candles(instrument.instrumentToken, resolution, from, to)) {
          const total = totals.get(candle.t) ?? { callOi: 0, putOi: 0 };
          if (instrument.instrumentType === 'CE') total.callOi += candle.oi;
          else total.putOi += candle.oi;
          totals.set(candle.t, total);
        }
      }
    }
    return [...totals.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([t, total]) => ({ t, ...total, pcr: roundTo(putCallRatio(total.putOi, total.callOi), 0.01) }));
  }

  straddle(
    name: string,
    expiry: IsoDate,
    strike: number,
    resolution: Resolution,
    from: EpochMs,
    to: EpochMs,
  ): StraddlePoint[] {
    const ce = this.optionInstrument(name, 'CE', expiry, strike);
    const pe = this.optionInstrument(name, 'PE', expiry, strike);
    if (!ce || !pe) return [];
    const puts = new Map(this.candles(pe.instrumentToken, resolution, from, to).map((candle) => [candle.t, candle.c]));
    const points: StraddlePoint[] = [];
    for (const candle of this.candles(ce.instrumentToken, resolution, from, to)) {
      const put = puts.get(candle.t);
      if (put === undefined) continue;
      points.push({ t: candle.t, ce: candle.c, pe: put, value: roundTo(candle.c + put, 0.05) });
    }
    return points;
  }

  stockAtmStraddles(at: EpochMs): StockAtmStraddle[] {
    const result: StockAtmStraddle[] = [];
    for (const profile of STOCK_PROFILES) {
      const root = profile.symbol;
      const expiry = this.optionExpiries(root, at)[0];
      const spot = this.spot(root, at);
      if (!expiry || !spot) continue;
      const ladder = this.ladder(root, expiry.date, at);
      if (!ladder) continue;
      const strike = ladder.strikes[nearestStrikeIndex(ladder.strikes, spot.lp)]!;
      const ce = this.quote(contractInstrumentToken({ root, kind: 'CE', expiry: expiry.date, strike }), at);
      const pe = this.quote(contractInstrumentToken({ root, kind: 'PE', expiry: expiry.date, strike }), at);
      if (!ce || !pe) continue;
      const straddle = roundTo(ce.lp + pe.lp, 0.05);
      result.push({
        symbol: root,
        token: spot.token,
        expiry: expiry.date,
        strike,
        spot: spot.lp,
        ce: ce.lp,
        pe: pe.lp,
        straddle,
        percentOfSpot: roundTo((100 * straddle) / spot.lp, 0.01),
      });
    }
    return result;
  }

  breadth(filter: SearchFilter, resolution: Resolution, from: EpochMs, to: EpochMs): BreadthPoint[] {
    const members = NAMES_OF_FILTER[filter];
    const symbols = STOCK_PROFILES.map((profile) => profile.symbol).filter((symbol) => !members || members.has(symbol));
    const points = new Map<number, BreadthPoint>();
    for (const symbol of symbols) {
      const ref = this.engine.resolve(spotInstrumentToken(symbol));
      if (!ref) continue;
      let session = -1;
      let previousClose = 0;
      let dayRange: DayRange | null = null;
      for (const candle of this.series(ref, resolution, from, to)) {
        const k = this.engine.grid.sessionAt(candle.t, ref.venue);
        if (k !== session) {
          session = k;
          previousClose = this.engine.sessionClose(ref, this.engine.previousTradedSession(ref, k));
          dayRange = null;
        }
        const point = points.get(candle.t) ?? {
          t: candle.t,
          advances: 0,
          declines: 0,
          unchanged: 0,
          newHighs: 0,
          newLows: 0,
        };
        if (candle.c > previousClose) point.advances++;
        else if (candle.c < previousClose) point.declines++;
        else point.unchanged++;
        const step = stepDayRange(dayRange, candle.h, candle.l);
        dayRange = step.range;
        if (step.newHigh) point.newHighs++;
        if (step.newLow) point.newLows++;
        points.set(candle.t, point);
      }
    }
    return [...points.values()].sort((a, b) => a.t - b.t);
  }
}

/** The derivatives root of an underlying name (root, index display name or feed symbol), or null. */
function rootOf(name: string): string | null {
  const upper = name.trim().toUpperCase();
  if (findDerivativesUnderlying(upper)) return upper;
  const index = INDICES.find((entry) => entry.displayName === upper || entry.tradingSymbol === upper);
  return index?.derivatives?.root ?? null;
}
