import { APP_PAGES, type AppPage, type AppPageName } from '../app-pages';
import { isRegisteredPath } from '../paths';

/** Icons the navigation groups use (drawn in `nav-icon.tsx`). */
export type NavIconName =
  | 'orderflow'
  | 'futures'
  | 'pre-market'
  | 'seasonality'
  | 'chart'
  | 'options'
  | 'strategy'
  | 'breadth'
  | 'fii-dii'
  | 'ban-list'
  | 'holiday-list'
  | 'dashboard'
  | 'account';

/** A group of the side navigation: its label, icon and pages in menu order. */
export interface NavGroup {
  readonly id: string;
  readonly label: string;
  readonly icon: NavIconName;
  readonly pages: readonly AppPageName[];
}

/**
 * The side navigation of spec signed-in §2.3, in its order, followed by the account pages. Every page the spec
 * lists is named here; `presentNavGroups` keeps those whose route is registered, so a page appears in the menu the
 * moment it is registered, and a group appears with its first page.
 */
export const NAV_GROUPS: readonly NavGroup[] = [
  { id: 'orderflow', label: 'Orderflow', icon: 'orderflow', pages: ['candleChart'] },
  {
    id: 'futures',
    label: 'Futures',
    icon: 'futures',
    pages: [
      'advanceDecline',
      'fnoStocks',
      'topConstituents',
      'futSpotChart',
      'futureDashboard',
      'tradeFinder',
      'futuresEodAnalysis',
    ],
  },
  { id: 'pre-market', label: 'Pre-Market', icon: 'pre-market', pages: ['preMarket'] },
  { id: 'seasonality', label: 'Seasonality', icon: 'seasonality', pages: ['seasonality'] },
  { id: 'chart', label: 'Chart', icon: 'chart', pages: ['charts', 'technicalAnalysis'] },
  {
    id: 'options',
    label: 'Options',
    icon: 'options',
    pages: [
      'optionChain',
      'optionChainCharts',
      'optionAction',
      'optionOi',
      'openInterestAnalysis',
      'marketMakerAnalysis',
      'volatilityAnalysis',
      'optionsDashboard',
      'priceOiChart',
      'optionsPremium',
      'optionsAnalysis',
    ],
  },
  {
    id: 'strategy',
    label: 'Strategy',
    icon: 'strategy',
    pages: [
      'dynamicAtmStraddle',
      'rollingAtmStraddleChart',
      'straddle',
      'strangle',
      'multiStrikesLp',
      'multiStrikesOi',
      'multiStrikesPcr',
      'multiStrikesIv',
      'straddleAdv',
      'strangleAdv',
      'customStrangle',
      'multiStraddle',
      'rollingAtmStraddle',
    ],
  },
  {
    id: 'breadth',
    label: 'Sector and breadth',
    icon: 'breadth',
    pages: ['sectorStock', 'highsLows', 'highsLowsHeatmap'],
  },
  {
    id: 'fii-dii',
    label: 'FII/DII',
    icon: 'fii-dii',
    pages: ['cashMarketActivity', 'fiiIndexActivity', 'participantOi'],
  },
  { id: 'ban-list', label: 'Ban list', icon: 'ban-list', pages: ['banList'] },
  { id: 'holiday-list', label: 'Holiday list', icon: 'holiday-list', pages: ['holidayList'] },
  { id: 'dashboard', label: 'Dashboard', icon: 'dashboard', pages: ['dashboard'] },
  // Trading screens (issue 31)
  {
    id: 'quiktrade',
    label: 'QuikTrade',
    icon: 'dashboard',
    pages: [
      'tradingDashboard',
      'orders',
      'positions',
      'holdings',
      'funds',
      'tradingLogs',
      'riskSetting',
      'trading',
      'tradingSettings',
    ],
  },
  { id: 'account', label: 'Account', icon: 'account', pages: ['profile', 'subscriptions', 'refer'] },
];

/** A page as a menu shows it. */
export interface NavEntry {
  readonly name: AppPageName;
  readonly page: AppPage;
}

/** A group with at least one registered page; a group of one page is shown as a plain link with the group's label. */
export interface PresentNavGroup {
  readonly id: string;
  readonly label: string;
  readonly icon: NavIconName;
  readonly entries: readonly NavEntry[];
}

/** The groups that have registered pages, each with only those pages, in menu order. */
export function presentNavGroups(
  groups: readonly NavGroup[] = NAV_GROUPS,
  isRegistered: (path: string) => boolean = isRegisteredPath,
): PresentNavGroup[] {
  return groups
    .map((group) => ({
      id: group.id,
      label: group.label,
      icon: group.icon,
      entries: group.pages
        .map((name) => ({ name, page: APP_PAGES[name] }))
        .filter((entry) => isRegistered(entry.page.path)),
    }))
    .filter((group) => group.entries.length > 0);
}

/** True when the group is shown as a collapsible list rather than a single link. */
export function isCollapsibleGroup(group: PresentNavGroup): boolean {
  return group.entries.length > 1;
}
