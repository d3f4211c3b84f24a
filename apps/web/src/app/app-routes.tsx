import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { paths } from './paths';

const homeRoute = async () => ({ Component: (await import('./routes/home')).HomeRoute });

/**
 * The route table, shared by the browser router and the tests' memory router. Every screen is its own lazily
 * loaded module; anything unregistered falls through to the catch-all, which redirects to /errors/404.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        id: 'public',
        element: <PublicLayout />,
        // Errors inside a page keep the navbar, so the user can still get away from the broken screen.
        errorElement: <RouteErrorBoundary />,
        children: [
          { path: paths.home, lazy: homeRoute },
          { path: paths.landing, lazy: homeRoute },
          {
            path: paths.notFound,
            lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
          },
          {
            path: paths.serverError,
            lazy: async () => ({ Component: (await import('./routes/server-error')).ServerErrorRoute }),
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/unknown-route')).UnknownRoute }),
          },
        ],
      },
    ],
  },
];
