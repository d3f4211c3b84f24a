import { InstrumentListSchema, type Instrument } from '@fnodesk/contracts';
import { apiFetch } from '../api-client';

/**
 * `GET /data/v1/search?query`: F&O underlyings in the picker's order (indices first) matching the text. Pass it to
 * `InstrumentPicker` (components/market) as its `search`.
 */
export function searchInstruments(query: string, signal?: AbortSignal): Promise<Instrument[]> {
  const params = new URLSearchParams({ query: query.trim() });
  return apiFetch(`/data/v1/search?${params.toString()}`, { schema: InstrumentListSchema, signal });
}
