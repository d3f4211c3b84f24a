// Candles of any resolution from live ticks, for sources whose history is not a function of time (a broker's
// ticker): the same buckets as every other candle here (domain's candleBucketStart: intraday counted from the
// session's open, pre-open ticks in the first candle, post-close ticks in the last; 1D/1W/1M by session), and
// higher resolutions folded from stored 1-minute candles with the same code, so a series built tick by tick and
// one folded from its minutes are equal.
//
// Hot path: one builder takes millions of ticks a second. State lives in flat typed arrays, one record per
// (instrument, resolution); a tick compares its time with the record's precomputed end of bucket and only at a
// boundary asks the calendar where the next bucket ends (and that answer is shared by every instrument of the same
// exchange). No object is allocated per tick.
//
// Volume: ticks carry the session's cumulative volume (`vt`); a candle's volume is the increase since the
// instrument's previous tick. The first tick of a new IST day counts from zero (the exchange resets `vt` every
// session); a restart mid-session seeds the volume already counted ({@link CandleBuilder.seedVolume}). A `vt` lower
// than one already seen counts nothing, and later ticks count only above the highest one.
//
// Out-of-order ticks are ignored, never merged: a tick older than the instrument's latest accepted tick, or older
// than the end of a candle already closed by time ({@link CandleBuilder.closeThrough}), changes nothing, so a closed
// candle never changes. (Its traded volume is not lost: the next tick's cumulative `vt` includes it.)
import type { Exchange } from './exchanges';
import type { EpochMs } from './ist-time';
import { DAY_MS, IST_OFFSET_MS, MINUTE_MS, istDateOf, istMidnight } from './ist-time';
import type { MarketCalendar } from './market-calendar';
import { defaultMarketCalendar } from './market-calendar';
import type { Resolution } from './resolutions';
import { RESOLUTION_MINUTES, candleBucketStart, isIntradayResolution } from './resolutions';

/** A candle: start instant (epoch ms), prices, volume (units), the session's average traded price, and OI. */
export interface Candle {
  t: EpochMs;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  atp: number;
  oi: number;
}

/** What the builder reads from a tick (a feed tick has these fields and more). */
export interface CandleTick {
  readonly token: number;
  /** Exchange time, epoch ms. */
  readonly ts: EpochMs;
  /** Last traded price. */
  readonly lp: number;
  /** Volume traded in the session so far (cumulative); absent for indices and in `ltp` mode. */
  readonly vt?: number | undefined;
  /** The session's average traded price so far. */
  readonly atp?: number | undefined;
  /** Open interest. */
  readonly oi?: number | undefined;
}

/** Receives each candle as it closes. The candle object is the listener's to keep. */
export type CandleCloseListener = (token: number, resolution: Resolution, candle: Candle) => void;

/** How a builder is set up. */
export interface CandleBuilderOptions {
  /** Resolutions to build, in any order. */
  readonly resolutions: readonly Resolution[];
  /** The exchange segment whose sessions an instrument follows. */
  readonly exchangeOf: (token: number) => Exchange;
  /** Called once for every candle that closes (by a later tick or by {@link CandleBuilder.closeThrough}). */
  readonly onClose?: CandleCloseListener;
  readonly calendar?: MarketCalendar;
}

// Fields of one (instrument, resolution) record.
const T = 0;
const O = 1;
const H = 2;
const L = 3;
const C = 4;
const V = 5;
const ATP = 6;
const OI = 7;
/** End of the instants that map to the record's bucket (exclusive); -Infinity when no candle is in progress. */
const END = 8;
/**
 * When the candle is over by the clock: the bucket's nominal end (start + length; the last candle of a session
 * would otherwise wait for midnight, since post-close ticks belong to it), or {@link END} for days and longer.
 */
const DUE = 9;
const STRIDE = 10;

// Fields of one instrument's record.
/** No tick older than this is taken (the latest accepted tick, or the end of a candle closed by time). */
const FLOOR = 0;
/** Highest cumulative volume seen in the day {@link VT_DAY}; NaN before any. */
const LAST_VT = 1;
const VT_DAY = 2;
const LAST_ATP = 3;
const LAST_OI = 4;
const TOKEN_STRIDE = 5;

