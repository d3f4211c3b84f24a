// One session of one price series, minute by minute: a Brownian bridge from the session's open to its close in a
// variance clock shaped like a U (busy first and last half hours, quiet lunch), with each stock's minute moves
// sharing the market's minute shocks through its correlation. Each minute's high and low are drawn from the exact
// distribution of a bridge's maximum and minimum between the minute's open and close. After the cash close (15:30)
// the latent path keeps moving for the F&O session's extra minutes (to 15:40 from 3-Aug-2026) and returns to the
// close by their end.
//
// Inside a minute, the second-by-second last price runs from the open, touches the high and the low at drawn
// seconds, and ends at the close, so the ticks of a minute always lie within its candle and make it exactly.
import { exponentialOf, hashOf, hashStep, normalOf, uniformOf } from './seeded-noise';

/** Minute-by-minute prices of one series in one session (raw, before rounding to the tick). */
export interface DayPath {
  /** Series id (domain's underlying id). */
  id: number;
  /** Session index. */
  session: number;
  /** Instant of the first minute (the open). */
  open: number;
  /** Minutes of the latent path (to the latest F&O close of the day). */
  minutes: number;
  /** Minutes of the cash session (the spot value stops changing after these). */
  cashMinutes: number;
  o: Float64Array;
  h: Float64Array;
  l: Float64Array;
  c: Float64Array;
  /** Share of the session's volume traded in each minute (sums to 1 over the cash minutes). */
  volumeShare: Float64Array;
  /** Share of the session's volume traded before each minute boundary (length minutes + 1). */
  cumulativeShare: Float64Array;
  /** Key of the series' tick-path noise for this session. */
  tickKey: number;
}

/** Inputs of a session's path. */
export interface DayPathInput {
  id: number;
  session: number;
  dayNumber: number;
  /** Epoch ms of the first minute. */
  openInstant: number;
  startPrice: number;
  endPrice: number;
  /** Daily standard deviation of log returns. */
  dailyVolatility: number;
  /** Correlation of the series' minute moves with the market's minute shocks (negative for India VIX). */
  marketCorrelation: number;
  cashMinutes: number;
  minutes: number;
}

/** Keys of the intraday random streams of one seed. */
export interface IntradayKeys {
  market: number;
  own: number;
  range: number;
  tick: number;
  volume: number;
}

// Share of the daily variance left for the intraday wiggle once the open and close are fixed.
const INTRADAY_VARIANCE_SCALE = 0.8;
// A minute's discrete trades reach less far than a continuous bridge; this scales the drawn excursions.
const RANGE_SCALE = 0.45;
const VOLUME_NOISE = 0.45;

// The U shape of intraday activity: weight of minute m of an M-minute session.
function activityWeight(m: number, cashMinutes: number, open: number, close: number): number {
  if (m >= cashMinutes) return 0.5;
  return 1 + open * Math.exp(-m / 18) + close * Math.exp(-(cashMinutes - 1 - m) / 22);
}

/** Fills a session's minute path. */
export function buildDayPath(input: DayPathInput, keys: IntradayKeys): DayPath {
  const { minutes, cashMinutes } = input;
  const path: DayPath = {
    id: input.id,
    session: input.session,
    open: input.openInstant,
    minutes,
    cashMinutes,
    o: new Float64Array(minutes),
    h: new Float64Array(minutes),
    l: new Float64Array(minutes),
    c: new Float64Array(minutes),
    volumeShare: new Float64Array(minutes),
    cumulativeShare: new Float64Array(minutes + 1),
    tickKey: hashOf(keys.tick, input.dayNumber, input.id),
  };
  pinnedLogPath(input, keys);
  const x = scratchX;
  const sigma = scratchS;
  const shape = activityShape(cashMinutes, minutes);
  const rangeKey = hashOf(keys.range, input.dayNumber, input.id);
  const volumeKey = hashOf(keys.volume, input.dayNumber, input.id);
  let volumeSum = 0;
  for (let m = 0; m < minutes; m++) {
    const from = x[m]!;
    const to = x[m + 1]!;
    const variance = sigma[m]! * sigma[m]! * RANGE_SCALE;
    const span = (from - to) * (from - to);
    path.o[m] = Math.exp(from);
    path.c[m] = Math.exp(to);
    path.h[m] = Math.exp(0.5 * (from + to + Math.sqrt(span + 2 * variance * exponentialOf(hashStep(rangeKey, 2 * m)))));
    path.l[m] = Math.exp(
      0.5 * (from + to - Math.sqrt(span + 2 * variance * exponentialOf(hashStep(rangeKey, 2 * m + 1)))),
    );
    // Volume follows the U shape, rises with the size of the minute's move, and is noisy.
    const move = Math.abs(to - from) / (sigma[m]! || 1);
    const weight =
      shape.volume[m]! *
      (0.7 + 0.3 * move) *
      Math.exp(VOLUME_NOISE * normalOf(hashStep(volumeKey, m)) - 0.5 * VOLUME_NOISE * VOLUME_NOISE);
    path.volumeShare[m] = weight;
    if (m < cashMinutes) volumeSum += weight;
  }
  for (let m = 0; m < minutes; m++) {
    path.volumeShare[m] = path.volumeShare[m]! / volumeSum;
    path.cumulativeShare[m + 1] = path.cumulativeShare[m]! + path.volumeShare[m]!;
  }
  return path;
}

