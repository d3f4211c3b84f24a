// Prices, volumes and open interest of every simulated instrument, minute by minute and second by second.
//   spot      stocks and indices follow their own session path (intraday-path.ts);
//   futures   spot × e^{carry·T}: the basis is the cost of carry to expiry, so it shrinks every minute and is
//             zero at the expiry close;
//   options   Black-76 on the forward of their expiry with a volatility from the surface (India VIX for indices,
//             the stock's own volatility for stocks), rounded to the ₹0.05 tick and never below one tick.
// Within a minute a contract's price is a fixed, monotone function of the underlying's price (its volatility and
// time to expiry are those of the minute's start), so its ticks stay inside its minute candle exactly as the
// underlying's do. Minute candles of options are computed lazily up to the minute asked for and kept in a bounded
// cache; the live state is the same function evaluated at the current second.
import type { ContractExpiry, EpochMs, InstrumentKind, Venue } from '@fnodesk/domain';
import {
  black76CallValue,
  contractInstrumentToken,
  decodeInstrumentToken,
  derivativesUnderlying,
  lotSizeFor,
  nextMonthlyExpiries,
  OPTION_DISCOUNT_RATE,
  tickSizeFor,
  underlyingById,
  yearFractionToExpiry,
} from '@fnodesk/domain';
import { ContractSchedule } from './contract-schedule';
import type { DailyFactorModel } from './daily-factor-model';
import { VOLATILITY_INDEX_ID } from './daily-factor-model';
import type { DerivativesProfile } from './derivatives-profiles';
import { derivativesProfile } from './derivatives-profiles';
import { INDEX_MODELS } from './index-baskets';
import type { DayPath, DayPathInput, IntradayKeys } from './intraday-path';
import { buildDayPath, dayExtremes, priceWithinMinute } from './intraday-path';
import { BlockPool } from './block-pool';
import { LruCache } from './lru-cache';
import {
  futureMonthWeight,
  optionLifeCurve,
  optionOpenInterestTarget,
  putCallBias,
  putCallBiasOfTrend,
  putCallTrend,
} from './open-interest';
import { hashOf, mix32, normalOf, streamKey, STREAM, uniformOf } from './seeded-noise';
import type { SessionGrid } from './session-grid';
import { stockProfile, stockProfileById, stockStrikeStep } from './stock-profiles';
import { indexAtmVolatility, smileVolatility, stockAtmVolatility } from './volatility-surface';

/** Risk-free rate used to discount option payoffs (the domain's, shared with the pages that solve IVs). */
export { OPTION_DISCOUNT_RATE };

const MINUTE_MS = 60_000;
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);
const SECOND_MS = 1_000;
const DAY_YEARS = 1 / 365;
// Index values are published to the paisa; stocks, futures and options trade in ₹0.05 ticks.
const INDEX_TICK = 0.01;
// Exchanges publish open interest every three minutes, not with every trade.
const OI_INTERVAL_MINUTES = 3;
// Open interest follows a smoothed price; this is the weight of today's price in it (as in the daily model).
const OI_PRICE_WEIGHT = 1 - Math.pow(0.5, 1 / 2);
const OI_NOISE = 0.15;
// Option OI is spread as if the expiry had at least ten days to run (it was built over the expiry's life).
const OI_MIN_YEARS = 10 / 365;
// …and never wider than fifteen days' worth: writers of far expiries crowd the same round strikes near the price.
const OI_MAX_YEARS = 15 / 365;
// Monthly expiries' OI against weeklies', and the time to expiry beyond which contracts hold little OI.
const MONTHLY_OI = 1;
const LONG_DATED_DAYS = 95;
// Option volume spikes on expiry day (the busiest weekly strikes trade millions of contracts).
const EXPIRY_DAY_VOLUME = 2;
// Volume across strikes: flat from the money to 0.4 % out of it, then falling by e every ITM_VOLUME_WIDTH in the
// money (deep in-the-money options hardly trade) and every 2.1 % plus 0.4 σ√T out of it (cheap far options do).
const ITM_VOLUME_WIDTH = 0.005;
const OTM_VOLUME_PLATEAU = 0.004;
const OTM_VOLUME_WIDTH = 0.021;

/**
 * Share of the ATM option's volume an option trades at a strike: `call` for a call, `spread` the underlying's
 * standard deviation to expiry (σ√T).
 */
export function strikeVolumeShape(strike: number, spot: number, call: boolean, spread: number): number {
  const d = Math.log(strike / spot);
  const outOfTheMoney = call ? d : -d;
  if (outOfTheMoney < 0) return Math.exp(outOfTheMoney / ITM_VOLUME_WIDTH);
  if (outOfTheMoney <= OTM_VOLUME_PLATEAU) return 1;
  return Math.exp(-(outOfTheMoney - OTM_VOLUME_PLATEAU) / (OTM_VOLUME_WIDTH + 0.4 * spread));
}
const PATH_CACHE_SIZE = 3000;
const BAR_CACHE_SIZE = 3000;
const CALL_CACHE_SIZE = 1500;
// Minutes of the longest session (09:15 to the 15:40 F&O close is 385): the block size of the entries' pools.
const SESSION_MINUTES_MAX = 390;
const REF_CACHE_SIZE = 100_000;
/**
 * Expiries' shared OI parts kept (one per underlying, expiry, listing and session: three arrays of 391 doubles,
 * about 9 KB).
 */
const OI_SHARED_CACHE_SIZE = 512;
// Arrays per call curve: values at the high, low and close, and the minute's volatility.
const CURVE_ARRAYS = 4;
// Each leg's volatility sits a little off the surface (each is solved from its own trades): a standard deviation
// of 0.15 vol points near the money, less in the wings, redrawn every quarter of an hour.
const LEG_VOLATILITY_SPREAD = 0.0015;
const LEG_BLOCK_MINUTES = 15;
// Arrays per minute-candle buffer: o, h, l, c, v, cumulative volume and value, OI, session high and low.
const BAR_ARRAYS = 12;

/** A token resolved into what the instrument is and how it trades. */
export interface ContractRef {
  token: number;
  kind: InstrumentKind;
  /** Id of the price series it follows (the underlying's id). */
  seriesId: number;
  /** Derivatives root for contracts and F&O underlyings; the index's feed symbol for other indices. */
  root: string;
  venue: Venue;
  isIndex: boolean;
  expiry: ContractExpiry | null;
  /** Session the contract expires in, or -1. */
  expirySession: number;
  strike: number | null;
  strikeStep: number | null;
  /** Instant the contract was listed (−Infinity for spot). */
  listedAt: EpochMs;
  lotSize: number;
  /** Price tick of the instrument (₹0.01 for index values). */
  priceTick: number;
  profile: DerivativesProfile | null;
  /** Sessions of the two monthly expiries before a future's own (for the roll), or -1. */
  previousExpirySession: number;
  secondPreviousExpirySession: number;
  /** 32-bit hash of the token, keying its random draws. */
  key: number;
  /** Token of the call at the same strike and expiry (options), whose values price both. */
  callToken: number;
  /** Key of that call's random draws (its own volatility offset). */
  callKey: number;
}

