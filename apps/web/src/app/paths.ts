import { APP_PAGES } from './app-pages';

/**
 * Every path the router registers, by name. Link and navigate through these names, never through string literals,
 * so a renamed route breaks the build instead of a link. Signed-in pages take their paths from `APP_PAGES`.
 */
export const paths = {
  home: '/',
  landing: '/landing',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  termsCondition: '/terms-condition',
  privacyPolicy: '/privacy-policy',
  refundPolicy: '/refund-policy',
  discoverFeatures: '/discover/features',
  quiktradeFeatures: '/quiktrade/features',
  login: '/authentication/login',
  register: '/authentication/register',
  forgotPassword: '/authentication/forgot-password',
  resetPassword: '/authentication/reset-password',
  confirmMail: '/authentication/confirm-mail',
  logout: '/authentication/logout',
  profile: APP_PAGES.profile.path,
  pricing: '/pricing',
  discoverPricing: '/discover/pricing',
  quiktradePricing: '/quiktrade/pricing',
  payment: '/payment',
  subscriptions: APP_PAGES.subscriptions.path,
  receipt: APP_PAGES.receipt.path,
  refer: APP_PAGES.refer.path,
  holidayList: APP_PAGES.holidayList.path,
  charts: APP_PAGES.charts.path,
  brokerLogin: '/authentication/broker-login',
  newBrokerAccount: '/authentication/new-broker-account',
  brokerCallback: '/broker/callback/:type',
  brokerSetup: APP_PAGES.brokerSetup.path,
  brokerAccounts: APP_PAGES.brokerAccounts.path,
  zerodhaConfig: APP_PAGES.zerodhaConfig.path,
  optionChain: APP_PAGES.optionChain.path,
  optionChainCharts: APP_PAGES.optionChainCharts.path,
  optionChainChartsTv: APP_PAGES.optionChainChartsTv.path,
  optionAction: APP_PAGES.optionAction.path,
  optionOi: APP_PAGES.optionOi.path,
  optionsPremium: APP_PAGES.optionsPremium.path,
  // Charting and order flow.
  candleChart: APP_PAGES.candleChart.path,
  technicalAnalysis: APP_PAGES.technicalAnalysis.path,
  futSpotChart: APP_PAGES.futSpotChart.path,
  notFound: '/errors/404',
  serverError: '/errors/500',
} as const;

/** The name of a registered path. */
export type PathName = keyof typeof paths;

const REGISTERED_PATHS: ReadonlySet<string> = new Set(Object.values(paths));

/** True when the router registers `path` (menus list only such pages, so none of their entries is ever dead). */
export function isRegisteredPath(path: string): boolean {
  return REGISTERED_PATHS.has(path);
}
