import { queryOptions } from '@tanstack/react-query';
import { getLoginStatus } from '../../features/billing/api/get-login-status';

/** How long a login check's answer counts as current before the next signed-in page asks again. */
export const LOGIN_STATUS_STALE_MS = 60_000;

/** Query options of the plan and broker flags (`GET /api/v1/login-check`) the signed-in pages gate on. */
export function loginStatusQueryOptions() {
  return queryOptions({
    queryKey: ['session', 'login-status'],
    queryFn: () => getLoginStatus(),
    staleTime: LOGIN_STATUS_STALE_MS,
  });
}
