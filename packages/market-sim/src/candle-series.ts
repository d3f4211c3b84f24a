// Candles of any resolution from the minute candles (intraday) or day candles (1D, 1W, 1M). Intraday buckets are
// counted from the session's open, so 75-minute candles start at 09:15, 10:30, …; day, week and month candles are
// made of whole sessions and start at the open of their first session, as domain's candleBucketStart defines.
// Days without a session (weekends, holidays) have no candles. Data is "as of" the range's end: a candle still in
// progress then is built from the ticks up to that second.
import type { Resolution } from '@fnodesk/domain';
import {
  candleBucketStart,
  dateParts,
  derivativesExchangeOf,
  isIntradayResolution,
  istDateOf,
  RESOLUTION_MINUTES,
  weekdayOf,
} from '@fnodesk/domain';
import type { ContractRef, MinuteBars, PriceEngine } from './price-engine';
import { roundTo } from './price-engine';

/** A candle: start instant, prices, volume (units), average traded price of the session so far, and OI (units). */
export interface Candle {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  atp: number;
  oi: number;
}

const MINUTE_MS = 60_000;
const LAST_SECOND_MS = 59_000;
/** Numbers per candle in {@link CandleColumns}: t, o, h, l, c, v, atp, oi. */
export const CANDLE_FIELDS = 8;

/**
 * Candles as rows of eight numbers (t, o, h, l, c, v, atp, oi) in one growing array: what a series is computed into.
 * A reader that only writes candles out (as JSON, say) reuses one instance and makes no candle objects, which for a
 * chart page's history are over ten thousand objects a request.
 */
export class CandleColumns {
  /** Candles held: row i is `values[8 i]` to `values[8 i + 7]`. */
  length = 0;
  values: Float64Array;

  constructor(capacity = 512) {
    this.values = new Float64Array(Math.max(1, capacity) * CANDLE_FIELDS);
  }

  /** Empties it for another series, keeping its memory. */
  clear(): this {
    this.length = 0;
    return this;
  }

