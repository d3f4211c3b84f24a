import { CANDLE_FIELDS, type CandleColumns } from '@fnodesk/market-sim';
import { wholePaise } from '../../platform/json-number';

// Candle lists are the largest answers of the data API (a chart page asks for 31 instruments × 375 minutes, over a
// megabyte of JSON). JSON.stringify spends most of that time finding the shortest form of each double and the
// response then pays again to encode the string as UTF-8. Prices here are whole paise and counts are integers, so
// writing their digits straight into bytes gives the same text as JSON.stringify at a fraction of the cost.
// Bytes go out four at a time, as little-endian 32-bit stores through a DataView (about a third of the cost of
// storing them one by one): digits four per store from tables, keys a store or two each. A store may write past
// what it means to; the bytes it spills over are always overwritten by the next store, which starts where the
// meaningful ones end, and only what lies before the final position is read out.
// The writers take the view and a position and return the position after what they wrote, so the hot loop keeps
// both in locals.

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const HUNDRED_MILLION = 100_000_000;
/** Integers below this are written with 32-bit integer arithmetic. */
const INT32_LIMIT = 2 ** 31;
/**
 * The most bytes one candle can take with every number at its longest (17 significant digits and an exponent),
 * plus the spill of a four-byte store at the end.
 */
const MAX_CANDLE_BYTES = 8 * 24 + 40 + 4;

/** Four ASCII bytes as the little-endian 32-bit word that stores them in order (short text padded with spaces). */
function word(text: string): number {
  const padded = text.padEnd(4, ' ');
  return (
    (padded.charCodeAt(0) |
      (padded.charCodeAt(1) << 8) |
      (padded.charCodeAt(2) << 16) |
      (padded.charCodeAt(3) << 24)) >>>
    0
  );
}

/** 0000–9999 zero-padded, as words. */
const QUADS = new Uint32Array(10_000);
/** 0–9999 without padding, as words (the digits first, then spill). */
const LEADS = new Uint32Array(10_000);
/** How many digits each of 0–9999 has. */
const LEAD_LENGTHS = new Uint8Array(10_000);
/** `.d` or `.dd` for 1–99 paise, trailing zero dropped, as words; the length is 2 when the paise are a multiple of ten. */
const FRACTIONS = new Uint32Array(100);
for (let n = 0; n < 10_000; n++) {
  QUADS[n] = word(String(n).padStart(4, '0'));
  LEADS[n] = word(String(n));
  LEAD_LENGTHS[n] = String(n).length;
  if (n > 0 && n < 100) FRACTIONS[n] = word(`.${String(n).padStart(2, '0').replace(/0$/, '')}`);
}
/** Four zeros: the last digits of an instant on a whole minute. */
const ZEROS = QUADS[0]!;
const OPEN_T = word('{"t"');
const COMMA_O = word(',"o"');
const COMMA_H = word(',"h"');
const COMMA_L = word(',"l"');
const COMMA_C = word(',"c"');
const COMMA_V = word(',"v"');
const COMMA_ATP = word(',"at');
const P_QUOTE_COLON = word('p":');
const COMMA_OI = word(',"oi');
const QUOTE_COLON = word('":');
const COLON = 58;
const COMMA = 44;
const CLOSE = 125; // '}'

/** 0 ≤ n < 2^31 in decimal at `pos`. */
function int32(view: DataView, pos: number, n: number): number {
  if (n < 10_000) {
    view.setUint32(pos, LEADS[n]!, true);
    return pos + LEAD_LENGTHS[n]!;
  }
  if (n < HUNDRED_MILLION) {
    const high = (n / 10_000) | 0;
    const at = pos + LEAD_LENGTHS[high]!;
    view.setUint32(pos, LEADS[high]!, true);
    view.setUint32(at, QUADS[n - high * 10_000]!, true);
    return at + 4;
  }
  const high = (n / HUNDRED_MILLION) | 0;
  view.setUint32(pos, LEADS[high]!, true);
  return eightDigits(view, pos + LEAD_LENGTHS[high]!, n - high * HUNDRED_MILLION);
}

/** Exactly eight digits of 0 ≤ n < 10^8, zero-padded, at `pos`. */
function eightDigits(view: DataView, pos: number, n: number): number {
  const high = (n / 10_000) | 0;
  view.setUint32(pos, QUADS[high]!, true);
  view.setUint32(pos + 4, QUADS[n - high * 10_000]!, true);
  return pos + 8;
}

