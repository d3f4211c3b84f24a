import {
  AtmInstrumentsListSchema,
  IndexSectorListSchema,
  InstrumentListSchema,
  InstrumentSchema,
  InstrumentsQuerySchema,
  NoQuerySchema,
  OptionChainInstrumentsQuerySchema,
  OptionChainInstrumentsSchema,
  OptionExpiriesSchema,
  OptionExpiryQuerySchema,
  OptionInstrumentQuerySchema,
  SearchQuerySchema,
} from '@fnodesk/contracts';
import type { DataRoutes } from './data-routes';
import type { MarketService } from './market.service';

/** The instrument master: futures and pre-open lists, search, expiries, instruments by name or token, chains' instruments. */
export function registerInstrumentRoutes(routes: DataRoutes, market: MarketService): void {
  routes.get(
    'get_future_instruments',
    { summary: 'The near-month future of every F&O underlying.', query: NoQuerySchema, response: InstrumentListSchema },
    async ({ tier }) => market.futureInstruments(tier, 'near'),
  );
  routes.get(
    'get_all_future_instruments',
    {
      summary: 'Every listed future (three serial months per underlying).',
      query: NoQuerySchema,
      response: InstrumentListSchema,
    },
    async ({ tier }) => market.futureInstruments(tier, 'all'),
  );
  routes.get(
    'get_pre_market_instruments',
    {
      summary: 'The instruments of the pre-open session: derivative indices and F&O stocks.',
      query: NoQuerySchema,
      response: InstrumentListSchema,
    },
    async () => market.preMarketInstruments(),
  );
  routes.get(
    'search',
    {
      summary:
        'F&O underlyings in the instrument picker order (indices, then stocks A–Z) matching query, within a list filter.',
      query: SearchQuerySchema,
      response: InstrumentListSchema,
    },
    async ({ query }) => market.search(query.query, query.filter),
  );
  routes.get(
    'get_option_expiry',
    {
      summary: 'Option expiries of an underlying, nearest first, and its futures months.',
      query: OptionExpiryQuerySchema,
      response: OptionExpiriesSchema,
    },
    async ({ query, tier }) => market.optionExpiries(tier, query.name),
  );
  routes.get(
    'instruments',
    {
      summary:
        'Instruments by underlying name (spot, futures and every listed option; optionally one exchange) or by tokens.',
      query: InstrumentsQuerySchema,
      response: InstrumentListSchema,
    },
    async ({ query, tier }) =>
      query.tokens
        ? market.instrumentsByTokens(query.tokens)
        : market.instrumentsByName(tier, query.name ?? '', query.exchange),
  );
  routes.get(
    'get_option_chain_instruments',
    {
      summary: 'Every listed strike of an expiry with its CE and PE instruments, the spot and the future.',
      query: OptionChainInstrumentsQuerySchema,
      response: OptionChainInstrumentsSchema,
    },
    async ({ query, tier }) => market.optionChainInstruments(tier, query.name, query.expiry),
  );
  routes.get(
    'option_instrument',
    {
      summary: 'One option contract by underlying, type (CE or PE), expiry and strike.',
      query: OptionInstrumentQuerySchema,
      response: InstrumentSchema,
    },
    async ({ query }) => market.optionInstrument(query.name, query.type, query.expiry, query.strike),
  );
  routes.get(
    'get_index_sector',
    {
      summary: 'Every index with its constituents, their sectors, weights and moves against the previous close.',
      query: NoQuerySchema,
      response: IndexSectorListSchema,
    },
    async ({ tier }) => market.indexSectors(tier),
  );
  routes.get(
    'get_index_atm_instruments',
    {
      summary: 'The ATM CE and PE of each derivative index’s nearest expiry, with the spot and future tokens.',
      query: NoQuerySchema,
      response: AtmInstrumentsListSchema,
    },
    async ({ tier }) => market.atmInstruments(tier),
  );
}