  push(t: number, o: number, h: number, l: number, c: number, v: number, atp: number, oi: number): void {
    let at = this.length * CANDLE_FIELDS;
    if (at + CANDLE_FIELDS > this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    const values = this.values;
    values[at++] = t;
    values[at++] = o;
    values[at++] = h;
    values[at++] = l;
    values[at++] = c;
    values[at++] = v;
    values[at++] = atp;
    values[at] = oi;
    this.length++;
  }

  pushCandle(candle: Candle): void {
    this.push(candle.t, candle.o, candle.h, candle.l, candle.c, candle.v, candle.atp, candle.oi);
  }

  /** The candles as objects. */
  toCandles(): Candle[] {
    const values = this.values;
    const candles: Candle[] = new Array<Candle>(this.length);
    for (let i = 0, at = 0; i < this.length; i++, at += CANDLE_FIELDS) {
      candles[i] = {
        t: values[at]!,
        o: values[at + 1]!,
        h: values[at + 2]!,
        l: values[at + 3]!,
        c: values[at + 4]!,
        v: values[at + 5]!,
        atp: values[at + 6]!,
        oi: values[at + 7]!,
      };
    }
    return candles;
  }
}

/**
 * Candles of an instrument with starts from the bucket holding `from` up to `to`, as of the instant `to`, added to
 * `into`.
 */
export function candleSeries(
  engine: PriceEngine,
  ref: ContractRef,
  resolution: Resolution,
  from: number,
  to: number,
  into: CandleColumns,
): void {
  if (!(to >= from)) return;
  const grid = engine.grid;
  grid.ensureInstant(to);
  const last = grid.sessionAt(to, ref.venue);
  if (last < 0) return;
  engine.model.ensure(last + 1 < grid.size ? last + 1 : last);
  if (isIntradayResolution(resolution)) {
    const first = Math.max(0, grid.sessionAt(from, ref.venue));
    intradayCandles(engine, ref, RESOLUTION_MINUTES[resolution], first, last, from, to, into);
    return;
  }
  // The day, week or month holding `from` is included whole.
  const exchange = ref.kind === 'SPOT' ? ref.venue : derivativesExchangeOf(ref.venue);
  const bucketStart = candleBucketStart(from, resolution, exchange, grid.calendar);
  const first = Math.max(0, grid.indexAtOrAfter(istDateOf(bucketStart)));
  for (const candle of sessionCandles(engine, ref, resolution, first, last, bucketStart, to)) into.pushCandle(candle);
}

function intradayCandles(
  engine: PriceEngine,
  ref: ContractRef,
  size: number,
  first: number,
  last: number,
  from: number,
  to: number,
  into: CandleColumns,
): void {
  for (let k = first; k <= last; k++) {
    const count = engine.minutesIn(ref, k);
    if (count === 0) continue;
    const open = engine.grid.open(k);
    if (open > to) break;
    // Minutes complete by `to` (their last tick at :59 is at or before it), and a minute still in progress.
    const complete = Math.min(count, Math.max(0, Math.floor((to - open - LAST_SECOND_MS) / MINUTE_MS) + 1));
    const partialMinute = complete < count && open + complete * MINUTE_MS <= to ? complete : -1;
    const through = partialMinute >= 0 ? partialMinute : complete - 1;
    if (through < 0) continue;
    const firstBucket = Math.max(0, Math.floor((from - open) / (size * MINUTE_MS)));
    // A session that ends before `from` (the one `from` falls after, when it lies between sessions) has no candle
    // in the range: its minutes are not computed.
    if (firstBucket * size > through) continue;
    const bars = engine.minuteBars(ref, k, through)!;
    const state = partialMinute >= 0 ? engine.stateAt(ref, to) : null;
    for (let bucket = firstBucket; bucket * size <= through; bucket++) {
      const startMinute = bucket * size;
      const endMinute = Math.min(startMinute + size - 1, through);
      aggregateMinutes(ref, bars, startMinute, endMinute, partialMinute, state, into);
    }
  }
}

function aggregateMinutes(
  ref: ContractRef,
  bars: MinuteBars,
  startMinute: number,
  endMinute: number,
  partialMinute: number,
  state: ReturnType<PriceEngine['stateAt']>,
  into: CandleColumns,
): void {
  const t = bars.start + startMinute * MINUTE_MS;
  let h = -Infinity;
  let l = Infinity;
  let v = 0;
  const fullEnd = endMinute === partialMinute ? endMinute - 1 : endMinute;
  for (let m = startMinute; m <= fullEnd; m++) {
    if (bars.h[m]! > h) h = bars.h[m]!;
    if (bars.l[m]! < l) l = bars.l[m]!;
    v += bars.v[m]!;
  }
  let c: number;
  let atp: number;
  let oi: number;
  if (endMinute === partialMinute && state?.minute) {
    const minute = state.minute;
    if (minute.h > h) h = minute.h;
    if (minute.l < l) l = minute.l;
    v += minute.v;
    c = minute.c;
    atp = state.atp;
    oi = minute.oi;
  } else {
    c = bars.c[endMinute]!;
    const volume = bars.cumulativeVolume[endMinute]!;
    atp = volume > 0 ? roundTo(bars.cumulativeValue[endMinute]! / volume, ref.priceTick) : 0;
    oi = bars.oi[endMinute]!;
  }
  into.push(t, bars.o[startMinute]!, h, l, c, v, atp, oi);
}

function sessionCandles(
  engine: PriceEngine,
  ref: ContractRef,
  resolution: Resolution,
  first: number,
  last: number,
  bucketStart: number,
  to: number,
): Candle[] {
  const candles: Candle[] = [];
  let current: Candle | null = null;
  let currentGroup = -1;
  let value = 0;
  for (let k = first; k <= last; k++) {
    const day = dayCandle(engine, ref, k, to);
    if (!day) continue;
    const group = groupOf(engine, k, resolution);
    if (current && group === currentGroup) {
      if (day.h > current.h) current.h = day.h;
      if (day.l < current.l) current.l = day.l;
      current.c = day.c;
      current.v += day.v;
      value += day.atp * day.v;
      current.atp = current.v > 0 ? roundTo(value / current.v, ref.priceTick) : 0;
      current.oi = day.oi;
      continue;
    }
    if (current) candles.push(current);
    current = { ...day };
    currentGroup = group;
    value = day.atp * day.v;
  }
  if (current) candles.push(current);
  return candles.filter((candle) => candle.t >= bucketStart);
}

// Day candles group by session, weeks by their Monday (weeks run Monday–Sunday), months by calendar month.
function groupOf(engine: PriceEngine, k: number, resolution: Resolution): number {
  const dayNumber = engine.grid.dayNumber(k);
  if (resolution === '1D') return dayNumber;
  if (resolution === '1W') return dayNumber - ((weekdayOf(engine.grid.date(k)) + 6) % 7);
  const { year, month } = dateParts(engine.grid.date(k));
  return year * 12 + month;
}

/** The day candle of session k as of the instant `to` (partial while the session is in progress). */
export function dayCandle(engine: PriceEngine, ref: ContractRef, k: number, to: number): Candle | null {
  const count = engine.minutesIn(ref, k);
  if (count === 0) return null;
  const open = engine.grid.open(k);
  if (open > to) return null;
  const end = open + (count - 1) * MINUTE_MS + LAST_SECOND_MS;
  if (to >= end) {
    const bar = engine.dayBar(ref, k)!;
    return { t: bar.start, o: bar.o, h: bar.h, l: bar.l, c: bar.c, v: bar.v, atp: bar.atp, oi: bar.oi };
  }
  const state = engine.stateAt(ref, to);
  if (!state || state.phase !== 'open') return null;
  return { t: open, o: state.o, h: state.h, l: state.l, c: state.lp, v: state.vt, atp: state.atp, oi: state.oi };
}
