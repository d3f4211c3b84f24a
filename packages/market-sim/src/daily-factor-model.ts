// Daily opens and closes of every simulated stock and index, walked session by session from the anchor date with
// correlated factor returns:
//   - a market factor (mean-reverting around a growth trend, so NIFTY stays near its reference level while still
//     compounding over the decade), with volatility set by the previous day's India VIX and rare crash-style jumps;
//   - one factor per sector; each stock's own return, with occasional results-day jumps;
//   - India VIX itself, mean-reverting in logs and pushed up when the market falls (the leverage effect).
// Index levels are cap-weighted baskets of the simulated stocks (or their own factor path), so NIFTY is exactly its
// weighted constituents at every open and close. A session's values depend only on the sessions before it: the
// walk is extended forward on demand and never rewritten.
import { dayNumber, INDICES } from '@fnodesk/domain';
import type { IndexModel } from './index-baskets';
import { INDEX_MODELS } from './index-baskets';
import { exponentialOf, hashOf, normalOf, streamKey, STREAM, uniformOf } from './seeded-noise';
import type { SessionGrid } from './session-grid';
import { SECTORS, STOCK_PROFILES } from './stock-profiles';

/** Model date at which index levels and stock prices equal their reference values (all factors at their means). */
export const REFERENCE_DATE = '2026-07-01';
/** Permanent id of INDIA VIX. */
export const VOLATILITY_INDEX_ID = INDICES.find((index) => index.category === 'volatility')?.id ?? 8;

const REFERENCE_DAY = dayNumber(REFERENCE_DATE);
const DAYS_PER_YEAR = 365.25;
const SQRT_TRADING_DAYS = Math.sqrt(252);

// Market factor: half-life of four months around the trend, so its stationary spread is about ±5 %.
const MARKET_REVERSION = Math.LN2 / 84;
const MARKET_GROWTH = 0.08;
// Realised NIFTY volatility runs below India VIX (VIX ≈ 13–14 with realised 11–13 % a year).
const MARKET_VOL_PER_VIX = 0.72;
const MARKET_JUMP_PROBABILITY = 0.003;
const VIX_MEAN = Math.log(13.5);
const VIX_REVERSION = 0.05;
const VIX_DAILY_VOL = 0.055;
const VIX_FLOOR = 9;
const VIX_CEILING = 38;
const SECTOR_REVERSION = Math.LN2 / 252;
const SECTOR_DAILY_VOL = 0.0045;
const OWN_REVERSION = Math.LN2 / 378;
const STOCK_JUMP_PROBABILITY = 0.016;
const STOCK_JUMP_SIZE = 0.045;
const INDEX_OWN_VOL = 0.006;
// About a third of a day's move happens overnight, so opens gap in the day's direction.
const GAP_SHARE = 0.3;
const GAP_NOISE = 0.25;
// Futures carry: annualised cost of carry around 7 % with a ten-day half-life.
const CARRY_MEAN = 0.07;
const CARRY_SPREAD = 0.012;
const CARRY_REVERSION = Math.LN2 / 10;
const CARRY_STEP = CARRY_SPREAD * Math.sqrt(2 * CARRY_REVERSION);
// Exponential average of closes that open interest follows (two-session half-life).
const OI_PRICE_SMOOTHING = 1 - Math.pow(0.5, 1 / 2);

/** Kind of price series the model keeps. */
export type SeriesKind = 'stock' | 'index' | 'volatility';

/** Daily arrays of one series, indexed by session. */
interface SeriesArrays {
  id: number;
  open: Float64Array;
  close: Float64Array;
  /** Daily standard deviation of log returns the session's intraday path is drawn with. */
  volatility: Float32Array;
  /** Exponential average of closes (open interest drifts with it). */
  smoothedClose: Float64Array;
  /** Annualised cost of carry of the session's futures. */
  carry: Float32Array;
  /** Log of the latest close (so each step needs one logarithm less). */
  lastLogClose: number;
  /** Deviation of the carry from its mean after the latest session. */
  carryDeviation: number;
  /** Dividend yield standing for the stock's dividends (0 for indices). */
  dividendYield: number;
}

// Index ids are 1–99 and stock ids 101 and up (domain's instrument-token scheme).
const FIRST_STOCK_ID = 101;