/** Highest high and lowest low of a session's cash minutes, without building the minutes (same draws). */
export function dayExtremes(input: DayPathInput, keys: IntradayKeys): { high: number; low: number } {
  pinnedLogPath(input, keys);
  const x = scratchX;
  const sigma = scratchS;
  const rangeKey = hashOf(keys.range, input.dayNumber, input.id);
  let high = -Infinity;
  let low = Infinity;
  for (let m = 0; m < input.cashMinutes; m++) {
    const from = x[m]!;
    const to = x[m + 1]!;
    const variance = sigma[m]! * sigma[m]! * RANGE_SCALE;
    const span = (from - to) * (from - to);
    const up = 0.5 * (from + to + Math.sqrt(span + 2 * variance * exponentialOf(hashStep(rangeKey, 2 * m))));
    const down = 0.5 * (from + to - Math.sqrt(span + 2 * variance * exponentialOf(hashStep(rangeKey, 2 * m + 1))));
    if (up > high) high = up;
    if (down < low) low = down;
  }
  return { high: Math.exp(high), low: Math.exp(low) };
}

let scratchX = new Float64Array(0);
let scratchT = new Float64Array(0);
let scratchS = new Float64Array(0);

/** Per-minute weights of a session shape: variance (for the path) and volume, both U-shaped. */
interface ActivityShape {
  variance: Float64Array;
  volume: Float64Array;
  varianceSum: number;
}

const SHAPES = new Map<number, ActivityShape>();

function activityShape(cashMinutes: number, minutes: number): ActivityShape {
  const key = cashMinutes * 4096 + minutes;
  const known = SHAPES.get(key);
  if (known) return known;
  const variance = new Float64Array(minutes);
  const volume = new Float64Array(minutes);
  let varianceSum = 0;
  for (let m = 0; m < minutes; m++) {
    variance[m] = activityWeight(m, cashMinutes, 1.6, 0.9);
    volume[m] = activityWeight(m, cashMinutes, 2.2, 1.4);
    if (m < cashMinutes) varianceSum += variance[m]!;
  }
  const shape = { variance, volume, varianceSum };
  SHAPES.set(key, shape);
  return shape;
}

// The market's minute shocks of the latest session asked for: every stock of a session shares them. The cache is
// keyed by the stream and the day themselves (not a hash of them), so it can never hand out another day's shocks.
let marketNoiseStream = -1;
let marketNoiseDay = Number.NaN;
let marketNoise = new Float64Array(0);

function marketShocks(stream: number, dayNumber: number, minutes: number): Float64Array {
  if (stream === marketNoiseStream && dayNumber === marketNoiseDay && marketNoise.length >= minutes) {
    return marketNoise;
  }
  if (marketNoise.length < minutes) marketNoise = new Float64Array(Math.max(minutes, 512));
  const key = hashStep(stream, dayNumber);
  for (let m = 0; m < marketNoise.length; m++) marketNoise[m] = normalOf(hashStep(key, m));
  marketNoiseStream = stream;
  marketNoiseDay = dayNumber;
  return marketNoise;
}

/**
 * The session's log prices at minute boundaries into scratchX (length minutes + 1) and each minute's standard
 * deviation into scratchS: a Brownian bridge pinned at the open and at the cash close.
 */
