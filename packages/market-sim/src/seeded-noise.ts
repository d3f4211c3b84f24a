// Counter-based randomness: every random number the simulated market uses is a hash of (seed, stream, counters),
// never the next draw of a stateful generator. That is what makes history a pure function of (seed, instrument,
// time): any minute of any day can be recomputed alone, in any order, and gives the same value every time.
import { inverseNormalCdf } from '@fnodesk/domain';

/** Mixes a 32-bit integer into a well-spread 32-bit unsigned hash (the "lowbias32" finaliser). */
export function mix32(value: number): number {
  let x = value | 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** Hash of a key and one more counter: feeds keys of several counters one counter at a time. */
export function hashStep(key: number, counter: number): number {
  return mix32(key ^ Math.imul(counter | 0, 0x9e3779b1) ^ 0x632be5ab);
}

/** Hash of a key and up to three counters. */
export function hashOf(key: number, a: number, b = 0, c = 0): number {
  return hashStep(hashStep(hashStep(key, a), b), c);
}

const TWO_TO_32 = 4_294_967_296;

/** A uniform number strictly inside (0, 1) from a 32-bit hash. */
export function uniformOf(hash: number): number {
  return ((hash >>> 0) + 0.5) / TWO_TO_32;
}

// Standard normal draws come from a table of the inverse normal distribution with linear interpolation, about ten
// times faster than evaluating it. The table's ends (±3.9 σ) cap single draws; the simulated market adds its rare
// large moves as separate jumps, so nothing relies on the far tails of one draw.
const NORMAL_TABLE_SIZE = 16_384;
const NORMAL_TABLE = new Float64Array(NORMAL_TABLE_SIZE + 1);
for (let i = 0; i <= NORMAL_TABLE_SIZE; i++) {
  NORMAL_TABLE[i] = inverseNormalCdf((i + 0.5) / (NORMAL_TABLE_SIZE + 1));
}
const NORMAL_SCALE = NORMAL_TABLE_SIZE / TWO_TO_32;

/** A standard normal draw from a 32-bit hash. */
export function normalOf(hash: number): number {
  const position = (hash >>> 0) * NORMAL_SCALE;
  const index = position | 0;
  const low = NORMAL_TABLE[index]!;
  return low + (NORMAL_TABLE[index + 1]! - low) * (position - index);
}

/** An exponential draw with mean 1 from a 32-bit hash. */
export function exponentialOf(hash: number): number {
  return -Math.log(uniformOf(hash));
}

/** A key naming one random stream of the market: every stream of a seed starts from its own key. */
export function streamKey(seed: number, stream: number, id = 0): number {
  return hashOf(mix32(seed ^ 0x5bd1e995), stream, id);
}

/** Names of the random streams, so that no two parts of the model draw the same numbers. */
export const STREAM = Object.freeze({
  market: 1,
  volatilityIndex: 2,
  marketJump: 3,
  sector: 4,
  stockOwn: 5,
  stockJump: 6,
  stockGap: 7,
  indexOwn: 8,
  stockProfile: 9,
  intradayMarket: 10,
  intradayOwn: 11,
  intradayRange: 12,
  tickPath: 13,
  carry: 14,
  volume: 15,
  openInterest: 16,
  putCallBias: 17,
  depth: 18,
  participants: 19,
  cashFlows: 20,
  derivativeFlows: 21,
  marketWidePosition: 22,
  tradeSide: 23,
  preOpen: 24,
  delivery: 25,
});
