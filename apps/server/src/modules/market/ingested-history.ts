// History of instruments whose ticks are ingested (a broker's ticker) rather than simulated: their stored 1-minute
// candles, folded into the resolution asked with the same candle builder that made them, and served like the
// simulated market's history (ranges start at the bucket holding `from` and end at the caller's instant).
import type { Candle, Exchange, Resolution } from '@fnodesk/domain';
import { candleBucketStart, foldCandles, isIntradayResolution } from '@fnodesk/domain';
import { exchangeOfToken } from '../feed/ingest/instrument-exchange';
import type { IngestRepository } from '../feed/ingest/ingest.repository';
import { JsonText } from './market-format';

/** What the history reads: the ingest repository's stored candles. */
export type StoredCandleReader = Pick<IngestRepository, 'minuteCandlesJson' | 'dayCandles'>;

/** How the history is set up. */
export interface IngestedHistoryOptions {
  readonly reader: StoredCandleReader;
  /**
   * Tokens whose history is stored (default: every token — a deployment fed by a broker's ticker serves what it
   * ingested; the others come from `otherwise`).
   */
  readonly serves?: (token: number) => boolean;
  /** The exchange whose sessions an instrument follows (default: from the token). */
  readonly exchangeOf?: (token: number) => Exchange;
}

// A stored minute is served once its last second (:59) is at or before the caller's instant, as the simulated
// market serves a minute complete by then.
const LAST_SECOND_MS = 59_000;

/** Stored history of ingested instruments. */
export class IngestedHistory {
  private readonly reader: StoredCandleReader;
  private readonly servesToken: (token: number) => boolean;
  private readonly exchangeOf: (token: number) => Exchange;

  constructor(options: IngestedHistoryOptions) {
    this.reader = options.reader;
    this.servesToken = options.serves ?? (() => true);
    this.exchangeOf = options.exchangeOf ?? exchangeOfToken;
  }

  /** True when any of the tokens has stored history. */
  servesAny(tokens: readonly number[]): boolean {
    return tokens.some(this.servesToken);
  }

  /**
   * Candles of each token (in the order asked) from the bucket holding `from` to the instant `end`, as the data
   * API's JSON: stored ones for ingested tokens, read in one query for all of them (1-minute candles pass through
   * as the database wrote them; other resolutions are folded here), and `otherwise(token)` for the rest.
   */
  async candles(
    tokens: readonly number[],
    resolution: Resolution,
    from: number,
    end: number,
    otherwise: (token: number) => Candle[],
  ): Promise<JsonText> {
    const stored = [...new Set(tokens.filter(this.servesToken))];
    const starts = new Map(stored.map((token) => [token, candleBucketStart(from, resolution, this.exchangeOf(token))]));
    const first = Math.min(...starts.values());
    const until = end - LAST_SECOND_MS + 1;
    const read = end >= from && stored.length > 0;
    const intraday = isIntradayResolution(resolution);
    const minutes =
      read && intraday ? await this.reader.minuteCandlesJson(stored, first, until) : new Map<number, string>();
    const days = read && !intraday ? await this.reader.dayCandles(stored, first, until) : new Map<number, Candle[]>();
    // The answer goes out in pieces: a page's stored texts are sent as the database wrote them, never joined.
    const parts: string[] = ['['];
    tokens.forEach((token, index) => {
      const start = starts.get(token);
      parts.push(`${index > 0 ? ',' : ''}{"token":${token},"candles":`);
      if (start === undefined) parts.push(end < from ? '[]' : JSON.stringify(otherwise(token)));
      else if (resolution === '1m' && start === first) parts.push(minutes.get(token) ?? '[]');
      else {
        const text = minutes.get(token);
        const shorter = intraday ? (text ? (JSON.parse(text) as Candle[]) : []) : (days.get(token) ?? []);
        const folded = resolution === '1m' ? shorter : foldCandles(shorter, resolution, this.exchangeOf(token));
        parts.push(JSON.stringify(folded.filter((candle) => candle.t >= start)));
      }
      parts.push('}');
    });
    parts.push(']');
    return new JsonText(...parts);
  }
}

/** The history over the ingest repository. */
export function createIngestedHistory(options: IngestedHistoryOptions): IngestedHistory {
  return new IngestedHistory(options);
}
