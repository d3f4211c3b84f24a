// The F&O futures universe the G1 pages share (pages brief G1 `useFnoUniverse`): every listed future, their ticks
// (`get_all_future_ticks`, the feed's quotes laid over them in the live tier), the index lists for the stock groups,
// and the build-up over the chosen window (its base from 1-minute candles, 50 futures per request).
import type { Candle, FeedTick } from '@fnodesk/contracts';
import { istDateOf, sessionOn } from '@fnodesk/domain';
import { keepPreviousData, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useMarketDataPage } from '../../../lib/market/use-market-data-page';
import { dataQueryOptions, useDataQuery } from '../../../lib/use-data-query';
import { windowBase, windowStartMinute, type BuildUpWindow } from '../../../lib/market/build-up-window';
import { futureRow, futuresInSlot, type ExpirySlot, type FutureRow } from '../utils/futures-rows';

/** Most tokens one candle request takes (contracts' MAX_CANDLE_TOKENS). */
const TOKENS_PER_CANDLE_REQUEST = 50;
const INSTRUMENTS_STALE_MS = 10 * 60_000;

/** Options of {@link useFnoUniverse}. */
export interface FnoUniverseOptions {
  slot: ExpirySlot;
  window: BuildUpWindow;
  /**
   * How the page keeps up: `ticks` lays the feed's quotes over the rows in the live tier (Market Movers);
   * `poll` re-reads every `pollMs` in every tier instead (the Futures Dashboard's 15 s).
   */
  keepUp: { kind: 'ticks' } | { kind: 'poll'; pollMs: number };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

// Module-level, so the combined answer keeps its identity while the answers behind it do not change.
function firstCandlesOf(
  results: readonly {
    data?: { data: readonly { token: number; candles: readonly Candle[] }[] } | undefined;
    isPending: boolean;
  }[],
): { candles: ReadonlyMap<number, Candle>; pending: boolean } {
  const candles = new Map<number, Candle>();
  for (const result of results) {
    for (const { token, candles: series } of result.data?.data ?? []) {
      const first = series[0];
      if (first !== undefined) candles.set(token, first);
    }
  }
  return { candles, pending: results.some((result) => result.isPending) };
}

/** The state of a universe page's body. */
export type UniverseState = 'loading' | 'error' | 'empty' | 'ready';

/** The futures of the chosen month as rows, kept up for the user's tier. */
export function useFnoUniverse({ slot, window, keepUp }: FnoUniverseOptions) {
  const instruments = useDataQuery('get_all_future_instruments', {}, { staleTime: INSTRUMENTS_STALE_MS });
  const sectors = useDataQuery('get_index_sector', {});
  const polling = keepUp.kind === 'poll';
  const ticksQuery = useDataQuery(
    'get_all_future_ticks',
    {},
    {
      staleTime: polling ? keepUp.pollMs : Infinity,
      placeholderData: keepPreviousData,
      ...(polling ? { refetchInterval: keepUp.pollMs } : {}),
    },
  );
  const futures = useMemo(() => futuresInSlot(instruments.data?.data ?? [], slot), [instruments.data, slot]);
  const tokens = useMemo(() => futures.map((future) => future.instrumentToken), [futures]);
  const answer = ticksQuery.data;
  const servedUntil = useMemo(() => {
    let latest = 0;
    for (const tick of answer?.data ?? []) latest = Math.max(latest, tick.ts);
    return latest === 0 ? undefined : latest;
  }, [answer]);

  const refetch = ticksQuery.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: answer,
    servedUntil,
    dataAt: servedUntil,
    tokens,
    ticks: polling ? 'none' : 'frame',
    refresh,
  });

  // The market's now: the latest tick (the server's clock, a replayed session included), else the page's clock.
  const marketNow = Math.max(page.lastTickTs ?? 0, servedUntil ?? 0) || page.now;
  const sessionOpen = sessionOn(istDateOf(marketNow), 'NFO')?.open ?? null;
  const start = sessionOpen === null ? null : windowStartMinute(window, marketNow, sessionOpen);
  const windowCandles = useQueries({
    queries: chunks(start === null ? [] : tokens, TOKENS_PER_CANDLE_REQUEST).map((group) =>
      dataQueryOptions(
        'pattern',
        { tokens: group, type: '1m', from: String(start), to: String((start ?? 0) + 60_000) },
        { staleTime: 60_000 },
      ),
    ),
    combine: firstCandlesOf,
  });
  const firstCandles = windowCandles.candles;

  const served = useMemo(() => {
    const map = new Map<number, FeedTick>();
    for (const tick of answer?.data ?? []) map.set(tick.token, tick);
    return map;
  }, [answer]);
  const live = page.ticks.ticks;
  const rows: FutureRow[] = useMemo(
    () =>
      futures.map((future) => {
        const token = future.instrumentToken;
        const tick = live.get(token) ?? served.get(token);
        return futureRow(future, tick, windowBase(window, tick, firstCandles.get(token)));
      }),
    [futures, live, served, window, firstCandles],
  );

  const state: UniverseState =
    (instruments.isError && instruments.data === undefined) || (ticksQuery.isError && answer === undefined)
      ? 'error'
      : instruments.data === undefined || answer === undefined
        ? 'loading'
        : rows.length === 0
          ? 'empty'
          : 'ready';

  return {
    rows,
    sectors: sectors.data?.data,
    page,
    state,
    /** The window's candles are still on their way (its build-ups read neutral until then). */
    windowLoading: windowCandles.pending,
    retry: () => void (instruments.isError ? instruments.refetch() : refetch()),
    answer,
  };
}

/** What {@link useFnoUniverse} gives a page. */
export type FnoUniverse = ReturnType<typeof useFnoUniverse>;
