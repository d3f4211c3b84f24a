// The Advance Chart page's candles: every strike's call and put in one request (lib/market's candles batch).
import { historyRangeWindow, type ChartPeriod, type Clock, type Exchange, type Resolution } from '@fnodesk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getCandlesBatch, type CandlesBatch } from '../../../lib/market/get-candles-batch';
import { REFRESH_RETRY_MS } from '../../../lib/market/use-chart-history';

/** Which candles to load: the tokens, their exchange's sessions, a resolution and a period up to now. */
export interface StrikeCandlesRequest {
  tokens: readonly number[];
  exchange: Exchange;
  resolution: Resolution;
  period: ChartPeriod;
}

/** Every chart's history from one request, as the user's tier allows; refetch to refresh. */
export function useStrikeCandles(request: StrikeCandlesRequest | null, clock: Clock) {
  return useQuery({
    queryKey: ['option-chain-charts-tv', 'candles', request],
    queryFn: ({ signal }): Promise<CandlesBatch> => {
      const { tokens, exchange, resolution, period } = request!;
      const now = clock.now();
      const window = historyRangeWindow(period, now, exchange);
      return getCandlesBatch({ tokens, resolution, from: window.from, to: now }, clock, signal);
    },
    enabled: request !== null && request.tokens.length > 0,
    // The page refreshes on its own schedule (or not at all in the live tier and when the market is closed).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: REFRESH_RETRY_MS,
    // The charts keep the last candles while another resolution or period loads.
    placeholderData: keepPreviousData,
  });
}