function pinnedLogPath(input: DayPathInput, keys: IntradayKeys): void {
  const { minutes, cashMinutes, dayNumber, id } = input;
  if (scratchX.length <= minutes + 1) {
    const size = Math.max(minutes + 2, 512);
    scratchX = new Float64Array(size);
    scratchT = new Float64Array(size);
    scratchS = new Float64Array(size);
  }
  const x = scratchX;
  const clock = scratchT;
  const sigma = scratchS;
  const rho = input.marketCorrelation;
  const ownWeight = Math.sqrt(Math.max(0, 1 - rho * rho));
  const market = marketShocks(keys.market, dayNumber, minutes);
  const ownKey = hashOf(keys.own, dayNumber, id);
  const shape = activityShape(cashMinutes, minutes);
  // Variance clock: the U-shaped weights scaled so the cash session carries the intraday share of the day.
  const scale = (input.dailyVolatility * input.dailyVolatility * INTRADAY_VARIANCE_SCALE) / shape.varianceSum;
  let noise = 0;
  clock[0] = 0;
  x[0] = 0;
  for (let m = 0; m < minutes; m++) {
    const variance = scale * shape.variance[m]!;
    const deviation = Math.sqrt(variance);
    sigma[m] = deviation;
    noise += deviation * (rho * market[m]! + ownWeight * normalOf(hashStep(ownKey, m)));
    x[m + 1] = noise;
    clock[m + 1] = clock[m]! + (m < cashMinutes ? variance : 0);
  }
  // Pin the path to the open and the close: subtract the noise's end value in proportion to elapsed variance.
  const logStart = Math.log(input.startPrice);
  const logEnd = Math.log(input.endPrice);
  const total = clock[cashMinutes]!;
  const endNoise = x[cashMinutes]!;
  // After the cash close (F&O runs to 15:40 from 3-Aug-2026) the path wanders and comes back to the close by the
  // F&O close: futures and options settle against the index's closing value, so they must meet it at expiry.
  const extraMinutes = minutes - cashMinutes;
  const lateNoise = x[minutes]! - endNoise;
  for (let m = 0; m <= minutes; m++) {
    if (m <= cashMinutes) {
      const share = total > 0 ? clock[m]! / total : m / cashMinutes;
      x[m] = logStart + (logEnd - logStart) * share + x[m]! - endNoise * share;
    } else {
      x[m] = logEnd + x[m]! - endNoise - (lateNoise * (m - cashMinutes)) / extraMinutes;
    }
  }
}

const LAST_SECOND = 59;

/**
 * The last price at second `second` (0–59) of minute `minute`: the minute's open at second 0, its close at second
 * 59, its high and low at two drawn seconds in between, and a bounded wiggle along straight lines between them.
 */
export function priceWithinMinute(
  o: number,
  h: number,
  l: number,
  c: number,
  tickKey: number,
  minute: number,
  second: number,
): number {
  if (second <= 0) return o;
  if (second >= LAST_SECOND) return c;
  const key = hashStep(tickKey, minute);
  const highSecond = 1 + (hashStep(key, 1) % (LAST_SECOND - 1));
  let lowSecond = 1 + (hashStep(key, 2) % (LAST_SECOND - 1));
  if (lowSecond === highSecond) lowSecond = ((lowSecond + 28) % (LAST_SECOND - 1)) + 1;
  // The four anchors in time order: open, the first extreme, the second extreme, close.
  const firstSecond = Math.min(highSecond, lowSecond);
  const secondSecond = Math.max(highSecond, lowSecond);
  const firstValue = highSecond < lowSecond ? h : l;
  const secondValue = highSecond < lowSecond ? l : h;
  let fromSecond: number;
  let fromValue: number;
  let toSecond: number;
  let toValue: number;
  if (second <= firstSecond) {
    fromSecond = 0;
    fromValue = o;
    toSecond = firstSecond;
    toValue = firstValue;
  } else if (second <= secondSecond) {
    fromSecond = firstSecond;
    fromValue = firstValue;
    toSecond = secondSecond;
    toValue = secondValue;
  } else {
    fromSecond = secondSecond;
    fromValue = secondValue;
    toSecond = LAST_SECOND;
    toValue = c;
  }
  const length = toSecond - fromSecond;
  const along = (second - fromSecond) / length;
  const envelope = 4 * along * (1 - along);
  const value =
    fromValue + (toValue - fromValue) * along + 0.2 * (h - l) * envelope * normalOf(hashStep(key, 3 + second));
  return value > h ? h : value < l ? l : value;
}

/** A uniform draw in (0, 1) for a minute and second of a series' session (trade sizes and sides). */
export function secondUniform(tickKey: number, minute: number, second: number, salt: number): number {
  return uniformOf(hashOf(tickKey, minute, second, salt));
}
