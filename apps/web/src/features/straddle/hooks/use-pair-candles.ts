import type { Candle, OptionChain } from '@fnodesk/contracts';
import { istDateOf, istInstant } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataQuery } from '../../../lib/use-data-query';

const NONE: ReadonlyMap<number, number> = new Map();
const MINUTE_MS = 60_000;

/** The session's first trade of each leg of the chain (the 09:15 minute's open), for the changes since open. */
export function useLegOpens(chain: OptionChain | undefined): ReadonlyMap<number, number> {
  const params = useMemo(() => {
    if (chain === undefined || chain.rows.length === 0) return null;
    const open = istInstant(istDateOf(chain.at), '09:15');
    return {
      tokens: chain.rows.flatMap((row) => [row.ce.token, row.pe.token]).join(','),
      resolution: '1m' as const,
      from: String(open),
      to: String(open + MINUTE_MS),
    };
  }, [chain]);
  const candles = useDataQuery('candles', params, { staleTime: Infinity });
  return useMemo(() => {
    const list = candles.data?.data;
    if (list === undefined) return NONE;
    return new Map(
      list.flatMap(({ token, candles: series }) => (series[0] === undefined ? [] : [[token, series[0].o]])),
    );
  }, [candles.data]);
}

const NO_CANDLES: readonly Candle[] = [];

/** 1-minute candles of some of the chain's legs over its session up to the minute it is as of, by token. */
export function useSessionCandles(chain: OptionChain | undefined, tokens: readonly number[]) {
  const list = tokens.join(',');
  const params = useMemo(() => {
    if (chain === undefined || list === '') return null;
    return {
      tokens: list,
      resolution: '1m' as const,
      from: String(istInstant(istDateOf(chain.at), '09:15')),
      to: String(chain.at + MINUTE_MS),
    };
  }, [chain, list]);
  const query = useDataQuery('candles', params, { staleTime: Infinity, placeholderData: keepPreviousData });
  const answer = query.data?.data;
  const byToken = useMemo(
    () => new Map((answer ?? []).map((entry) => [entry.token, entry.candles as readonly Candle[]])),
    [answer],
  );
  return {
    of: (token: number): readonly Candle[] => byToken.get(token) ?? NO_CANDLES,
    byToken,
    loading: query.isPending && params !== null,
    error: query.isError && answer === undefined,
  };
}

/** 1-minute candles of a CE and a PE over the chain's session up to the minute it is as of. */
export function usePairCandles(chain: OptionChain | undefined, ceToken: number, peToken: number) {
  const candles = useSessionCandles(chain, [ceToken, peToken]);
  const { byToken } = candles;
  const legs = useMemo(
    () => ({ ce: byToken.get(ceToken) ?? NO_CANDLES, pe: byToken.get(peToken) ?? NO_CANDLES }),
    [byToken, ceToken, peToken],
  );
  return { ...legs, loading: candles.loading, error: candles.error };
}