/** A number at `pos` exactly as JSON.stringify writes it. */
function number(view: DataView, pos: number, value: number): number {
  if (value >= 0 && value < INT32_LIMIT && (value | 0) === value) return int32(view, pos, value);
  if (value >= INT32_LIMIT && value <= MAX_SAFE && Math.floor(value) === value) {
    // Instants and other large counts: the part above the last eight digits, then those eight zero-padded.
    const high = Math.floor(value / HUNDRED_MILLION);
    if (high < INT32_LIMIT) return eightDigits(view, int32(view, pos, high), value - high * HUNDRED_MILLION);
  }
  const paise = wholePaise(value);
  if (paise > 0) return paiseAt(view, pos, paise);
  // Anything else (negatives, NaN as null, finer fractions) takes JSON.stringify's own form.
  return pos + scratch.write(JSON.stringify(value), pos, 'latin1');
}

/**
 * Whole paise (below a billion rupees, so the rupees fit 32-bit arithmetic) as the shortest form of their double:
 * the rupees, then a point and one or two digits unless the paise are whole rupees.
 */
function paiseAt(view: DataView, pos: number, paise: number): number {
  const rupees = (paise / 100) | 0;
  const cents = paise - rupees * 100;
  const at = int32(view, pos, rupees);
  if (cents === 0) return at;
  view.setUint32(at, FRACTIONS[cents]!, true);
  return at + (cents % 10 === 0 ? 2 : 3);
}

/** A price: whole paise take the short path, anything else {@link number}'s. */
function price(view: DataView, pos: number, value: number): number {
  const paise = wholePaise(value);
  return paise > 0 ? paiseAt(view, pos, paise) : number(view, pos, value);
}

/**
 * An instant in epoch milliseconds: a candle starts on a whole minute, so its last four digits are zeros and the
 * rest fits 32-bit arithmetic; anything else takes {@link number}'s path.
 */
function instant(view: DataView, pos: number, value: number): number {
  const tens = value / 10_000;
  if (tens >= 1 && tens < INT32_LIMIT && (tens | 0) === tens) {
    const at = int32(view, pos, tens);
    view.setUint32(at, ZEROS, true);
    return at + 4;
  }
  return number(view, pos, value);
}

/** A one-letter key with what comes before it (`{"k":` or `,"k":`), given its first four bytes as a word. */
function key1(view: DataView, pos: number, lead: number): number {
  view.setUint32(pos, lead, true);
  view.setUint8(pos + 4, COLON);
  return pos + 5;
}

/** Where each series is written before it is read out as text (grown as needed, never shrunk), and its view. */
let scratch = Buffer.allocUnsafeSlow(64 * 1024);
let scratchView = new DataView(scratch.buffer, scratch.byteOffset, scratch.byteLength);

/**
 * The JSON of a candle list's elements, without the surrounding brackets: character for character what
 * `JSON.stringify(candles).slice(1, -1)` gives for the same candles as objects. It is all ASCII, written as bytes
 * and returned as a string: cached answers then live in the JS heap, whose growth V8 tolerates far more of before a
 * full collection than memory outside it.
 */
export function candleElementsJson(columns: CandleColumns): string {
  const values = columns.values;
  const count = columns.length;
  let view = scratchView;
  let pos = 0;
  for (let i = 0, at = 0; i < count; i++, at += CANDLE_FIELDS) {
    if (pos + MAX_CANDLE_BYTES > view.byteLength) {
      const grown = Buffer.allocUnsafeSlow(scratch.length * 2);
      scratch.copy(grown, 0, 0, pos);
      scratch = grown;
      view = scratchView = new DataView(grown.buffer, grown.byteOffset, grown.byteLength);
    }
    if (i > 0) view.setUint8(pos++, COMMA);
    pos = instant(view, key1(view, pos, OPEN_T), values[at]!);
    pos = price(view, key1(view, pos, COMMA_O), values[at + 1]!);
    pos = price(view, key1(view, pos, COMMA_H), values[at + 2]!);
    pos = price(view, key1(view, pos, COMMA_L), values[at + 3]!);
    pos = price(view, key1(view, pos, COMMA_C), values[at + 4]!);
    pos = number(view, key1(view, pos, COMMA_V), values[at + 5]!);
    view.setUint32(pos, COMMA_ATP, true);
    view.setUint32(pos + 4, P_QUOTE_COLON, true);
    pos = price(view, pos + 7, values[at + 6]!);
    view.setUint32(pos, COMMA_OI, true);
    view.setUint32(pos + 4, QUOTE_COLON, true);
    pos = number(view, pos + 6, values[at + 7]!);
    view.setUint8(pos++, CLOSE);
  }
  return scratch.toString('latin1', 0, pos);
}
