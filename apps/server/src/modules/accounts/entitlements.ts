import type { UserEntitlements } from '@fnodesk/contracts';

/**
 * What a user is entitled to right now (plans, trials, broker login). Billing and broker linking supply the real
 * answer; accounts only reads it for the login response and `login-check`.
 */
export interface EntitlementsProvider {
  forUser(userId: string): Promise<UserEntitlements>;
}

/** No plan, no broker, both trials still available: what every user has before billing is wired in. */
export const NO_ENTITLEMENTS: UserEntitlements = Object.freeze({
  activeSubscription: false,
  activeTradeSubscription: false,
  brokerLoggedIn: false,
  subscriptionValidTill: null,
  tradeSubscriptionValidTill: null,
  trialAllowed: true,
  tradeTrailAllowed: true,
  accounts: 0,
});

/** The provider used until billing and brokers provide theirs. */
export const noEntitlementsProvider: EntitlementsProvider = {
  async forUser() {
    return NO_ENTITLEMENTS;
  },
};
