/** The product name shown as the logo text and in page titles. */
export const BRAND_NAME = 'FNO Desk';

/** The footer's mission statement. */
export const MISSION_STATEMENT = 'Giving F&O traders market insights and unconventional charts.';
