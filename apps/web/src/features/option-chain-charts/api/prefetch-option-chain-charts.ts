import { istDateOf, systemClock, type Clock } from '@fnodesk/domain';
import type { QueryClient } from '@tanstack/react-query';
import { chosenExpiry } from '../../../lib/market/chosen-expiry';
import { candleSetQueryOptions } from '../../../lib/market/get-candles-batch';
import { defaultInstrumentOf } from '../../../lib/market/use-default-instrument';
import { dataQueryOptions } from '../../../lib/use-data-query';
import { readOptionChainChartsPreferences } from '../utils/option-chain-charts-preferences';
import { chainRequestOf, chartCandleRequests, chartExchanges, pageCandleSets } from '../utils/page-requests';

/**
 * Loads what /pages/option-chain-charts first shows into the query cache, under the keys and options the page's own
 * queries use: the instrument list (when none is stored), the expiries, the chain and every chart's candles. Started
 * beside the page's chunk download, so the four dependent requests overlap it instead of following the first render.
 * Rejects when a request fails; the page's own queries then ask again and show the error.
 */
export async function prefetchOptionChainCharts(queryClient: QueryClient, clock: Clock = systemClock): Promise<void> {
  const preferences = readOptionChainChartsPreferences();
  const instrument =
    preferences.instrument ??
    defaultInstrumentOf((await queryClient.fetchQuery(dataQueryOptions('search', { query: '' }))).data);
  if (instrument === null) return;
  const expiries = queryClient.fetchQuery(dataQueryOptions('get_option_expiry', { name: instrument }));
  const today = istDateOf(clock.now());
  const expiry =
    chosenExpiry(preferences.expiry, undefined, today) ??
    chosenExpiry(preferences.expiry, (await expiries).data.expiries, today);
  const chainRequest = chainRequestOf(instrument, expiry, preferences);
  if (chainRequest === null) return;
  const chain = await queryClient.fetchQuery(dataQueryOptions('option_chain', chainRequest, { staleTime: Infinity }));
  const sets = pageCandleSets(preferences, chain.data, chartExchanges(instrument));
  const { main, separate } = chartCandleRequests(sets.strikes, sets.index);
  await Promise.all(
    [main, separate].flatMap((set) =>
      set === null ? [] : [queryClient.fetchQuery(candleSetQueryOptions(set, clock))],
    ),
  );
}
