/** The footer's mission statement (spec §1). */
export const MISSION_STATEMENT = 'Giving F&O traders market insights and unconventional charts.';

/** The product's version string, shown in the footer (spec §9). */
export const APP_VERSION = '1.0.1';

/** The charting provider the footer credits (spec §1); the charts are drawn with its library. */
export const CHARTS_CREDIT = { name: 'TradingView Lightweight Charts™', url: 'https://www.tradingview.com/' } as const;

/** The F&O risk disclosure shown in every footer. */
export const RISK_DISCLAIMER =
  'Trading in futures and options carries a high risk of loss: 9 out of 10 individual traders in the equity F&O ' +
  'segment incurred net losses. Nothing on this site is a recommendation to buy or sell; we are not a registered ' +
  'investment advisor. Please trade only with money you can afford to lose.';
