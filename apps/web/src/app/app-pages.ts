/**
 * Every page of the signed-in app that the spec names (signed-in §2.1), registered or not: where it lives, the
 * title the top bar and the menus show, and what it needs. A page becomes reachable when its route is registered in
 * `app-routes.tsx` and its path is added to `paths`; the side navigation then lists it without further changes.
 */

/**
 * What a page asks of the user's plans (signed-in §4.1, §6):
 * - `account`: nothing (profile, subscriptions, refer, broker setup) — exempt from the plan rules;
 * - `plan`: Discover or QuikTrade, either will do (broker accounts, trading pages);
 * - `discover`: Discover; a user with QuikTrade alone is sent to the broker accounts instead.
 */
export type PageAccess = 'account' | 'plan' | 'discover';

/** One page of the signed-in app. */
export interface AppPage {
  /** The route path (a pattern for pages with parameters). */
  readonly path: string;
  /** The page name: top-bar title, menu label and the first half of the document title. */
  readonly title: string;
  readonly access: PageAccess;
  /** Part of QuikTrade: without a QuikTrade plan the menus offer the upgrade instead. */
  readonly quiktrade?: boolean;
  /** Needs a broker account logged in (Tick Chart, signed-in §2.3). */
  readonly needsBroker?: boolean;
  /** Shown on phones in place of the general mobile notice (signed-in §2.5). */
  readonly mobileNotice?: string;
}

/** The order-flow chart's notice on phones (signed-in §2.5). */
export const ORDERFLOW_MOBILE_NOTICE =
  'The orderflow chart can be viewed only in a big screen. Not available for mobile view.';

const discover = (path: string, title: string, extra: Partial<AppPage> = {}): AppPage => ({
  path,
  title,
  access: 'discover',
  ...extra,
});
const trading = (path: string, title: string): AppPage => ({ path, title, access: 'plan', quiktrade: true });
const account = (path: string, title: string): AppPage => ({ path, title, access: 'account' });

