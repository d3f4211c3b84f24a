import type { DataHandlers } from './data-routes';
import type { MarketService } from './market.service';

/** Strategy Chart: a strategy's combined premium and payoff inputs. */
export function strategyHandlers(market: MarketService): DataHandlers<'strategy-new' | 'strategy-ch'> {
  return {
    'strategy-new': async ({ query, body, tier }) =>
      market.strategySeries(tier, body.legs, query.type, query.from, query.to),
    'strategy-ch': async ({ query, body, tier }) =>
      market.strategyChart(tier, body.legs, query.type, query.from, query.to),
  };
}