/** Minute candles of one instrument in one session, computed up to `computed` minutes. */
export interface MinuteBars {
  session: number;
  /** Instant of minute 0. */
  start: EpochMs;
  /** Minutes the instrument trades in this session. */
  count: number;
  computed: number;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  /** Volume of each minute, in units (shares or contracts × lot). */
  v: Float64Array;
  /** Running volume and running price × volume up to the end of each minute (for ATP). */
  cumulativeVolume: Float64Array;
  cumulativeValue: Float64Array;
  /** Open interest (units) published by the end of each minute. */
  oi: Float64Array;
  /** Session high and low through each minute. */
  sessionHigh: Float64Array;
  sessionLow: Float64Array;
  /** Highest and lowest open interest (units) shown during the session through each minute. */
  oiHigh: Float64Array;
  oiLow: Float64Array;
  path: DayPath;
  /** The pool block holding the arrays above. */
  block: Float64Array;
  /** Daily context of the open-interest model. */
  oiContext: OiContext | null;
}

/** Per-session inputs of a contract's open interest. */
interface OiContext {
  startContracts: number;
  smoothedBefore: number;
  widthToday: number;
  widthTomorrow: number;
  noiseToday: number;
  noiseTomorrow: number;
  closeFiveBack: number;
  biasVolatility: number;
  lifeSessions: number;
  lifeOrigin: number;
  peakContracts: number;
  baseContracts: number;
  /** What every option of the same expiry shares at each boundary (options only). */
  shared: OiShared | null;
}

/**
 * The parts of an option's OI at each cash-minute boundary of a session that every option of the underlying with
 * the same expiry and listing shares: the spread across strikes, the point in the expiry's life and the trend of
 * positioning (NaN until computed). A chain page asks for thirty such options at once.
 */
interface OiShared {
  width: Float64Array;
  life: Float64Array;
  trend: Float64Array;
}

/**
 * Raw (unrounded) Black-76 call values of one strike and expiry over a session, at each minute's forward high,
 * low and close (and the first minute's open). Puts follow by put–call parity, so a chain's CE and PE of a strike
 * cost one set of Black-76 evaluations.
 */
interface CallCurve {
  /** The pool block holding the three curves. */
  block: Float64Array;
  computed: number;
  atOpen: number;
  atHigh: Float64Array;
  atLow: Float64Array;
  atClose: Float64Array;
  /** The call's volatility of each minute (its puts' shift is measured with it). */
  volatility: Float64Array;
}

/** Pricing inputs of a contract fixed for one minute. */
interface MinutePricing {
  factor: number;
  years: number;
  /** Volatility of the strike's call (its own offset included). */
  volatility: number;
  /** What a put is worth over the call's put–call parity value in this minute (0 for other instruments). */
  putShift: number;
}

/** A day candle of an instrument. */
export interface DayBar {
  session: number;
  start: EpochMs;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  /** Volume-weighted average price of the session (0 without volume). */
  atp: number;
  oi: number;
}

/** An instrument's state at one second: its last trade and the running session values. */
export interface InstrumentState {
  token: number;
  /** Instant of the state, on a whole second. */
  ts: EpochMs;
  session: number;
  phase: 'pre-open' | 'open' | 'closed';
  lp: number;
  o: number;
  h: number;
  l: number;
  /** Previous session's close. */
  prevClose: number;
  prevOi: number;
  /** Volume so far in the session (units). */
  vt: number;
  atp: number;
  oi: number;
  /** Highest and lowest open interest of the session so far (the previous close's before the open). */
  oiDayHigh: number;
  oiDayLow: number;
  /** The candle of the current minute so far (null outside trading). */
  minute: { t: EpochMs; o: number; h: number; l: number; c: number; v: number; oi: number } | null;
  /** Units traded in this second and whether the last trade lifted the offer. */
  lastQuantity: number;
  buyerInitiated: boolean;
}

/** The price engine of one seed. */
export class PriceEngine {
  /** Sessions of the market. */
  readonly grid: SessionGrid;
  /** Daily walk of every series. */
  readonly model: DailyFactorModel;
  /** Listing windows of contracts. */
  readonly schedule: ContractSchedule;
  private readonly keys: IntradayKeys;
  private readonly oiKey: number;
  private readonly volumeKey: number;
  private readonly legKey: number;
  private readonly paths = new LruCache<number, DayPath>(PATH_CACHE_SIZE);
  // Entries' arrays come from pools sized for full caches, and go back when evicted: every reader uses an entry at
  // once and never keeps it across the thousands of newer entries it takes to evict it.
  private readonly barBlocks = new BlockPool(SESSION_MINUTES_MAX * BAR_ARRAYS, BAR_CACHE_SIZE + 1);
  private readonly bars = new LruCache<string, MinuteBars>(BAR_CACHE_SIZE, (evicted) =>
    this.barBlocks.give(evicted.block),
  );
  private readonly curveBlocks = new BlockPool(SESSION_MINUTES_MAX * CURVE_ARRAYS, CALL_CACHE_SIZE + 1);
  private readonly callCurves = new LruCache<string, CallCurve>(CALL_CACHE_SIZE, (evicted) =>
    this.curveBlocks.give(evicted.block),
  );
  private readonly refs = new LruCache<number, ContractRef | null>(REF_CACHE_SIZE);
  private readonly oiShared = new LruCache<string, OiShared>(OI_SHARED_CACHE_SIZE);
  private readonly extremes = new Map<number, Float64Array>();

  constructor(seed: number, model: DailyFactorModel) {
    this.model = model;
    this.grid = model.grid;
    this.schedule = new ContractSchedule(this.grid.calendar);
    this.keys = {
      market: streamKey(seed, STREAM.intradayMarket),
      own: streamKey(seed, STREAM.intradayOwn),
      range: streamKey(seed, STREAM.intradayRange),
      tick: streamKey(seed, STREAM.tickPath),
      volume: streamKey(seed, STREAM.volume),
    };
    this.oiKey = streamKey(seed, STREAM.openInterest);
    this.volumeKey = streamKey(seed, STREAM.volume, 1);
    this.legKey = streamKey(seed, STREAM.volume, 2);
  }

  /** What a token names, or null when it is not an instrument of the simulated market. */
  resolve(token: number): ContractRef | null {
    const known = this.refs.get(token);
    if (known !== undefined) return known;
    const ref = this.build(token);
    this.refs.set(token, ref);
    return ref;
  }

