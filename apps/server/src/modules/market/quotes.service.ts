// Quotes behind `/data/v1`: full ticks with depth, futures and pre-open prices, spot values and trades, all taken at
// the instant the caller's tier serves.
import type { PreOpenQuoteListSchema, RawTicksSchema, SpotSchema, TickListSchema } from '@fnodesk/contracts';
import { errors } from '../../platform/errors';
import type { MarketData } from './market-data.port';
import { percentChangeOrNull, roundedOrNull } from './market-format';
import type { Data, MarketView } from './market-view';

/** The quotes service: one per process, over the market-data port. */
export class QuotesService {
  constructor(private readonly data: MarketData) {}

  /** Ticks of the near-month futures (`near`) or of every listed future (`all`) at an instant within the view. */
  futureTicks(view: MarketView, months: 'near' | 'all', time?: number): Data<typeof TickListSchema> {
    const at = Math.min(time ?? view.asOf, view.asOf);
    return this.data.quotes.ticks(
      this.data.instruments.futures(at, months).map((future) => future.instrumentToken),
      at,
    );
  }

  /** Pre-open indicative prices of the F&O stocks and derivative indices (the latest session's). */
  preMarketTicks(view: MarketView): Data<typeof PreOpenQuoteListSchema> {
    return this.data.quotes.preOpen(view.asOf);
  }

  /** Full ticks of tokens at the view's instant (unknown tokens left out). */
  ticks(view: MarketView, tokens: readonly number[]): Data<typeof TickListSchema> {
    return this.data.quotes.ticks(tokens, view.asOf);
  }

  /** An index or stock value with its change (SENSEX and BANKEX from BSE). */
  spot(view: MarketView, name: string): Data<typeof SpotSchema> {
    const quote = this.data.quotes.spot(name, view.asOf);
    if (!quote) throw errors.validation('name', `No price is known for ${name}.`);
    return {
      name,
      token: quote.token,
      exchange: quote.exchange,
      lp: quote.lp,
      prevClose: quote.prevClose,
      change: roundedOrNull(quote.lp - quote.prevClose, 2) ?? 0,
      changePercent: percentChangeOrNull(quote.lp, quote.prevClose) ?? 0,
      ts: quote.ts,
    };
  }

  /** An instrument's trades with aggressor side and best bid and ask, cut at the view's instant. */
  rawTicks(view: MarketView, token: number, from: number, to: number): Data<typeof RawTicksSchema> {
    const end = Math.min(to, view.asOf);
    return { token, trades: end >= from ? this.data.quotes.trades(token, from, end) : [] };
  }
}
