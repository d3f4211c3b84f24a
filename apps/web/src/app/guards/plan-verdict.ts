import type { PageAccess } from '../app-pages';

/** What the plan rules decide for a page (spec signed-in §2.1, §4.1, §6). */
export type PlanVerdict = 'allow' | 'pricing' | 'broker-accounts';

/** The user's plans, as the stored session and the login check report them. */
export interface PlanFlags {
  activeSubscription: boolean;
  activeTradeSubscription: boolean;
}

/**
 * The plan rules: account pages (profile, subscriptions, refer, broker setup) are open to every signed-in user;
 * every other page needs a plan, Discover or QuikTrade, else the user goes to Discover pricing; a Discover page
 * with QuikTrade alone sends the user to the broker accounts, where QuikTrade starts.
 */
export function planVerdict(access: PageAccess, flags: PlanFlags): PlanVerdict {
  if (access === 'account') return 'allow';
  if (!flags.activeSubscription && !flags.activeTradeSubscription) return 'pricing';
  if (access === 'discover' && !flags.activeSubscription) return 'broker-accounts';
  return 'allow';
}
