import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_PAGES } from './app-pages';
import { AppProviders } from './app-providers';
import { appRoutes, withPagePrefetches } from './app-routes';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { LOGIN_PATH } from '../lib/api-client';
import { SESSION_STORAGE_KEY } from '../lib/session-storage';
import { paths } from './paths';
import { createQueryClient } from './query-client';
import { mockApi } from '../test/api-mock';
import { publicConfigFixture } from '../test/public-config';
import { sessionWith } from '../test/session-fixture';
import { appHomePath } from './navigation/app-home';

function registeredPaths(routes: readonly RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path === undefined || route.path === '*' ? [] : [route.path]),
    ...registeredPaths(route.children ?? []),
  ]);
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  mockApi({ 'GET /api/v1/public-config': { data: publicConfigFixture() } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('route table', () => {
  it('names every registered path in the paths table', () => {
    expect(registeredPaths(appRoutes).sort()).toEqual(Object.values(paths).sort());
  });

  it('gives the chart pages whose data comes in steps a prefetching loader, and no other route', () => {
    const loaded = (routes: readonly RouteObject[]): string[] =>
      routes.flatMap((route) => [
        ...(route.loader === undefined ? [] : [route.path ?? '']),
        ...loaded(route.children ?? []),
      ]);
    expect(loaded(appRoutes)).toEqual([]);
    expect(loaded(withPagePrefetches(appRoutes, createQueryClient())).sort()).toEqual(
      [APP_PAGES.optionChainCharts.path, APP_PAGES.optionChainChartsTv.path].sort(),
    );
  });

  it('sends an expired session to the login path', () => {
    expect(LOGIN_PATH).toBe(paths.login);
  });

  it.each([paths.home, paths.landing])('shows the home page at %s', async (path) => {
    renderAt(path);

    expect(
      await screen.findByRole('heading', { level: 1, name: /^Discover Opportunities and Trade/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Supercharge your Futures & Options Trading' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Products' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Discover' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'QuikTrade' })).toBeInTheDocument();
    expect(screen.getByText(/Giving F&O traders market insights and unconventional charts\./)).toBeInTheDocument();
  });

  it('redirects an unknown path to /errors/404', async () => {
    const router = renderAt('/no/such/page');

    expect(await screen.findByText("The page you're looking for is not found")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/errors/404');
  });

  it('sends an unknown page under /pages to /errors/404 as well', async () => {
    const router = renderAt('/pages/no-such-page');

    expect(await screen.findByText("The page you're looking for is not found")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/errors/404');
  });

  it('offers a "Take me home" link from the 404 page that goes to /', async () => {
    const user = userEvent.setup();
    const router = renderAt(paths.notFound);

    const link = await screen.findByRole('link', { name: 'Take me home' });
    expect(link).toHaveAttribute('href', '/');
    await user.click(link);

    expect(await screen.findByRole('heading', { level: 1, name: /^Discover Opportunities/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows the 500 text with a "Take me home" link at /errors/500', async () => {
    renderAt(paths.serverError);

    expect(await screen.findByText('Whoops, something went wrong!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take me home' })).toHaveAttribute('href', '/');
  });

  it('sets the page title per screen', async () => {
    renderAt(paths.notFound);

    await screen.findByText("The page you're looking for is not found");
    await waitFor(() => expect(document.title).toBe('Page not found - FNO Desk'));
  });
});

describe('public navbar', () => {
  it('offers Login and Register to a visitor', async () => {
    renderAt(paths.home);

    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', paths.login);
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', paths.register);
    expect(screen.queryByRole('link', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('offers App and Logout to a signed-in user', async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1', loginSecret: 's' }));
    renderAt(paths.home);

    expect(await screen.findByRole('link', { name: 'App' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', paths.logout);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it("refuses App with the spec's toast when the user has neither plan", async () => {
    const toastError = vi.spyOn(toast, 'error');
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionWith({})));
    const user = userEvent.setup();
    const router = renderAt(paths.landing);

    await user.click(await screen.findByRole('link', { name: 'App' }));

    expect(toastError).toHaveBeenCalledWith(
      'You do not have a valid plan. Please purchase a plan to use the product.',
      expect.anything(),
    );
    expect(router.state.location.pathname).toBe(paths.landing);
  });

  it("takes a user with a plan from App to the app's first page", async () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionWith({ activeSubscription: true })));
    const user = userEvent.setup();
    const router = renderAt(paths.landing);

    await user.click(await screen.findByRole('link', { name: 'App' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(appHomePath()));
  });

  it('links the about, contact, feature and pricing pages and the legal pages in the footer', async () => {
    renderAt(paths.home);

    await screen.findByRole('heading', { level: 1, name: /^Discover Opportunities/ });
    for (const [name, path] of [
      ['About Us', paths.aboutUs],
      ['Contact Us', paths.contactUs],
      ['Terms & Conditions', paths.termsCondition],
      ['Privacy Policy', paths.privacyPolicy],
      ['Refund Policy', paths.refundPolicy],
      ['QuikTrade Pricing', paths.quiktradePricing],
      ['QuikTrade Features', paths.quiktradeFeatures],
      ['Discover Features', paths.discoverFeatures],
    ] as const) {
      const footer = screen.getByRole('contentinfo');
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', path);
    }
    expect(screen.getByText('Version 1.0.1')).toBeInTheDocument();
    expect(screen.getByText(/9 out of 10 individual traders/)).toBeInTheDocument();
  });
});

describe('account routes', () => {
  it('shows the login screen at /authentication/login with its page title', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 200, data: publicConfigFixture() })),
    );
    renderAt(paths.login);

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login - FNO Desk'));
  });

  it('sends a signed-out visitor of /profile to /landing', async () => {
    const router = renderAt(paths.profile);

    expect(await screen.findByRole('heading', { level: 1, name: /^Discover Opportunities/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.landing);
  });
});

describe('signed-in shell', () => {
  const CHECK = { activeSubscription: false, activeTradeSubscription: false, brokerLoggedIn: false, accounts: 0 };

  function signIn(overrides: Parameters<typeof sessionWith>[0] = {}) {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(sessionWith(overrides)));
    // The daily notices have been seen today; these tests are about the shell itself.
    window.localStorage.setItem('mobile-view-popup', JSON.stringify({ isPopup: false }));
  }

  it('frames the page with the top bar title, the menu built from the registered pages, and the warning bar', async () => {
    mockApi({
      'GET /api/v1/public-config': { data: publicConfigFixture() },
      'GET /api/v1/login-check': { data: CHECK },
      'GET /api/v1/user-profile': {
        data: { email: 'asha@example.com', mobile: '+919876543210', firstName: 'Asha', lastName: 'Rao' },
      },
    });
    signIn();
    renderAt(paths.profile);

    expect(await screen.findByTestId('page-title')).toHaveTextContent('My Profile');
    const navigation = screen.getAllByRole('navigation', { name: 'Main navigation' })[0];
    expect(navigation).toBeDefined();
    const menu = within(navigation as HTMLElement);
    expect(menu.getByRole('link', { name: 'Holiday list' })).toHaveAttribute('href', '/pages/holiday-list');
    expect(menu.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true');
    expect(menu.getByRole('link', { name: 'My Profile' })).toHaveClass('active');
    expect(screen.getByText('You do not have a valid subscription plan.')).toBeInTheDocument();
  });

  it('answers a gated entry with its popup, whose button leads to the plans', async () => {
    mockApi({
      'GET /api/v1/public-config': { data: publicConfigFixture() },
      'GET /api/v1/login-check': { data: CHECK },
    });
    signIn();
    const user = userEvent.setup();
    const router = renderAt(paths.refer);

    const navigation = (await screen.findAllByRole('navigation', { name: 'Main navigation' }))[0] as HTMLElement;
    await user.click(within(navigation).getByRole('link', { name: 'Holiday list' }));

    const popup = await screen.findByRole('dialog', { name: 'Purchase Discover Plan' });
    expect(popup).toHaveTextContent('You do not have valid plan for Discover. Please purchase plan to continue');
    expect(router.state.location.pathname).toBe(paths.refer);
    await user.click(within(popup).getByRole('button', { name: 'Buy Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.discoverPricing));
  });

  it('offers the upgrade from Quik Trade without a QuikTrade plan, and clears the cache from the user menu', async () => {
    mockApi({
      'GET /api/v1/public-config': { data: publicConfigFixture() },
      'GET /api/v1/login-check': { data: { ...CHECK, activeSubscription: true } },
    });
    signIn({ activeSubscription: true });
    window.localStorage.setItem('holidays', '[]');
    const success = vi.spyOn(toast, 'success');
    const user = userEvent.setup();
    renderAt(paths.refer);

    await user.click(await screen.findByRole('button', { name: 'Quik Trade' }));
    expect(await screen.findByRole('dialog', { name: 'Upgrade Now' })).toHaveTextContent(
      'Please upgrade to use this feature',
    );
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'User menu' }));
    // Paper Trading is how a Discover user gets live prices, so the broker accounts are offered without QuikTrade.
    expect(screen.getByRole('link', { name: 'Broker List' })).toHaveAttribute('href', paths.brokerAccounts);
    await user.click(screen.getByRole('button', { name: 'Clear Cache' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Cache cleared successfully'));
    expect(window.localStorage.getItem('holidays')).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it('titles the page with the configured brand', async () => {
    mockApi({
      'GET /api/v1/public-config': { data: publicConfigFixture({ brandName: 'Option Desk' }) },
      'GET /api/v1/login-check': { data: CHECK },
    });
    signIn();
    renderAt(paths.refer);

    await waitFor(() => expect(document.title).toBe('Refer - Option Desk'));
  });
});

describe('RouteErrorBoundary', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it('renders the 500 page when a screen throws while rendering', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorBoundary /> }]);

    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );

    expect(await screen.findByText('Whoops, something went wrong!')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Route failed to render', expect.any(Error));
  });
});
