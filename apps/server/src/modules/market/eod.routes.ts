import {
  BreadthListSchema,
  CashEodListSchema,
  CashMarketActivityListSchema,
  DailyDatasetQuerySchema,
  EodCandlesQuerySchema,
  EodQuerySchema,
  FaoEodListSchema,
  FiiDerivativesActivityListSchema,
  MwplQuerySchema,
  MwplSchema,
  ParticipantOpenInterestListSchema,
  RolloverQuerySchema,
  RolloverSchema,
  SeasonalityQuerySchema,
  SeasonalitySchema,
  SpotCumulativeQuerySchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import type { DataRoutes } from './data-routes';
import type { MarketService } from './market.service';

/** Breadth and the end-of-day datasets: FII/DII, FII derivatives, participant OI, EOD rows, rollover, seasonality, MWPL. */
export function registerEodRoutes(routes: DataRoutes, market: MarketService): void {
  routes.get(
    'get_cash_market',
    {
      summary: 'FII/FPI and DII cash-market activity (₹ crore) of each closed session between from and to.',
      query: DailyDatasetQuerySchema,
      response: CashMarketActivityListSchema,
    },
    async ({ query, tier }) => market.cashMarket(tier, query.from, query.to),
  );
  routes.get(
    'get_index_stats',
    {
      summary: 'FII activity in index and stock futures and options of each closed session between from and to.',
      query: DailyDatasetQuerySchema,
      response: FiiDerivativesActivityListSchema,
    },
    async ({ query, tier }) => market.indexStats(tier, query.from, query.to),
  );
  routes.get(
    'get_fno_oi',
    {
      summary:
        'Participant-wise OI (Client, DII, FII, Pro; long and short) of each closed session between from and to.',
      query: DailyDatasetQuerySchema,
      response: ParticipantOpenInterestListSchema,
    },
    async ({ query, tier }) => market.participantOi(tier, query.from, query.to),
  );
  routes.get(
    'get_spot_cumulative',
    {
      summary:
        'Advances and declines of a stock group (filter) per candle (type = resolution) against the previous close.',
      query: SpotCumulativeQuerySchema,
      response: BreadthListSchema,
    },
    async ({ query, tier }) => market.spotCumulative(tier, query.filter, query.type, query.from, query.to),
  );
  routes.get(
    'get_fao_eod',
    {
      summary:
        'End-of-day rows (type 1D, 1W or 1M) of F&O contracts with price and OI change and build-up; every ' +
        'near-month future when tokens is absent.',
      query: EodQuerySchema,
      response: FaoEodListSchema,
    },
    async ({ query, tier }) => market.faoEod(tier, query.tokens, query.type, query.from, query.to),
  );
  routes.get(
    'get_cash_market_eod',
    {
      summary:
        'End-of-day rows (type 1D, 1W or 1M) of indices and stocks with change and turnover; every F&O underlying ' +
        'when tokens is absent.',
      query: EodQuerySchema,
      response: CashEodListSchema,
    },
    async ({ query, tier }) => market.cashEod(tier, query.tokens, query.type, query.from, query.to),
  );
  routes.get(
    'get_eod',
    {
      summary: 'End-of-day candles (type 1D, 1W or 1M) of instruments; the derivative indices when tokens is absent.',
      query: EodCandlesQuerySchema,
      response: TokenCandlesListSchema,
    },
    async ({ query, tier }) => market.eod(tier, query.tokens, query.type, query.from, query.to),
  );
  routes.get(
    'rollover',
    {
      summary: 'Futures rollover of every underlying at the close of a session (the latest closed one by default).',
      query: RolloverQuerySchema,
      response: RolloverSchema,
    },
    async ({ query, tier }) => market.rollover(tier, query.date),
  );
  routes.get(
    'seasonality',
    {
      summary: 'Calendar-month returns of an index or stock since 2014, and their average per month of the year.',
      query: SeasonalityQuerySchema,
      response: SeasonalitySchema,
    },
    async ({ query, tier }) => market.seasonality(tier, query.token),
  );
  routes.get(
    'fno-mwpl',
    {
      summary:
        'Market-wide position limits and their use for a session, with the ban list, its entrants and exits when ' +
        'ban, entrants and exits are true.',
      query: MwplQuerySchema,
      response: MwplSchema,
    },
    async ({ query, tier }) => market.mwpl(tier, query.date, query),
  );
}