  private build(token: number): ContractRef | null {
    let fields;
    try {
      fields = decodeInstrumentToken(token);
    } catch {
      return null;
    }
    const underlying = underlyingById(fields.underlyingId);
    if (!underlying || !this.model.has(fields.underlyingId)) return null;
    const isIndex = !('symbol' in underlying);
    const root =
      'symbol' in underlying ? underlying.symbol : (underlying.derivatives?.root ?? underlying.tradingSymbol);
    const venue: Venue = 'symbol' in underlying ? 'NSE' : underlying.exchange;
    const key = tokenKey(token);
    if (fields.kind === 'SPOT') {
      return {
        token,
        kind: 'SPOT',
        seriesId: fields.underlyingId,
        root,
        venue,
        isIndex,
        expiry: null,
        expirySession: -1,
        strike: null,
        strikeStep: null,
        listedAt: -Infinity,
        lotSize: 1,
        priceTick: isIndex ? INDEX_TICK : 0.05,
        profile: null,
        previousExpirySession: -1,
        secondPreviousExpirySession: -1,
        key,
        callToken: 0,
        callKey: 0,
      };
    }
    if (isIndex && !underlying.derivatives) return null;
    if (fields.expiry === null) return null;
    const expiry = this.schedule.expiryOn(root, fields.expiry);
    if (!expiry || (fields.kind === 'FUT' && expiry.series !== 'monthly')) return null;
    const expirySession = this.grid.indexOf(expiry.date);
    if (expirySession < 0) return null;
    const listedAt = this.schedule.listedAt(root, expiry, fields.kind);
    const step = fields.kind === 'FUT' ? null : this.strikeStepOf(root, listedAt);
    if (
      fields.strike !== null &&
      step !== null &&
      Math.abs(fields.strike / step - Math.round(fields.strike / step)) > 1e-6
    ) {
      return null;
    }
    const callToken =
      fields.kind === 'FUT'
        ? 0
        : contractInstrumentToken({ root, kind: 'CE', expiry: expiry.date, strike: fields.strike });
    let previousExpirySession = -1;
    let secondPreviousExpirySession = -1;
    if (fields.kind === 'FUT') {
      const months = nextMonthlyExpiries(root, expiry.expiresAt - 100 * 86_400_000, 5, this.grid.calendar);
      const position = months.findIndex((month) => month.date === expiry.date);
      previousExpirySession = position >= 1 ? this.grid.indexOf(months[position - 1]!.date) : -1;
      secondPreviousExpirySession = position >= 2 ? this.grid.indexOf(months[position - 2]!.date) : -1;
    }
    return {
      token,
      kind: fields.kind,
      seriesId: fields.underlyingId,
      root,
      venue,
      isIndex,
      expiry,
      expirySession,
      strike: fields.strike,
      strikeStep: step,
      listedAt,
      lotSize: lotSizeFor(root, expiry.date),
      priceTick: tickSizeFor(root),
      profile: derivativesProfile(root),
      previousExpirySession,
      secondPreviousExpirySession,
      key,
      callToken,
      callKey: callToken === 0 ? 0 : tokenKey(callToken),
    };
  }

  /** Minutes an instrument trades in session k (0 when it does not: holiday of its venue, not listed, expired). */
  minutesIn(ref: ContractRef, k: number): number {
    if (k < 0 || k >= this.grid.size || !this.grid.trades(k, ref.venue)) return 0;
    if (ref.kind === 'SPOT') return this.grid.cashMinutes(k, ref.venue);
    if (k > ref.expirySession || this.grid.open(k) < ref.listedAt) return 0;
    return this.grid.derivativesMinutes(k, ref.venue);
  }

  /** The session path of a series. */
  dayPath(seriesId: number, k: number): DayPath {
    const key = seriesId * 65_536 + k;
    const cached = this.paths.get(key);
    if (cached) return cached;
    const path = buildDayPath(this.pathInput(seriesId, k), this.keys);
    this.paths.set(key, path);
    return path;
  }

  private pathInput(seriesId: number, k: number): DayPathInput {
    const model = this.model;
    const volatility = model.volatility(seriesId, k);
    let correlation: number;
    if (seriesId === VOLATILITY_INDEX_ID) correlation = -0.6;
    else if (seriesId < 100) correlation = INDEX_MODELS.get(seriesId)?.basket ? 0.9 : 0.85;
    else {
      const beta = stockProfileById(seriesId)?.beta ?? 1;
      correlation = Math.min(0.95, (beta * model.marketVol(k)) / volatility);
    }
    return {
      id: seriesId,
      session: k,
      dayNumber: this.grid.dayNumber(k),
      openInstant: this.grid.open(k),
      startPrice: model.open(seriesId, k),
      endPrice: model.close(seriesId, k),
      dailyVolatility: volatility,
      marketCorrelation: correlation,
      cashMinutes: this.grid.cashMinutes(k, 'NSE'),
      minutes: this.grid.pathMinutes(k),
    };
  }

  /** Highest high and lowest low of a series' cash session k (cached per series). */
  seriesExtremes(seriesId: number, k: number): { high: number; low: number } {
    let table = this.extremes.get(seriesId);
    if (!table || table.length < 2 * (k + 1)) {
      const grown = new Float64Array(Math.max(2 * (k + 1), 2 * this.grid.size, 8192)).fill(NaN);
      if (table) grown.set(table);
      table = grown;
      this.extremes.set(seriesId, table);
    }
    if (Number.isNaN(table[2 * k]!)) {
      const cached = this.paths.get(seriesId * 65_536 + k);
      let high: number;
      let low: number;
      if (cached) {
        high = -Infinity;
        low = Infinity;
        for (let m = 0; m < cached.cashMinutes; m++) {
          if (cached.h[m]! > high) high = cached.h[m]!;
          if (cached.l[m]! < low) low = cached.l[m]!;
        }
      } else {
        ({ high, low } = dayExtremes(this.pathInput(seriesId, k), this.keys));
      }
      table[2 * k] = high;
      table[2 * k + 1] = low;
    }
    return { high: table[2 * k]!, low: table[2 * k + 1]! };
  }

  /** Minute candles of an instrument in session k, computed at least through minute `through`. */
  minuteBars(ref: ContractRef, k: number, through = Infinity): MinuteBars | null {
    const count = this.minutesIn(ref, k);
    if (count === 0) return null;
    const key = `${ref.token}:${k}`;
    let bars = this.bars.get(key);
    if (!bars) {
      bars = this.createBars(ref, k, count);
      this.bars.set(key, bars);
    }
    const last = Math.min(count - 1, through);
    if (bars.computed <= last) this.extendBars(ref, bars, last + 1);
    return bars;
  }

  private createBars(ref: ContractRef, k: number, count: number): MinuteBars {
    const buffer = this.barBlocks.take(count * BAR_ARRAYS);
    const bars: MinuteBars = {
      session: k,
      start: this.grid.open(k),
      count,
      computed: 0,
      o: buffer.subarray(0, count),
      h: buffer.subarray(count, 2 * count),
      l: buffer.subarray(2 * count, 3 * count),
      c: buffer.subarray(3 * count, 4 * count),
      v: buffer.subarray(4 * count, 5 * count),
      cumulativeVolume: buffer.subarray(5 * count, 6 * count),
      cumulativeValue: buffer.subarray(6 * count, 7 * count),
      oi: buffer.subarray(7 * count, 8 * count),
      sessionHigh: buffer.subarray(8 * count, 9 * count),
      sessionLow: buffer.subarray(9 * count, 10 * count),
      oiHigh: buffer.subarray(10 * count, 11 * count),
      oiLow: buffer.subarray(11 * count, 12 * count),
      path: this.dayPath(ref.seriesId, k),
      block: buffer,
      oiContext: null,
    };
    if (ref.kind !== 'SPOT') {
      bars.oiContext = this.oiContext(ref, k);
    }
    return bars;
  }

