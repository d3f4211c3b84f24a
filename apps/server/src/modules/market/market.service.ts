// The market-data services behind `/data/v1`, one per area, each over the `MarketData` port. Every answer is as of
// the instant the caller's tier allows (`asOf`): ranges end there, quotes and chains are taken there, and the
// end-of-day sets stop at the last session closed by then. Routes validate and present; the logic is in the services.
import { CandlesService } from './candles.service';
import { EodService } from './eod.service';
import { InstrumentsService } from './instruments.service';
import type { MarketData } from './market-data.port';
import { OptionChainAnalytics } from './option-chain-analytics';
import { OptionChainService } from './option-chain.service';
import { OptionsAnalyticsService } from './options-analytics.service';
import { OrderflowService } from './orderflow.service';
import { QuotesService } from './quotes.service';
import { StrategyCalculator } from './strategy-calculator';
import { StrategyService } from './strategy.service';
import { RecentringService } from './recentring.service';

/** The market-data services of one process. */
export interface MarketServices {
  readonly instruments: InstrumentsService;
  readonly quotes: QuotesService;
  readonly candles: CandlesService;
  readonly chains: OptionChainService;
  readonly eod: EodService;
  readonly strategies: StrategyService;
  readonly recentring: RecentringService;
  readonly optionsAnalytics: OptionsAnalyticsService;
  readonly orderflow: OrderflowService;
}

/** Builds the market-data services over the port; the chain analytics are shared by chains and strategies. */
export function createMarketServices(data: MarketData): MarketServices {
  const analytics = new OptionChainAnalytics(data);
  return {
    instruments: new InstrumentsService(data),
    quotes: new QuotesService(data),
    candles: new CandlesService(data),
    chains: new OptionChainService(data, analytics),
    eod: new EodService(data),
    strategies: new StrategyService(new StrategyCalculator(data, analytics)),
    recentring: new RecentringService(data),
    optionsAnalytics: new OptionsAnalyticsService(data, analytics),
    orderflow: new OrderflowService(data),
  };
}
