import type { Candle } from '@fnodesk/contracts';
import { historyRangeWindow, type ChartPeriod, type Clock, type Exchange, type Resolution } from '@fnodesk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getCandlesBatch, type CandlesBatch } from '../../../lib/market/get-candles-batch';
import { REFRESH_RETRY_MS } from '../../../lib/market/use-chart-history';

/** Charts sharing a resolution and period, fetched in one request. */
export interface CandleSet {
  tokens: readonly number[];
  resolution: Resolution;
  period: ChartPeriod;
  /** The exchange whose sessions decide the period's window. */
  exchange: Exchange;
}

/** The candles of every chart, and the state of the requests behind them. */
export interface ChartCandles {
  /** Candles per token; a token is absent until its request has answered. */
  byToken: ReadonlyMap<number, Candle[]>;
  /** The strike charts' answer (tier, cut-off, arrival time), if any yet. */
  strikes: CandlesBatch | undefined;
  pending: boolean;
  error: Error | null;
  refetch: () => void;
}

function useCandleSet(set: CandleSet | null, clock: Clock) {
  return useQuery({
    queryKey: ['option-chain-charts', 'candles', set?.tokens.join(','), set?.resolution, set?.period, set?.exchange],
    queryFn: ({ signal }) => {
      const { tokens, resolution, period, exchange } = set!;
      const now = clock.now();
      const window = historyRangeWindow(period, now, exchange);
      return getCandlesBatch({ tokens, resolution, from: window.from, to: now }, clock, signal);
    },
    enabled: set !== null && set.tokens.length > 0,
    // The page refreshes on its own schedule (or not at all in the live tier and while the market is closed).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
    retryDelay: REFRESH_RETRY_MS,
    // A new resolution or period keeps the old candles on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * The history of every chart on the page: the strike charts in one request, the index chart in the same request
 * when it shares their resolution and period (both exchanges of an underlying keep the same sessions), else in a
 * second one.
 */
export function useChartCandles(strikes: CandleSet | null, index: CandleSet | null, clock: Clock): ChartCandles {
  const together =
    strikes !== null && index !== null && strikes.resolution === index.resolution && strikes.period === index.period;
  const main = useCandleSet(
    strikes === null ? index : together ? { ...strikes, tokens: [...index.tokens, ...strikes.tokens] } : strikes,
    clock,
  );
  const separate = useCandleSet(together || strikes === null ? null : index, clock);
  const byToken = useMemo(() => {
    const map = new Map<number, Candle[]>();
    for (const source of [main.data, separate.data]) {
      if (source !== undefined) for (const [token, candles] of source.candles) map.set(token, candles);
    }
    return map;
  }, [main.data, separate.data]);
  const { refetch: refetchMain } = main;
  const { refetch: refetchSeparate } = separate;
  const hasSeparate = !together && strikes !== null && index !== null;
  return {
    byToken,
    strikes: main.data,
    pending: main.isPending || (hasSeparate && separate.isPending),
    error: main.error ?? separate.error,
    refetch: () => {
      void refetchMain();
      if (hasSeparate) void refetchSeparate();
    },
  };
}
