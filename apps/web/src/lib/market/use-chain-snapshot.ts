// The chain-snapshot pages' data (pages brief G4: Option Action, Option OI, Options Premium): the underlying's
// expiries, the chain around ATM at the minute the tier allows, kept up as spec §4.3 says — feed prices and volume
// in the live tier (OI with the chain, every refresh, since the exchange publishes it every few minutes), a refresh
// on the minute otherwise, the last session while the market is closed — and the choices remembered per page.
import type { FeedTick, OptionChain } from '@fnodesk/contracts';
import { DEFAULT_PICKER_ROOT, systemClock, type Clock } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { readStoredItem, writeStoredItem } from '../local-storage';
import { useDataQuery } from '../use-data-query';
import { DEFAULT_REFRESH_MS } from './refresh-schedule';
import { useMarketDataPage } from './use-market-data-page';

/** ATM ±5 (the G4 pages' default strike range). */
export const DEFAULT_SNAPSHOT_STRIKES = 11;
/** The chain answer holds 1 to 15 strikes around ATM (spec §5). */
export const SNAPSHOT_STRIKE_COUNTS: readonly number[] = Array.from({ length: 15 }, (_, i) => i + 1);

/** What a chain-snapshot page remembers between visits. */
export interface SnapshotChoices {
  name: string;
  /** The chosen expiry, or null for the nearest. */
  expiry: string | null;
  strikes: number;
  /** The legs drawn. */
  ce: boolean;
  pe: boolean;
}

const ChoicesSchema = z.object({
  name: z.string().trim().min(1).max(40).catch(DEFAULT_PICKER_ROOT),
  expiry: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable()
    .catch(null),
  strikes: z.number().int().min(1).max(15).catch(DEFAULT_SNAPSHOT_STRIKES),
  ce: z.boolean().catch(true),
  pe: z.boolean().catch(true),
});

/** The choices stored under `key`, each unreadable one replaced by its default. */
export function readSnapshotChoices(key: string): SnapshotChoices {
  let json: unknown = {};
  try {
    json = JSON.parse(readStoredItem(key) ?? '{}');
  } catch {
    json = {};
  }
  const parsed = ChoicesSchema.safeParse(typeof json === 'object' && json !== null ? json : {});
  return parsed.success
    ? parsed.data
    : { name: DEFAULT_PICKER_ROOT, expiry: null, strikes: DEFAULT_SNAPSHOT_STRIKES, ce: true, pe: true };
}

/**
 * The chain with the feed's latest prices and volume laid over its legs (OI stays the chain's, so every figure
 * derived from OI matches the answer it came in).
 */
export function withLivePrices(chain: OptionChain, ticks: ReadonlyMap<number, FeedTick>): OptionChain {
  if (ticks.size === 0) return chain;
  const leg = (side: OptionChain['rows'][number]['ce']) => {
    const tick = ticks.get(side.token);
    if (tick === undefined) return side;
    const previous = tick.c ?? tick.prev?.lp;
    return {
      ...side,
      ltp: tick.lp,
      ...(tick.atp === undefined ? {} : { atp: tick.atp }),
      ...(tick.vt === undefined ? {} : { volume: tick.vt }),
      ...(previous === undefined
        ? {}
        : {
            ltpChange: tick.lp - previous,
            ltpChangePercent: previous === 0 ? null : ((tick.lp - previous) / previous) * 100,
          }),
    };
  };
  const spot = ticks.get(chain.spotToken);
  const fut = ticks.get(chain.futToken);
  return {
    ...chain,
    rows: chain.rows.map((row) => ({ ...row, ce: leg(row.ce), pe: leg(row.pe) })),
    summary: {
      ...chain.summary,
      ...(spot === undefined ? {} : { spot: spot.lp }),
      ...(fut === undefined ? {} : { futures: fut.lp }),
    },
  };
}

