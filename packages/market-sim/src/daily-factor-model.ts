// Daily opens and closes of every simulated stock and index, walked session by session from the anchor date with
// correlated factor returns:
//   - a market factor (mean-reverting around a growth trend, so NIFTY stays near its reference level while still
//     compounding over the decade), with volatility set by the previous day's India VIX, rare crash-style jumps,
//     overnight news that opens the market 1–4 % away from the last close a few times a year, and event days
//     (the Union Budget, RBI policy decisions) that move it more than an ordinary day;
//   - volatility regimes: calm stretches and stress episodes of a few weeks in which India VIX runs near 20;
//   - one factor per sector; each stock's own return, with results-day jumps concentrated in results seasons;
//   - India VIX itself, mean-reverting in logs and pushed up when the market falls (the leverage effect).
// Every factor is measured from its value at the reference date, so each stock closes that day at its reference
// price (a real close) and each index at its reference level, whatever the seed; the seed changes the paths to and
// from that day.
// Index levels are cap-weighted baskets of the simulated stocks (or their own factor path), so NIFTY is exactly its
// weighted constituents at every open and close. A session's values depend only on the sessions before it: the
// walk is extended forward on demand and never rewritten.
import type { IsoDate } from '@fnodesk/domain';
import { dateParts, dayNumber, INDICES, weekdayOf } from '@fnodesk/domain';
import type { IndexModel } from './index-baskets';
import { INDEX_MODELS } from './index-baskets';
import { exponentialOf, hashOf, normalOf, streamKey, STREAM, uniformOf } from './seeded-noise';
import type { SessionGrid } from './session-grid';
import { SECTORS, STOCK_PROFILES } from './stock-profiles';

/** Model date (the last session of 2025) at which index levels and stock prices equal their reference values. */
export const REFERENCE_DATE = '2025-12-31';
/** Permanent id of INDIA VIX. */
export const VOLATILITY_INDEX_ID = INDICES.find((index) => index.category === 'volatility')?.id ?? 8;

const REFERENCE_DAY = dayNumber(REFERENCE_DATE);
const DAYS_PER_YEAR = 365.25;
const SQRT_TRADING_DAYS = Math.sqrt(252);

// Market factor: half-life of two months around the trend (and the known path), so its stationary spread is about
// ±4 %.
const MARKET_REVERSION = Math.LN2 / 42;
const MARKET_GROWTH = 0.08;
// Realised NIFTY volatility runs below India VIX (VIX ≈ 13–14 with realised 11–13 % a year).
const MARKET_VOL_PER_VIX = 0.64;
const MARKET_JUMP_PROBABILITY = 0.004;
// Overnight news (global sell-offs, geopolitics, US data) opens the market away from the last close: about ten
// sessions a year, with a standard deviation of 1.7 %, so gaps of 1–4 % come several times a year.
const OVERNIGHT_SHOCK_PROBABILITY = 0.04;
const OVERNIGHT_SHOCK_SIZE = 0.017;
// Event days move the market more than an ordinary day: the Union Budget (1 February) and the RBI's bi-monthly
// policy decisions (announced at 10:00 on the first Friday of February, April, June, August, October, December).
const BUDGET_MOVE = 0.014;
const POLICY_MOVE = 0.006;
const POLICY_MONTHS: ReadonlySet<number> = new Set([2, 4, 6, 8, 10, 12]);
// India VIX mean-reverts to a calm level; stress episodes (about three a year, three weeks each) raise its mean.
const VIX_MEAN = Math.log(12.5);
const VIX_STRESS_MEAN = Math.log(19.5);
const STRESS_START_PROBABILITY = 0.012;
const STRESS_END_PROBABILITY = 1 / 15;
const VIX_REVERSION = 0.06;
const VIX_DAILY_VOL = 0.055;
const VIX_FLOOR = 9;
const VIX_CEILING = 38;
const SECTOR_REVERSION = Math.LN2 / 252;
const SECTOR_DAILY_VOL = 0.0045;
const OWN_REVERSION = Math.LN2 / 378;
// Results-day jumps: most of them fall in the four results seasons (mid-January to mid-February and the same
// weeks of April–May, July–August and October–November).
const STOCK_JUMP_PROBABILITY_IN_SEASON = 0.03;
const STOCK_JUMP_PROBABILITY_OFF_SEASON = 0.006;
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
// Index futures of every exchange are priced off the same rates: they share one carry path (key 0).
const INDEX_CARRY_KEY = 0;
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

