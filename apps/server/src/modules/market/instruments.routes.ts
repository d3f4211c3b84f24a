import type { DataHandlers } from './data-routes';
import type { MarketService } from './market.service';

/** The instrument master: futures and pre-open lists, search, expiries, instruments by name or token, chains' instruments. */
export function instrumentHandlers(
  market: MarketService,
): DataHandlers<
  | 'get_future_instruments'
  | 'get_all_future_instruments'
  | 'get_pre_market_instruments'
  | 'search'
  | 'get_option_expiry'
  | 'instruments'
  | 'get_option_chain_instruments'
  | 'option_instrument'
  | 'get_index_sector'
  | 'get_index_atm_instruments'
> {
  return {
    get_future_instruments: async ({ tier }) => market.futureInstruments(tier, 'near'),
    get_all_future_instruments: async ({ tier }) => market.futureInstruments(tier, 'all'),
    get_pre_market_instruments: async () => market.preMarketInstruments(),
    search: async ({ query }) => market.search(query.query, query.filter),
    get_option_expiry: async ({ query, tier }) => market.optionExpiries(tier, query.name),
    instruments: async ({ query, tier }) =>
      query.tokens
        ? market.instrumentsByTokens(query.tokens)
        : market.instrumentsByName(tier, query.name ?? '', query.exchange),
    get_option_chain_instruments: async ({ query, tier }) =>
      market.optionChainInstruments(tier, query.name, query.expiry),
    option_instrument: async ({ query }) => market.optionInstrument(query.name, query.type, query.expiry, query.strike),
    get_index_sector: async ({ tier }) => market.indexSectors(tier),
    get_index_atm_instruments: async ({ tier }) => market.atmInstruments(tier),
  };
}
