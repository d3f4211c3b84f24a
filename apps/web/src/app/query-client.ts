import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error';

const MAX_RETRIES = 2;

/** Whether a failed query is worth retrying: transport failures and 5xx are, the server's own refusals are not. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError) return error.status === 0 || error.status >= 500;
  return true;
}

/** Creates the app's TanStack Query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
