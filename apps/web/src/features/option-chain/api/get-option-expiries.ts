import { OptionExpiriesSchema } from '@fnodesk/contracts';
import type { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** An option expiry as the API lists it. */
export type OptionExpiry = z.infer<typeof OptionExpiriesSchema>['expiries'][number];

// A listing changes at most once a day (a new weekly after an expiry).
const EXPIRIES_STALE_MS = 10 * 60_000;

/** `GET /data/v1/get_option_expiry?name`: an underlying's option expiries, nearest first. */
export async function getOptionExpiries(name: string, signal?: AbortSignal): Promise<OptionExpiry[]> {
  const params = new URLSearchParams({ name });
  const data = await apiFetch(`/data/v1/get_option_expiry?${params.toString()}`, {
    schema: OptionExpiriesSchema,
    signal,
  });
  return data.expiries;
}

/** The option expiries of an underlying. */
export function useOptionExpiries(name: string) {
  return useQuery({
    queryKey: ['option-chain', 'expiries', name],
    queryFn: ({ signal }) => getOptionExpiries(name, signal),
    staleTime: EXPIRIES_STALE_MS,
    refetchOnWindowFocus: false,
  });
}
