import { CANDLE_FIELDS, type CandleColumns } from '@fnodesk/market-sim';
import { wholePaise } from '../../platform/json-number';

// Candle lists are the largest answers of the data API (a chart page asks for 31 instruments × 375 minutes, over a
// megabyte of JSON). JSON.stringify spends most of that time finding the shortest form of each double and the
// response then pays again to encode the string as UTF-8. Prices here are whole paise and counts are integers, so
// writing their digits straight into bytes gives the same text as JSON.stringify at a fraction of the cost.
// The writers take the buffer and a position and return the position after what they wrote, so the hot loop keeps
// both in locals.

const DIGIT = 48;
const COMMA = 44;
const QUOTE = 34;
const COLON = 58;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const HUNDRED_MILLION = 100_000_000;
/** The most bytes one candle can take with every number at its longest (17 significant digits and an exponent). */
const MAX_CANDLE_BYTES = 8 * 24 + 40;

/** ASCII digit pairs of 00–99, two bytes each. */
const PAIRS = new Uint8Array(200);
/** ASCII digit quads of 0000–9999, four bytes each, so integers are written four digits per division. */
const QUADS = new Uint8Array(40_000);
for (let n = 0; n < 10_000; n++) {
  const digits = String(n).padStart(4, '0');
  for (let i = 0; i < 4; i++) QUADS[4 * n + i] = digits.charCodeAt(i);
  if (n < 100) {
    PAIRS[2 * n] = QUADS[4 * n + 2]!;
    PAIRS[2 * n + 1] = QUADS[4 * n + 3]!;
  }
}
/** Integers below this are written with 32-bit integer arithmetic. */
const INT32_LIMIT = 2 ** 31;

/** Decimal digits of 0 ≤ n < 2^31. */
function digitCount(n: number): number {
  if (n < 1e5) return n < 10 ? 1 : n < 100 ? 2 : n < 1e3 ? 3 : n < 1e4 ? 4 : 5;
  return n < 1e6 ? 6 : n < 1e7 ? 7 : n < 1e8 ? 8 : n < 1e9 ? 9 : 10;
}

/** Writes 0 ≤ value < 2^31 in decimal ending just before `end`, which leaves exactly room for its digits. */
function digitsBefore(buf: Buffer, end: number, value: number): void {
  let n = value | 0;
  let at = end;
  while (n >= 10_000) {
    const q = (n / 10_000) | 0;
    const quad = (n - q * 10_000) << 2;
    buf[at - 1] = QUADS[quad + 3]!;
    buf[at - 2] = QUADS[quad + 2]!;
    buf[at - 3] = QUADS[quad + 1]!;
    buf[at - 4] = QUADS[quad]!;
    at -= 4;
    n = q;
  }
  if (n >= 100) {
    const q = (n / 100) | 0;
    const pair = (n - q * 100) << 1;
    buf[at - 1] = PAIRS[pair + 1]!;
    buf[at - 2] = PAIRS[pair]!;
    at -= 2;
    n = q;
  }
  if (n >= 10) {
    buf[at - 1] = PAIRS[(n << 1) + 1]!;
    buf[at - 2] = PAIRS[n << 1]!;
  } else buf[at - 1] = DIGIT + n;
}

/** 0 ≤ n < 2^31 in decimal at `pos`. */
function int32(buf: Buffer, pos: number, n: number): number {
  const end = pos + digitCount(n);
  digitsBefore(buf, end, n);
  return end;
}

/** Exactly eight digits of 0 ≤ n < 10^8, zero-padded, at `pos`. */
function eightDigits(buf: Buffer, pos: number, n: number): number {
  const high = (n / 10_000) | 0;
  const low = (n - high * 10_000) << 2;
  const top = high << 2;
  for (let i = 0; i < 4; i++) {
    buf[pos + i] = QUADS[top + i]!;
    buf[pos + 4 + i] = QUADS[low + i]!;
  }
  return pos + 8;
}

