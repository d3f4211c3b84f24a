// The data calls of the Advance Chart page: an underlying's expiries, the strikes around ATM with their options
// (`option_chain`), and the candles of every strike's call and put in one request (lib/market's candles batch).
import { OptionChainSchema, OptionExpiriesSchema, type OptionChain } from '@fnodesk/contracts';
import {
  historyRangeWindow,
  type ChainAtmBasis,
  type ChartPeriod,
  type Clock,
  type Exchange,
  type Resolution,
} from '@fnodesk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { getCandlesBatch, type CandlesBatch } from '../../../lib/market/get-candles-batch';
import { REFRESH_RETRY_MS } from '../../../lib/market/use-chart-history';

/** Expiries change at most daily. */
const EXPIRIES_STALE_MS = 10 * 60_000;

/** `GET /data/v1/get_option_expiry?name`: an underlying's option expiries, nearest first. */
export function useOptionExpiries(name: string | null) {
  return useQuery({
    queryKey: ['option-chain-charts-tv', 'expiries', name],
    queryFn: ({ signal }) =>
      apiFetch(`/data/v1/get_option_expiry?${new URLSearchParams({ name: name ?? '' }).toString()}`, {
        schema: OptionExpiriesSchema,
        signal,
      }),
    enabled: name !== null,
    staleTime: EXPIRIES_STALE_MS,
  });
}

/** Which strikes to chart. */
export interface StrikesRequest {
  name: string;
  expiry: string;
  strikes: number;
  atm: ChainAtmBasis;
}

/** `GET /data/v1/option_chain?name&expiry&strikes&atm`: the strikes around ATM with their calls and puts. */
export function useOptionChain(request: StrikesRequest | null) {
  return useQuery({
    queryKey: ['option-chain-charts-tv', 'chain', request],
    queryFn: ({ signal }): Promise<OptionChain> => {
      const { name, expiry, strikes, atm } = request!;
      const params = new URLSearchParams({ name, expiry, strikes: String(strikes), atm });
      return apiFetch(`/data/v1/option_chain?${params.toString()}`, { schema: OptionChainSchema, signal });
    },
    enabled: request !== null,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

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
      return getCandlesBatch({ tokens, resolution, from: window.from, to: now }, () => clock.now(), signal);
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