const EXCHANGE_INDEX: Readonly<Record<Exchange, number>> = { NSE: 0, BSE: 1, NFO: 2, BFO: 3 };
const EXCHANGE_COUNT = 4;
const INITIAL_CAPACITY = 64;

/**
 * Builds candles of several resolutions for many instruments from ticks (or from 1-minute candles), closing each
 * candle when a tick of a later bucket arrives or when the clock passes its end.
 */
export class CandleBuilder {
  private readonly resolutions: readonly Resolution[];
  private readonly count: number;
  private readonly exchangeOf: (token: number) => Exchange;
  private readonly onClose: CandleCloseListener | undefined;
  private readonly calendar: MarketCalendar;
  private readonly slots = new Map<number, number>();
  private tokens: number[] = [];
  private exchanges = new Uint8Array(INITIAL_CAPACITY);
  private perToken = new Float64Array(INITIAL_CAPACITY * TOKEN_STRIDE);
  private candles: Float64Array;
  // The last bucket asked of the calendar per (resolution, exchange): [start, lo, hi) of instants mapping to it.
  private readonly rangeStart: Float64Array;
  private readonly rangeLo: Float64Array;
  private readonly rangeHi: Float64Array;
  private readonly rangeDue: Float64Array;

  constructor(options: CandleBuilderOptions) {
    this.resolutions = [...new Set(options.resolutions)].sort((a, b) => RESOLUTION_MINUTES[a] - RESOLUTION_MINUTES[b]);
    this.count = this.resolutions.length;
    if (this.count === 0) throw new RangeError('A candle builder needs at least one resolution');
    this.exchangeOf = options.exchangeOf;
    this.onClose = options.onClose;
    this.calendar = options.calendar ?? defaultMarketCalendar;
    this.candles = new Float64Array(INITIAL_CAPACITY * this.count * STRIDE);
    const ranges = this.count * EXCHANGE_COUNT;
    this.rangeStart = new Float64Array(ranges);
    this.rangeLo = new Float64Array(ranges).fill(Infinity);
    this.rangeHi = new Float64Array(ranges).fill(-Infinity);
    this.rangeDue = new Float64Array(ranges);
  }

  /** The resolutions built, shortest first. */
  get builtResolutions(): readonly Resolution[] {
    return this.resolutions;
  }

  /** Number of instruments seen. */
  get size(): number {
    return this.tokens.length;
  }

  /** Takes one tick. */
  add(tick: CandleTick): void {
    const slot = this.slotOf(tick.token);
    const base = slot * TOKEN_STRIDE;
    const state = this.perToken;
    const ts = tick.ts;
    if (!(ts >= state[base + FLOOR]!)) return;
    state[base + FLOOR] = ts;
    let volume = 0;
    const vt = tick.vt;
    if (vt !== undefined) {
      const day = Math.floor((ts + IST_OFFSET_MS) / DAY_MS);
      const last = state[base + LAST_VT]!;
      if (day !== state[base + VT_DAY]) {
        // A new session: the exchange counts its volume from zero.
        volume = vt;
        state[base + VT_DAY] = day;
        state[base + LAST_VT] = vt;
      } else if (vt > last || last !== last) {
        volume = last === last ? vt - last : vt;
        state[base + LAST_VT] = vt;
      }
    }
    if (tick.atp !== undefined) state[base + LAST_ATP] = tick.atp;
    if (tick.oi !== undefined) state[base + LAST_OI] = tick.oi;
    const lp = tick.lp;
    this.apply(slot, ts, lp, lp, lp, lp, volume, state[base + LAST_ATP]!, state[base + LAST_OI]!);
  }

  /** Takes ticks in order. */
  addAll(ticks: readonly CandleTick[]): void {
    for (let i = 0; i < ticks.length; i++) this.add(ticks[i]!);
  }

  /**
   * Takes a finished candle of a shorter resolution (a stored 1-minute candle) whose bucket nests in every
   * resolution built, as if its ticks had arrived: higher resolutions from stored minutes.
   */
  addCandle(token: number, candle: Candle): void {
    const slot = this.slotOf(token);
    const base = slot * TOKEN_STRIDE;
    const state = this.perToken;
    if (!(candle.t >= state[base + FLOOR]!)) return;
    state[base + FLOOR] = candle.t;
    state[base + LAST_ATP] = candle.atp;
    state[base + LAST_OI] = candle.oi;
    this.apply(slot, candle.t, candle.o, candle.h, candle.l, candle.c, candle.v, candle.atp, candle.oi);
  }

