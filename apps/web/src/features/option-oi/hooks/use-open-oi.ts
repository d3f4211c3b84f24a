import type { OptionChain } from '@fnodesk/contracts';
import { istDateOf, istInstant } from '@fnodesk/domain';
import { useMemo } from 'react';
import { useDataQuery } from '../../../lib/use-data-query';

const NONE: ReadonlyMap<number, number> = new Map();

/**
 * OI of each leg of the chain at the session's open (the first minute's OI, from 1-minute candles), loaded only
 * while `enabled`; empty until loaded or when the session has no candles yet.
 */
export function useOpenOi(chain: OptionChain | undefined, enabled: boolean): ReadonlyMap<number, number> {
  const params = useMemo(() => {
    if (chain === undefined || !enabled || chain.rows.length === 0) return null;
    const open = istInstant(istDateOf(chain.at), '09:15');
    return {
      tokens: chain.rows.flatMap((row) => [row.ce.token, row.pe.token]).join(','),
      resolution: '1m' as const,
      from: String(open),
      to: String(open + 60_000),
    };
  }, [chain, enabled]);
  const candles = useDataQuery('candles', params, { staleTime: Infinity });
  return useMemo(() => {
    const list = candles.data?.data;
    if (list === undefined) return NONE;
    const map = new Map<number, number>();
    for (const { token, candles: series } of list) {
      const first = series[0];
      if (first !== undefined) map.set(token, first.oi);
    }
    return map;
  }, [candles.data]);
}
