import type { Instrument } from '@fnodesk/contracts';
import { fetchData } from '../use-data-query';

/**
 * `search?query`: F&O underlyings in the picker's order (indices first) matching the text. Pass it to
 * `InstrumentPicker` (components/market) as its `search`.
 */
export async function searchInstruments(query: string, signal?: AbortSignal): Promise<Instrument[]> {
  const answer = await fetchData('search', { query: query.trim() }, signal === undefined ? {} : { signal });
  return answer.data;
}
