// Strategies behind `/data/v1`: a strategy's legs with payoff inputs and its combined premium, cut at the instant the
// caller's tier serves.
import type { StrategyChartSchema, StrategyLeg, StrategySeriesSchema } from '@fnodesk/contracts';
import type { Resolution } from '@fnodesk/domain';
import type { Data, MarketView } from './market-view';
import type { StrategyCalculator } from './strategy-calculator';

/** The strategy service: one per process, over the strategy calculator (which reads the market-data port). */
export class StrategyService {
  constructor(private readonly strategies: StrategyCalculator) {}

  /** A strategy's legs with payoff inputs and its combined premium and P&L per candle. */
  strategySeries(
    view: MarketView,
    legs: readonly StrategyLeg[],
    resolution: Resolution,
    from: number,
    to: number,
  ): Data<typeof StrategySeriesSchema> {
    return this.strategies.series(legs, resolution, from, Math.min(to, view.asOf));
  }

  /** A strategy's legs with payoff inputs and its combined premium as candles. */
  strategyChart(
    view: MarketView,
    legs: readonly StrategyLeg[],
    resolution: Resolution,
    from: number,
    to: number,
  ): Data<typeof StrategyChartSchema> {
    return this.strategies.chart(legs, resolution, from, Math.min(to, view.asOf));
  }
}
