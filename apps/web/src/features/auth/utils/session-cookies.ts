/** Cookies of the session that logout removes (spec §3), in case an earlier version of the site set them. */
export const SESSION_COOKIE_NAMES: readonly string[] = [
  'loginSecret',
  'userID',
  'email',
  'activeSubscription',
  'subscriptionValidTill',
  'brokerLoggedIn',
  'activeTradeSubscription',
];

const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** Expires every session cookie for this site's root path. */
export function clearSessionCookies(): void {
  for (const name of SESSION_COOKIE_NAMES) {
    document.cookie = `${name}=; expires=${EXPIRED}; path=/`;
  }
}
