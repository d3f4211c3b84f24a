import {
  AllFutureTicksQuerySchema,
  CandlesQuerySchema,
  DailyQuerySchema,
  NoQuerySchema,
  PatternQuerySchema,
  PreOpenQuoteListSchema,
  PrevDayQuerySchema,
  PreviousDayListSchema,
  RawTicksQuerySchema,
  RawTicksSchema,
  SpotQuerySchema,
  SpotSchema,
  TickListSchema,
  TicksQuerySchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import type { DataRoutes } from './data-routes';
import type { MarketService } from './market.service';

/** Ticks, candles and trades, and the Option Chain Charts history operations (candles, daily, prev_day, spot). */
export function registerQuoteRoutes(routes: DataRoutes, market: MarketService): void {
  routes.get(
    'get_future_ticks',
    { summary: 'Ticks of the near-month futures.', query: NoQuerySchema, response: TickListSchema },
    async ({ tier }) => market.futureTicks(tier, 'near'),
  );
  routes.get(
    'get_all_future_ticks',
    {
      summary: 'Ticks of every listed future, at `time` when given (never after the tier allows).',
      query: AllFutureTicksQuerySchema,
      response: TickListSchema,
    },
    async ({ query, tier }) => market.futureTicks(tier, 'all', query.time),
  );
  routes.get(
    'get_pre_market_ticks',
    {
      summary: 'Pre-open indicative prices and quantities of the F&O stocks and derivative indices.',
      query: NoQuerySchema,
      response: PreOpenQuoteListSchema,
    },
    async ({ tier }) => market.preMarketTicks(tier),
  );
  routes.get(
    'ticks',
    { summary: 'Full ticks (quote and depth) of instruments.', query: TicksQuerySchema, response: TickListSchema },
    async ({ query, tier }) => market.ticks(tier, query.tokens),
  );
  routes.get(
    'pattern',
    {
      summary: 'Candles of instruments; type is the resolution. Days without a session have no candles.',
      query: PatternQuerySchema,
      response: TokenCandlesListSchema,
    },
    async ({ query, tier }) => market.candlesJson(tier, query.tokens, query.type, query.from, query.to),
  );
  routes.get(
    'candles',
    {
      summary:
        'Option Chain Charts history: candles of instruments, served up to the tier’s instant; NFO holidays have none.',
      query: CandlesQuerySchema,
      response: TokenCandlesListSchema,
    },
    async ({ query, tier }) => market.candlesJson(tier, query.tokens, query.resolution, query.from, query.to),
  );
  routes.get(
    'daily',
    {
      summary: 'Option Chain Charts: day candles of instruments (sessions only; holidays and weekends have none).',
      query: DailyQuerySchema,
      response: TokenCandlesListSchema,
    },
    async ({ query, tier }) => market.candlesJson(tier, query.tokens, '1D', query.from, query.to),
  );
  routes.get(
    'prev_day',
    {
      summary: 'Option Chain Charts: the previous session’s day candle of each instrument.',
      query: PrevDayQuerySchema,
      response: PreviousDayListSchema,
    },
    async ({ query, tier }) => market.previousDay(tier, query.tokens),
  );
  routes.get(
    'spot',
    {
      summary: 'Option Chain Charts: the value of an index or stock (SENSEX and BANKEX from BSE, others NSE).',
      query: SpotQuerySchema,
      response: SpotSchema,
    },
    async ({ query, tier }) => market.spot(tier, query.name),
  );
  routes.get(
    'raw_ticks',
    {
      summary: 'Trades of an instrument with aggressor side and best bid and ask (at most an hour per request).',
      query: RawTicksQuerySchema,
      response: RawTicksSchema,
    },
    async ({ query, tier }) => market.rawTicks(tier, query.token, query.from, query.to),
  );
}
