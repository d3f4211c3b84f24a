import { istDateOf, istInstant, sumLegsByTime, type Resolution, type SetTotals } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useDataQuery } from '../../../lib/use-data-query';

/** The underlying drawn against the options: the index (spot) or its future. */
export type TrendUnderlying = 'Spot' | 'Fut';

/** The strike set's sums per candle this session, the underlying's closes, and the previous session's sums. */
export interface StrikeSetCandles {
  ce: Map<number, SetTotals>;
  pe: Map<number, SetTotals>;
  underlying: Map<number, number>;
  /** The previous session's closing sums of the same legs; null when a leg has none. */
  previous: { ce: SetTotals; pe: SetTotals } | null;
}

/**
 * Every CE and PE of the chain's strikes with the spot and the future, as candles from the session's open to the
 * chain's minute (asked for again as the kit refreshes the chain), and the legs' previous session closes.
 */
export function useStrikeSetCandles(snapshot: ChainSnapshot, resolution: Resolution, underlying: TrendUnderlying) {
  const { chain } = snapshot;
  const legTokens = useMemo(
    () =>
      chain === undefined
        ? { ce: [], pe: [] }
        : { ce: chain.rows.map((r) => r.ce.token), pe: chain.rows.map((r) => r.pe.token) },
    [chain],
  );
  const underlyingToken = chain === undefined ? null : underlying === 'Spot' ? chain.spotToken : chain.futToken;
  const tokens = underlyingToken === null ? '' : [underlyingToken, ...legTokens.ce, ...legTokens.pe].join(',');
  const at = chain?.at;
  const params = useMemo(
    () =>
      at === undefined || tokens === ''
        ? null
        : { tokens, resolution, from: String(istInstant(istDateOf(at), '09:15')), to: String(at) },
    [tokens, resolution, at],
  );
  const candles = useDataQuery('candles', params, { staleTime: Infinity, placeholderData: keepPreviousData });
  const legList = [...legTokens.ce, ...legTokens.pe].join(',');
  const previous = useDataQuery('prev_day', legList === '' ? null : { tokens: legList }, { staleTime: 10 * 60_000 });

  const data = useMemo((): StrikeSetCandles | undefined => {
    const lists = candles.data?.data;
    if (lists === undefined || underlyingToken === null) return undefined;
    const byToken = new Map(lists.map((entry) => [entry.token, entry.candles]));
    const side = (list: readonly number[]) => sumLegsByTime(list.map((token) => byToken.get(token) ?? []));
    const days = new Map((previous.data?.data ?? []).map((day) => [day.token, day]));
    const closing = (list: readonly number[]): SetTotals | null => {
      let ltp = 0;
      let oi = 0;
      for (const token of list) {
        const day = days.get(token);
        if (day === undefined) return null;
        ltp += day.c;
        oi += day.oi;
      }
      return { ltp, oi };
    };
    const ce = closing(legTokens.ce);
    const pe = closing(legTokens.pe);
    return {
      ce: side(legTokens.ce),
      pe: side(legTokens.pe),
      underlying: new Map((byToken.get(underlyingToken) ?? []).map((candle) => [candle.t, candle.c])),
      previous: ce === null || pe === null || legTokens.ce.length === 0 ? null : { ce, pe },
    };
  }, [candles.data, previous.data, legTokens, underlyingToken]);

  return { data, query: candles };
}
