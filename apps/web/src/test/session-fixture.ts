import type { UserSession } from '../lib/session-storage';

/** A complete stored session (spec §3) without any plan, changed by `overrides`. */
export function sessionWith(overrides: Partial<UserSession>): UserSession {
  return {
    userID: 'u-1',
    loginSecret: 'secret-1',
    email: 'asha@example.com',
    activeSubscription: false,
    activeTradeSubscription: false,
    brokerLoggedIn: false,
    subscriptionValidTill: null,
    tradeSubscriptionValidTill: null,
    trialAllowed: true,
    tradeTrailAllowed: true,
    gUserRegisterRequired: false,
    webSocketChannel: 'ch-1',
    src: 'fnodesk',
    isLoggedIn: true,
    userFirstName: 'Asha',
    userLastName: 'Rao',
    ...overrides,
  };
}
