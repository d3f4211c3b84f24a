import { PublicConfigSchema, type PublicConfig } from '@fnodesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** The brand shown until the deployment's configuration has loaded (and the server's own default). */
export const DEFAULT_BRAND_NAME = 'FNO Desk';

/** `GET /api/v1/public-config`: what the signed-out screens need to know about this deployment. */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiFetch('/api/v1/public-config', { schema: PublicConfigSchema, signal });
}

/** Query options of the public configuration; it does not change while the page is open. */
export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['site', 'public-config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}

/** The deployment's public configuration (Google client id, version, brand, support channels, demo form). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}

/** The configured product name, or the default while the configuration loads or cannot be read. */
export function useBrandName(): string {
  return usePublicConfig().data?.brandName ?? DEFAULT_BRAND_NAME;
}
