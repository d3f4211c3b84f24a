import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet, useMatches } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { applyLoginStatus } from '../../features/billing/utils/session-entitlements';
import { PLAN_REQUIRED_MESSAGE } from '../../lib/api-client';
import { useUserSession } from '../../lib/use-session';
import { isAppPage, type PageAccess } from '../app-pages';
import { paths } from '../paths';
import { loginStatusQueryOptions } from './login-status-query';
import { planVerdict } from './plan-verdict';

// The same id as the API client's 402 toast, so a refused call and a refused page never show the message twice.
const PLAN_REQUIRED_TOAST_ID = 'plan-required';

/** The access rule of the deepest matched route that names one (`handle` is its `AppPage`). */
function useRouteAccess(): PageAccess {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isAppPage(handle)) return handle.access;
  }
  // A signed-in route without a page description gets the strictest rule rather than none.
  return 'discover';
}

/**
 * Layout route applying the plan rules to the signed-in pages: the stored session's flags decide at once, and the
 * login check refreshes them (a plan bought or expired elsewhere counts on the next visit). Without a plan: the
 * spec's toast and Discover pricing; with QuikTrade alone on a Discover page: the broker accounts.
 */
export function RequirePlan() {
  const session = useUserSession();
  const access = useRouteAccess();
  const status = useQuery(loginStatusQueryOptions());

  useEffect(() => {
    if (status.data !== undefined) applyLoginStatus(status.data);
  }, [status.data]);

  const verdict = planVerdict(access, {
    activeSubscription: session?.activeSubscription ?? false,
    activeTradeSubscription: session?.activeTradeSubscription ?? false,
  });

  useEffect(() => {
    if (verdict === 'pricing') toast.error(PLAN_REQUIRED_MESSAGE, { toastId: PLAN_REQUIRED_TOAST_ID });
  }, [verdict]);

  if (verdict === 'pricing') return <Navigate replace to={paths.discoverPricing} />;
  if (verdict === 'broker-accounts') return <Navigate replace to={paths.brokerAccounts} />;
  return <Outlet />;
}
