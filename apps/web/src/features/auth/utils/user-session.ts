import type { LoginSession } from '@fnodesk/contracts';
import type { UserSession } from '../../../lib/session-storage';

/** What `src` holds for sessions opened on the product's own site (partner sites put their own label here). */
export const DEFAULT_SESSION_SOURCE = 'fnodesk';

/** The §3 session to store for a login (or an automatic login after registration). */
export function toUserSession(login: LoginSession, src: string = DEFAULT_SESSION_SOURCE): UserSession {
  return {
    userID: login.userID,
    email: login.email,
    loginSecret: login.loginSecret,
    activeSubscription: login.activeSubscription,
    activeTradeSubscription: login.activeTradeSubscription,
    gUserRegisterRequired: login.gUserRegisterRequired,
    subscriptionValidTill: login.subscriptionValidTill,
    trialAllowed: login.trialAllowed,
    tradeTrailAllowed: login.tradeTrailAllowed,
    webSocketChannel: login.webSocketChannel,
    tradeSubscriptionValidTill: login.tradeSubscriptionValidTill,
    src,
    isLoggedIn: true,
    brokerLoggedIn: login.brokerLoggedIn,
    userFirstName: login.userFirstName,
    userLastName: login.userLastName,
  };
}

/** The host the page was served from, sent as `path` so the server knows which (partner) site the user is on. */
export function currentHost(): string {
  return window.location.hostname;
}
