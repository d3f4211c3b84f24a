import type { Clock, Exchange, Resolution } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { getPeriodCandles } from './get-candles-batch';
import { chartCandlesOf, type ChartCandles } from './get-chart-candles';

/** Spec §9: a failed refresh is retried after 1 s. */
export const REFRESH_RETRY_MS = 1_000;

/** What one chart's history is: an instrument (token and the exchange whose sessions it follows) over a period. */
export interface ChartHistoryRequest {
  instrument: { token: number; exchange: Exchange };
  resolution: Resolution;
  /** A history range: a period of the Option Chain Charts page (`2D`, `1M`) or any `nD`, `nM`, `nY`. */
  period: string;
}

/** One chart's history over its period up to now, as the user's tier allows; refetch to refresh. */
export function useChartHistory(request: ChartHistoryRequest, clock: Clock) {
  const { instrument, resolution, period } = request;
  return useQuery({
    queryKey: ['market', 'candles', instrument.token, resolution, period],
    queryFn: async ({ signal }): Promise<ChartCandles> => {
      const { token, exchange } = instrument;
      return chartCandlesOf(
        await getPeriodCandles({ tokens: [token], resolution, period, exchange }, clock, signal),
        token,
      );
    },
    // The page refreshes on its own schedule (or not at all in the live tier and when the market is closed).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: REFRESH_RETRY_MS,
  });
}