  private extendBars(ref: ContractRef, bars: MinuteBars, upTo: number): void {
    const { path } = bars;
    const k = bars.session;
    const dailyVolume = this.dailyVolume(ref, k, path);
    const carry = ref.expiry ? this.model.carry(ref.seriesId, k) : 0;
    const vixPath = ref.kind === 'CE' || ref.kind === 'PE' ? this.dayPath(VOLATILITY_INDEX_ID, k) : null;
    const minute = this.minuteScratch;
    const curve =
      ref.kind === 'CE' || ref.kind === 'PE' ? this.callCurve(ref, k, upTo - 1, path, carry, vixPath) : null;
    for (let m = bars.computed; m < upTo; m++) {
      this.priceMinute(ref, k, m, path, carry, vixPath, m === 0 ? NaN : bars.c[m - 1]!, curve);
      const { o, h, l, c } = minute;
      bars.o[m] = o;
      bars.h[m] = h;
      bars.l[m] = l;
      bars.c[m] = c;
      // Volumes are whole lots and add up exactly to the session's volume (cumulative rounding).
      const volume =
        (Math.round(dailyVolume * path.cumulativeShare[m + 1]!) - Math.round(dailyVolume * path.cumulativeShare[m]!)) *
        ref.lotSize;
      bars.v[m] = volume;
      const previousVolume = m === 0 ? 0 : bars.cumulativeVolume[m - 1]!;
      const previousValue = m === 0 ? 0 : bars.cumulativeValue[m - 1]!;
      bars.sessionHigh[m] = m === 0 || h > bars.sessionHigh[m - 1]! ? h : bars.sessionHigh[m - 1]!;
      bars.sessionLow[m] = m === 0 || l < bars.sessionLow[m - 1]! ? l : bars.sessionLow[m - 1]!;
      bars.cumulativeVolume[m] = previousVolume + volume;
      bars.cumulativeValue[m] = previousValue + volume * 0.25 * (o + h + l + c);
      // Open interest is published every three minutes: recompute only when the published boundary moves.
      bars.oi[m] =
        ref.kind === 'SPOT'
          ? 0
          : m > 0 && publishedBoundary(m + 1, bars.count) === publishedBoundary(m, bars.count)
            ? bars.oi[m - 1]!
            : this.publishedOi(ref, bars, m + 1);
      // The OI shown during minute m is the one published by its start (the session's opening OI in minute 0).
      const shown = ref.kind === 'SPOT' ? 0 : m === 0 ? this.publishedOi(ref, bars, 0) : bars.oi[m - 1]!;
      bars.oiHigh[m] = m === 0 || shown > bars.oiHigh[m - 1]! ? shown : bars.oiHigh[m - 1]!;
      bars.oiLow[m] = m === 0 || shown < bars.oiLow[m - 1]! ? shown : bars.oiLow[m - 1]!;
    }
    bars.computed = upTo;
  }

  private readonly minuteScratch = { o: 0, h: 0, l: 0, c: 0 };

  /**
   * Rounded open, high, low and close of minute m of an instrument into the scratch record. An option's open is
   * the previous minute's close (its last trade) when there is one; its extremes come from the underlying's, since
   * within a minute the option price is monotone in the underlying.
   */
  private priceMinute(
    ref: ContractRef,
    k: number,
    m: number,
    path: DayPath,
    carry: number,
    vixPath: DayPath | null,
    previousClose: number,
    curve: CallCurve | null,
  ): void {
    const out = this.minuteScratch;
    const inverse = 1 / ref.priceTick;
    if (ref.kind === 'SPOT') {
      out.o = Math.round(path.o[m]! * inverse) / inverse;
      out.h = Math.round(path.h[m]! * inverse) / inverse;
      out.l = Math.round(path.l[m]! * inverse) / inverse;
      out.c = Math.round(path.c[m]! * inverse) / inverse;
      return;
    }
    const years = yearFractionToExpiry(path.open + m * MINUTE_MS, ref.expiry!.expiresAt);
    const factor = Math.exp(carry * years);
    if (ref.kind === 'FUT') {
      out.o = Math.round(path.o[m]! * factor * inverse) / inverse;
      out.h = Math.round(path.h[m]! * factor * inverse) / inverse;
      out.l = Math.round(path.l[m]! * factor * inverse) / inverse;
      out.c = Math.round(path.c[m]! * factor * inverse) / inverse;
      return;
    }
    const strike = ref.strike!;
    let atHigh: number;
    let atLow: number;
    let atClose: number;
    let atOpen = NaN;
    let shift = 0;
    if (curve) {
      if (ref.kind === 'PE') {
        shift = this.putShift(ref, k, m, path.o[m]! * factor, years, curve.volatility[m]!);
      }
      atHigh = curve.atHigh[m]!;
      atLow = curve.atLow[m]!;
      atClose = curve.atClose[m]!;
      atOpen = curve.atOpen;
    } else {
      // A single minute (a session's close) without the session's curve.
      const volatility = this.optionVolatility(ref, k, m, path.o[m]! * factor, years, vixPath);
      const s = years > 0 ? volatility * Math.sqrt(years) : 0;
      if (ref.kind === 'PE') shift = this.putShift(ref, k, m, path.o[m]! * factor, years, volatility);
      const df = discountFactor(years);
      atHigh = df * black76CallValue(path.h[m]! * factor, strike, s);
      atLow = df * black76CallValue(path.l[m]! * factor, strike, s);
      atClose = df * black76CallValue(path.c[m]! * factor, strike, s);
      if (m === 0) atOpen = df * black76CallValue(path.o[0]! * factor, strike, s);
    }
    if (ref.kind === 'PE') {
      // Put–call parity on the forward: P = C − e^{−rT}·(F − K), evaluated at the same forward as the call.
      const discount = Math.exp(-OPTION_DISCOUNT_RATE * years);
      atHigh = atHigh - discount * (path.h[m]! * factor - strike) + shift;
      atLow = atLow - discount * (path.l[m]! * factor - strike) + shift;
      atClose = atClose - discount * (path.c[m]! * factor - strike) + shift;
      atOpen = atOpen - discount * (path.o[m]! * factor - strike) + shift;
    }
    const tick = ref.priceTick;
    const roundedHigh = this.roundOption(atHigh, inverse, tick);
    const roundedLow = this.roundOption(atLow, inverse, tick);
    const o = Number.isNaN(previousClose) ? this.roundOption(atOpen, inverse, tick) : previousClose;
    const high = ref.kind === 'CE' ? roundedHigh : roundedLow;
    const low = ref.kind === 'CE' ? roundedLow : roundedHigh;
    out.o = o;
    out.h = high > o ? high : o;
    out.l = low < o ? low : o;
    out.c = this.roundOption(atClose, inverse, tick);
  }

  /** The call values of an option's strike and expiry in session k, computed at least through minute m. */
  private callCurve(
    ref: ContractRef,
    k: number,
    m: number,
    path: DayPath,
    carry: number,
    vixPath: DayPath | null,
  ): CallCurve {
    const key = `${ref.callToken}:${k}`;
    let curve = this.callCurves.get(key);
    if (!curve) {
      const size = path.minutes;
      const block = this.curveBlocks.take(CURVE_ARRAYS * size);
      curve = {
        block,
        computed: 0,
        atOpen: NaN,
        atHigh: block.subarray(0, size),
        atLow: block.subarray(size, 2 * size),
        atClose: block.subarray(2 * size, 3 * size),
        volatility: block.subarray(3 * size, 4 * size),
      };
      this.callCurves.set(key, curve);
    }
    const strike = ref.strike!;
    for (let minute = curve.computed; minute <= m; minute++) {
      const years = yearFractionToExpiry(path.open + minute * MINUTE_MS, ref.expiry!.expiresAt);
      const factor = Math.exp(carry * years);
      const volatility = this.optionVolatility(ref, k, minute, path.o[minute]! * factor, years, vixPath);
      curve.volatility[minute] = volatility;
      const s = years > 0 ? volatility * Math.sqrt(years) : 0;
      const df = discountFactor(years);
      if (minute === 0) curve.atOpen = df * black76CallValue(path.o[0]! * factor, strike, s);
      curve.atHigh[minute] = df * black76CallValue(path.h[minute]! * factor, strike, s);
      curve.atLow[minute] = df * black76CallValue(path.l[minute]! * factor, strike, s);
      curve.atClose[minute] = df * black76CallValue(path.c[minute]! * factor, strike, s);
    }
    if (curve.computed <= m) curve.computed = m + 1;
    return curve;
  }

