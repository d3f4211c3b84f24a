import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from './app-providers';
import { appRoutes } from './app-routes';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { paths } from './paths';
import { createQueryClient } from './query-client';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('route table', () => {
  it('names every registered path in the paths table', () => {
    const registered = appRoutes
      .flatMap((route) => route.children ?? [])
      .flatMap((route) => route.children ?? [])
      .map((route) => route.path)
      .filter((path) => path !== '*');

    expect(registered.sort()).toEqual(Object.values(paths).sort());
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

  it('sends routes that are not built yet to /errors/404 as well', async () => {
    const router = renderAt('/discover/pricing');

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

describe('RouteErrorBoundary', () => {
  function Broken(): never {
    throw new Error('render failed');
  }

  it('renders the 500 page when a screen throws while rendering', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorBoundary /> }]);

    render(<RouterProvider router={router} />);

    expect(await screen.findByText('Whoops, something went wrong!')).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Route failed to render', expect.any(Error));
  });
});
