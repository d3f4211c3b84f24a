import { historyRangeWindow, type Clock } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { getChartCandles } from '../api/get-chart-candles';
import type { ChartSettings } from '../utils/chart-preferences';

/** Spec §9: a failed refresh is retried after 1 s. */
const REFRESH_RETRY_MS = 1_000;

/** One chart's history over its period up to now, as the user's tier allows; refetch to refresh. */
export function useChartHistory(settings: ChartSettings, clock: Clock) {
  const { instrument, resolution, period } = settings;
  return useQuery({
    queryKey: ['quick-charts', 'candles', instrument.token, resolution, period],
    queryFn: ({ signal }) => {
      const now = clock.now();
      const window = historyRangeWindow(period, now, instrument.exchange);
      return getChartCandles(
        { token: instrument.token, resolution, from: window.from, to: now },
        () => clock.now(),
        signal,
      );
    },
    // The page refreshes on its own schedule (or not at all in the live tier and when the market is closed).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: REFRESH_RETRY_MS,
  });
}
