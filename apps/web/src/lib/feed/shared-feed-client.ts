import { marketStatusAt, systemClock } from '@fnodesk/domain';
import { apiFetch } from '../api-client';
import { getPublicConfig } from '../public-config';
import { isApiError } from '../api-error';
import { clearSession, readSession, subscribeToSession } from '../session-storage';
import { createFeedClient, type FeedClient, type FeedLog, type SessionCheckResult } from './feed-client';
import { standardSocketFactory } from './feed-socket';

/** The gateway's path on the server (ARCHITECTURE §3). */
export const FEED_PATH = '/feed/v1';

/** The page's own origin as a feed URL (`ws:` beside `http:`, `wss:` beside `https:`). */
export function sameOriginFeedUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${FEED_PATH}`;
}

// Spec §8: feed failures are reported in the console only, never to the user.
const consoleFeedLog: FeedLog = (message, details) => {
  // eslint-disable-next-line no-console -- the browser console is where feed failures are reported.
  console.warn(`[feed] ${message}`, details ?? {});
};

/** `login-check` after the feed reports an expired session; a 403 has already sent the app to the login page. */
async function checkSessionOverHttp(): Promise<SessionCheckResult> {
  try {
    await apiFetch('/api/v1/login-check');
    return 'valid';
  } catch (error) {
    if (isApiError(error, 'SESSION_EXPIRED')) return 'expired';
    throw error;
  }
}

let shared: FeedClient | null = null;

/** The page's one feed connection, created on first use (over the browser's WebSocket, to this origin). */
export function sharedFeedClient(): FeedClient {
  if (shared !== null) return shared;
  // Until the configuration arrives (and when it names none), the feed is on the page's own origin.
  let urls: readonly string[] = [sameOriginFeedUrl(window.location)];
  let alwaysOpen = false;
  getPublicConfig()
    .then((config) => {
      if (config.feed !== undefined && config.feed.urls.length > 0) urls = config.feed.urls;
      alwaysOpen = config.feed?.alwaysOpen === true;
    })
    .catch((error: unknown) => consoleFeedLog('feed configuration not loaded', { error: String(error) }));
  const client = createFeedClient({
    urls: () => urls,
    createSocket: standardSocketFactory((url) => new WebSocket(url)),
    clock: systemClock,
    credentials: () => {
      const session = readSession();
      return session === null ? null : { userid: session.userID, secret: session.loginSecret };
    },
    checkSession: checkSessionOverHttp,
    // The API client cleared the session and navigated on the 403; another tab may still hold it, so clear here too.
    onSessionExpired: clearSession,
    isMarketOpen: (now) => alwaysOpen || marketStatusAt(now, 'NFO') === 'open',
    log: consoleFeedLog,
  });
  // A different user (or a sign-out) must not keep the previous user's connection and tier.
  let identity = identityKey();
  subscribeToSession(() => {
    const next = identityKey();
    if (next === identity) return;
    identity = next;
    client.restart();
  });
  shared = client;
  return client;
}

function identityKey(): string {
  const session = readSession();
  return session === null ? '' : `${session.userID}\u0000${session.loginSecret}`;
}
