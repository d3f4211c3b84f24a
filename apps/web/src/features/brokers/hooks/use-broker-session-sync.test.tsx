import { createFakeClock } from '@fnodesk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedClientContext } from '../../../lib/feed/feed-context';
import { readUserSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { fakeFeed } from '../../../test/fake-feed';
import { signIn } from '../../../test/billing-fixtures';
import { brokerAccount } from '../test/broker-fixtures';
import { BROKER_LIST_DELAY_MS, useBrokerSessionSync } from './use-broker-session-sync';

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  signIn({ activeSubscription: true, brokerLoggedIn: false });
  api = mockApi({ 'GET /api/v1/brokers': { data: { brokers: [] } } });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup() {
  const { client, server } = fakeFeed(createFakeClock(0), { userid: 'u-1', secret: 'secret-1' });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <FeedClientContext.Provider value={client}>{children}</FeedClientContext.Provider>
    </QueryClientProvider>
  );
  const tier = (value: 'live' | 'delayed') => {
    server().onMessage(JSON.stringify({ t: 'tier', tier: value, delayMs: value === 'live' ? 0 : 1_800_000 }));
  };
  // The feed connects only while something is held, as a chart does.
  const release = client.subscribe([256265], 'ltp');
  return { client, queryClient, wrapper, tier, release, open: () => server().onOpen() };
}

describe('broker status in the signed-in app (signed-in §4.1)', () => {
  it('reads the broker list 1 s after load and stores brokerLoggedIn', async () => {
    api.on('GET /api/v1/brokers', { data: { brokers: [brokerAccount({ status: 'loggedIn' })] } });
    const { wrapper } = setup();
    renderHook(() => useBrokerSessionSync(), { wrapper });
    expect(api.calls('GET /api/v1/brokers')).toHaveLength(0);
    await waitFor(() => expect(api.calls('GET /api/v1/brokers')).toHaveLength(1), {
      timeout: BROKER_LIST_DELAY_MS + 1000,
    });
    await waitFor(() => expect(readUserSession()?.brokerLoggedIn).toBe(true));
  });

  it('names the default account when it is not logged in', async () => {
    const account = brokerAccount({ isDefault: true, status: 'loggedOut' });
    api.on('GET /api/v1/brokers', { data: { brokers: [account] } });
    const { wrapper } = setup();
    const { result } = renderHook(() => useBrokerSessionSync(), { wrapper });
    await waitFor(() => expect(result.current?.id).toBe('acc-1'), { timeout: BROKER_LIST_DELAY_MS + 1000 });
  });

  it("follows the feed's tier and reloads market data when it changes", async () => {
    const { wrapper, tier, open, queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useBrokerSessionSync(), { wrapper });
    act(() => open());
    act(() => tier('live'));
    expect(readUserSession()?.brokerLoggedIn).toBe(true);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['market'] });
    act(() => tier('delayed'));
    expect(readUserSession()?.brokerLoggedIn).toBe(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['market'] });
  });
});
