import { createFakeClock } from '@fnodesk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFeedClient } from '../../lib/feed/feed-client';
import { FeedClientContext } from '../../lib/feed/feed-context';
import { mockApi, type ApiMock } from '../../test/api-mock';
import { signIn } from '../../test/billing-fixtures';
import { APP_PAGES } from '../app-pages';
import { useDefaultBrokerNotice } from './use-default-broker-notice';

const DEFAULT_ACCOUNT = {
  id: 'acc-9',
  type: 'zerodha',
  subType: null,
  name: 'Zerodha',
  userName: 'ZX9',
  status: 'loggedOut',
  isDefault: true,
  autoLogin: false,
  quickTrade: false,
  apiKey: 'k',
  secret: '••••abcd',
  totpSecret: null,
  apiToken: null,
  tokenCreationTime: null,
  manualLoginURL: '',
  collectPasswordForLogin: false,
  collectTOTPForLogin: false,
  loginType: 0,
  callbackUrl: null,
  postbackUrl: null,
  tradeMultiplier: 1,
};

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  signIn({ activeSubscription: true });
  api = mockApi({ 'GET /api/v1/brokers': { data: { brokers: [DEFAULT_ACCOUNT] } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderNotice(page = APP_PAGES.charts) {
  const feed = createFeedClient({
    urls: ['ws://x/feed/v1'],
    createSocket: () => ({ send: () => undefined, close: () => undefined }),
    clock: createFakeClock(0),
    credentials: () => null,
    checkSession: () => Promise.resolve('valid'),
    onSessionExpired: () => undefined,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter(
      [
        { path: '/pages/charts', element: children },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: ['/pages/charts'] },
    );
    return (
      <QueryClientProvider client={queryClient}>
        <FeedClientContext.Provider value={feed}>
          <RouterProvider router={router} />
        </FeedClientContext.Provider>
      </QueryClientProvider>
    );
  };
  const hook = renderHook(() => useDefaultBrokerNotice(page), { wrapper });
  return { ...hook, router: () => router! };
}

describe('default-broker notice (signed-in §4.1)', () => {
  it('says the default broker is not logged in and leads to its login on the Broker List', async () => {
    const { result, router } = renderNotice();
    expect(result.current).toBeNull();
    await waitFor(() => expect(result.current).not.toBeNull(), { timeout: 2500 });
    expect(result.current?.lines[0]).toBe('Default Broker not Logged In. Click Here To Login.');
    act(() => result.current?.primary.onClick());
    expect(router().state.location.pathname).toBe('/trading/broker-accounts');
    expect(router().state.location.state).toEqual({ login: 'acc-9' });
  });

  it('is not shown on the Broker List itself', async () => {
    const { result } = renderNotice(APP_PAGES.brokerAccounts);
    await waitFor(() => expect(api.calls('GET /api/v1/brokers')).toHaveLength(1), { timeout: 2500 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current).toBeNull();
  });
});