  /**
   * Sets the cumulative volume already counted for an instrument in the session holding `at` (after a restart:
   * the volume of that session's stored candles), so its next tick counts only what traded since.
   */
  seedVolume(token: number, vt: number, at: EpochMs): void {
    const base = this.slotOf(token) * TOKEN_STRIDE;
    this.perToken[base + VT_DAY] = Math.floor((at + IST_OFFSET_MS) / DAY_MS);
    this.perToken[base + LAST_VT] = vt;
  }

  /**
   * Closes every candle in progress that is over by `instant`: its nominal end (start + length; for 1D/1W/1M the
   * end of the period) is at or before it — an instrument that stopped ticking, the end of the session. Ticks that
   * would belong to a candle closed this way (post-close ticks too, for a session's last candle) are ignored from
   * then on. Returns how many candles closed.
   */
  closeThrough(instant: EpochMs): number {
    let closed = 0;
    const n = this.tokens.length;
    for (let slot = 0; slot < n; slot++) {
      let floor = -Infinity;
      for (let r = 0; r < this.count; r++) {
        const at = (slot * this.count + r) * STRIDE;
        const end = this.candles[at + END]!;
        if (end === -Infinity || this.candles[at + DUE]! > instant) continue;
        this.emit(slot, r, at);
        this.candles[at + END] = -Infinity;
        if (end > floor) floor = end;
        closed++;
      }
      const base = slot * TOKEN_STRIDE;
      if (floor > this.perToken[base + FLOOR]!) this.perToken[base + FLOOR] = floor;
    }
    return closed;
  }

  /** Closes every candle in progress, whatever its end (shutting down, or the end of a folded series). */
  closeAll(): number {
    return this.closeThrough(Infinity);
  }

  /** The candle in progress of an instrument at a resolution, or null. */
  current(token: number, resolution: Resolution): Candle | null {
    const slot = this.slots.get(token);
    const r = this.resolutions.indexOf(resolution);
    if (slot === undefined || r < 0) return null;
    const at = (slot * this.count + r) * STRIDE;
    return this.candles[at + END] === -Infinity ? null : this.candleAt(at);
  }

  private apply(
    slot: number,
    ts: number,
    o: number,
    h: number,
    l: number,
    c: number,
    volume: number,
    atp: number,
    oi: number,
  ): void {
    const candles = this.candles;
    const count = this.count;
    let at = slot * count * STRIDE;
    for (let r = 0; r < count; r++, at += STRIDE) {
      if (ts < candles[at + END]!) {
        if (h > candles[at + H]!) candles[at + H] = h;
        if (l < candles[at + L]!) candles[at + L] = l;
        candles[at + C] = c;
        candles[at + V] = candles[at + V]! + volume;
        candles[at + ATP] = atp;
        candles[at + OI] = oi;
        continue;
      }
      if (candles[at + END] !== -Infinity) this.emit(slot, r, at);
      const range = r * EXCHANGE_COUNT + this.exchanges[slot]!;
      if (!(ts >= this.rangeLo[range]! && ts < this.rangeHi[range]!)) this.locate(ts, r, range, slot);
      candles[at + T] = this.rangeStart[range]!;
      candles[at + O] = o;
      candles[at + H] = h;
      candles[at + L] = l;
      candles[at + C] = c;
      candles[at + V] = volume;
      candles[at + ATP] = atp;
      candles[at + OI] = oi;
      candles[at + END] = this.rangeHi[range]!;
      candles[at + DUE] = this.rangeDue[range]!;
    }
  }

  // Asks the calendar which bucket holds `ts` and which instants share it.
  private locate(ts: number, r: number, range: number, slot: number): void {
    const resolution = this.resolutions[r]!;
    const exchange = this.exchangeOf(this.tokens[slot]!);
    const { start, lo, hi } = bucketRange(ts, resolution, exchange, this.calendar);
    this.rangeStart[range] = start;
    this.rangeLo[range] = lo;
    this.rangeHi[range] = hi;
    this.rangeDue[range] = isIntradayResolution(resolution)
      ? Math.min(hi, start + RESOLUTION_MINUTES[resolution] * MINUTE_MS)
      : hi;
  }

