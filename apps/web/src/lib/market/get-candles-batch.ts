import type { Candle, DataTier } from '@fnodesk/contracts';
import { historyRangeWindow, type ChartPeriod, type Clock, type Exchange, type Resolution } from '@fnodesk/domain';
import { queryOptions } from '@tanstack/react-query';
import { DATA_RETRY_MS, fetchData } from '../use-data-query';
import { rangeEndWithData } from './range-end';

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

/** What to fetch: several tokens at one resolution over a history range (`2D`, `1M`) ending now. */
export interface PeriodCandlesRequest {
  tokens: readonly number[];
  resolution: Resolution;
  /** A history range: `nD`, `nM` or `nY`. */
  period: string;
  /** The exchange whose sessions decide the period's window. */
  exchange: Exchange;
}

/**
 * The candles of a period up to now. When the answer shows that the data served stops before the open of the
 * session now is in (a delayed tier in a session's first minutes), the period is asked again ending at the latest
 * session the data has reached, so `1D` shows that session instead of an empty chart.
 */
export async function getPeriodCandles(
  request: PeriodCandlesRequest,
  clock: Clock,
  signal?: AbortSignal,
): Promise<CandlesBatch> {
  const { tokens, resolution, period, exchange } = request;
  const now = clock.now();
  const window = historyRangeWindow(period, now, exchange);
  const batch = await getCandlesBatch({ tokens, resolution, from: window.from, to: now }, clock, signal);
  const end = rangeEndWithData(now, batch.asOf, exchange);
  if (end === now) return batch;
  const earlier = historyRangeWindow(period, end, exchange);
  if (earlier.from === window.from) return batch;
  return getCandlesBatch({ tokens, resolution, from: earlier.from, to: end }, clock, signal);
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
    queryFn: ({ signal }): Promise<CandlesBatch> => getPeriodCandles(set!, clock, signal),
    enabled: set !== null && set.tokens.length > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: DATA_RETRY_MS,
  });
}