/** A number at `pos` exactly as JSON.stringify writes it. */
function number(buf: Buffer, pos: number, value: number): number {
  if (value >= 0 && value < INT32_LIMIT && (value | 0) === value) return int32(buf, pos, value);
  if (value >= INT32_LIMIT && value <= MAX_SAFE && Math.floor(value) === value) {
    // Instants and other large counts: the part above the last eight digits, then those eight zero-padded.
    const high = Math.floor(value / HUNDRED_MILLION);
    if (high < INT32_LIMIT) return eightDigits(buf, int32(buf, pos, high), value - high * HUNDRED_MILLION);
  }
  const paise = wholePaise(value);
  if (paise > 0) {
    // Whole paise (below a billion rupees, so the rupees fit 32-bit arithmetic): the shortest form of the double is
    // the rupees, a point and one or two digits.
    const rupees = Math.floor(paise / 100);
    const cents = (paise - rupees * 100) << 1;
    let at = int32(buf, pos, rupees);
    buf[at++] = 46; // '.'
    buf[at++] = PAIRS[cents]!;
    const ones = PAIRS[cents + 1]!;
    if (ones !== DIGIT) buf[at++] = ones;
    return at;
  }
  // Anything else (negatives, NaN as null, finer fractions) takes JSON.stringify's own form.
  return pos + buf.write(JSON.stringify(value), pos, 'latin1');
}

/** `,"k":` (or `{"k":` for the first key) for a one-letter key. */
function key1(buf: Buffer, pos: number, lead: number, letter: number): number {
  buf[pos] = lead;
  buf[pos + 1] = QUOTE;
  buf[pos + 2] = letter;
  buf[pos + 3] = QUOTE;
  buf[pos + 4] = COLON;
  return pos + 5;
}

const ATP = Buffer.from(',"atp":', 'latin1');
const OI = Buffer.from(',"oi":', 'latin1');

function constant(buf: Buffer, pos: number, bytes: Buffer): number {
  for (let i = 0; i < bytes.length; i++) buf[pos + i] = bytes[i]!;
  return pos + bytes.length;
}

/** Where each series is written before it is read out as text (grown as needed, never shrunk). */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);

/**
 * The JSON of a candle list's elements, without the surrounding brackets: character for character what
 * `JSON.stringify(candles).slice(1, -1)` gives for the same candles as objects. It is all ASCII, written as bytes
 * and returned as a string: cached answers then live in the JS heap, whose growth V8 tolerates far more of before a
 * full collection than memory outside it.
 */
export function candleElementsJson(columns: CandleColumns): string {
  const values = columns.values;
  const count = columns.length;
  let buf = scratch;
  let pos = 0;
  for (let i = 0, at = 0; i < count; i++, at += CANDLE_FIELDS) {
    if (pos + MAX_CANDLE_BYTES > buf.length) {
      const grown = Buffer.allocUnsafeSlow(buf.length * 2);
      buf.copy(grown, 0, 0, pos);
      buf = scratch = grown;
    }
    if (i > 0) buf[pos++] = COMMA;
    pos = number(buf, key1(buf, pos, 123, 116), values[at]!); // {"t":
    pos = number(buf, key1(buf, pos, COMMA, 111), values[at + 1]!);
    pos = number(buf, key1(buf, pos, COMMA, 104), values[at + 2]!);
    pos = number(buf, key1(buf, pos, COMMA, 108), values[at + 3]!);
    pos = number(buf, key1(buf, pos, COMMA, 99), values[at + 4]!);
    pos = number(buf, key1(buf, pos, COMMA, 118), values[at + 5]!);
    pos = number(buf, constant(buf, pos, ATP), values[at + 6]!);
    pos = number(buf, constant(buf, pos, OI), values[at + 7]!);
    buf[pos++] = 125; // '}'
  }
  return buf.toString('latin1', 0, pos);
}
