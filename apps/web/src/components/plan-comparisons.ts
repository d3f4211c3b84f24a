/** One row of a plan comparison: a feature and, per plan column, a tick, a cross or a short text. */
export interface PlanComparisonRow {
  feature: string;
  values: readonly (boolean | string)[];
}

/** A feature-comparison table: its caption, plan columns and rows. */
export interface PlanComparison {
  caption: string;
  plans: readonly string[];
  rows: readonly PlanComparisonRow[];
}

/** Discover plans compared (the landing page's table: Starter, Sixer, Pro). */
export const DISCOVER_PLAN_COMPARISON: PlanComparison = {
  caption: 'Comparison of Discover plans',
  plans: ['Starter', 'Sixer', 'Pro'],
  rows: [
    { feature: 'Validity', values: ['30 Days', '6 Month', '1 Year'] },
    { feature: 'Discount on the monthly price', values: ['—', '8%', '20%'] },
    { feature: 'Real Time Analysis (with a broker login)', values: [true, true, true] },
    { feature: 'Orderflow Charting', values: [true, true, true] },
    { feature: 'Orderflow Analytics', values: [true, true, true] },
    { feature: 'Futures Analysis', values: [true, true, true] },
    { feature: 'Option Analysis', values: [true, true, true] },
    { feature: 'Trade with broker API', values: [true, true, true] },
    { feature: 'New features at no extra cost', values: [true, true, true] },
  ],
};

/** QuikTrade plans compared (the contact and terms area's table: Scalper, Pro), from the plan matrix of spec §1. */
export const QUIKTRADE_PLAN_COMPARISON: PlanComparison = {
  caption: 'Comparison of features across plans',
  plans: ['Scalper', 'Pro'],
  rows: [
    { feature: 'Orders', values: ['Unlimited', 'Unlimited'] },
    { feature: 'Instruments', values: ['Indices only', 'All F&O stocks and indices'] },
    { feature: 'Brokers included', values: ['1', '1'] },
    { feature: 'Extra broker accounts (add-on)', values: [true, true] },
    { feature: 'Trade several brokers at once', values: [true, true] },
    { feature: 'Portfolio and position stop-loss', values: [true, true] },
    { feature: 'Trailing stop-loss and target', values: [true, true] },
    { feature: 'Straddle/strangle chain trading', values: [false, true] },
    { feature: 'One-click position adjustments', values: [false, true] },
    { feature: 'Rules-based trading', values: [false, true] },
  ],
};
