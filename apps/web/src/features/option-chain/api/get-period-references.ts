import { TokenCandlesListSchema } from '@fnodesk/contracts';
import type { ChartPeriod } from '@fnodesk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { periodReferencesOf, referenceWindow, type PeriodReferences } from '../utils/period-references';

/** `GET /data/v1/daily?tokens&from&to`: day candles, read down to each token's close before the period. */
export async function getPeriodReferences(
  tokens: readonly number[],
  period: ChartPeriod,
  at: number,
  signal?: AbortSignal,
): Promise<PeriodReferences> {
  const window = referenceWindow(period, at);
  const params = new URLSearchParams({ tokens: tokens.join(','), from: String(window.from), to: String(window.to) });
  const series = await apiFetch(`/data/v1/daily?${params.toString()}`, { schema: TokenCandlesListSchema, signal });
  return periodReferencesOf(series, window.firstSession);
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
