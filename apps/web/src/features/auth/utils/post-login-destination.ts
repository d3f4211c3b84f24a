import type { Entitlements } from '@fnodesk/contracts';

/** Screens a signed-in user can be sent to after login; the app passes its registered paths. */
export interface SignInDestinations {
  /** Discover pricing: for users without a plan, or with a plan chosen before signing in. */
  pricing: string;
  /** Broker accounts: for users with only a QuikTrade plan. */
  brokerAccounts: string;
  /** The default analysis page. */
  charts: string;
}

/** What the browser remembers that changes where a user lands. */
export interface RememberedNavigation {
  hasSelectedPlan: boolean;
  lastPage: string | null;
}

/** Where a user goes right after logging in (spec §4, "Routing after login"). */
export function postLoginDestination(
  entitlements: Pick<Entitlements, 'activeSubscription' | 'activeTradeSubscription'>,
  remembered: RememberedNavigation,
  destinations: SignInDestinations,
): string {
  const { activeSubscription, activeTradeSubscription } = entitlements;
  if (!activeSubscription && !activeTradeSubscription) return destinations.pricing;
  if (remembered.hasSelectedPlan) return destinations.pricing;
  if (activeTradeSubscription && !activeSubscription) return destinations.brokerAccounts;
  return remembered.lastPage ?? destinations.charts;
}