/** The signed-in pages by name. */
export const APP_PAGES = {
  candleChart: discover('/CandleChart', 'Orderflow Chart', { mobileNotice: ORDERFLOW_MOBILE_NOTICE }),
  advanceDecline: discover('/pages/advance-decline', 'Advance/Decline'),
  fnoStocks: discover('/pages/fno-stocks', 'Market Movers'),
  topConstituents: discover('/pages/top-constituents', 'Index Top 10'),
  futSpotChart: discover('/pages/fut-spot-chart', 'Futures/Spot Chart'),
  futureDashboard: discover('/pages/future-dashboard', 'Futures Dashboard'),
  tradeFinder: discover('/pages/trade-finder', 'Trade Finder'),
  futuresEodAnalysis: discover('/pages/futures-eod-analysis', 'Futures EOD Analysis'),
  futuresEod: discover('/pages/futures-eod', 'Futures EOD'),
  preMarket: discover('/pages/pre-market', 'Pre-Market'),
  seasonality: discover('/pages/seasonality', 'Seasonality'),
  charts: discover('/pages/charts', 'Quick Charts'),
  technicalAnalysis: discover('/pages/technical-analysis', 'Advance Chart'),
  optionChain: discover('/pages/option-chain', 'Option Chain'),
  optionChainCharts: discover('/pages/option-chain-charts', 'Option Chain Charts'),
  optionChainChartsTv: discover('/pages/option-chain-charts-tv', 'Option Chain Charts'),
  optionAction: discover('/pages/option-action', 'Option Action'),
  optionOi: discover('/pages/option-OI', 'Option OI'),
  openInterestAnalysis: discover('/pages/open-interest-analysis', 'PCR and OI Trend'),
  marketMakerAnalysis: discover('/pages/market-maker-analysis', 'Market Maker Analysis'),
  volatilityAnalysis: discover('/pages/volatality-analysis', 'Volatility Analysis'),
  optionsDashboard: discover('/pages/options-dashboard', 'Options Dashboard'),
  priceOiChart: discover('/pages/price-oi-chart', 'Price vs OI Table'),
  optionsPremium: discover('/pages/options-premium', 'Options Premium'),
  optionsAnalysis: discover('/pages/options-analysis', 'Dynamic Options Analysis'),
  dynamicAtmStraddle: discover('/pages/dynamic-atm-straddle', 'Dynamic ATM Straddle'),
  rollingAtmStraddleChart: discover('/pages/rolling-atm-straddle-chart', 'Rolling ATM Straddle Chart'),
  straddle: discover('/pages/straddle', 'Straddle'),
  strangle: discover('/pages/strangle', 'Strangle'),
  multiStrikesLp: discover('/pages/multi-strikes/lp', 'Multi-Strike Price'),
  multiStrikesOi: discover('/pages/multi-strikes/oi', 'Multi-Strike OI'),
  multiStrikesPcr: discover('/pages/multi-strikes/pcr', 'Multi-Strike PCR'),
  multiStrikesIv: discover('/pages/multi-strikes/iv', 'Multi-Strike IV'),
  straddleAdv: discover('/pages/straddle-adv', 'Straddle Advanced'),
  strangleAdv: discover('/pages/strangle-adv', 'Strangle Advanced'),
  customStrangle: discover('/pages/custom-strangle', 'Custom Strangle'),
  multiStraddle: discover('/pages/multi-straddle', 'Multi Straddle'),
  rollingAtmStraddle: discover('/pages/rolling-atm-straddle', 'Rolling ATM Straddle'),
  strategyChart: discover('/pages/strategy-chart', 'Strategy Chart'),
  sectorStock: discover('/pages/sector-stock', 'NSE Sector & Constituents'),
  highsLows: discover('/pages/highs-lows', 'New Highs/New Lows'),
  highsLowsHeatmap: discover('/pages/highs-lows-heatmap', 'Highs/Lows Heatmap'),
  cashMarketActivity: discover('/pages/cash-market-activity', 'Cash Market Activity'),
  fiiIndexActivity: discover('/pages/fii-index-activity', 'FII Index Activity'),
  participantOi: discover('/pages/participant-oi', 'Participant Open Interest'),
  banList: discover('/pages/ban-list', 'Ban List'),
  holidayList: discover('/pages/holiday-list', 'Holiday List'),
  dashboard: discover('/pages/dashboard', 'Dashboard'),
  tickChart: discover('/pages/tick-chart', 'Tick Chart', { needsBroker: true }),
  trading: trading('/pages/trading', 'Trading'),
  tradingSettings: trading('/pages/setting', 'Trading Settings'),
  tradingDashboard: trading('/trading/dashboard', 'Trading Dashboard'),
  orders: trading('/trading/orders', 'Orders'),
  positions: trading('/trading/positions', 'Positions'),
  holdings: trading('/trading/holdings', 'Holdings'),
  funds: trading('/trading/funds', 'Funds'),
  tradingLogs: trading('/trading/logs', 'Logs'),
  riskSetting: trading('/risk-setting', 'Risk Settings'),
  brokerAccounts: { path: '/trading/broker-accounts', title: 'Broker List', access: 'plan' },
  zerodhaConfig: { path: '/zerodha-config', title: 'Zerodha Configuration', access: 'plan' },
  brokerSetup: account('/broker-setup', 'Broker Setup'),
  profile: account('/profile', 'My Profile'),
  subscriptions: account('/subscriptions', 'My Subscriptions'),
  receipt: account('/subscriptions/receipts/:paymentId', 'Receipt'),
  refer: account('/refer', 'Refer'),
} as const satisfies Record<string, AppPage>;

/** The name of a signed-in page. */
export type AppPageName = keyof typeof APP_PAGES;

/** True when `value` (a route's `handle`) describes a signed-in page. */
export function isAppPage(value: unknown): value is AppPage {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return typeof page['path'] === 'string' && typeof page['title'] === 'string' && typeof page['access'] === 'string';
}
