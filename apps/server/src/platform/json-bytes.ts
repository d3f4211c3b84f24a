// JSON written straight into bytes, for the largest and most frequent answers (candle lists, ticks). JSON.stringify
// and template strings spend most of their time finding each double's shortest form and building intermediate
// strings; market prices are whole paise and counts are integers, so their digits are written from integers.
// Bytes go out four at a time, as little-endian 32-bit stores through a DataView (about a third of the cost of
// storing them one by one): digits four per store from tables, keys a store or two each. A store may write past
// what it means to; the bytes it spills over are always overwritten by the next store, which starts where the
// meaningful ones end, and only what lies before the final position is read out. A buffer written this way keeps
// {@link SPILL_BYTES} of room past its last meaningful byte.
// The writers take the view and a position and return the position after what they wrote, so a hot loop keeps
// both in locals.

/** Room a writer may spill into past the last byte it means to write. */
export const SPILL_BYTES = 4;
/** The most bytes one number takes (17 significant digits, a sign, a point and an exponent), spill included. */
export const MAX_NUMBER_BYTES = 24 + SPILL_BYTES;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Below a billion rupees two-decimal values are far apart as doubles, so `r.cc` is their shortest form. */
const MAX_PAISE = 1e11;
const HUNDRED_MILLION = 100_000_000;
/** Integers below this are written with 32-bit integer arithmetic. */
export const INT32_LIMIT = 2 ** 31;

/** The paise of a positive value that is whole paise below a billion rupees, else -1. */
export function wholePaise(value: number): number {
  const paise = Math.round(value * 100);
  return paise > 0 && paise < MAX_PAISE && paise / 100 === value ? paise : -1;
}

/** Four ASCII bytes as the little-endian 32-bit word that stores them in order (short text padded with spaces). */
export function word(text: string): number {
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
export const QUADS = new Uint32Array(10_000);
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

/** ASCII text to write as it is (a key with its punctuation), as words. */
export interface AsciiLiteral {
  readonly words: Uint32Array;
  readonly length: number;
}

/** Prepares ASCII text for {@link writeLiteral}. */
export function asciiLiteral(text: string): AsciiLiteral {
  const words = new Uint32Array(Math.ceil(text.length / 4));
  for (let i = 0; i < words.length; i++) words[i] = word(text.slice(i * 4, i * 4 + 4));
  return { words, length: text.length };
}

/** Writes a literal at `pos`. */
export function writeLiteral(view: DataView, pos: number, literal: AsciiLiteral): number {
  const { words } = literal;
  for (let i = 0; i < words.length; i++) view.setUint32(pos + i * 4, words[i]!, true);
  return pos + literal.length;
}

/** 0 ≤ n < 2^31 in decimal at `pos`. */
export function int32(view: DataView, pos: number, n: number): number {
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
export function number(view: DataView, pos: number, value: number): number {
  if (value >= 0 && value < INT32_LIMIT && (value | 0) === value) return int32(view, pos, value);
  if (value >= INT32_LIMIT && value <= MAX_SAFE && Math.floor(value) === value) {
    // Instants and other large counts: the part above the last eight digits, then those eight zero-padded.
    const high = Math.floor(value / HUNDRED_MILLION);
    if (high < INT32_LIMIT) return eightDigits(view, int32(view, pos, high), value - high * HUNDRED_MILLION);
  }
  const paise = wholePaise(value);
  if (paise > 0) return paiseAt(view, pos, paise);
  return stringified(view, pos, value);
}

/** Anything else (negatives, NaN as null, finer fractions) in JSON.stringify's own form: the rare, slow path. */
function stringified(view: DataView, pos: number, value: number): number {
  const text = JSON.stringify(value);
  for (let i = 0; i < text.length; i++) view.setUint8(pos + i, text.charCodeAt(i));
  return pos + text.length;
}

/**
 * Whole paise (below a billion rupees, so the rupees fit 32-bit arithmetic) as the shortest form of their double:
 * the rupees, then a point and one or two digits unless the paise are whole rupees.
 */
export function paiseAt(view: DataView, pos: number, paise: number): number {
  const rupees = (paise / 100) | 0;
  const cents = paise - rupees * 100;
  const at = int32(view, pos, rupees);
  if (cents === 0) return at;
  view.setUint32(at, FRACTIONS[cents]!, true);
  return at + (cents % 10 === 0 ? 2 : 3);
}

/** A price: whole paise take the short path, anything else {@link number}'s. */
export function price(view: DataView, pos: number, value: number): number {
  const paise = wholePaise(value);
  return paise > 0 ? paiseAt(view, pos, paise) : number(view, pos, value);
}

/** A buffer to write into and its view, grown on demand (never shrunk) with what it holds kept. */
export class ByteScratch {
  buffer: Buffer;
  view: DataView;

  constructor(bytes: number) {
    this.buffer = Buffer.allocUnsafeSlow(bytes);
    this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.byteLength);
  }

  /** Makes room for `needed` bytes (spill included), keeping the first `kept`; returns the view to write through. */
  reserve(needed: number, kept: number): DataView {
    if (needed <= this.buffer.length) return this.view;
    const grown = Buffer.allocUnsafeSlow(Math.max(needed, this.buffer.length * 2));
    this.buffer.copy(grown, 0, 0, kept);
    this.buffer = grown;
    return (this.view = new DataView(grown.buffer, grown.byteOffset, grown.byteLength));
  }

  /** What was written before `end`, as text (every byte one character: the writers above write ASCII only). */
  text(end: number): string {
    return this.buffer.toString('latin1', 0, end);
  }
}
