// Candles behind `/data/v1`: history of any resolution cut at the instant the caller's tier serves, and the
// previous session's day candle.
import type { PreviousDayListSchema } from '@fnodesk/contracts';
import type { Resolution } from '@fnodesk/domain';
import { candleBucketStart } from '@fnodesk/domain';
import { CandleColumns } from '@fnodesk/market-sim';
import { BoundedCache } from './bounded-cache';
import { candleElementsJson } from './candle-json';
import type { MarketData } from './market-data.port';
import { JsonText } from './market-format';
import { settled, type Data, type MarketView } from './market-view';

/** The candles service: one per process, over the market-data port. */
export class CandlesService {
  // About 40 KB a series for a session of minutes: some 25 MB when full.
  private readonly seriesJson = new BoundedCache<string, string>(600);
  // The candle in progress of a series as of a second.
  private readonly liveJson = new BoundedCache<string, string>(2_048);
  /** Where each series' candles are computed before being written as JSON. */
  private readonly columns = new CandleColumns();

  constructor(private readonly data: MarketData) {}

  /**
   * Candles of each token from the bucket holding `from` to `to`, cut at the view's instant, as JSON text. A series
   * that ends by the close of the last session closed at the view's instant can no longer change, so it is
   * serialized once and shared by every caller (a page's history is about a megabyte of JSON, whose serialization
   * costs more than computing it warm). A series still growing is the candles before the one in progress, which
   * no longer change either and are serialized once per bucket, followed by the candle in progress.
   */
  candlesJson(
    view: MarketView,
    tokens: readonly number[],
    resolution: Resolution,
    from: number,
    to: number,
  ): JsonText | Promise<JsonText> {
    const end = Math.min(to, view.asOf);
    const { candles, instruments } = this.data;
    // Instruments a source keeps stored (a broker's ticker) are read from it; the others are computed.
    const stored = candles.stored(tokens, resolution, from, end, (token) =>
      candles.candles(token, resolution, from, end),
    );
    if (stored !== null) return stored;
    const final = settled(view, end);
    const elements = (token: number, since: number, until: number) =>
      candleElementsJson(candles.candleColumns(token, resolution, since, until, this.columns.clear()));
    const parts: string[] = ['['];
    tokens.forEach((token, index) => {
      parts.push(`${index > 0 ? ',' : ''}{"token":${token},"candles":[`);
      if (end >= from) {
        if (final) {
          parts.push(
            this.seriesJson.getOrCompute(`${token}|${resolution}|${from}|${end}`, () => elements(token, from, end)),
          );
        } else {
          const instrument = instruments.instrument(token);
          const current = instrument ? candleBucketStart(end, resolution, instrument.exchange) : from;
          if (current <= from) parts.push(elements(token, from, end));
          else {
            const done = this.seriesJson.getOrCompute(`${token}|${resolution}|${from}|<${current}`, () =>
              elements(token, from, current - 1),
            );
            // The sim's candles as of an instant are those as of its second (ticks come once a second), and every
            // page watching a live chart asks for the same candle in progress many times in that second.
            const second = Math.floor(end / 1_000);
            const inProgress = this.liveJson.getOrCompute(`${token}|${resolution}|${current}|${second}`, () =>
              elements(token, current, end),
            );
            parts.push(done);
            if (done.length > 0 && inProgress.length > 0) parts.push(',');
            parts.push(inProgress);
          }
        }
      }
      parts.push(']}');
    });
    parts.push(']');
    return new JsonText(...parts);
  }

  /** The previous session's day candle of each token, as seen at the view's instant. */
  previousDay(view: MarketView, tokens: readonly number[]): Data<typeof PreviousDayListSchema> {
    return this.data.candles.prevDay(tokens, view.asOf);
  }
}
