import type { ChartPeriod } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../lib/use-data-query';
import { periodReferencesOf, referenceWindow, type PeriodReferences } from '../utils/period-references';

/** `daily?tokens&from&to`: day candles, read down to each token's close before the period. */
export async function getPeriodReferences(
  tokens: readonly number[],
  period: ChartPeriod,
  at: number,
  signal?: AbortSignal,
): Promise<PeriodReferences> {
  const window = referenceWindow(period, at);
  const answer = await fetchData('daily', { tokens, from: window.from, to: window.to }, { signal });
  return periodReferencesOf(answer.data, window.firstSession);
}

/**
 * Each token's close and OI before the period (none for 1D, whose changes the chain and the ticks carry). Keyed by
 * the period's first session, so a chain refreshed within the day reuses them.
 */
export function usePeriodReferences(tokens: readonly number[], period: ChartPeriod, at: number | null) {
  const firstSession = at === null || period === '1D' ? null : referenceWindow(period, at).firstSession;
  return useQuery({
    queryKey: ['option-chain', 'period-references', period, firstSession, tokens.join(',')],
    queryFn: ({ signal }) => getPeriodReferences(tokens, period, at!, signal),
    enabled: firstSession !== null && tokens.length > 0,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