// NIFTY closes of 2024–26 the market passes through (market-facts §8): the tariff shock of April 2025, the record
// at the end of 2025, the spring-2026 sell-off. Between them the trend is interpolated (in logs); before the first
// and after the last the market keeps its distance from the growth trend. Random moves come on top.
const KNOWN_NIFTY_CLOSES: readonly (readonly [IsoDate, number])[] = [
  ['2024-12-31', 23_645],
  ['2025-04-07', 22_162],
  ['2025-08-01', 25_000],
  ['2025-12-31', 26_130],
  ['2026-01-23', 25_048],
  ['2026-03-06', 24_450],
  ['2026-05-04', 24_150],
  ['2026-09-01', 24_056],
];
const NIFTY_REFERENCE_LEVEL = INDEX_MODELS.get(
  INDICES.find((index) => index.derivatives?.root === 'NIFTY')!.id,
)!.referenceLevel;
const KNOWN_PATH: readonly (readonly [number, number])[] = KNOWN_NIFTY_CLOSES.map(([date, level]) => {
  const day = dayNumber(date);
  return [day, Math.log(level / NIFTY_REFERENCE_LEVEL) - (MARKET_GROWTH * (day - REFERENCE_DAY)) / DAYS_PER_YEAR];
});

/** Log distance of the known NIFTY path from the growth trend on a day (0 at the reference date). */
export function knownPathOffset(day: number): number {
  const firstPoint = KNOWN_PATH[0]!;
  if (day <= firstPoint[0]) return firstPoint[1];
  for (let i = 1; i < KNOWN_PATH.length; i++) {
    const [toDay, toOffset] = KNOWN_PATH[i]!;
    if (day <= toDay) {
      const [fromDay, fromOffset] = KNOWN_PATH[i - 1]!;
      return fromOffset + ((toOffset - fromOffset) * (day - fromDay)) / (toDay - fromDay);
    }
  }
  return KNOWN_PATH[KNOWN_PATH.length - 1]![1];
}

// Index ids are 1–99 and stock ids 101 and up (domain's instrument-token scheme).
const FIRST_STOCK_ID = 101;

/** Keys of the daily model's random streams. */
interface FactorKeys {
  market: number;
  vix: number;
  jump: number;
  sector: number;
  own: number;
  stockJump: number;
  gap: number;
  indexOwn: number;
  carry: number;
  regime: number;
  overnight: number;
  event: number;
}

/** The walk's factors after a session: market, India VIX (log), regime, sectors, stocks' and indices' own parts. */
interface FactorState {
  market: number;
  logVix: number;
  /** 1 in a stress episode, 0 otherwise. */
  stress: number;
  sectors: Float64Array;
  own: Float64Array;
  /** Own factors of the indices without a basket, in the model's order. */
  indexOwn: Float64Array;
}

function newFactorState(indices: number): FactorState {
  return {
    market: 0,
    logVix: VIX_MEAN,
    stress: 0,
    sectors: new Float64Array(SECTORS.length),
    own: new Float64Array(STOCK_PROFILES.length),
    indexOwn: new Float64Array(indices),
  };
}

/** What the market factor did in one session. */
interface MarketMove {
  marketReturn: number;
  marketVol: number;
  /** The part of the move that happened overnight (news before the open), 0 on most days. */
  overnight: number;
}

/** The extra standard deviation of the market's move on an event day (0 on other days). */
export function eventDayMove(date: IsoDate): number {
  const { month, day } = dateParts(date);
  if (month === 2 && day === 1) return BUDGET_MOVE;
  return POLICY_MONTHS.has(month) && day <= 7 && weekdayOf(date) === 5 ? POLICY_MOVE : 0;
}

/** True in the weeks companies report quarterly results (mid-Jan to mid-Feb, and the same weeks a quarter on). */
export function inResultsSeason(date: IsoDate): boolean {
  const { month, day } = dateParts(date);
  const position = (month - 1) % 3;
  return (position === 0 && day >= 12) || (position === 1 && day <= 15);
}