  /** Black-76 value of an option on a forward (puts by parity from the call), rounded to the tick, at least one tick. */
  private optionPrice(ref: ContractRef, forward: number, years: number, volatility: number, shift: number): number {
    const s = years > 0 ? volatility * Math.sqrt(years) : 0;
    let price = discountFactor(years) * black76CallValue(forward, ref.strike!, s);
    if (ref.kind === 'PE') price = price - Math.exp(-OPTION_DISCOUNT_RATE * years) * (forward - ref.strike!) + shift;
    return this.roundOption(price, 1 / ref.priceTick, ref.priceTick);
  }

  private roundOption(price: number, inverse: number, tick: number): number {
    const rounded = Math.round(price * inverse) / inverse;
    return rounded < tick ? tick : rounded;
  }

  /** Implied volatility of an option in minute m of session k (the minute's forward at its open). */
  optionVolatility(
    ref: ContractRef,
    k: number,
    m: number,
    forward: number,
    years: number,
    vixPath: DayPath | null,
  ): number {
    const profile = ref.profile!;
    let atm: number;
    if (ref.isIndex) {
      const vix = vixPath ?? this.dayPath(VOLATILITY_INDEX_ID, k);
      atm = indexAtmVolatility(vix.o[Math.min(m, vix.minutes - 1)]!, years, profile.volatilityScale);
    } else {
      atm = stockAtmVolatility(this.model.volatility(ref.seriesId, k), years);
    }
    return (
      smileVolatility(atm, ref.strike!, forward, years, profile.skew) +
      this.legOffset(ref.callKey, k, m, atm, forward, ref.strike!, years)
    );
  }

  /** A leg's volatility off the surface in minute m of session k (smaller far from the money). */
  private legOffset(
    key: number,
    k: number,
    m: number,
    atm: number,
    forward: number,
    strike: number,
    years: number,
  ): number {
    const x = Math.log(strike / forward) / (atm * Math.sqrt(Math.max(years, DAY_YEARS)));
    const draw = normalOf(hashOf(this.legKey, key, this.grid.dayNumber(k), Math.floor(m / LEG_BLOCK_MINUTES)));
    return LEG_VOLATILITY_SPREAD * Math.exp(-0.25 * x * x) * draw;
  }

  /**
   * What a put is worth over its call's parity value in minute m: its own volatility offset less the call's, times
   * the vega at the minute's opening forward (one figure for the whole minute, so the put stays monotone in it).
   */
  private putShift(
    ref: ContractRef,
    k: number,
    m: number,
    forward: number,
    years: number,
    callVolatility: number,
  ): number {
    if (years <= 0) return 0;
    const strike = ref.strike!;
    // Both offsets measured at the call's volatility: the put's volatility is the call's plus their difference.
    const difference =
      this.legOffset(ref.key, k, m, callVolatility, forward, strike, years) -
      this.legOffset(ref.callKey, k, m, callVolatility, forward, strike, years);
    const rootT = Math.sqrt(years);
    const s = callVolatility * rootT;
    const d1 = (Math.log(forward / strike) + 0.5 * s * s) / s;
    const vega = discountFactor(years) * forward * Math.exp(-0.5 * d1 * d1) * INV_SQRT_2PI * rootT;
    return vega * difference;
  }

  /** Daily volume of an instrument in contracts (derivatives) or shares (stocks); 0 for indices. */
  private dailyVolume(ref: ContractRef, k: number, path: DayPath): number {
    if (ref.kind === 'SPOT') {
      if (ref.isIndex) return 0;
      const profile = stockProfile(ref.root);
      if (!profile) return 0;
      const move =
        Math.abs(Math.log(path.c[path.cashMinutes - 1]! / path.o[0]!)) / this.model.volatility(ref.seriesId, k);
      const noise = Math.exp(0.3 * normalOf(hashOf(this.volumeKey, this.grid.dayNumber(k), ref.key)));
      return ((profile.turnoverCrore * 1e7) / path.o[0]!) * (0.8 + 0.25 * move) * noise;
    }
    const profile = ref.profile!;
    const noise = Math.exp(0.25 * normalOf(hashOf(this.volumeKey, this.grid.dayNumber(k), ref.key)));
    const sessionsLeft = ref.expirySession - k;
    if (ref.kind === 'FUT') {
      const weight = futureMonthWeight(
        sessionsLeft + 1,
        ref.previousExpirySession < 0 ? 0 : ref.previousExpirySession + 1 - k,
        ref.secondPreviousExpirySession < 0 ? 0 : ref.secondPreviousExpirySession + 1 - k,
      );
      return profile.futureVolume * weight * noise;
    }
    const spot = path.o[0]!;
    const years = Math.max(yearFractionToExpiry(this.grid.open(k), ref.expiry!.expiresAt), DAY_YEARS);
    const nearness = Math.max(0.005, Math.exp(-Math.max(0, sessionsLeft - 1) / 4));
    const expiryDay = sessionsLeft === 0 ? EXPIRY_DAY_VOLUME : 1;
    const atm = ref.isIndex
      ? indexAtmVolatility(this.model.vix(Math.max(0, k - 1)), years, profile.volatilityScale)
      : stockAtmVolatility(this.model.volatility(ref.seriesId, k), years);
    return (
      profile.optionVolume *
      nearness *
      expiryDay *
      strikeVolumeShape(ref.strike!, spot, ref.kind === 'CE', atm * Math.sqrt(years)) *
      noise
    );
  }

  private contractsToUnits(ref: ContractRef, contracts: number): number {
    return Math.max(0, Math.round(contracts)) * ref.lotSize;
  }

  /** Open interest (units) published by minute boundary b of the bars' session (updates every three minutes). */
  private publishedOi(ref: ContractRef, bars: MinuteBars, boundary: number): number {
    const published = publishedBoundary(boundary, bars.count);
    return this.contractsToUnits(ref, this.oiContracts(ref, bars.session, bars.path, bars.oiContext!, published));
  }

  /** Open interest (units) published at second `second` of minute m (the latest three-minute update). */
  openInterestDuring(ref: ContractRef, bars: MinuteBars, m: number): number {
    if (ref.kind === 'SPOT') return 0;
    return this.contractsToUnits(
      ref,
      this.oiContracts(ref, bars.session, bars.path, bars.oiContext!, m - (m % OI_INTERVAL_MINUTES)),
    );
  }

