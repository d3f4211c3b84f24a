import type { RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { APP_PAGES, type AppPageName } from './app-pages';
import { RouteErrorBoundary } from './errors/route-error-boundary';
import { RequirePlan } from './guards/require-plan';
import { RequireSession } from './guards/require-session';
import { AppShellLayout } from './layouts/app-shell-layout';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { paths } from './paths';

const homeRoute = async () => ({ Component: (await import('./routes/home')).HomeRoute });

/** A signed-in page's route: its path and description (`handle`, read by the shell and the plan rules). */
function signedInRoute(name: AppPageName, lazy: RouteObject['lazy']): RouteObject {
  return { path: APP_PAGES[name].path, handle: APP_PAGES[name], lazy };
}

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
            path: paths.aboutUs,
            lazy: async () => ({ Component: (await import('./routes/about-us')).AboutUsRoute }),
          },
          {
            path: paths.contactUs,
            lazy: async () => ({ Component: (await import('./routes/contact-us')).ContactUsRoute }),
          },
          {
            path: paths.termsCondition,
            lazy: async () => ({ Component: (await import('./routes/legal')).TermsConditionRoute }),
          },
          {
            path: paths.privacyPolicy,
            lazy: async () => ({ Component: (await import('./routes/legal')).PrivacyPolicyRoute }),
          },
          {
            path: paths.refundPolicy,
            lazy: async () => ({ Component: (await import('./routes/legal')).RefundPolicyRoute }),
          },
          {
            path: paths.discoverFeatures,
            lazy: async () => ({ Component: (await import('./routes/feature-catalogues')).DiscoverFeaturesRoute }),
          },
          {
            path: paths.quiktradeFeatures,
            lazy: async () => ({ Component: (await import('./routes/feature-catalogues')).QuikTradeFeaturesRoute }),
          },
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
          {
            path: paths.newBrokerAccount,
            lazy: async () => ({ Component: (await import('./routes/new-broker-account')).NewBrokerAccountRoute }),
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
      {
        id: 'signed-in',
        element: <RequireSession />,
        children: [
          {
            path: paths.brokerLogin,
            lazy: async () => ({ Component: (await import('./routes/broker-login')).BrokerLoginRoute }),
          },
          {
            path: paths.brokerCallback,
            lazy: async () => ({ Component: (await import('./routes/broker-callback')).BrokerCallbackRoute }),
          },
          {
            id: 'app-shell',
            element: <AppShellLayout />,
            // Errors inside a page keep the shell, so the user can still get away from the broken screen.
            errorElement: <RouteErrorBoundary />,
            children: [
              {
                id: 'plans',
                element: <RequirePlan />,
                children: [
                  signedInRoute('profile', async () => ({
                    Component: (await import('./routes/profile')).ProfileRoute,
                  })),
                  signedInRoute('subscriptions', async () => ({
                    Component: (await import('./routes/subscriptions')).SubscriptionsRoute,
                  })),
                  signedInRoute('receipt', async () => ({
                    Component: (await import('./routes/receipt')).ReceiptRoute,
                  })),
                  signedInRoute('refer', async () => ({ Component: (await import('./routes/refer')).ReferRoute })),
                  signedInRoute('charts', async () => ({
                    Component: (await import('./routes/quick-charts')).QuickChartsRoute,
                  })),
                  signedInRoute('holidayList', async () => ({
                    Component: (await import('./routes/holiday-list')).HolidayListRoute,
                  })),
                  signedInRoute('brokerSetup', async () => ({
                    Component: (await import('./routes/broker-setup')).BrokerSetupRoute,
                  })),
                  signedInRoute('brokerAccounts', async () => ({
                    Component: (await import('./routes/broker-accounts')).BrokerAccountsRoute,
                  })),
                  signedInRoute('zerodhaConfig', async () => ({
                    Component: (await import('./routes/zerodha-config')).ZerodhaConfigRoute,
                  })),
                  signedInRoute('optionChain', async () => ({
                    Component: (await import('./routes/option-chain')).OptionChainRoute,
                  })),
                  signedInRoute('optionChainCharts', async () => ({
                    Component: (await import('./routes/option-chain-charts')).OptionChainChartsRoute,
                  })),
                  signedInRoute('optionChainChartsTv', async () => ({
                    Component: (await import('./routes/option-chain-charts-tv')).OptionChainChartsTvRoute,
                  })),
                  signedInRoute('optionAction', async () => ({
                    Component: (await import('./routes/option-action')).OptionActionRoute,
                  })),
                  signedInRoute('optionOi', async () => ({
                    Component: (await import('./routes/option-oi')).OptionOiRoute,
                  })),
                  signedInRoute('optionsPremium', async () => ({
                    Component: (await import('./routes/options-premium')).OptionsPremiumRoute,
                  })),
                  // Charting and order flow.
                  signedInRoute('candleChart', async () => ({
                    Component: (await import('./routes/candle-chart')).CandleChartRoute,
                  })),
                  signedInRoute('technicalAnalysis', async () => ({
                    Component: (await import('./routes/technical-analysis')).TechnicalAnalysisRoute,
                  })),
                  signedInRoute('futSpotChart', async () => ({
                    Component: (await import('./routes/fut-spot-chart')).FutSpotChartRoute,
                  })),
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];