/** Advances every factor by session k (k = 0 starts from draws of their long-run distributions). */
function advanceFactors(
  state: FactorState,
  seed: number,
  keys: FactorKeys,
  k: number,
  dayNo: number,
  date: IsoDate,
  ownModels: readonly IndexModel[],
): MarketMove {
  if (k === 0) {
    const start = streamKey(seed, STREAM.market, 1);
    state.market = 0.05 * normalOf(hashOf(start, 1));
    state.logVix = VIX_MEAN + 0.15 * normalOf(hashOf(start, 2));
    state.stress = 0;
    for (let j = 0; j < state.sectors.length; j++) state.sectors[j] = 0.06 * normalOf(hashOf(start, 3, j));
    for (let i = 0; i < state.own.length; i++) state.own[i] = 0.2 * normalOf(hashOf(start, 4, i));
    ownModels.forEach((model, j) => {
      state.indexOwn[j] = 0.05 * normalOf(hashOf(keys.indexOwn, model.id, 0));
    });
  }

  // Stress episodes start and end at random; India VIX of the previous session sets today's market volatility.
  const regimeDraw = uniformOf(hashOf(keys.regime, dayNo));
  if (state.stress === 0 ? regimeDraw < STRESS_START_PROBABILITY : regimeDraw < STRESS_END_PROBABILITY) {
    state.stress = 1 - state.stress;
  }
  const vixBefore = Math.exp(state.logVix);
  const marketVol = (MARKET_VOL_PER_VIX * vixBefore) / 100 / SQRT_TRADING_DAYS;
  const zMarket = normalOf(hashOf(keys.market, dayNo));
  let jump = 0;
  if (uniformOf(hashOf(keys.jump, dayNo)) < MARKET_JUMP_PROBABILITY) {
    jump = -0.015 + 0.02 * normalOf(hashOf(keys.jump, dayNo, 1));
  }
  let overnight = 0;
  if (k > 0 && uniformOf(hashOf(keys.overnight, dayNo)) < OVERNIGHT_SHOCK_PROBABILITY) {
    // Bad news outnumbers good overnight.
    overnight = OVERNIGHT_SHOCK_SIZE * (normalOf(hashOf(keys.overnight, dayNo, 1)) - 0.1);
  }
  const event = eventDayMove(date) * normalOf(hashOf(keys.event, dayNo));
  const marketBefore = state.market;
  state.market = marketBefore * (1 - MARKET_REVERSION) + marketVol * zMarket + jump + overnight + event;

  const zVix = normalOf(hashOf(keys.vix, dayNo));
  const shock = jump + Math.min(overnight, 0) + Math.min(event, 0);
  const mean = state.stress === 1 ? VIX_STRESS_MEAN : VIX_MEAN;
  let logVix =
    state.logVix + VIX_REVERSION * (mean - state.logVix) + VIX_DAILY_VOL * (-0.75 * zMarket + 0.66 * zVix) - 6 * shock;
  logVix = Math.min(Math.max(logVix, Math.log(VIX_FLOOR)), Math.log(VIX_CEILING));
  state.logVix = logVix;

  for (let j = 0; j < state.sectors.length; j++) {
    state.sectors[j] =
      state.sectors[j]! * (1 - SECTOR_REVERSION) + SECTOR_DAILY_VOL * normalOf(hashOf(keys.sector, dayNo, j));
  }
  const jumpProbability = inResultsSeason(date) ? STOCK_JUMP_PROBABILITY_IN_SEASON : STOCK_JUMP_PROBABILITY_OFF_SEASON;
  for (let i = 0; i < STOCK_PROFILES.length; i++) {
    const profile = STOCK_PROFILES[i]!;
    let own =
      state.own[i]! * (1 - OWN_REVERSION) + profile.ownVolatility * normalOf(hashOf(keys.own, dayNo, profile.id));
    if (uniformOf(hashOf(keys.stockJump, dayNo, profile.id)) < jumpProbability) {
      own += STOCK_JUMP_SIZE * normalOf(hashOf(keys.stockJump, dayNo, profile.id + 1000));
    }
    state.own[i] = own;
  }
  ownModels.forEach((model, j) => {
    state.indexOwn[j] =
      state.indexOwn[j]! * (1 - OWN_REVERSION) + INDEX_OWN_VOL * normalOf(hashOf(keys.indexOwn, dayNo, model.id));
  });
  return { marketReturn: state.market - marketBefore, marketVol, overnight };
}

// The factors at the reference session depend only on the seed and the calendar: walked once per pair.
const PIN_CACHE = new WeakMap<object, Map<number, FactorState>>();

