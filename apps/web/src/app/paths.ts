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
  // Options analytics pages (dealer gamma, volatility, intraday trends, multi-strike).
  marketMakerAnalysis: APP_PAGES.marketMakerAnalysis.path,
  volatilityAnalysis: APP_PAGES.volatilityAnalysis.path,
  multiStrikesLp: APP_PAGES.multiStrikesLp.path,
  multiStrikesOi: APP_PAGES.multiStrikesOi.path,
  multiStrikesPcr: APP_PAGES.multiStrikesPcr.path,
  // Options intraday trends (multi-strike IV, price vs OI, dashboards).
  multiStrikesIv: APP_PAGES.multiStrikesIv.path,
  priceOiChart: APP_PAGES.priceOiChart.path,
  optionsDashboard: APP_PAGES.optionsDashboard.path,
  openInterestAnalysis: APP_PAGES.openInterestAnalysis.path,
  optionsAnalysis: APP_PAGES.optionsAnalysis.path,
  // Trading screens (issue 31)
  tradingDashboard: APP_PAGES.tradingDashboard.path,
  orders: APP_PAGES.orders.path,
  positions: APP_PAGES.positions.path,
  holdings: APP_PAGES.holdings.path,
  funds: APP_PAGES.funds.path,
  tradingLogs: APP_PAGES.tradingLogs.path,
  riskSetting: APP_PAGES.riskSetting.path,
  trading: APP_PAGES.trading.path,
  tradingSettings: APP_PAGES.tradingSettings.path,
  authenticationModal: '/authentication-modal',
  // Futures scanners and pulse (G1).
  fnoStocks: APP_PAGES.fnoStocks.path,
  futureDashboard: APP_PAGES.futureDashboard.path,
  advanceDecline: APP_PAGES.advanceDecline.path,
  preMarket: APP_PAGES.preMarket.path,
  dashboard: APP_PAGES.dashboard.path,
  tradeFinder: APP_PAGES.tradeFinder.path,
  // Sector, breadth, EOD and institutional pages (G2, G3)
  cashMarketActivity: APP_PAGES.cashMarketActivity.path,
  fiiIndexActivity: APP_PAGES.fiiIndexActivity.path,
  participantOi: APP_PAGES.participantOi.path,
  banList: APP_PAGES.banList.path,
  seasonality: APP_PAGES.seasonality.path,
  sectorStock: APP_PAGES.sectorStock.path,
  topConstituents: APP_PAGES.topConstituents.path,
  highsLows: APP_PAGES.highsLows.path,
  highsLowsHeatmap: APP_PAGES.highsLowsHeatmap.path,
  futuresEodAnalysis: APP_PAGES.futuresEodAnalysis.path,
  futuresEod: APP_PAGES.futuresEod.path,
  // G6 straddle and strategy premium
  straddle: APP_PAGES.straddle.path,
  strangle: APP_PAGES.strangle.path,
  dynamicAtmStraddle: APP_PAGES.dynamicAtmStraddle.path,
  rollingAtmStraddleChart: APP_PAGES.rollingAtmStraddleChart.path,
  strategyChart: APP_PAGES.strategyChart.path,
  multiStraddle: APP_PAGES.multiStraddle.path,
  rollingAtmStraddle: APP_PAGES.rollingAtmStraddle.path,
  straddleAdv: APP_PAGES.straddleAdv.path,
  strangleAdv: APP_PAGES.strangleAdv.path,
  customStrangle: APP_PAGES.customStrangle.path,
  // Charting and order flow.
  candleChart: APP_PAGES.candleChart.path,
  technicalAnalysis: APP_PAGES.technicalAnalysis.path,
  futSpotChart: APP_PAGES.futSpotChart.path,
  tickChart: APP_PAGES.tickChart.path,
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
