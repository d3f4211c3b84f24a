import type { Candle } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { candleSetQueryOptions, type CandleSet, type CandlesBatch } from '../../../lib/market/get-candles-batch';
import { chartCandleRequests } from '../utils/page-requests';

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
  // A new resolution or period keeps the old candles on screen until the new ones arrive.
  return useQuery({ ...candleSetQueryOptions(set, clock), placeholderData: keepPreviousData });
}

/** The history of every chart on the page (see {@link chartCandleRequests} for how it is requested). */
export function useChartCandles(strikes: CandleSet | null, index: CandleSet | null, clock: Clock): ChartCandles {
  const requests = chartCandleRequests(strikes, index);
  const main = useCandleSet(requests.main, clock);
  const separate = useCandleSet(requests.separate, clock);
  const byToken = useMemo(() => {
    const map = new Map<number, Candle[]>();
    for (const source of [main.data, separate.data]) {
      if (source !== undefined) for (const [token, candles] of source.candles) map.set(token, candles);
    }
    return map;
  }, [main.data, separate.data]);
  const { refetch: refetchMain } = main;
  const { refetch: refetchSeparate } = separate;
  const hasSeparate = requests.separate !== null;
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
