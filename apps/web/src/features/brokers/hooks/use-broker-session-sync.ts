import type { BrokerAccount } from '@fnodesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useFeedClient } from '../../../lib/feed/feed-context';
import { updateSession } from '../../../lib/session-storage';
import { BROKERS_QUERY_KEY, brokersQueryOptions } from '../api/get-brokers';
import { anyLoggedIn } from './use-broker-state-refresh';

/** Signed-in §4.1: the broker list is fetched this long after the app loads. */
export const BROKER_LIST_DELAY_MS = 1000;

// Queries whose answers depend on the data tier (market data) or on the broker flags (the login check).
const TIER_DEPENDENT_KEYS = [['market'], ['session'], BROKERS_QUERY_KEY] as const;

/** The default account when it is not logged in (the default-broker notice's subject), else null. */
export function defaultNotLoggedIn(accounts: readonly BrokerAccount[]): BrokerAccount | null {
  return accounts.find((account) => account.isDefault && account.status !== 'loggedIn') ?? null;
}

/**
 * Keeps the session's `brokerLoggedIn` current in the signed-in app (accounts §4, signed-in §4.1): the broker list
 * 1 s after load, and every `tier` message of the feed (live means a broker is logged in, delayed that none is).
 * When the tier changes under an open page, market data and the broker flags are reloaded so the page follows
 * without a reload. Returns the default account if it is not logged in.
 */
export function useBrokerSessionSync(): BrokerAccount | null {
  const queryClient = useQueryClient();
  const client = useFeedClient();
  const [due, setDue] = useState(false);

  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), BROKER_LIST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // Every account, not only the logged-in ones: the list answers brokerLoggedIn and the default account's status.
  const brokers = useQuery({ ...brokersQueryOptions(), enabled: due });

  useEffect(() => {
    if (brokers.data !== undefined) updateSession({ brokerLoggedIn: anyLoggedIn(brokers.data) });
  }, [brokers.data]);

  useEffect(() => {
    let known = client.status().tier?.tier ?? null;
    return client.onChange(() => {
      const tier = client.status().tier?.tier ?? null;
      if (tier === null || tier === known) return;
      const changed = known !== null;
      known = tier;
      // 'none' says nothing about brokers (no Discover plan): the login check answers then.
      if (tier === 'live') updateSession({ brokerLoggedIn: true });
      else if (tier === 'delayed') updateSession({ brokerLoggedIn: false });
      if (changed) {
        for (const queryKey of TIER_DEPENDENT_KEYS) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      }
    });
  }, [client, queryClient]);

  return brokers.data === undefined ? null : defaultNotLoggedIn(brokers.data);
}
