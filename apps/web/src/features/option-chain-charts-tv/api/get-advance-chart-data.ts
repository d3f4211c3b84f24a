// The Advance Chart page's candles: every strike's call and put in one request (lib/market's candle set).
import type { Clock } from '@fnodesk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { candleSetQueryOptions, type CandleSet } from '../../../lib/market/get-candles-batch';

/** Which candles to load: the tokens, their exchange's sessions, a resolution and a period up to now. */
export type StrikeCandlesRequest = CandleSet;

/** Every chart's history from one request, as the user's tier allows; refetch to refresh. */
export function useStrikeCandles(request: StrikeCandlesRequest | null, clock: Clock) {
  // The charts keep the last candles while another resolution or period loads.
  return useQuery({ ...candleSetQueryOptions(request, clock), placeholderData: keepPreviousData });
}
