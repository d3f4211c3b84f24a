import { useDataQuery } from '../use-data-query';

/**
 * The instrument a page shows: `chosen`, or while nothing is chosen the instrument list's second item (spec §4.4:
 * NIFTY), its first if it has only one, and `null` until the list arrives. `list` is the list's query, for its
 * error and retry; it is fetched only while nothing is chosen.
 */
export function useDefaultInstrument(chosen: string | null) {
  const list = useDataQuery('search', { query: '' }, { enabled: chosen === null });
  const instruments = list.data?.data;
  const instrument = chosen ?? instruments?.[1]?.name ?? instruments?.[0]?.name ?? null;
  return { instrument, list };
}
