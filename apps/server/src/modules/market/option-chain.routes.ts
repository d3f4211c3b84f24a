import {
  AggregatedOiQuerySchema,
  AggregatedOiSchema,
  OptionChainQuerySchema,
  OptionChainSchema,
  StockAtmStraddlePlotQuerySchema,
  StockAtmStraddlePlotSchema,
  StockAtmStraddleQuerySchema,
  StockAtmStraddlesSchema,
  StraddleQuerySchema,
  StraddleSchema,
} from '@fnodesk/contracts';
import type { DataRoutes } from './data-routes';
import type { MarketService } from './market.service';

/** Option chains with analytics, aggregated OI, straddles. */
export function registerOptionChainRoutes(routes: DataRoutes, market: MarketService): void {
  routes.get(
    'option_chain',
    {
      summary:
        'Option Chain Charts chain: strikes around ATM (by Spot, Futures or SynFut) with optData and futToken, and ' +
        'the chain’s LTP, IV, greeks, OI, OI change windows, PCR, Syn Fut and max pain at the minute served.',
      query: OptionChainQuerySchema,
      response: OptionChainSchema,
    },
    async ({ query, tier }) => {
      await market.prepareOptionChain(tier, query.name, query.expiry);
      return market.optionChainJson(tier, query.name, query.expiry, query.strikes, query.atm);
    },
  );
  routes.get(
    'get_aggregated_oi',
    {
      summary:
        'Total call and put OI of an expiry per candle (type = resolution); token is the underlying’s, strike how ' +
        'many strikes each side of ATM to add up (all listed when absent).',
      query: AggregatedOiQuerySchema,
      response: AggregatedOiSchema,
    },
    async ({ query, tier }) =>
      market.aggregatedOi(tier, query.token, query.expiry, query.type, query.from, query.to, query.strike),
  );
  routes.get(
    'straddle',
    {
      summary: 'CE + PE premium of one strike per candle (type = resolution, default 1m).',
      query: StraddleQuerySchema,
      response: StraddleSchema,
    },
    async ({ query, tier }) =>
      market.straddle(tier, query.instrument, query.expiry, query.strike_price, query.type, query.from, query.to),
  );
  routes.get(
    'stock_atm_straddle',
    {
      summary: 'Every F&O stock’s near-month ATM straddle and its share of spot, at a session’s close or now.',
      query: StockAtmStraddleQuerySchema,
      response: StockAtmStraddlesSchema,
    },
    async ({ query, tier }) => market.stockAtmStraddles(tier, query.date),
  );
  routes.get(
    'stock_atm_straddle_plot',
    {
      summary: 'The ATM straddle of an expiry per candle, its strike following the spot (type = resolution).',
      query: StockAtmStraddlePlotQuerySchema,
      response: StockAtmStraddlePlotSchema,
    },
    async ({ query, tier }) =>
      market.stockAtmStraddlePlot(tier, query.name, query.expiry, query.type, query.from, query.to),
  );
}
