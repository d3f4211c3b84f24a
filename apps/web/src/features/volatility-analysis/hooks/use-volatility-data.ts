import { spotInstrumentToken } from '@fnodesk/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ChainSnapshot } from '../../../lib/market/use-chain-snapshot';
import { useDataQuery } from '../../../lib/use-data-query';

/** India VIX's token: its daily closes are drawn against the ATM IV history. */
const INDIA_VIX_TOKEN = spotInstrumentToken('INDIA VIX');

/**
 * What Volatility Analysis reads beside the chain: the year's daily ATM IV (with the underlying's closes), India
 * VIX's daily closes over the same sessions, and the term structure, asked for again whenever the page's chain
 * (refreshed for the tier by the kit) is newer than it.
 */
export function useVolatilityData(snapshot: ChainSnapshot) {
  const name = snapshot.choices.name;
  const history = useDataQuery('iv_history', { name }, { staleTime: 10 * 60_000 });
  const term = useDataQuery('iv_term_structure', { name }, { staleTime: Infinity, placeholderData: keepPreviousData });
  const points = history.data?.data.points;
  const vixParams = useMemo(() => {
    const first = points?.[0];
    const last = points?.at(-1);
    return first === undefined || last === undefined
      ? null
      : { tokens: String(INDIA_VIX_TOKEN), from: first.date, to: last.date };
  }, [points]);
  const vix = useDataQuery('daily', vixParams, { staleTime: 10 * 60_000 });

  const chainAt = snapshot.chain?.at;
  const termAt = term.data?.data.at;
  const { refetch, isFetching } = term;
  useEffect(() => {
    if (chainAt !== undefined && termAt !== undefined && chainAt > termAt && !isFetching) void refetch();
  }, [chainAt, termAt, isFetching, refetch]);

  return { history, term, vix };
}
