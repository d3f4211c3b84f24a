import type { DataHandlers } from './data-routes';
import type { OptionsAnalyticsService } from './options-analytics.service';

/** Dealer gamma exposure, the daily ATM-IV history and the IV term structure. */
export function optionsAnalyticsHandlers(
  analytics: OptionsAnalyticsService,
): DataHandlers<'gex' | 'iv_history' | 'iv_term_structure'> {
  return {
    gex: async ({ query, tier }) => analytics.gammaExposure(tier, query.name, query.expiry),
    iv_history: async ({ query, tier }) => analytics.ivHistory(tier, query.name, query.days),
    iv_term_structure: async ({ query, tier }) => analytics.ivTermStructure(tier, query.name),
  };
}