  private oiContracts(ref: ContractRef, k: number, path: DayPath, context: OiContext, boundary: number): number {
    const cashBoundary = Math.min(boundary, path.cashMinutes);
    const u = Math.min(1, path.cumulativeShare[cashBoundary]!);
    if (u === 0) return context.startContracts;
    const noise = Math.exp(OI_NOISE * (context.noiseToday * (1 - u) + context.noiseTomorrow * u));
    let target: number;
    if (ref.kind === 'FUT') {
      target = context.baseContracts * this.futureWeight(ref, k, u) * noise;
    } else {
      const price = cashBoundary >= path.cashMinutes ? path.c[path.cashMinutes - 1]! : path.o[cashBoundary]!;
      const smoothed = OI_PRICE_WEIGHT * price + (1 - OI_PRICE_WEIGHT) * context.smoothedBefore;
      const shared = context.shared!;
      if (Number.isNaN(shared.width[cashBoundary]!)) {
        shared.width[cashBoundary] = context.widthToday * Math.pow(context.widthTomorrow / context.widthToday, u);
        shared.life[cashBoundary] = optionLifeCurve(
          (k + u - context.lifeOrigin) / context.lifeSessions,
          k === ref.expirySession ? u : 0,
        );
        shared.trend[cashBoundary] = putCallTrend(Math.log(price / context.closeFiveBack), context.biasVolatility);
      }
      const width = shared.width[cashBoundary]!;
      const life = shared.life[cashBoundary]!;
      const bias = putCallBiasOfTrend(
        shared.trend[cashBoundary]!,
        context.noiseToday * (1 - u) + context.noiseTomorrow * u,
      );
      target = optionOpenInterestTarget(
        context.peakContracts,
        ref.strike!,
        ref.strikeStep!,
        ref.kind === 'CE' ? 'CE' : 'PE',
        smoothed,
        width,
        life,
        bias,
        noise,
      );
    }
    return context.startContracts + (target - context.startContracts) * u;
  }

  private futureWeight(ref: ContractRef, k: number, u: number): number {
    const position = k + u;
    return futureMonthWeight(
      ref.expirySession + 1 - position,
      ref.previousExpirySession < 0 ? 0 : ref.previousExpirySession + 1 - position,
      ref.secondPreviousExpirySession < 0 ? 0 : ref.secondPreviousExpirySession + 1 - position,
    );
  }

  /** Strike interval of a root's options of an expiry listed at an instant (stocks: from the price then). */
  strikeStepOf(root: string, listedAt: EpochMs): number {
    const underlying = derivativesUnderlying(root);
    if (underlying.strikeStep !== null) return underlying.strikeStep;
    const listedSession = Math.max(0, this.grid.sessionAt(listedAt, underlying.venue));
    return stockStrikeStep(this.model.close(underlying.id, listedSession));
  }

  private oiContext(ref: ContractRef, k: number): OiContext {
    const model = this.model;
    const dayNo = this.grid.dayNumber(k);
    const before = Math.max(0, k - 1);
    const noiseToday = normalOf(hashOf(this.oiKey, ref.key, dayNo));
    const nextDay = k + 1 < this.grid.size ? this.grid.dayNumber(k + 1) : dayNo + 1;
    const noiseTomorrow = normalOf(hashOf(this.oiKey, ref.key, nextDay));
    const profile = ref.profile!;
    const listedSession = this.grid.sessionAt(ref.listedAt, ref.venue);
    const context: OiContext = {
      startContracts: 0,
      smoothedBefore: model.smoothedClose(ref.seriesId, before),
      widthToday: 0,
      widthTomorrow: 0,
      noiseToday,
      noiseTomorrow,
      closeFiveBack: model.close(ref.seriesId, Math.max(0, k - 5)),
      biasVolatility: model.volatility(ref.seriesId, k) * Math.sqrt(5),
      lifeSessions: Math.max(1, ref.expirySession + 1 - listedSession),
      lifeOrigin: listedSession,
      // Monthly series gather as much open interest as weeklies; the nearest expiry the most.
      peakContracts:
        profile.optionOpenInterest *
        (ref.expiry?.series === 'monthly' ? MONTHLY_OI : 1) *
        expiryDistanceOiFactor(yearFractionToExpiry(this.grid.open(k), ref.expiry!.expiresAt)),
      baseContracts: profile.futureOpenInterest,
      shared: null,
    };
    if (ref.kind === 'FUT') {
      context.startContracts = context.baseContracts * this.futureWeight(ref, k, 0) * Math.exp(OI_NOISE * noiseToday);
      return context;
    }
    context.widthToday = this.oiWidth(ref, k);
    context.widthTomorrow = k + 1 < this.grid.size ? this.oiWidth(ref, k + 1) : context.widthToday;
    context.shared = this.sharedOi(ref, k, listedSession);
    const previousClose = model.close(ref.seriesId, before);
    const bias = putCallBias(
      Math.log(previousClose / model.close(ref.seriesId, Math.max(0, k - 6))),
      model.volatility(ref.seriesId, before) * Math.sqrt(5),
      noiseToday,
    );
    context.startContracts = optionOpenInterestTarget(
      context.peakContracts,
      ref.strike!,
      ref.strikeStep!,
      ref.kind === 'CE' ? 'CE' : 'PE',
      context.smoothedBefore,
      context.widthToday,
      optionLifeCurve((k - context.lifeOrigin) / context.lifeSessions, 0),
      bias,
      Math.exp(OI_NOISE * noiseToday),
    );
    return context;
  }

  /** The table of OI parts shared by the options of a contract's underlying, expiry and listing in session k. */
  private sharedOi(ref: ContractRef, k: number, listedSession: number): OiShared {
    const key = `${ref.seriesId}:${k}:${ref.expirySession}:${listedSession}`;
    let shared = this.oiShared.get(key);
    if (!shared) {
      const size = SESSION_MINUTES_MAX + 1;
      shared = {
        width: new Float64Array(size).fill(NaN),
        life: new Float64Array(size).fill(NaN),
        trend: new Float64Array(size).fill(NaN),
      };
      this.oiShared.set(key, shared);
    }
    return shared;
  }

  // Spread of option OI across strikes: one standard deviation of the underlying to expiry at the start of the
  // session (with the previous session's volatility), never narrower than ten days' worth.
  private oiWidth(ref: ContractRef, k: number): number {
    const years = Math.min(
      Math.max(yearFractionToExpiry(this.grid.open(k), ref.expiry!.expiresAt), OI_MIN_YEARS),
      OI_MAX_YEARS,
    );
    const before = Math.max(0, k - 1);
    const atm = ref.isIndex
      ? indexAtmVolatility(this.model.vix(before), years, ref.profile!.volatilityScale)
      : stockAtmVolatility(this.model.volatility(ref.seriesId, before), years);
    return atm * Math.sqrt(years);
  }

  /** A day candle of an instrument, or null when it did not trade in session k. */
  dayBar(ref: ContractRef, k: number): DayBar | null {
    const count = this.minutesIn(ref, k);
    if (count === 0) return null;
    const start = this.grid.open(k);
    if (ref.kind === 'SPOT') {
      // Spot day candles need no minutes: open and close are the daily walk's, the extremes are cached per series.
      const inverse = 1 / ref.priceTick;
      const { high, low } = this.seriesExtremes(ref.seriesId, k);
      const path = this.paths.get(ref.seriesId * 65_536 + k);
      let volume = 0;
      if (!ref.isIndex) {
        const p = path ?? this.dayPath(ref.seriesId, k);
        volume = Math.round(this.dailyVolume(ref, k, p));
      }
      const o = Math.round(this.model.open(ref.seriesId, k) * inverse) / inverse;
      const c = Math.round(this.model.close(ref.seriesId, k) * inverse) / inverse;
      const h = Math.round(high * inverse) / inverse;
      const l = Math.round(low * inverse) / inverse;
      return { session: k, start, o, h, l, c, v: volume, atp: volume > 0 ? this.sessionAtp(ref, k) : 0, oi: 0 };
    }
    const bars = this.minuteBars(ref, k)!;
    const h = bars.sessionHigh[count - 1]!;
    const l = bars.sessionLow[count - 1]!;
    const volume = bars.cumulativeVolume[count - 1]!;
    return {
      session: k,
      start,
      o: bars.o[0]!,
      h,
      l,
      c: bars.c[count - 1]!,
      v: volume,
      atp: volume > 0 ? roundTo(bars.cumulativeValue[count - 1]! / volume, ref.priceTick) : 0,
      oi: bars.oi[count - 1]!,
    };
  }

