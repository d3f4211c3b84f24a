/** The QuikTrade period selector's choices (spec §2, §4). */
export type QuikTradePeriod = '1M' | '6M' | '1Y';

/** Choices of the period selector in display order, with their labels. */
export const QUIKTRADE_PERIODS: readonly { readonly period: QuikTradePeriod; readonly label: string }[] = [
  { period: '1M', label: 'Monthly' },
  { period: '6M', label: 'Semi Annual' },
  { period: '1Y', label: 'Annual' },
];

/** Which QuikTrade packages each period shows (spec §4): 1M QT01 and QT04, 6M QT02 and QT05, 1Y QT03 and QT06. */
export const QUIKTRADE_PERIOD_PACKAGES: Readonly<Record<QuikTradePeriod, readonly string[]>> = {
  '1M': ['QT01', 'QT04'],
  '6M': ['QT02', 'QT05'],
  '1Y': ['QT03', 'QT06'],
};

/** Whether a package is shown under a QuikTrade period. */
export function isInQuikTradePeriod(packageId: string, period: QuikTradePeriod): boolean {
  return QUIKTRADE_PERIOD_PACKAGES[period].includes(packageId);
}