/** The daily walk of every simulated series. */
export class DailyFactorModel {
  /** Sessions the model runs on. */
  readonly grid: SessionGrid;
  private readonly seed: number;
  private computed = 0;
  private capacity = 0;
  private readonly series = new Map<number, SeriesArrays>();
  private marketReturn = new Float64Array(0);
  private vixLevel = new Float64Array(0);
  private marketVolatility = new Float64Array(0);
  // Walk state after the last computed session.
  private market = 0;
  private logVix = VIX_MEAN;
  private readonly sectors = new Float64Array(SECTORS.length);
  private readonly own = new Float64Array(STOCK_PROFILES.length);
  private readonly indexOwn = new Map<number, number>();
  private readonly stockArrays: readonly SeriesArrays[];
  private readonly logReferencePrices: Float64Array;
  private readonly keys: {
    market: number;
    vix: number;
    jump: number;
    sector: number;
    own: number;
    stockJump: number;
    gap: number;
    indexOwn: number;
    carry: number;
  };
  private readonly basketModels: readonly { model: IndexModel; members: Int32Array; weights: Float64Array }[];
  private readonly ownModels: readonly IndexModel[];

  constructor(seed: number, grid: SessionGrid) {
    this.seed = seed;
    this.grid = grid;
    this.keys = {
      market: streamKey(seed, STREAM.market),
      vix: streamKey(seed, STREAM.volatilityIndex),
      jump: streamKey(seed, STREAM.marketJump),
      sector: streamKey(seed, STREAM.sector),
      own: streamKey(seed, STREAM.stockOwn),
      stockJump: streamKey(seed, STREAM.stockJump),
      gap: streamKey(seed, STREAM.stockGap),
      indexOwn: streamKey(seed, STREAM.indexOwn),
      carry: streamKey(seed, STREAM.carry),
    };
    const position = new Map(STOCK_PROFILES.map((profile, i) => [profile.symbol, i]));
    const baskets: { model: IndexModel; members: Int32Array; weights: Float64Array }[] = [];
    const own: IndexModel[] = [];
    for (const model of INDEX_MODELS.values()) {
      if (!model.basket) {
        own.push(model);
        continue;
      }
      const members = model.basket.filter((member) => position.has(member.symbol));
      const total = members.reduce((sum, member) => sum + member.weight, 0);
      baskets.push({
        model,
        members: Int32Array.from(members, (member) => position.get(member.symbol)!),
        // Holdings: weight / reference price, so the basket's value at the reference prices is the reference level.
        weights: Float64Array.from(
          members,
          (member) =>
            (model.referenceLevel * member.weight) /
            total /
            STOCK_PROFILES[position.get(member.symbol)!]!.referencePrice,
        ),
      });
    }
    this.basketModels = baskets;
    this.ownModels = own;
    const carryKey = this.keys.carry;
    // Stocks with large dividends trade at a lower carry; a fixed per-stock yield stands for their dividends.
    const series = (id: number): SeriesArrays => ({
      ...emptySeries(),
      id,
      carryDeviation: CARRY_SPREAD * normalOf(hashOf(carryKey, id, 0)),
      dividendYield: id < FIRST_STOCK_ID ? 0 : 0.01 * exponentialOf(hashOf(carryKey, id, 1)),
    });
    for (const profile of STOCK_PROFILES) this.series.set(profile.id, series(profile.id));
    for (const model of INDEX_MODELS.values()) this.series.set(model.id, series(model.id));
    this.series.set(VOLATILITY_INDEX_ID, series(VOLATILITY_INDEX_ID));
    this.stockArrays = STOCK_PROFILES.map((profile) => this.arrays(profile.id));
    this.logReferencePrices = Float64Array.from(STOCK_PROFILES, (profile) => Math.log(profile.referencePrice));
  }

  /** Number of sessions computed so far. */
  get sessions(): number {
    return this.computed;
  }

  /** Makes sure sessions 0…k are computed. */
  ensure(k: number): void {
    if (k < this.computed) return;
    if (k >= this.grid.size) throw new RangeError(`Session ${k} is beyond the simulated calendar`);
    this.reserve(k + 1);
    for (let day = this.computed; day <= k; day++) this.step(day);
    this.computed = k + 1;
  }

  /** True when the model has a series with this id. */
  has(id: number): boolean {
    return this.series.has(id);
  }

  /** Close of a series in session k. */
  close(id: number, k: number): number {
    this.ensure(k);
    return this.arrays(id).close[k]!;
  }

  /** Open of a series in session k. */
  open(id: number, k: number): number {
    this.ensure(k);
    return this.arrays(id).open[k]!;
  }

  /** Daily volatility (standard deviation of log returns) of a series in session k. */
  volatility(id: number, k: number): number {
    this.ensure(k);
    return this.arrays(id).volatility[k]!;
  }

  /** Exponential average of closes of a series up to session k. */
  smoothedClose(id: number, k: number): number {
    this.ensure(k);
    return this.arrays(id).smoothedClose[k]!;
  }

