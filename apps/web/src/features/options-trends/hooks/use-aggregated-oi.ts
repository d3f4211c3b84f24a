import type { AggregatedOiSchema } from '@fnodesk/contracts';
import type { z } from 'zod';
import { istDateOf, istInstant, type Resolution, type SetTotals } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useDataQuery } from '../../../lib/use-data-query';

/**
 * The expiry's total call and put OI per candle this session (`get_aggregated_oi`), over every listed strike or
 * ATM ± `around` strikes, as the per-side totals the trend rows read (OI only; no premium).
 */
export function useAggregatedOi(snapshot: ChainSnapshot, resolution: Resolution, around: number | null) {
  const { chain } = snapshot;
  const at = chain?.at;
  const params = useMemo(
    () =>
      chain === undefined || at === undefined
        ? null
        : {
            token: chain.spotToken,
            type: resolution,
            from: String(istInstant(istDateOf(at), '09:15')),
            to: String(at),
            expiry: chain.expiry,
            ...(around === null ? {} : { strike: around }),
          },
    [chain, at, resolution, around],
  );
  const query = useDataQuery('get_aggregated_oi', params, { staleTime: Infinity, placeholderData: keepPreviousData });
  const sides = useMemo(() => {
    const points = query.data?.data.points;
    if (points === undefined) return undefined;
    const side = (oi: (point: z.infer<typeof AggregatedOiSchema>['points'][number]) => number) =>
      new Map<number, SetTotals>(points.map((point) => [point.t, { ltp: 0, oi: oi(point) }]));
    return { ce: side((point) => point.callOi), pe: side((point) => point.putOi) };
  }, [query.data]);
  return { sides, query };
}