  private sessionAtp(ref: ContractRef, k: number): number {
    const bars = this.minuteBars(ref, k)!;
    const last = bars.count - 1;
    const volume = bars.cumulativeVolume[last]!;
    return volume > 0 ? roundTo(bars.cumulativeValue[last]! / volume, ref.priceTick) : 0;
  }

  /**
   * The close of an instrument in session k; for a contract not yet trading then, its theoretical value at that
   * session's close (the base price an exchange sets for a new contract). Needs no minute candles but the last.
   */
  sessionClose(ref: ContractRef, k: number): number {
    if (k < 0) return 0;
    const count = this.minutesIn(ref, k);
    if (count > 0) {
      if (ref.kind === 'SPOT') return roundTo(this.model.close(ref.seriesId, k), ref.priceTick);
      const cached = this.bars.get(`${ref.token}:${k}`);
      if (cached && cached.computed === count) return cached.c[count - 1]!;
      const path = this.dayPath(ref.seriesId, k);
      const vixPath = ref.kind === 'FUT' ? null : this.dayPath(VOLATILITY_INDEX_ID, k);
      this.priceMinute(ref, k, count - 1, path, this.model.carry(ref.seriesId, k), vixPath, NaN, null);
      return this.minuteScratch.c;
    }
    if (ref.kind === 'SPOT' || k > ref.expirySession) return 0;
    return this.theoreticalClose(ref, k);
  }

  private theoreticalClose(ref: ContractRef, k: number): number {
    const close = this.grid.session(k, ref.venue).derivativesClose;
    const spot = this.model.close(ref.seriesId, k);
    const years = yearFractionToExpiry(close, ref.expiry!.expiresAt);
    const forward = spot * Math.exp(this.model.carry(ref.seriesId, k) * years);
    if (ref.kind === 'FUT') return roundTo(forward, ref.priceTick);
    const path = this.dayPath(VOLATILITY_INDEX_ID, k);
    const m = path.minutes - 1;
    const volatility = this.optionVolatility(ref, k, m, forward, years, path);
    const shift = ref.kind === 'PE' ? this.putShift(ref, k, m, forward, years, volatility) : 0;
    return this.optionPrice(ref, forward, years, volatility, shift);
  }

  /** Volume (units) an instrument trades over session k, without pricing its minutes (0 when it does not trade). */
  sessionVolume(ref: ContractRef, k: number): number {
    const count = this.minutesIn(ref, k);
    if (count === 0) return 0;
    const path = this.dayPath(ref.seriesId, k);
    return Math.round(this.dailyVolume(ref, k, path) * path.cumulativeShare[count]!) * ref.lotSize;
  }

  /** Open interest (units) of a contract at the end of session k (0 for spot and before listing). */
  sessionOi(ref: ContractRef, k: number): number {
    if (ref.kind === 'SPOT' || k < 0) return 0;
    const count = this.minutesIn(ref, k);
    if (count === 0) return 0;
    const cached = this.bars.get(`${ref.token}:${k}`);
    if (cached && cached.computed === count) return cached.oi[count - 1]!;
    const path = this.dayPath(ref.seriesId, k);
    return this.contractsToUnits(ref, this.oiContracts(ref, k, path, this.oiContext(ref, k), count));
  }

  /** The last session before k in which the instrument traded, or -1. */
  previousTradedSession(ref: ContractRef, k: number): number {
    for (let j = k - 1; j >= 0 && k - j < 30; j--) if (this.minutesIn(ref, j) > 0) return j;
    return -1;
  }

  /** An instrument's state at an instant (its last trade at or before the instant's whole second). */
  stateAt(ref: ContractRef, instant: EpochMs): InstrumentState | null {
    const ts = Math.floor(instant / SECOND_MS) * SECOND_MS;
    let k = this.grid.sessionAt(ts, ref.venue);
    if (k < 0) return null;
    if (ref.kind !== 'SPOT') {
      if (ts < ref.listedAt) return null;
      // After expiry a contract keeps its final state.
      if (k > ref.expirySession) k = ref.expirySession;
    }
    // On a day the instrument's venue is shut, the latest session it traded in is shown.
    while (k >= 0 && this.minutesIn(ref, k) === 0) {
      // Listed at this session's close (after the expiry it replaces): it has not traded yet.
      if (ref.kind !== 'SPOT' && this.grid.open(k) < ref.listedAt) break;
      k--;
    }
    if (k < 0) return null;
    const count = this.minutesIn(ref, k);
    const previous = this.previousTradedSession(ref, k);
    const prevClose = previous >= 0 ? this.sessionClose(ref, previous) : this.sessionClose(ref, k - 1);
    const prevOi = previous >= 0 ? this.sessionOi(ref, previous) : 0;
    const start = this.grid.open(k);
    const base: InstrumentState = {
      token: ref.token,
      ts,
      session: k,
      phase: 'closed',
      lp: prevClose,
      o: prevClose,
      h: prevClose,
      l: prevClose,
      prevClose,
      prevOi,
      vt: 0,
      atp: 0,
      oi: prevOi,
      oiDayHigh: prevOi,
      oiDayLow: prevOi,
      minute: null,
      lastQuantity: 0,
      buyerInitiated: true,
    };
    if (count === 0) {
      // Listed but not yet traded (e.g. a new weekly before its first session): base price only.
      base.lp = this.sessionClose(ref, k);
      base.o = base.h = base.l = base.prevClose = base.lp;
      return base;
    }
    if (ts < start) {
      base.phase = 'pre-open';
      const session = this.grid.session(k, ref.venue);
      const hasPreOpen =
        ref.kind === 'SPOT' ||
        (ref.kind === 'FUT' && !Number.isNaN(session.derivativesPreOpen) && this.isNearFuture(ref, k));
      const entryEnd = ref.kind === 'FUT' ? session.derivativesEntryEnd : session.preOpenEntryEnd;
      if (hasPreOpen && !Number.isNaN(entryEnd) && ts >= entryEnd) {
        // The pre-open call auction has found the equilibrium price: it becomes the open.
        const bars = this.minuteBars(ref, k, 0)!;
        base.lp = base.o = base.h = base.l = bars.o[0]!;
      }
      base.oi = base.oiDayHigh = base.oiDayLow = ref.kind === 'SPOT' ? 0 : prevOi;
      return base;
    }
    const minute = Math.floor((ts - start) / MINUTE_MS);
    if (minute >= count) {
      const bars = this.minuteBars(ref, k)!;
      const day = this.dayBar(ref, k)!;
      const closingOi = ref.kind === 'SPOT' ? 0 : bars.oi[count - 1]!;
      return {
        ...base,
        lp: bars.c[count - 1]!,
        o: day.o,
        h: day.h,
        l: day.l,
        vt: day.v,
        atp: day.atp,
        oi: closingOi,
        oiDayHigh: Math.max(bars.oiHigh[count - 1]!, closingOi),
        oiDayLow: Math.min(bars.oiLow[count - 1]!, closingOi),
      };
    }
    const second = Math.floor((ts - start - minute * MINUTE_MS) / SECOND_MS);
    const bars = this.minuteBars(ref, k, minute)!;
    // Running extremes of the session up to the previous minute, then the current minute's ticks so far.
    let h = minute > 0 ? bars.sessionHigh[minute - 1]! : -Infinity;
    let l = minute > 0 ? bars.sessionLow[minute - 1]! : Infinity;
    const o = bars.o[minute]!;
    let minuteHigh = o;
    let minuteLow = o;
    let lp = o;
    let previousPrice = minute > 0 ? bars.c[minute - 1]! : o;
    if (second > 0) {
      // The contract's price is monotone in the underlying within a minute: map the underlying's extremes so far.
      const path = bars.path;
      let top = -Infinity;
      let bottom = Infinity;
      let last = 0;
      let beforeLast = 0;
      for (let s = 1; s <= second; s++) {
        const value = priceWithinMinute(
          path.o[minute]!,
          path.h[minute]!,
          path.l[minute]!,
          path.c[minute]!,
          path.tickKey,
          minute,
          s,
        );
        if (value > top) top = value;
        if (value < bottom) bottom = value;
        beforeLast = last;
        last = value;
      }
      const pricing = this.minutePricing(ref, bars, minute);
      lp = second >= 59 ? bars.c[minute]! : this.contractAt(ref, last, pricing);
      const atTop = this.contractAt(ref, top, pricing);
      const atBottom = this.contractAt(ref, bottom, pricing);
      const high = ref.kind === 'PE' ? atBottom : atTop;
      const low = ref.kind === 'PE' ? atTop : atBottom;
      if (high > minuteHigh) minuteHigh = high;
      if (low < minuteLow) minuteLow = low;
      if (lp > minuteHigh) minuteHigh = lp;
      if (lp < minuteLow) minuteLow = lp;
      previousPrice = second === 1 ? o : this.contractAt(ref, beforeLast, pricing);
    }
    if (minuteHigh > h) h = minuteHigh;
    if (minuteLow < l) l = minuteLow;
    const lot = ref.lotSize;
    const minuteLots = bars.v[minute]! / lot;
    const lotsSoFar = Math.floor((minuteLots * (second + 1)) / 60);
    const lotsBefore = Math.floor((minuteLots * second) / 60);
    const partialVolume = lotsSoFar * lot;
    const volumeBefore = minute > 0 ? bars.cumulativeVolume[minute - 1]! : 0;
    const valueBefore = minute > 0 ? bars.cumulativeValue[minute - 1]! : 0;
    const vt = volumeBefore + partialVolume;
    const value = valueBefore + partialVolume * 0.25 * (o + minuteHigh + minuteLow + lp);
    const oi = this.openInterestDuring(ref, bars, minute);
    // The aggressor: an uptick lifted the offer, a downtick hit the bid; an unchanged price goes either way.
    const buyerInitiated =
      lp > previousPrice
        ? true
        : lp < previousPrice
          ? false
          : uniformOf(hashOf(bars.path.tickKey, minute, second, ref.key)) < 0.5;
    return {
      ...base,
      phase: 'open',
      lp,
      o: bars.o[0]!,
      h,
      l,
      vt,
      atp: vt > 0 ? roundTo(value / vt, ref.priceTick) : 0,
      oi,
      oiDayHigh: bars.oiHigh[minute]!,
      oiDayLow: bars.oiLow[minute]!,
      minute: { t: start + minute * MINUTE_MS, o, h: minuteHigh, l: minuteLow, c: lp, v: partialVolume, oi },
      lastQuantity: (lotsSoFar - lotsBefore) * lot,
      buyerInitiated,
    };
  }

