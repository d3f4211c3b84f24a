import { Readable } from 'node:stream';
import { dateParts, monthAbbreviation, type IsoDate } from '@fnodesk/domain';

/** `26-Jan-2026` for `2026-01-26`: the date form the pages show and cache (spec §3 holiday formattedDate). */
export function formatMarketDate(date: IsoDate): string {
  const { year, month, day } = dateParts(date);
  return `${String(day).padStart(2, '0')}-${monthAbbreviation(month)}-${year}`;
}

/** A number rounded to `decimals` places, or null when it is not finite (NaN: unknown). */
export function roundedOrNull(value: number | undefined, decimals: number): number | null {
  if (value === undefined || !Number.isFinite(value)) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Percentage change from `previous` to `value` with two decimals, or null without a positive previous value. */
export function percentChangeOrNull(value: number, previous: number): number | null {
  return previous > 0 && Number.isFinite(value) ? roundedOrNull(((value - previous) / previous) * 100, 2) : null;
}

/**
 * Answers at least this long are streamed piece by piece: joined, each request would copy it (an option chain is
 * about 16 KB) into garbage that makes collections more frequent under load. Shorter ones go out as one string.
 */
const STREAMED_CHARS = 8 * 1024;

/**
 * JSON already serialized: a data route answering one sends it as it is inside the envelope. Large answers that
 * many callers share (closed sessions' candles) are serialized once instead of on every request. The JSON comes in
 * pieces of text that a large answer writes to the socket one after another, never joined: a chart page's history is
 * about a megabyte, and a joined copy per answer would be a megabyte more garbage, or, as a buffer, a megabyte of new
 * memory outside the JS heap, whose growth makes V8 start full collections (tens of milliseconds on one core) far
 * sooner than heap growth does. The socket write encodes text into memory that is not counted that way.
 */
export class JsonText {
  readonly parts: readonly string[];

  constructor(...parts: string[]) {
    this.parts = parts;
  }

  /** The JSON inside `prefix` and `suffix` as one string. */
  wrap(prefix: string, suffix: string): string {
    return prefix + this.parts.join('') + suffix;
  }

  /**
   * The JSON inside `prefix` and `suffix` as a response body: one string when short, else a stream of its pieces
   * with its length in bytes (for Content-Length).
   */
  body(prefix: string, suffix: string): string | { stream: Readable; length: number } {
    let chars = prefix.length + suffix.length;
    for (const part of this.parts) chars += part.length;
    if (chars < STREAMED_CHARS) return this.wrap(prefix, suffix);
    const pieces = [prefix, ...this.parts, suffix];
    let length = 0;
    for (const piece of pieces) length += Buffer.byteLength(piece, 'utf8');
    let sent = false;
    // Object mode hands each piece to the response as it is: text stays text instead of becoming a buffer here.
    const stream = new Readable({
      objectMode: true,
      highWaterMark: pieces.length,
      read() {
        if (sent) return;
        sent = true;
        for (const piece of pieces) this.push(piece);
        this.push(null);
      },
    });
    return { stream, length };
  }
}
