import type { Candle, DataTier } from '@fnodesk/contracts';
import { historyRangeWindow, type ChartPeriod, type Clock, type Exchange, type Resolution } from '@fnodesk/domain';
import { queryOptions } from '@tanstack/react-query';
import { DATA_RETRY_MS, fetchData } from '../use-data-query';

/** Many charts' histories from one request, and what the server said about the user's data. */
export interface CandlesBatch {
  /** Candles per token (a token the server sent nothing for has an empty list). */
  candles: ReadonlyMap<number, Candle[]>;
  /** The tier the candles were served in. */
  tier: DataTier | null;
  /** Nothing after this instant was served (epoch ms). */
  asOf: number | undefined;
  /** When the answer arrived (client clock). */
  receivedAt: number;
}

/** What to fetch: several tokens at one resolution over one window. */
export interface CandlesBatchRequest {
  tokens: readonly number[];
  resolution: Resolution;
  from: number;
  to: number;
}

/**
 * `candles?tokens&resolution&from&to` for several instruments at once (ARCHITECTURE §3), so a page of many charts
 * makes one request.
 */
export async function getCandlesBatch(
  request: CandlesBatchRequest,
  clock: Clock,
  signal?: AbortSignal,
): Promise<CandlesBatch> {
  const tokens = [...new Set(request.tokens)];
  const { resolution, from, to } = request;
  const answer = await fetchData('candles', { tokens, resolution, from, to }, { clock, ...(signal ? { signal } : {}) });
  const candles = new Map<number, Candle[]>(tokens.map((token) => [token, []]));
  for (const series of answer.data) candles.set(series.token, series.candles);
  return { candles, tier: answer.tier, asOf: answer.asOf, receivedAt: answer.receivedAt };
}

/** Charts sharing a resolution and period up to now, fetched in one request. */
export interface CandleSet {
  tokens: readonly number[];
  resolution: Resolution;
  period: ChartPeriod;
  /** The exchange whose sessions decide the period's window. */
  exchange: Exchange;
}

/** The query key of a candle set: the same charts share one cache entry whichever page or order asked for them. */
export function candleSetQueryKey(set: CandleSet | null) {
  return [
    'candles-set',
    set?.exchange ?? null,
    set?.resolution ?? null,
    set?.period ?? null,
    set === null ? '' : [...new Set(set.tokens)].sort((a, b) => a - b).join(','),
  ] as const;
}

/**
 * Query options of a candle set (for `useQuery` and for prefetching): one request for every token, the window ending
 * at the instant it is fetched. Pages refresh it on their own schedule, so it never goes stale by itself.
 */
export function candleSetQueryOptions(set: CandleSet | null, clock: Clock) {
  return queryOptions({
    queryKey: candleSetQueryKey(set),
    queryFn: ({ signal }): Promise<CandlesBatch> => {
      const { tokens, resolution, period, exchange } = set!;
      const now = clock.now();
      const window = historyRangeWindow(period, now, exchange);
      return getCandlesBatch({ tokens, resolution, from: window.from, to: now }, clock, signal);
    },
    enabled: set !== null && set.tokens.length > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: DATA_RETRY_MS,
  });
}
