import type { DataHandlers } from './data-routes';
import type { MarketService } from './market.service';

/** Breadth and the end-of-day datasets: FII/DII, FII derivatives, participant OI, EOD rows, rollover, seasonality, MWPL. */
export function eodHandlers(
  market: MarketService,
): DataHandlers<
  | 'get_cash_market'
  | 'get_index_stats'
  | 'get_fno_oi'
  | 'get_spot_cumulative'
  | 'get_fao_eod'
  | 'get_cash_market_eod'
  | 'get_eod'
  | 'rollover'
  | 'seasonality'
  | 'fno-mwpl'
> {
  return {
    get_cash_market: async ({ query, tier }) => market.cashMarket(tier, query.from, query.to),
    get_index_stats: async ({ query, tier }) => market.indexStats(tier, query.from, query.to),
    get_fno_oi: async ({ query, tier }) => market.participantOi(tier, query.from, query.to),
    get_spot_cumulative: async ({ query, tier }) =>
      market.spotCumulative(tier, query.filter, query.type, query.from, query.to),
    get_fao_eod: async ({ query, tier }) => market.faoEod(tier, query.tokens, query.type, query.from, query.to),
    get_cash_market_eod: async ({ query, tier }) =>
      market.cashEod(tier, query.tokens, query.type, query.from, query.to),
    get_eod: async ({ query, tier }) => market.eod(tier, query.tokens, query.type, query.from, query.to),
    rollover: async ({ query, tier }) => market.rollover(tier, query.date),
    seasonality: async ({ query, tier }) => market.seasonality(tier, query.token),
    'fno-mwpl': async ({ query, tier }) => market.mwpl(tier, query.date, query),
  };
}
