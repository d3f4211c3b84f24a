import { istDateOf, istInstant, type Resolution } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useDataQuery } from '../../../lib/use-data-query';
import type { MultiStrikeLeg } from '../utils/multi-strike-series';

/**
 * The chosen legs' candles from the session's open to the chain's minute (asked for again as the kit refreshes the
 * chain), with each leg's previous session close for the Previous Day baseline.
 */
export function useMultiStrikeCandles(
  snapshot: ChainSnapshot,
  legs: { ce: boolean; pe: boolean },
  resolution: Resolution,
) {
  const { chain } = snapshot;
  const chosen = useMemo(
    () =>
      chain === undefined
        ? []
        : chain.rows.flatMap((row) => [
            ...(legs.ce ? [{ strike: row.strike, kind: 'CE' as const, token: row.ce.token }] : []),
            ...(legs.pe ? [{ strike: row.strike, kind: 'PE' as const, token: row.pe.token }] : []),
          ]),
    [chain, legs.ce, legs.pe],
  );
  const tokens = chosen.map((leg) => leg.token).join(',');
  const at = chain?.at;
  const candleParams = useMemo(
    () =>
      at === undefined || tokens === ''
        ? null
        : { tokens, resolution, from: String(istInstant(istDateOf(at), '09:15')), to: String(at) },
    [tokens, resolution, at],
  );
  const candles = useDataQuery('candles', candleParams, { staleTime: Infinity, placeholderData: keepPreviousData });
  const previous = useDataQuery('prev_day', tokens === '' ? null : { tokens }, { staleTime: 10 * 60_000 });

  const result = useMemo((): MultiStrikeLeg[] | undefined => {
    const lists = candles.data?.data;
    if (lists === undefined) return undefined;
    const byToken = new Map(lists.map((entry) => [entry.token, entry.candles]));
    const previousByToken = new Map((previous.data?.data ?? []).map((day) => [day.token, day]));
    return chosen.flatMap((leg) => {
      const series = byToken.get(leg.token);
      if (series === undefined) return [];
      const day = previousByToken.get(leg.token);
      return [{ strike: leg.strike, kind: leg.kind, candles: series, previous: day === undefined ? null : day }];
    });
  }, [candles.data, previous.data, chosen]);

  return { legs: result, query: candles };
}
