import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction, RouteObject } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { prefetchOptionChainCharts } from '../features/option-chain-charts/api/prefetch-option-chain-charts';
import { prefetchAdvanceChart } from '../features/option-chain-charts-tv/api/prefetch-advance-chart';
import { readSession } from '../lib/session-storage';
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
          // Trading screens (issue 31): the broker authentication modal as a route of its own.
          {
            path: paths.authenticationModal,
            lazy: async () => ({ Component: (await import('./routes/authentication-modal')).AuthenticationModalRoute }),
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
                  // Options analytics pages (dealer gamma, volatility, intraday trends, multi-strike).
                  signedInRoute('marketMakerAnalysis', async () => ({
                    Component: (await import('./routes/market-maker-analysis')).MarketMakerAnalysisRoute,
                  })),
                  signedInRoute('volatilityAnalysis', async () => ({
                    Component: (await import('./routes/volatility-analysis')).VolatilityAnalysisRoute,
                  })),
                  signedInRoute('multiStrikesLp', async () => ({
                    Component: (await import('./routes/multi-strikes-lp')).MultiStrikesLpRoute,
                  })),
                  signedInRoute('multiStrikesOi', async () => ({
                    Component: (await import('./routes/multi-strikes-oi')).MultiStrikesOiRoute,
                  })),
                  signedInRoute('multiStrikesPcr', async () => ({
                    Component: (await import('./routes/multi-strikes-pcr')).MultiStrikesPcrRoute,
                  })),
                  // Options intraday trends (multi-strike IV, price vs OI, dashboards).
                  signedInRoute('multiStrikesIv', async () => ({
                    Component: (await import('./routes/multi-strikes-iv')).MultiStrikesIvRoute,
                  })),
                  signedInRoute('priceOiChart', async () => ({
                    Component: (await import('./routes/price-oi-chart')).PriceOiChartRoute,
                  })),
                  signedInRoute('optionsDashboard', async () => ({
                    Component: (await import('./routes/options-dashboard')).OptionsDashboardRoute,
                  })),
                  signedInRoute('openInterestAnalysis', async () => ({
                    Component: (await import('./routes/open-interest-analysis')).OpenInterestAnalysisRoute,
                  })),
                  signedInRoute('optionsAnalysis', async () => ({
                    Component: (await import('./routes/options-analysis')).OptionsAnalysisRoute,
                  })),
                  // Trading screens (issue 31)
                  signedInRoute('tradingDashboard', async () => ({
                    Component: (await import('./routes/trading-dashboard')).TradingDashboardRoute,
                  })),
                  signedInRoute('orders', async () => ({
                    Component: (await import('./routes/trading-orders')).TradingOrdersRoute,
                  })),
                  signedInRoute('positions', async () => ({
                    Component: (await import('./routes/trading-positions')).TradingPositionsRoute,
                  })),
                  signedInRoute('holdings', async () => ({
                    Component: (await import('./routes/trading-holdings')).TradingHoldingsRoute,
                  })),
                  signedInRoute('funds', async () => ({
                    Component: (await import('./routes/trading-funds')).TradingFundsRoute,
                  })),
                  signedInRoute('tradingLogs', async () => ({
                    Component: (await import('./routes/trading-logs')).TradingLogsRoute,
                  })),
                  signedInRoute('riskSetting', async () => ({
                    Component: (await import('./routes/risk-setting')).RiskSettingRoute,
                  })),
                  signedInRoute('trading', async () => ({
                    Component: (await import('./routes/quiktrade-terminal')).QuikTradeTerminalRoute,
                  })),
                  signedInRoute('tradingSettings', async () => ({
                    Component: (await import('./routes/trade-settings')).TradeSettingsRoute,
                  })),
                  // Futures scanners and pulse (G1).
                  signedInRoute('fnoStocks', async () => ({
                    Component: (await import('./routes/fno-stocks')).FnoStocksRoute,
                  })),
                  signedInRoute('futureDashboard', async () => ({
                    Component: (await import('./routes/future-dashboard')).FutureDashboardRoute,
                  })),
                  signedInRoute('advanceDecline', async () => ({
                    Component: (await import('./routes/advance-decline')).AdvanceDeclineRoute,
                  })),
                  signedInRoute('preMarket', async () => ({
                    Component: (await import('./routes/pre-market')).PreMarketRoute,
                  })),
                  signedInRoute('dashboard', async () => ({
                    Component: (await import('./routes/dashboard')).DashboardRoute,
                  })),
                  signedInRoute('tradeFinder', async () => ({
                    Component: (await import('./routes/trade-finder')).TradeFinderRoute,
                  })),
                  // Sector, breadth, EOD and institutional pages (G2, G3)
                  signedInRoute('cashMarketActivity', async () => ({
                    Component: (await import('./routes/cash-market-activity')).CashMarketActivityRoute,
                  })),
                  signedInRoute('fiiIndexActivity', async () => ({
                    Component: (await import('./routes/fii-index-activity')).FiiIndexActivityRoute,
                  })),
                  signedInRoute('participantOi', async () => ({
                    Component: (await import('./routes/participant-oi')).ParticipantOiRoute,
                  })),
                  signedInRoute('banList', async () => ({
                    Component: (await import('./routes/ban-list')).BanListRoute,
                  })),
                  signedInRoute('seasonality', async () => ({
                    Component: (await import('./routes/seasonality')).SeasonalityRoute,
                  })),
                  signedInRoute('sectorStock', async () => ({
                    Component: (await import('./routes/sector-stock')).SectorStockRoute,
                  })),
                  signedInRoute('topConstituents', async () => ({
                    Component: (await import('./routes/top-constituents')).TopConstituentsRoute,
                  })),
                  signedInRoute('highsLows', async () => ({
                    Component: (await import('./routes/highs-lows')).HighsLowsRoute,
                  })),
                  signedInRoute('highsLowsHeatmap', async () => ({
                    Component: (await import('./routes/highs-lows-heatmap')).HighsLowsHeatmapRoute,
                  })),
                  signedInRoute('futuresEodAnalysis', async () => ({
                    Component: (await import('./routes/futures-eod-analysis')).FuturesEodAnalysisRoute,
                  })),
                  signedInRoute('futuresEod', async () => ({
                    Component: (await import('./routes/futures-eod')).FuturesEodRoute,
                  })),
                  // G6 straddle and strategy premium
                  signedInRoute('straddle', async () => ({
                    Component: (await import('./routes/straddle')).StraddleRoute,
                  })),
                  signedInRoute('strangle', async () => ({
                    Component: (await import('./routes/straddle')).StrangleRoute,
                  })),
                  signedInRoute('dynamicAtmStraddle', async () => ({
                    Component: (await import('./routes/atm-straddle-plot')).DynamicAtmStraddleRoute,
                  })),
                  signedInRoute('rollingAtmStraddleChart', async () => ({
                    Component: (await import('./routes/atm-straddle-plot')).RollingAtmStraddleChartRoute,
                  })),
                  signedInRoute('strategyChart', async () => ({
                    Component: (await import('./routes/strategy-chart')).StrategyChartRoute,
                  })),
                  signedInRoute('multiStraddle', async () => ({
                    Component: (await import('./routes/straddle')).MultiStraddleRoute,
                  })),
                  signedInRoute('rollingAtmStraddle', async () => ({
                    Component: (await import('./routes/rolling-atm-straddle')).RollingAtmStraddleRoute,
                  })),
                  signedInRoute('straddleAdv', async () => ({
                    Component: (await import('./routes/straddle')).StraddleAdvRoute,
                  })),
                  signedInRoute('strangleAdv', async () => ({
                    Component: (await import('./routes/straddle')).StrangleAdvRoute,
                  })),
                  signedInRoute('customStrangle', async () => ({
                    Component: (await import('./routes/straddle')).CustomStrangleRoute,
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
                  signedInRoute('tickChart', async () => ({
                    Component: (await import('./routes/tick-chart')).TickChartRoute,
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

// Prefetching pages (fixes group): chart pages whose data comes in dependent steps start it with their chunk.
/** Loads a page's first data into the query cache; rejects when a request fails. */
type PagePrefetch = (queryClient: QueryClient) => Promise<void>;

// In the main bundle, not behind a dynamic import: the first request then leaves as the router starts, beside the
// page's chunk, instead of after a chunk of its own (which shares the page's dependencies and arrives with them).
const PAGE_PREFETCHES: Partial<Record<AppPageName, PagePrefetch>> = {
  optionChainCharts: prefetchOptionChainCharts,
  optionChainChartsTv: prefetchAdvanceChart,
};

/**
 * A loader that starts a signed-in page's first requests beside its chunk download (the router runs a route's loader
 * and its `lazy` together) and returns at once: nothing waits for it, and the page's own queries, under the same
 * keys, find the answers in the cache. Without a session it does nothing.
 */
function prefetchLoader(queryClient: QueryClient, prefetch: PagePrefetch): LoaderFunction {
  return () => {
    if (readSession() !== null) {
      // A failed prefetch leaves its query in error; the page's query asks again on mount and shows what failed.
      prefetch(queryClient).catch(() => undefined);
    }
    return null;
  };
}

/** The route table with the prefetching pages' loaders, loading into the app's query client. */
export function withPagePrefetches(routes: readonly RouteObject[], queryClient: QueryClient): RouteObject[] {
  return routes.map((route): RouteObject => {
    const page = (Object.keys(PAGE_PREFETCHES) as AppPageName[]).find((name) => route.handle === APP_PAGES[name]);
    const load = page === undefined ? undefined : PAGE_PREFETCHES[page];
    const loader = load === undefined ? {} : { loader: prefetchLoader(queryClient, load) };
    // An index route has no children; the others keep theirs, with the same treatment.
    if (route.index === true) return { ...route, ...loader };
    return {
      ...route,
      ...loader,
      ...(route.children === undefined ? {} : { children: withPagePrefetches(route.children, queryClient) }),
    };
  });
}
