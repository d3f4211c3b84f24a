import type { DataHandlers } from './data-routes';
import type { MarketServices } from './market.service';

/** Ticks, candles and trades, and the Option Chain Charts history operations (candles, daily, prev_day, spot). */
export function quoteHandlers({
  quotes,
  candles,
}: Pick<MarketServices, 'quotes' | 'candles'>): DataHandlers<
  | 'get_future_ticks'
  | 'get_all_future_ticks'
  | 'get_pre_market_ticks'
  | 'ticks'
  | 'pattern'
  | 'candles'
  | 'daily'
  | 'prev_day'
  | 'spot'
  | 'raw_ticks'
> {
  return {
    get_future_ticks: async ({ tier }) => quotes.futureTicks(tier, 'near'),
    get_all_future_ticks: async ({ query, tier }) => quotes.futureTicks(tier, 'all', query.time),
    get_pre_market_ticks: async ({ tier }) => quotes.preMarketTicks(tier),
    ticks: async ({ query, tier }) => quotes.ticks(tier, query.tokens),
    pattern: async ({ query, tier }) => candles.candlesJson(tier, query.tokens, query.type, query.from, query.to),
    candles: async ({ query, tier }) => candles.candlesJson(tier, query.tokens, query.resolution, query.from, query.to),
    daily: async ({ query, tier }) => candles.candlesJson(tier, query.tokens, '1D', query.from, query.to),
    prev_day: async ({ query, tier }) => candles.previousDay(tier, query.tokens),
    spot: async ({ query, tier }) => quotes.spot(tier, query.name),
    raw_ticks: async ({ query, tier }) => quotes.rawTicks(tier, query.token, query.from, query.to),
  };
}
