import { istDateOf, systemClock, type Clock } from '@fnodesk/domain';
import type { QueryClient } from '@tanstack/react-query';
import { chosenExpiry } from '../../../lib/market/chosen-expiry';
import { candleSetQueryOptions } from '../../../lib/market/get-candles-batch';
import { defaultInstrumentOf } from '../../../lib/market/use-default-instrument';
import { dataQueryOptions } from '../../../lib/use-data-query';
import { advanceCandleSet, advanceChainRequest, optionExchangeOf } from '../utils/advance-chart-requests';
import { readAdvanceChartPreferences } from '../utils/advance-chart-preferences';

/**
 * Loads what /pages/option-chain-charts-tv first shows into the query cache, under the keys and options the page's
 * own queries use (instrument list when none is stored, expiries, chain, candles), beside the page's chunk download.
 * Rejects when a request fails; the page's own queries then ask again and show the error.
 */
export async function prefetchAdvanceChart(queryClient: QueryClient, clock: Clock = systemClock): Promise<void> {
  const preferences = readAdvanceChartPreferences();
  const instrument =
    preferences.instrument ??
    defaultInstrumentOf((await queryClient.fetchQuery(dataQueryOptions('search', { query: '' }))).data);
  if (instrument === null) return;
  const expiries = queryClient.fetchQuery(dataQueryOptions('get_option_expiry', { name: instrument }));
  const today = istDateOf(clock.now());
  const expiry =
    chosenExpiry(preferences.expiry, undefined, today) ??
    chosenExpiry(preferences.expiry, (await expiries).data.expiries, today);
  const chainRequest = advanceChainRequest(instrument, expiry, preferences);
  if (chainRequest === null) return;
  const chain = await queryClient.fetchQuery(dataQueryOptions('option_chain', chainRequest, { staleTime: Infinity }));
  const set = advanceCandleSet(preferences, chain.data, optionExchangeOf(instrument));
  if (set !== null) await queryClient.fetchQuery(candleSetQueryOptions(set, clock));
}
