import type { DataHandlers } from './data-routes';
import type { MarketService } from './market.service';

/** Ticks, candles and trades, and the Option Chain Charts history operations (candles, daily, prev_day, spot). */
export function quoteHandlers(
  market: MarketService,
): DataHandlers<
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
    get_future_ticks: async ({ tier }) => market.futureTicks(tier, 'near'),
    get_all_future_ticks: async ({ query, tier }) => market.futureTicks(tier, 'all', query.time),
    get_pre_market_ticks: async ({ tier }) => market.preMarketTicks(tier),
    ticks: async ({ query, tier }) => market.ticks(tier, query.tokens),
    pattern: async ({ query, tier }) => market.candlesJson(tier, query.tokens, query.type, query.from, query.to),
    candles: async ({ query, tier }) => market.candlesJson(tier, query.tokens, query.resolution, query.from, query.to),
    daily: async ({ query, tier }) => market.candlesJson(tier, query.tokens, '1D', query.from, query.to),
    prev_day: async ({ query, tier }) => market.previousDay(tier, query.tokens),
    spot: async ({ query, tier }) => market.spot(tier, query.name),
    raw_ticks: async ({ query, tier }) => market.rawTicks(tier, query.token, query.from, query.to),
  };
}
