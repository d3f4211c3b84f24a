import type { ProductType, UserEntitlements } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import { errors } from '../../platform/errors';
import type { EntitlementsProvider } from '../accounts/entitlements';
import type { BillingQueries, SubscriptionRow } from './billing.repository';

/** Whether a broker account of the user is logged in; broker linking answers it, until then nobody is. */
export interface BrokerLoginStatus {
  isLoggedIn(userId: string): Promise<boolean>;
}

/** No broker linking yet: nobody is logged in with a broker. */
export const NO_BROKER_LOGINS: BrokerLoginStatus = { isLoggedIn: async () => false };

/** The entitlement port: what other modules, the data tiers and page guards read. */
export interface BillingEntitlements extends EntitlementsProvider {
  /** Refuses with 402 PLAN_REQUIRED unless the user has a running plan or trial of `product`. */
  requirePlan(userId: string, product: ProductType): Promise<void>;
}

/** Entitlements computed from a user's current periods, trials taken and broker login. Pure. */
export function entitlementsOf(
  current: readonly SubscriptionRow[],
  usedTrials: ReadonlySet<ProductType>,
  brokerLoggedIn: boolean,
  nowMs: number,
): UserEntitlements {
  const running = (s: SubscriptionRow) => s.startsAt.getTime() <= nowMs && s.endsAt.getTime() > nowMs;
  const plans = (product: ProductType) => current.filter((s) => s.product === product && s.kind !== 'addon');
  // Renewals start where the running period ends, so the chain's last end is when the plan runs out.
  const validTill = (product: ProductType) => {
    const list = plans(product);
    if (!list.some(running)) return null;
    return new Date(Math.max(...list.map((s) => s.endsAt.getTime()))).toISOString();
  };
  const activeSubscription = plans('d').some(running);
  const activeTradeSubscription = plans('qt').some(running);
  const planAccounts = Math.max(
    0,
    ...plans('qt')
      .filter(running)
      .map((s) => s.brokerAccounts),
  );
  const addOnAccounts = current
    .filter((s) => s.kind === 'addon' && running(s))
    .reduce((total, s) => total + s.brokerAccounts, 0);
  return {
    activeSubscription,
    activeTradeSubscription,
    brokerLoggedIn,
    subscriptionValidTill: validTill('d'),
    tradeSubscriptionValidTill: validTill('qt'),
    trialAllowed: !usedTrials.has('d') && !activeSubscription,
    tradeTrailAllowed: !usedTrials.has('qt') && !activeTradeSubscription,
    // Add-on accounts count only alongside a running QuikTrade plan.
    accounts: activeTradeSubscription ? planAccounts + addOnAccounts : 0,
  };
}

/** The billing module's entitlement provider, read fresh from the database on every call. */
export function createBillingEntitlements(deps: {
  repository: BillingQueries;
  clock: Clock;
  brokers: BrokerLoginStatus;
}): BillingEntitlements {
  const { repository, clock } = deps;
  const forUser = async (userId: string): Promise<UserEntitlements> => {
    const now = clock.now();
    const [current, usedTrials, brokerLoggedIn] = await Promise.all([
      repository.currentSubscriptions(userId, new Date(now)),
      repository.usedTrials(userId),
      deps.brokers.isLoggedIn(userId),
    ]);
    return entitlementsOf(current, usedTrials, brokerLoggedIn, now);
  };
  return {
    forUser,
    async requirePlan(userId, product) {
      const e = await forUser(userId);
      const active = product === 'd' ? e.activeSubscription : e.activeTradeSubscription;
      if (!active) throw errors.planRequired();
    },
  };
}