  /** Pricing inputs of a contract fixed for one minute: forward factor, time to expiry and volatility. */
  private minutePricing(ref: ContractRef, bars: MinuteBars, minute: number): MinutePricing {
    if (ref.kind === 'SPOT') return { factor: 1, years: 0, volatility: 0, putShift: 0 };
    const years = yearFractionToExpiry(bars.start + minute * MINUTE_MS, ref.expiry!.expiresAt);
    const factor = Math.exp(this.model.carry(ref.seriesId, bars.session) * years);
    const volatility =
      ref.kind === 'FUT'
        ? 0
        : this.optionVolatility(ref, bars.session, minute, bars.path.o[minute]! * factor, years, null);
    const putShift =
      ref.kind === 'PE'
        ? this.putShift(ref, bars.session, minute, bars.path.o[minute]! * factor, years, volatility)
        : 0;
    return { factor, years, volatility, putShift };
  }

  /** The instrument's price (rounded to its tick) when its underlying is at `underlying` within a minute. */
  private contractAt(ref: ContractRef, underlying: number, pricing: MinutePricing): number {
    const inverse = 1 / ref.priceTick;
    if (ref.kind === 'SPOT') return Math.round(underlying * inverse) / inverse;
    if (ref.kind === 'FUT') return Math.round(underlying * pricing.factor * inverse) / inverse;
    return this.optionPrice(ref, underlying * pricing.factor, pricing.years, pricing.volatility, pricing.putShift);
  }

  /** The instrument's last price at second s of minute m (rounded to its tick). */
  priceAt(ref: ContractRef, bars: MinuteBars, minute: number, second: number): number {
    if (second <= 0) return bars.o[minute]!;
    if (second >= 59) return bars.c[minute]!;
    const path = bars.path;
    const underlying = priceWithinMinute(
      path.o[minute]!,
      path.h[minute]!,
      path.l[minute]!,
      path.c[minute]!,
      path.tickKey,
      minute,
      second,
    );
    return this.contractAt(ref, underlying, this.minutePricing(ref, bars, minute));
  }

  /** Whether a future is the one the F&O pre-open serves (current month; the next month in the last five days). */
  private isNearFuture(ref: ContractRef, k: number): boolean {
    if (ref.previousExpirySession >= 0 && ref.previousExpirySession >= k) {
      return ref.previousExpirySession - k < 5;
    }
    return true;
  }
}

/**
 * Share of an option's peak OI a contract this far from expiry (years) holds: all of it in its last week, about
 * half a month out (positions crowd the nearest expiry), and little beyond a quarter (long-dated contracts).
 */
function expiryDistanceOiFactor(years: number): number {
  const days = years * 365;
  const near = 0.5 + 0.5 * Math.exp(-Math.max(0, days - 7) / 7);
  return days <= LONG_DATED_DAYS ? near : Math.max(0.01, 0.5 * Math.exp(-(days - LONG_DATED_DAYS) / 30));
}

/** Rounds a price to the nearest multiple of a tick whose inverse is a whole number (0.05, 0.01). */
/**
 * e^{−rT} of an option's value at the simulated market's rate; 1 at and after expiry, where Black-76 is the
 * undiscounted intrinsic value. Option values here are rounded to a tick, so the plain Black formula is precise
 * enough (see black76CallValue) and several times cheaper near expiry than the normalised one.
 */
function discountFactor(years: number): number {
  return years > 0 ? Math.exp(-OPTION_DISCOUNT_RATE * years) : 1;
}

export function roundTo(price: number, tick: number): number {
  const inverse = Math.round(1 / tick);
  return Math.round(price * inverse) / inverse;
}

/** A 32-bit key for a token (tokens exceed 32 bits). */
export function tokenKey(token: number): number {
  return mix32((token % 4_294_967_296) ^ mix32(Math.floor(token / 4_294_967_296)));
}

/** The minute boundary whose open interest is published by boundary b: every third minute, and the close. */
function publishedBoundary(boundary: number, count: number): number {
  return boundary >= count ? count : boundary - (boundary % OI_INTERVAL_MINUTES);
}
