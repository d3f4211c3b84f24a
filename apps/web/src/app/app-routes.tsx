import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { RequireSession } from './guards/require-session';
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
          { path: paths.login, lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
          {
            path: paths.register,
            lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }),
          },
          {
            path: paths.forgotPassword,
            lazy: async () => ({ Component: (await import('./routes/forgot-password')).ForgotPasswordRoute }),
          },
          {
            path: paths.resetPassword,
            lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordRoute }),
          },
          {
            path: paths.confirmMail,
            lazy: async () => ({ Component: (await import('./routes/confirm-mail')).ConfirmMailRoute }),
          },
          { path: paths.logout, lazy: async () => ({ Component: (await import('./routes/logout')).LogoutRoute }) },
          { path: paths.pricing, lazy: async () => ({ Component: (await import('./routes/pricing')).PricingRoute }) },
          {
            path: paths.discoverPricing,
            lazy: async () => ({ Component: (await import('./routes/product-pricing')).DiscoverPricingRoute }),
          },
          {
            path: paths.quiktradePricing,
            lazy: async () => ({ Component: (await import('./routes/product-pricing')).QuikTradePricingRoute }),
          },
          { path: paths.payment, lazy: async () => ({ Component: (await import('./routes/payment')).PaymentRoute }) },
          {
            id: 'signed-in',
            element: <RequireSession />,
            children: [
              {
                path: paths.profile,
                lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
              },
              {
                path: paths.subscriptions,
                lazy: async () => ({ Component: (await import('./routes/subscriptions')).SubscriptionsRoute }),
              },
              {
                path: paths.receipt,
                lazy: async () => ({ Component: (await import('./routes/receipt')).ReceiptRoute }),
              },
              { path: paths.refer, lazy: async () => ({ Component: (await import('./routes/refer')).ReferRoute }) },
            ],
          },
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
