import type { DataHandlers } from './data-routes';
import type { MarketService } from './market.service';

/** Option chains with analytics, aggregated OI, straddles. */
export function optionChainHandlers(
  market: MarketService,
): DataHandlers<'option_chain' | 'get_aggregated_oi' | 'straddle' | 'stock_atm_straddle' | 'stock_atm_straddle_plot'> {
  return {
    option_chain: async ({ query, tier }) => {
      await market.prepareOptionChain(tier, query.name, query.expiry);
      return market.optionChainJson(tier, query.name, query.expiry, query.strikes, query.atm);
    },
    get_aggregated_oi: async ({ query, tier }) =>
      market.aggregatedOi(tier, query.token, query.expiry, query.type, query.from, query.to, query.strike),
    straddle: async ({ query, tier }) =>
      market.straddle(tier, query.instrument, query.expiry, query.strike_price, query.type, query.from, query.to),
    stock_atm_straddle: async ({ query, tier }) => market.stockAtmStraddles(tier, query.date),
    stock_atm_straddle_plot: async ({ query, tier }) =>
      market.stockAtmStraddlePlot(tier, query.name, query.expiry, query.type, query.from, query.to),
  };
}