/** The factors' values at the reference session (the last session on or before REFERENCE_DATE). */
function referencePins(
  seed: number,
  grid: SessionGrid,
  keys: FactorKeys,
  ownModels: readonly IndexModel[],
): FactorState {
  let bySeed = PIN_CACHE.get(grid.calendar);
  if (!bySeed) {
    bySeed = new Map();
    PIN_CACHE.set(grid.calendar, bySeed);
  }
  const known = bySeed.get(seed);
  if (known) return known;
  const state = newFactorState(ownModels.length);
  grid.ensureThrough(REFERENCE_DATE);
  const reference = grid.indexAtOrBefore(REFERENCE_DATE);
  for (let k = 0; k <= reference; k++) advanceFactors(state, seed, keys, k, grid.dayNumber(k), grid.date(k), ownModels);
  bySeed.set(seed, state);
  return state;
}

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
  private readonly state: FactorState;
  /** The factors' values at the reference session, which every price is measured from. */
  private readonly pins: FactorState;
  /** The overnight part of the market factor's move in the session being stepped. */
  private overnight = 0;
  private readonly stockArrays: readonly SeriesArrays[];
  private readonly logReferencePrices: Float64Array;
  private readonly keys: FactorKeys;
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
      regime: streamKey(seed, STREAM.marketJump, 2),
      overnight: streamKey(seed, STREAM.marketJump, 3),
      event: streamKey(seed, STREAM.marketJump, 4),
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
      carryDeviation: CARRY_SPREAD * normalOf(hashOf(carryKey, id < FIRST_STOCK_ID ? INDEX_CARRY_KEY : id, 0)),
      dividendYield: id < FIRST_STOCK_ID ? 0 : 0.01 * exponentialOf(hashOf(carryKey, id, 1)),
    });
    for (const profile of STOCK_PROFILES) this.series.set(profile.id, series(profile.id));
    for (const model of INDEX_MODELS.values()) this.series.set(model.id, series(model.id));
    this.series.set(VOLATILITY_INDEX_ID, series(VOLATILITY_INDEX_ID));
    this.stockArrays = STOCK_PROFILES.map((profile) => this.arrays(profile.id));
    this.logReferencePrices = Float64Array.from(STOCK_PROFILES, (profile) => Math.log(profile.referencePrice));
    this.state = newFactorState(own.length);
    this.pins = referencePins(seed, grid, this.keys, own);
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
    const state = this.state;
    const pins = this.pins;
    const vixBefore = Math.exp(state.logVix);
    const move = advanceFactors(state, this.seed, keys, k, dayNo, this.grid.date(k), this.ownModels);
    this.marketReturn[k] = move.marketReturn;
    this.marketVolatility[k] = move.marketVol;
    this.overnight = move.overnight;
    const marketVol = move.marketVol;
    const market = state.market - pins.market + knownPathOffset(dayNo);

    const vix = Math.exp(state.logVix);
    this.vixLevel[k] = vix;
    const vixSeries = this.arrays(VOLATILITY_INDEX_ID);
    vixSeries.close[k] = vix;
    vixSeries.open[k] = first
      ? vix
      : vixBefore *
        Math.exp(
          (move.overnight !== 0 ? 0.8 : 0.4) * (state.logVix - Math.log(vixBefore)) +
            0.01 * normalOf(hashOf(keys.gap, dayNo, 0)),
        );
    vixSeries.volatility[k] = 0.05;
    vixSeries.smoothedClose[k] = vix;

    for (let i = 0; i < STOCK_PROFILES.length; i++) {
      const profile = STOCK_PROFILES[i]!;
      const logClose =
        this.logReferencePrices[i]! +
        profile.growth * years +
        profile.beta * market +
        profile.sectorLoading * (state.sectors[profile.sectorIndex]! - pins.sectors[profile.sectorIndex]!) +
        (state.own[i]! - pins.own[i]!);
      const sectorVol = profile.sectorLoading * SECTOR_DAILY_VOL;
      const dailyVol = Math.sqrt(
        profile.beta * profile.beta * marketVol * marketVol +
          sectorVol * sectorVol +
          profile.ownVolatility * profile.ownVolatility,
      );
      this.writeSeries(this.stockArrays[i]!, profile.id, k, logClose, dailyVol, dayNo, first, profile.beta);
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

    this.ownModels.forEach((model, j) => {
      const logClose =
        Math.log(model.referenceLevel) +
        MARKET_GROWTH * years +
        model.marketBeta * market +
        (state.indexOwn[j]! - pins.indexOwn[j]!);
      const dailyVol = Math.sqrt(Math.pow(model.marketBeta * marketVol, 2) + INDEX_OWN_VOL * INDEX_OWN_VOL);
      this.writeSeries(this.arrays(model.id), model.id, k, logClose, dailyVol, dayNo, first, model.marketBeta);
    });
  }

  private writeSeries(
    arrays: SeriesArrays,
    id: number,
    k: number,
    logClose: number,
    dailyVol: number,
    dayNo: number,
    first: boolean,
    beta: number,
  ): void {
    const close = Math.exp(logClose);
    arrays.close[k] = close;
    arrays.volatility[k] = dailyVol;
    if (first) {
      arrays.open[k] = close;
    } else {
      // Overnight news is all in the open; a third of the rest of the day's move happens overnight too.
      const overnight = beta * this.overnight;
      const gap =
        overnight +
        GAP_SHARE * (logClose - arrays.lastLogClose - overnight) +
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
    const carryId = arrays.id < FIRST_STOCK_ID ? INDEX_CARRY_KEY : arrays.id;
    arrays.carryDeviation =
      arrays.carryDeviation * (1 - CARRY_REVERSION) + CARRY_STEP * normalOf(hashOf(this.keys.carry, dayNo, carryId));
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
