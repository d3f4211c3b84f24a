import { StrategyBodySchema, StrategyChartSchema, StrategyQuerySchema, StrategySeriesSchema } from '@fnodesk/contracts';
import type { DataRoutes } from './data-routes';
import type { MarketService } from './market.service';

/** Strategy Chart: a strategy's combined premium and payoff inputs. */
export function registerStrategyRoutes(routes: DataRoutes, market: MarketService): void {
  routes.post(
    'strategy-new',
    {
      summary:
        'A strategy (legs by token or trading symbol, quantity in units, BUY or SELL, entry price): its combined ' +
        'premium and P&L per candle (type = resolution) and the inputs of its payoff diagram.',
      query: StrategyQuerySchema,
      body: StrategyBodySchema,
      response: StrategySeriesSchema,
    },
    async ({ query, body, tier }) => market.strategySeries(tier, body.legs, query.type, query.from, query.to),
  );
  routes.post(
    'strategy-ch',
    {
      summary: 'A strategy’s combined premium as candles (type = resolution) and the inputs of its payoff diagram.',
      query: StrategyQuerySchema,
      body: StrategyBodySchema,
      response: StrategyChartSchema,
    },
    async ({ query, body, tier }) => market.strategyChart(tier, body.legs, query.type, query.from, query.to),
  );
}
