import { PublicConfigSchema, type PublicConfig } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** `GET /api/v1/public-config`: what the signed-out screens need to know about this deployment. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiFetch('/api/v1/public-config', { schema: PublicConfigSchema, signal });
}

/** Query options of the public configuration; it does not change while the page is open. */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'public-config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}

/** The deployment's public configuration (Google client id, version). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