  /** Annualised cost of carry of a series' futures in session k. */
  carry(id: number, k: number): number {
    this.ensure(k);
    return this.arrays(id).carry[k]!;
  }

  /** India VIX close of session k. */
  vix(k: number): number {
    this.ensure(k);
    return this.vixLevel[k]!;
  }

  /** The market factor's log return in session k (drives flows, breadth and sentiment datasets). */
  marketMove(k: number): number {
    this.ensure(k);
    return this.marketReturn[k]!;
  }

  /** Daily volatility of the market factor in session k. */
  marketVol(k: number): number {
    this.ensure(k);
    return this.marketVolatility[k]!;
  }

  /** The closes of a series for sessions from…to (inclusive), as a view (do not modify). */
  closes(id: number, from: number, to: number): Float64Array {
    this.ensure(to);
    return this.arrays(id).close.subarray(from, to + 1);
  }

  private arrays(id: number): SeriesArrays {
    const arrays = this.series.get(id);
    if (!arrays) throw new RangeError(`No simulated series ${id}`);
    return arrays;
  }

  private reserve(size: number): void {
    if (size <= this.capacity) return;
    const capacity = Math.max(size, this.capacity * 2, 4096);
    for (const arrays of this.series.values()) {
      for (const name of ['open', 'close', 'smoothedClose'] as const) {
        const grown = new Float64Array(capacity);
        grown.set(arrays[name]);
        arrays[name] = grown;
      }
      for (const name of ['volatility', 'carry'] as const) {
        const grown = new Float32Array(capacity);
        grown.set(arrays[name]);
        arrays[name] = grown;
      }
    }
    for (const name of ['marketReturn', 'vixLevel', 'marketVolatility'] as const) {
      const grown = new Float64Array(capacity);
      grown.set(this[name]);
      this[name] = grown;
    }
    this.capacity = capacity;
  }

