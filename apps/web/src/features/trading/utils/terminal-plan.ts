// The QuikTrade plan matrix as the terminal shows it (signed-in spec §6; trading.md §5.1 "Plans"). The server enforces
// the same gates at order intake; the terminal greys out what the plan does not include and offers the upgrade.
import { TRADING_MESSAGES } from '@fnodesk/contracts';

/** The QuikTrade plan the user trades under; `none` without a running plan or the Free trial. */
export type TerminalPlan = 'none' | 'free' | 'scalper' | 'pro';

/** The best plan among the names of the user's running QuikTrade subscriptions (`Free`, `Scalper`, `Pro`). */
export function terminalPlanOf(planNames: readonly string[]): TerminalPlan {
  const names = new Set(planNames.map((name) => name.toLowerCase()));
  if (names.has('pro')) return 'pro';
  if (names.has('scalper')) return 'scalper';
  if (names.has('free')) return 'free';
  return 'none';
}

/**
 * Whether the plan includes straddle and strangle chain trading and the one-click adjustments (Add, Exit N, Reverse,
 * Risk-ON/OFF): Scalper does not (clicking them opens the Upgrade Now popup); the Free trial is limited by instrument
 * and mode instead.
 */
export function includesAdvancedTrading(plan: TerminalPlan): boolean {
  return plan === 'pro' || plan === 'free';
}

/** Why the plan cannot trade an underlying, or null when it can: Free trades NIFTY only, Scalper indices only. */
export function instrumentRefusal(plan: TerminalPlan, name: string, isIndex: boolean): string | null {
  if (plan === 'free' && name !== 'NIFTY') return TRADING_MESSAGES.freePlanNiftyOnly;
  if (plan === 'scalper' && !isIndex) return TRADING_MESSAGES.scalperIndicesOnly;
  return null;
}

/** Whether the plan may send live orders (Free trades on paper only). */
export function mayTradeLive(plan: TerminalPlan): boolean {
  return plan === 'scalper' || plan === 'pro';
}
