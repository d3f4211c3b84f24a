import type { BrokerAccount } from '@fnodesk/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { updateSession } from '../../../lib/session-storage';
import { BROKERS_QUERY_KEY, brokersQueryOptions } from '../api/get-brokers';

// The app's login-check query lives under this key (the plan guard reads it); broker changes alter its answer.
const SESSION_QUERY_KEY = ['session'] as const;

/** Whether any of `accounts` is logged in: the session's `brokerLoggedIn` (accounts §4). */
export function anyLoggedIn(accounts: readonly Pick<BrokerAccount, 'status'>[]): boolean {
  return accounts.some((account) => account.status === 'loggedIn');
}

/**
 * Reloads the broker accounts after a login, logout or delete and stores `brokerLoggedIn` in the session at once, so
 * the warning bar, the gates and the other tabs follow without waiting for the next login check.
 */
export async function refreshBrokerState(queryClient: QueryClient): Promise<BrokerAccount[]> {
  await queryClient.invalidateQueries({ queryKey: BROKERS_QUERY_KEY, refetchType: 'none' });
  const accounts = await queryClient.fetchQuery(brokersQueryOptions());
  updateSession({ brokerLoggedIn: anyLoggedIn(accounts) });
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  return accounts;
}

/** `refreshBrokerState` bound to the app's query client. */
export function useBrokerStateRefresh(): () => Promise<BrokerAccount[]> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshBrokerState(queryClient), [queryClient]);
}
