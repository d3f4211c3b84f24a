import { useQuery } from '@tanstack/react-query';
import { searchInstruments } from './search-instruments';

const INSTRUMENT_LIST_STALE_MS = 10 * 60_000;

/**
 * The instrument a page shows: `chosen`, or while nothing is chosen the instrument list's second item (spec §4.4:
 * NIFTY), its first if it has only one, and `null` until the list arrives. `list` is the list's query, for its
 * error and retry; it is fetched only while nothing is chosen.
 */
export function useDefaultInstrument(chosen: string | null) {
  const list = useQuery({
    queryKey: ['instrument-search', ''],
    queryFn: ({ signal }) => searchInstruments('', signal),
    staleTime: INSTRUMENT_LIST_STALE_MS,
    enabled: chosen === null,
  });
  const instrument = chosen ?? list.data?.[1]?.name ?? list.data?.[0]?.name ?? null;
  return { instrument, list };
}
