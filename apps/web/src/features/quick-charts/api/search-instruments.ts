import { InstrumentListSchema, type Instrument } from '@fnodesk/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /data/v1/search?query`: F&O underlyings in the picker's order (indices first) matching the text. */
export function searchInstruments(query: string, signal?: AbortSignal): Promise<Instrument[]> {
  const params = new URLSearchParams({ query: query.trim() });
  return apiFetch(`/data/v1/search?${params.toString()}`, { schema: InstrumentListSchema, signal });
}

/** Query options of a search; the instrument list changes at most daily. */
export function instrumentSearchQueryOptions(query: string) {
  const text = query.trim().toUpperCase();
  return queryOptions({
    queryKey: ['quick-charts', 'search', text],
    queryFn: ({ signal }) => searchInstruments(text, signal),
    staleTime: 10 * 60_000,
  });
}

/** Instruments matching `query`; keeps the previous answer on screen while the next one loads. */
export function useInstrumentSearch(query: string, enabled: boolean) {
  return useQuery({ ...instrumentSearchQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