  private step(k: number): void {
    const dayNo = this.grid.dayNumber(k);
    const years = (dayNo - REFERENCE_DAY) / DAYS_PER_YEAR;
    const first = k === 0;
    const keys = this.keys;

    // The walk starts from draws of each factor's long-run distribution.
    if (first) {
      const start = streamKey(this.seed, STREAM.market, 1);
      this.market = 0.05 * normalOf(hashOf(start, 1));
      this.logVix = VIX_MEAN + 0.15 * normalOf(hashOf(start, 2));
      for (let j = 0; j < this.sectors.length; j++) this.sectors[j] = 0.06 * normalOf(hashOf(start, 3, j));
      for (let i = 0; i < this.own.length; i++) {
        this.own[i] = 0.2 * normalOf(hashOf(start, 4, i));
      }
    }

    // India VIX of the previous session sets today's market volatility.
    const vixBefore = Math.exp(this.logVix);
    const marketVol = (MARKET_VOL_PER_VIX * vixBefore) / 100 / SQRT_TRADING_DAYS;
    const zMarket = normalOf(hashOf(keys.market, dayNo));
    let jump = 0;
    if (uniformOf(hashOf(keys.jump, dayNo)) < MARKET_JUMP_PROBABILITY) {
      jump = -0.012 + 0.02 * normalOf(hashOf(keys.jump, dayNo, 1));
    }
    const marketBefore = this.market;
    this.market = marketBefore * (1 - MARKET_REVERSION) + marketVol * zMarket + jump;
    this.marketReturn[k] = this.market - marketBefore;
    this.marketVolatility[k] = marketVol;

    const zVix = normalOf(hashOf(keys.vix, dayNo));
    let logVix =
      this.logVix +
      VIX_REVERSION * (VIX_MEAN - this.logVix) +
      VIX_DAILY_VOL * (-0.75 * zMarket + 0.66 * zVix) +
      (jump < 0 ? -6 * jump : 0);
    logVix = Math.min(Math.max(logVix, Math.log(VIX_FLOOR)), Math.log(VIX_CEILING));
    this.logVix = logVix;
    const vix = Math.exp(logVix);
    this.vixLevel[k] = vix;
    const vixSeries = this.arrays(VOLATILITY_INDEX_ID);
    vixSeries.close[k] = vix;
    vixSeries.open[k] = first
      ? vix
      : vixBefore * Math.exp(0.4 * (logVix - Math.log(vixBefore)) + 0.01 * normalOf(hashOf(keys.gap, dayNo, 0)));
    vixSeries.volatility[k] = 0.05;
    vixSeries.smoothedClose[k] = vix;

    for (let j = 0; j < this.sectors.length; j++) {
      this.sectors[j] =
        this.sectors[j]! * (1 - SECTOR_REVERSION) + SECTOR_DAILY_VOL * normalOf(hashOf(keys.sector, dayNo, j));
    }

    for (let i = 0; i < STOCK_PROFILES.length; i++) {
      const profile = STOCK_PROFILES[i]!;
      let own =
        this.own[i]! * (1 - OWN_REVERSION) + profile.ownVolatility * normalOf(hashOf(keys.own, dayNo, profile.id));
      if (uniformOf(hashOf(keys.stockJump, dayNo, profile.id)) < STOCK_JUMP_PROBABILITY) {
        own += STOCK_JUMP_SIZE * normalOf(hashOf(keys.stockJump, dayNo, profile.id + 1000));
      }
      this.own[i] = own;
      const logClose =
        this.logReferencePrices[i]! +
        profile.growth * years +
        profile.beta * this.market +
        profile.sectorLoading * this.sectors[profile.sectorIndex]! +
        own;
      const sectorVol = profile.sectorLoading * SECTOR_DAILY_VOL;
      const dailyVol = Math.sqrt(
        profile.beta * profile.beta * marketVol * marketVol +
          sectorVol * sectorVol +
          profile.ownVolatility * profile.ownVolatility,
      );
      this.writeSeries(this.stockArrays[i]!, profile.id, k, logClose, dailyVol, dayNo, first);
    }

    for (const { model, members, weights } of this.basketModels) {
      let close = 0;
      let open = 0;
      let beta = 0;
      let total = 0;
      for (let n = 0; n < members.length; n++) {
        const i = members[n]!;
        const arrays = this.stockArrays[i]!;
        const w = weights[n]!;
        close += w * arrays.close[k]!;
        open += w * arrays.open[k]!;
        beta += w * arrays.close[k]! * STOCK_PROFILES[i]!.beta;
        total += w * arrays.close[k]!;
      }
      const arrays = this.arrays(model.id);
      arrays.close[k] = close;
      arrays.open[k] = open;
      // A diversified basket moves with the market; its own residual is small.
      const basketVol = (beta / total) * marketVol;
      arrays.volatility[k] = Math.sqrt(basketVol * basketVol + 0.003 * 0.003);
      arrays.lastLogClose = Math.log(close);
      this.finishSeries(arrays, k, dayNo, first);
    }

    for (const model of this.ownModels) {
      let own = this.indexOwn.get(model.id) ?? 0.05 * normalOf(hashOf(keys.indexOwn, model.id, 0));
      own = own * (1 - OWN_REVERSION) + INDEX_OWN_VOL * normalOf(hashOf(keys.indexOwn, dayNo, model.id));
      this.indexOwn.set(model.id, own);
      const logClose = Math.log(model.referenceLevel) + MARKET_GROWTH * years + model.marketBeta * this.market + own;
      const dailyVol = Math.sqrt(Math.pow(model.marketBeta * marketVol, 2) + INDEX_OWN_VOL * INDEX_OWN_VOL);
      this.writeSeries(this.arrays(model.id), model.id, k, logClose, dailyVol, dayNo, first);
    }
  }

  private writeSeries(
    arrays: SeriesArrays,
    id: number,
    k: number,
    logClose: number,
    dailyVol: number,
    dayNo: number,
    first: boolean,
  ): void {
    const close = Math.exp(logClose);
    arrays.close[k] = close;
    arrays.volatility[k] = dailyVol;
    if (first) {
      arrays.open[k] = close;
    } else {
      const gap =
        GAP_SHARE * (logClose - arrays.lastLogClose) +
        GAP_NOISE * dailyVol * normalOf(hashOf(this.keys.gap, dayNo, id));
      arrays.open[k] = arrays.close[k - 1]! * Math.exp(gap);
    }
    arrays.lastLogClose = logClose;
    this.finishSeries(arrays, k, dayNo, first);
  }

  private finishSeries(arrays: SeriesArrays, k: number, dayNo: number, first: boolean): void {
    const close = arrays.close[k]!;
    const smoothed = first ? close : arrays.smoothedClose[k - 1]!;
    arrays.smoothedClose[k] = smoothed + OI_PRICE_SMOOTHING * (close - smoothed);
    arrays.carryDeviation =
      arrays.carryDeviation * (1 - CARRY_REVERSION) + CARRY_STEP * normalOf(hashOf(this.keys.carry, dayNo, arrays.id));
    arrays.carry[k] = CARRY_MEAN + arrays.carryDeviation - arrays.dividendYield;
  }
}

function emptySeries(): SeriesArrays {
  return {
    id: 0,
    open: new Float64Array(0),
    close: new Float64Array(0),
    volatility: new Float32Array(0),
    smoothedClose: new Float64Array(0),
    carry: new Float32Array(0),
    lastLogClose: 0,
    carryDeviation: 0,
    dividendYield: 0,
  };
}
