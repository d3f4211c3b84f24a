import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserSession, writeSession } from '../../lib/session-storage';
import { mockApi } from '../../test/api-mock';
import { sessionWith } from '../../test/session-fixture';
import { APP_PAGES } from '../app-pages';
import { paths } from '../paths';
import { RequirePlan } from './require-plan';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RequirePlan />,
        children: [
          { path: APP_PAGES.holidayList.path, handle: APP_PAGES.holidayList, element: <p>discover page</p> },
          { path: APP_PAGES.profile.path, handle: APP_PAGES.profile, element: <p>account page</p> },
        ],
      },
      { path: paths.discoverPricing, element: <p>pricing page</p> },
      { path: paths.brokerAccounts, element: <p>broker accounts page</p> },
    ],
    { initialEntries: [path] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const CHECK = { activeSubscription: false, activeTradeSubscription: false, brokerLoggedIn: false, accounts: 0 };

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RequirePlan', () => {
  it("sends a user with neither plan to Discover pricing with the spec's toast", async () => {
    const error = vi.spyOn(toast, 'error');
    mockApi({ 'GET /api/v1/login-check': { data: CHECK } });
    writeSession(sessionWith({}));
    const router = renderAt(APP_PAGES.holidayList.path);

    expect(await screen.findByText('pricing page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.discoverPricing);
    expect(error).toHaveBeenCalledWith(
      'You do not have a valid plan. Please purchase a plan to use the product.',
      expect.objectContaining({ toastId: 'plan-required' }),
    );
  });

  it('shows the account pages to a user without a plan', async () => {
    mockApi({ 'GET /api/v1/login-check': { data: CHECK } });
    writeSession(sessionWith({}));
    renderAt(APP_PAGES.profile.path);

    expect(await screen.findByText('account page')).toBeInTheDocument();
  });

  it('sends a user with QuikTrade alone from a Discover page to the broker accounts', async () => {
    mockApi({ 'GET /api/v1/login-check': { data: { ...CHECK, activeTradeSubscription: true, accounts: 1 } } });
    writeSession(sessionWith({ activeTradeSubscription: true }));
    const router = renderAt(APP_PAGES.holidayList.path);

    expect(await screen.findByText('broker accounts page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.brokerAccounts);
  });

  it('shows a Discover page to a Discover subscriber', async () => {
    mockApi({ 'GET /api/v1/login-check': { data: { ...CHECK, activeSubscription: true } } });
    writeSession(sessionWith({ activeSubscription: true }));
    renderAt(APP_PAGES.holidayList.path);

    expect(await screen.findByText('discover page')).toBeInTheDocument();
  });

  it('stores the flags of the login check, so a plan bought elsewhere counts', async () => {
    mockApi({ 'GET /api/v1/login-check': { data: { ...CHECK, activeSubscription: true, brokerLoggedIn: true } } });
    writeSession(sessionWith({}));
    renderAt(APP_PAGES.profile.path);

    await waitFor(() => expect(readUserSession()?.activeSubscription).toBe(true));
    expect(readUserSession()?.brokerLoggedIn).toBe(true);
  });
});