  private emit(slot: number, r: number, at: number): void {
    if (this.onClose) this.onClose(this.tokens[slot]!, this.resolutions[r]!, this.candleAt(at));
  }

  private candleAt(at: number): Candle {
    const c = this.candles;
    return {
      t: c[at + T]!,
      o: c[at + O]!,
      h: c[at + H]!,
      l: c[at + L]!,
      c: c[at + C]!,
      v: c[at + V]!,
      atp: c[at + ATP]!,
      oi: c[at + OI]!,
    };
  }

  private slotOf(token: number): number {
    const known = this.slots.get(token);
    if (known !== undefined) return known;
    const slot = this.tokens.length;
    if (slot === this.exchanges.length) this.grow();
    this.tokens.push(token);
    this.slots.set(token, slot);
    this.exchanges[slot] = EXCHANGE_INDEX[this.exchangeOf(token)];
    const base = slot * TOKEN_STRIDE;
    this.perToken[base + FLOOR] = -Infinity;
    this.perToken[base + LAST_VT] = NaN;
    this.perToken[base + VT_DAY] = NaN;
    this.perToken[base + LAST_ATP] = 0;
    this.perToken[base + LAST_OI] = 0;
    for (let r = 0; r < this.count; r++) this.candles[(slot * this.count + r) * STRIDE + END] = -Infinity;
    return slot;
  }

  private grow(): void {
    const capacity = this.exchanges.length * 2;
    const exchanges = new Uint8Array(capacity);
    exchanges.set(this.exchanges);
    this.exchanges = exchanges;
    const perToken = new Float64Array(capacity * TOKEN_STRIDE);
    perToken.set(this.perToken);
    this.perToken = perToken;
    const candles = new Float64Array(capacity * this.count * STRIDE);
    candles.set(this.candles);
    this.candles = candles;
  }
}

/**
 * The bucket holding an instant and the instants that share it: `[lo, hi)` all map to the candle starting at
 * `start` (the first intraday candle also holds the pre-open, the last one everything after the close up to
 * midnight; a day, week or month runs midnight to midnight). Derived from {@link candleBucketStart} alone.
 */
export function bucketRange(
  instant: EpochMs,
  resolution: Resolution,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): { start: EpochMs; lo: EpochMs; hi: EpochMs } {
  const bucketOf = (t: EpochMs) => candleBucketStart(t, resolution, exchange, calendar);
  const start = bucketOf(instant);
  const midnight = istMidnight(istDateOf(instant));
  const nextMidnight = midnight + DAY_MS;
  if (isIntradayResolution(resolution)) {
    // A candle never spans two days; within a day it ends at the next bucket's start unless it is the last one.
    const next = start + RESOLUTION_MINUTES[resolution] * MINUTE_MS;
    const hi = next >= nextMidnight || bucketOf(next) === start ? nextMidnight : next;
    const lo = start <= midnight || bucketOf(start - 1) === start ? midnight : start;
    return { start, lo, hi };
  }
  // Days, weeks and months: whole IST days; walk day by day (at most a month) while the bucket stays the same.
  let lo = midnight;
  while (bucketOf(lo - 1) === start) lo = istMidnight(istDateOf(lo - 1));
  let hi = nextMidnight;
  while (bucketOf(hi) === start) hi += DAY_MS;
  return { start, lo, hi };
}

/**
 * Candles of a resolution folded from consecutive shorter candles of one instrument (1-minute candles from
 * storage), oldest first: the same candles a builder fed the instrument's ticks would give.
 */
export function foldCandles(
  candles: readonly Candle[],
  resolution: Resolution,
  exchange: Exchange,
  calendar: MarketCalendar = defaultMarketCalendar,
): Candle[] {
  const folded: Candle[] = [];
  const builder = new CandleBuilder({
    resolutions: [resolution],
    exchangeOf: () => exchange,
    calendar,
    onClose: (_token, _resolution, candle) => folded.push(candle),
  });
  for (const candle of candles) builder.addCandle(0, candle);
  builder.closeAll();
  return folded;
}
