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
 * JSON already serialized: a data route answering one sends it as it is inside the envelope. Large answers that
 * many callers share (closed sessions' candles) are serialized once instead of on every request. The JSON may come
 * in pieces (text, or UTF-8 bytes) that are sent one after another without being joined into one string first.
 */
export class JsonText {
  readonly parts: readonly (string | Buffer)[];

  constructor(...parts: (string | Buffer)[]) {
    this.parts = parts;
  }

  /** The JSON inside `prefix` and `suffix`, as one UTF-8 buffer. */
  wrap(prefix: string, suffix: string): Buffer {
    const chunks = [prefix, ...this.parts, suffix].map((part) =>
      typeof part === 'string' ? Buffer.from(part, 'utf8') : part,
    );
    return Buffer.concat(chunks);
  }
}
