import type { DataHandlers } from './data-routes';
import type { RecentringService } from './recentring.service';
import type { StrategyService } from './strategy.service';

/** Strategy Chart: a strategy's combined premium and payoff inputs; the re-centring simulator. */
export function strategyHandlers(
  market: StrategyService,
  recentring: RecentringService,
): DataHandlers<'strategy-new' | 'strategy-ch' | 'recentring-sim'> {
  return {
    'recentring-sim': async ({ query, tier }) =>
      recentring.simulate(tier, {
        name: query.name,
        width: query.width,
        move: query.move,
        ratio: query.ratio,
        lots: query.lots,
        sessions: query.sessions,
      }),
    'strategy-new': async ({ query, body, tier }) =>
      market.strategySeries(tier, body.legs, query.type, query.from, query.to),
    'strategy-ch': async ({ query, body, tier }) =>
      market.strategyChart(tier, body.legs, query.type, query.from, query.to),
  };
}
