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

/** 1-minute candles of a CE and a PE over the chain's session up to the minute it is as of. */
export function usePairCandles(chain: OptionChain | undefined, ceToken: number | null, peToken: number | null) {
  const params = useMemo(() => {
    if (chain === undefined || ceToken === null || peToken === null) return null;
    return {
      tokens: `${ceToken},${peToken}`,
      resolution: '1m' as const,
      from: String(istInstant(istDateOf(chain.at), '09:15')),
      to: String(chain.at + MINUTE_MS),
    };
  }, [chain, ceToken, peToken]);
  const query = useDataQuery('candles', params, { staleTime: Infinity, placeholderData: keepPreviousData });
  const list = query.data?.data;
  const legs = useMemo(() => {
    const find = (token: number | null): readonly Candle[] =>
      list?.find((entry) => entry.token === token)?.candles ?? [];
    return { ce: find(ceToken), pe: find(peToken) };
  }, [list, ceToken, peToken]);
  return { ...legs, loading: query.isPending && params !== null, error: query.isError && list === undefined };
}
