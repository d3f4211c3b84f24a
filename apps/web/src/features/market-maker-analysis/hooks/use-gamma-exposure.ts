import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useDataQuery } from '../../../lib/use-data-query';

/**
 * The dealer gamma exposure of the snapshot's underlying and expiry, kept at the chain's minute: whenever the page's
 * chain (refreshed for the tier by the kit) is newer than the exposure, the exposure is asked for again.
 */
export function useGammaExposure(snapshot: ChainSnapshot) {
  const name = snapshot.choices.name;
  const expiry = snapshot.expiry?.date ?? null;
  const params = useMemo(() => (expiry === null ? null : { name, expiry }), [name, expiry]);
  const query = useDataQuery('gex', params, { staleTime: Infinity, placeholderData: keepPreviousData });
  const chainAt = snapshot.chain?.at;
  const gexAt = query.data?.data.at;
  const { refetch, isFetching } = query;
  useEffect(() => {
    if (chainAt !== undefined && gexAt !== undefined && chainAt > gexAt && !isFetching) void refetch();
  }, [chainAt, gexAt, isFetching, refetch]);
  return query;
}
