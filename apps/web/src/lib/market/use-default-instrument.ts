import { useDataQuery } from '../use-data-query';

/** Spec §4.4: the instrument list's second item (NIFTY), its first if it has only one, null for none (yet). */
export function defaultInstrumentOf(list: readonly { name: string }[] | undefined): string | null {
  return list?.[1]?.name ?? list?.[0]?.name ?? null;
}

/**
 * The instrument a page shows: `chosen`, or while nothing is chosen the instrument list's default
 * ({@link defaultInstrumentOf}), `null` until the list arrives. `list` is the list's query, for its error and
 * retry; it is fetched only while nothing is chosen.
 */
export function useDefaultInstrument(chosen: string | null) {
  const list = useDataQuery('search', { query: '' }, { enabled: chosen === null });
  const instrument = chosen ?? defaultInstrumentOf(list.data?.data);
  return { instrument, list };
}
