import type { LoginCheck, UserEntitlements } from '@fnodesk/contracts';
import { updateSession } from '../../../lib/session-storage';

/** Stores fresh entitlements in the session (after a trial or a purchase), so guards and pages see them at once. */
export function applyEntitlements(entitlements: UserEntitlements): void {
  updateSession({
    activeSubscription: entitlements.activeSubscription,
    activeTradeSubscription: entitlements.activeTradeSubscription,
    brokerLoggedIn: entitlements.brokerLoggedIn,
    subscriptionValidTill: entitlements.subscriptionValidTill,
    tradeSubscriptionValidTill: entitlements.tradeSubscriptionValidTill,
    trialAllowed: entitlements.trialAllowed,
    tradeTrailAllowed: entitlements.tradeTrailAllowed,
  });
}

/** Stores the login-status flags (spec §4 Purchase step 4: activeSubscription, activeTradeSubscription, brokerLoggedIn). */
export function applyLoginStatus(status: LoginCheck): void {
  updateSession({
    activeSubscription: status.activeSubscription,
    activeTradeSubscription: status.activeTradeSubscription,
    brokerLoggedIn: status.brokerLoggedIn,
  });
}
