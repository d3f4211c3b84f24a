import { historyRangeWindow, istDateOf, istInstant, type ChartPeriod, type Resolution } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataQuery } from '../../../lib/use-data-query';

/**
 * One contract's candles over the period up to the chain's minute, its previous session's close, and today's
 * 1-minute candles for the build-up windows (asked for again as the kit refreshes the chain).
 */
export function usePriceOiCandles(
  token: number | null,
  at: number | undefined,
  resolution: Resolution,
  period: ChartPeriod,
) {
  const params = useMemo(() => {
    if (token === null || at === undefined) return null;
    const from = historyRangeWindow(period, at, 'NFO').from;
    return { tokens: String(token), resolution, from: String(from), to: String(at) };
  }, [token, at, resolution, period]);
  const minuteParams = useMemo(
    () =>
      token === null || at === undefined
        ? null
        : {
            tokens: String(token),
            resolution: '1m' as const,
            from: String(istInstant(istDateOf(at), '09:15')),
            to: String(at),
          },
    [token, at],
  );
  const candles = useDataQuery('candles', params, { staleTime: Infinity, placeholderData: keepPreviousData });
  const minutes = useDataQuery('candles', minuteParams, { staleTime: Infinity, placeholderData: keepPreviousData });
  const previous = useDataQuery('prev_day', token === null ? null : { tokens: String(token) }, {
    staleTime: 10 * 60_000,
  });
  return {
    candles: candles.data?.data[0]?.candles,
    minutes: minutes.data?.data[0]?.candles ?? [],
    previous: previous.data?.data[0] ?? null,
    query: candles,
  };
}
