import type { Package } from '@fnodesk/contracts';

/** The legacy pricing page's bullets (spec §2), shared by every Discover plan. */
export const DISCOVER_PLAN_BULLETS = [
  'Real Time Analysis',
  'Orderflow Charting',
  'Orderflow Analytics',
  'Futures Analysis',
  'Option Analysis',
  'Trade with broker API',
  'More features coming soon at no extra cost..',
] as const;

// The QuikTrade plan matrix of spec §1.
const QUIKTRADE_BULLETS: Readonly<Record<string, readonly string[]>> = {
  Free: ['Paper trading only', 'First 5000 simulated orders free', 'Nifty only', 'Broker configuration required'],
  Scalper: [
    'Unlimited orders',
    'Indices only',
    '1 broker included',
    'Portfolio and position stop-loss',
    'Trailing stop-loss and target',
  ],
  Pro: [
    'Unlimited orders',
    'All F&O stocks and indices',
    '1 broker included',
    'Straddle/strangle chain trading',
    'One-click position adjustments',
    'Rules-based trading',
  ],
  'Extra Broker Account': ['Trade one more broker account at the same time', 'Runs alongside your QuikTrade plan'],
};

/** The bullets of a plan card. */
export function planBullets(pkg: Pick<Package, 'product' | 'planName'>): readonly string[] {
  return pkg.product === 'd' ? DISCOVER_PLAN_BULLETS : (QUIKTRADE_BULLETS[pkg.planName] ?? []);
}