/** Options of {@link useChainSnapshot}. */
export interface ChainSnapshotOptions {
  /** localStorage key of the page's choices (its route name). */
  storageKey: string;
  clock?: Clock;
  /** Refresh interval of delayed data (the server's `REFRESH_MS`). */
  refreshMs?: number;
  /** The server's simulated market never closes. */
  alwaysOpen?: boolean;
}

/** The state of a chain-snapshot page's body. */
export type SnapshotState = 'loading' | 'error' | 'expiries-error' | 'no-expiries' | 'ready';

/** One underlying's chain around ATM for a G4 page, kept up for the user's tier. */
export function useChainSnapshot({
  storageKey,
  clock = systemClock,
  refreshMs = DEFAULT_REFRESH_MS,
  alwaysOpen = false,
}: ChainSnapshotOptions) {
  const [choices, setChoices] = useState<SnapshotChoices>(() => readSnapshotChoices(storageKey));
  const choose = useCallback(
    (patch: Partial<SnapshotChoices>) =>
      setChoices((current) => {
        const next = { ...current, ...patch };
        writeStoredItem(storageKey, JSON.stringify(next));
        return next;
      }),
    [storageKey],
  );
  const expiries = useDataQuery('get_option_expiry', { name: choices.name });
  const expiryList = useMemo(() => expiries.data?.data.expiries ?? [], [expiries.data]);
  // A stored expiry that has since expired gives way to the nearest one.
  const expiry = expiryList.find((candidate) => candidate.date === choices.expiry) ?? expiryList[0] ?? null;
  const params = useMemo(
    () =>
      expiry === null
        ? null
        : { name: choices.name, expiry: expiry.date, strikes: choices.strikes, atm: 'Futures' as const },
    [choices.name, choices.strikes, expiry],
  );
  const chainQuery = useDataQuery('option_chain', params, {
    clock,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
  const answer = chainQuery.data;
  const tokens = useMemo(() => {
    const chain = answer?.data;
    return chain === undefined
      ? []
      : [chain.spotToken, chain.futToken, ...chain.rows.flatMap((row) => [row.ce.token, row.pe.token])];
  }, [answer]);

  const refetch = chainQuery.refetch;
  const refresh = useCallback(() => void refetch(), [refetch]);
  // Tier, market state, live ticks, the refresh timer and 'Last Updated' come from the kit's one page hook.
  const page = useMarketDataPage({
    exchange: 'NFO',
    served: answer,
    servedUntil: answer?.data.at,
    dataAt: answer?.data.at,
    tokens,
    ticks: 'frame',
    refresh,
    // OI and the analytics the server computes per minute refresh on the minute in the live tier too.
    refreshWhenLive: true,
    clock,
    refreshMs,
    alwaysOpen,
  });
  const ticks = page.ticks.ticks;
  const chain = useMemo(() => (answer === undefined ? undefined : withLivePrices(answer.data, ticks)), [answer, ticks]);

  const state: SnapshotState =
    expiries.isError && expiries.data === undefined
      ? 'expiries-error'
      : expiries.data !== undefined && expiryList.length === 0
        ? 'no-expiries'
        : chainQuery.isError && answer === undefined
          ? 'error'
          : chain === undefined
            ? 'loading'
            : 'ready';

  return {
    choices,
    choose,
    expiries: expiryList,
    expiriesLoading: expiries.isPending,
    expiry,
    chain,
    tier: page.tier,
    mode: page.mode,
    banner: page.banner,
    now: page.now,
    lastUpdatedAt: page.lastUpdatedAt,
    nextUpdateAt: page.mode === 'refresh' ? page.nextUpdateAt : null,
    updating: chainQuery.isPlaceholderData,
    state,
    retry: () => void (expiries.isError ? expiries.refetch() : refetch()),
  };
}

/** What {@link useChainSnapshot} gives a page. */
export type ChainSnapshot = ReturnType<typeof useChainSnapshot>;
