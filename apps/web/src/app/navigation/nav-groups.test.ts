import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '../app-pages';
import { isCollapsibleGroup, NAV_GROUPS, presentNavGroups } from './nav-groups';

describe('side navigation', () => {
  it('lists the groups of the spec in their order, then the account pages', () => {
    expect(NAV_GROUPS.map((group) => group.label)).toEqual([
      'Orderflow',
      'Futures',
      'Pre-Market',
      'Seasonality',
      'Chart',
      'Options',
      'Strategy',
      'Sector and breadth',
      'FII/DII',
      'Ban list',
      'Holiday list',
      'Dashboard',
      'QuikTrade',
      'Account',
    ]);
  });

  it('names the routes of each group as the spec lists them', () => {
    const pathsOf = (id: string) =>
      NAV_GROUPS.find((group) => group.id === id)?.pages.map((name) => APP_PAGES[name].path);
    expect(pathsOf('orderflow')).toEqual(['/CandleChart']);
    expect(pathsOf('futures')).toEqual([
      '/pages/advance-decline',
      '/pages/fno-stocks',
      '/pages/top-constituents',
      '/pages/fut-spot-chart',
      '/pages/future-dashboard',
      '/pages/trade-finder',
      '/pages/futures-eod-analysis',
    ]);
    expect(pathsOf('options')).toHaveLength(11);
    expect(pathsOf('strategy')).toHaveLength(13);
    expect(pathsOf('fii-dii')).toEqual([
      '/pages/cash-market-activity',
      '/pages/fii-index-activity',
      '/pages/participant-oi',
    ]);
  });

  it('shows only registered pages, so no entry is ever dead, and a group only with its first page', () => {
    const groups = presentNavGroups(NAV_GROUPS, (path) => path === '/pages/holiday-list' || path === '/profile');

    expect(groups.map((group) => group.id)).toEqual(['holiday-list', 'account']);
    expect(groups[1]?.entries.map((entry) => entry.page.title)).toEqual(['My Profile']);
  });

  it('adds a page to its group the moment its route is registered', () => {
    const registered = new Set(['/pages/option-chain']);
    expect(presentNavGroups(NAV_GROUPS, (path) => registered.has(path)).map((g) => g.id)).toEqual(['options']);

    registered.add('/pages/option-OI');
    const [options] = presentNavGroups(NAV_GROUPS, (path) => registered.has(path));
    expect(options?.entries.map((entry) => entry.page.title)).toEqual(['Option Chain', 'Option OI']);
    expect(options !== undefined && isCollapsibleGroup(options)).toBe(true);
  });

  it('lists today the pages that exist', () => {
    expect(presentNavGroups().map((group) => [group.label, group.entries.map((e) => e.page.path)])).toEqual([
      ['Orderflow', ['/CandleChart']],
      // Futures scanners and pulse (G1).
      [
        'Futures',
        [
          '/pages/advance-decline',
          '/pages/fno-stocks',
          '/pages/top-constituents',
          '/pages/fut-spot-chart',
          '/pages/future-dashboard',
          '/pages/trade-finder',
          '/pages/futures-eod-analysis',
        ],
      ],
      ['Pre-Market', ['/pages/pre-market']],
      ['Seasonality', ['/pages/seasonality']],
      ['Chart', ['/pages/charts', '/pages/technical-analysis']],
      [
        'Options',
        [
          '/pages/option-chain',
          '/pages/option-chain-charts',
          '/pages/option-action',
          '/pages/option-OI',
          '/pages/open-interest-analysis',
          '/pages/market-maker-analysis',
          '/pages/volatality-analysis',
          '/pages/options-dashboard',
          '/pages/price-oi-chart',
          '/pages/options-premium',
          '/pages/options-analysis',
        ],
      ],
      // G6 straddle and strategy premium
      [
        'Strategy',
        [
          '/pages/dynamic-atm-straddle',
          '/pages/rolling-atm-straddle-chart',
          '/pages/straddle',
          '/pages/strangle',
          '/pages/multi-strikes/lp',
          '/pages/multi-strikes/oi',
          '/pages/multi-strikes/pcr',
          '/pages/multi-strikes/iv',
          '/pages/straddle-adv',
          '/pages/strangle-adv',
          '/pages/custom-strangle',
          '/pages/multi-straddle',
          '/pages/rolling-atm-straddle',
        ],
      ],
      ['Sector and breadth', ['/pages/sector-stock', '/pages/highs-lows', '/pages/highs-lows-heatmap']],
      ['FII/DII', ['/pages/cash-market-activity', '/pages/fii-index-activity', '/pages/participant-oi']],
      ['Ban list', ['/pages/ban-list']],
      ['Holiday list', ['/pages/holiday-list']],
      ['Dashboard', ['/pages/dashboard']],
      [
        'QuikTrade',
        [
          '/trading/dashboard',
          '/trading/orders',
          '/trading/positions',
          '/trading/holdings',
          '/trading/funds',
          '/trading/logs',
          '/risk-setting',
          '/pages/trading',
          '/pages/setting',
        ],
      ],
      ['Account', ['/profile', '/subscriptions', '/refer']],
    ]);
  });
});
