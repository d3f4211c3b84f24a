import { addCalendarDays, historyRangeWindow, istDateOf, istMidnight } from '@fnodesk/domain';
import { useMemo } from 'react';
import type { SnapshotScreenProps } from '../../../lib/market/snapshot-screen-props';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { useDataQuery } from '../../../lib/use-data-query';
import { withLiveMoves, type IndexComposition } from '../utils/index-contribution';

/**
 * Every index with its constituents (`get_index_sector`, recomputed by the server once a minute), kept fresh by the
 * page kit: live moves from the feed for `liveTokens` in the live tier, a refresh on the minute otherwise.
 */
export function useIndexSectors(liveTokens: readonly number[], settings: Omit<SnapshotScreenProps, 'theme'>) {
  const query = useDataQuery('get_index_sector', {});
  const answer = query.data;
  const page = useMarketDataPage({
    ...settings,
    exchange: 'NSE',
    served:
      answer === undefined
        ? undefined
        : { tier: answer.tier, asOf: answer.asOf, delayMs: answer.delayMs, receivedAt: answer.receivedAt },
    tokens: liveTokens,
    ticks: 'frame',
    refresh: () => void query.refetch(),
    refreshWhenLive: true,
  });
  const ticks = page.ticks.ticks;
  const indices = useMemo<IndexComposition[]>(
    () => (answer?.data ?? []).map((index) => withLiveMoves(index, ticks)),
    [answer, ticks],
  );
  return { query, page, indices };
}

/** The candle window of a period ending today: from its first session's open to the end of today (IST). */
export function periodWindow(period: string, now: number): { from: number; to: number } {
  const { from } = historyRangeWindow(period, now, 'NSE');
  return { from, to: istMidnight(addCalendarDays(istDateOf(now), 1)) - 1 };
}

/** Closes of an index per candle over a period (`pattern`), refreshed with the page. */
export function useIndexCandles(token: number | null, resolution: string, period: string, now: number) {
  // The window changes once a day, so the query key stays put between refreshes.
  const today = istDateOf(now);
  const window = useMemo(() => periodWindow(period, istMidnight(today) + 12 * 3_600_000), [period, today]);
  return useDataQuery(
    'pattern',
    token === null ? null : { tokens: [token], type: resolution, from: window.from, to: window.to },
  );
}
