import type { Clock } from '@fnodesk/domain';
import { createFeedClient, type FeedClient } from '../lib/feed/feed-client';
import type { FeedSocketHandlers } from '../lib/feed/feed-socket';

/** A feed client whose socket the test plays the gateway of. */
export interface FakeFeed {
  client: FeedClient;
  /** Every message the client sent, parsed. */
  sent: unknown[];
  /** The open socket's handlers, to deliver frames as the gateway would; throws before the client connects. */
  server: () => FeedSocketHandlers;
}

/** A feed client over a socket driven by the test (user `u`, session always valid). */
export function fakeFeed(clock: Clock, credentials = { userid: 'u', secret: 's' }): FakeFeed {
  let handlers: FeedSocketHandlers | undefined;
  const sent: unknown[] = [];
  const client = createFeedClient({
    urls: ['ws://test/feed/v1'],
    createSocket: (_url, h) => {
      handlers = h;
      return { send: (text) => sent.push(JSON.parse(text)), close: () => undefined };
    },
    clock,
    credentials: () => credentials,
    checkSession: () => Promise.resolve('valid'),
    onSessionExpired: () => undefined,
  });
  const server = () => {
    if (handlers === undefined) throw new Error('the feed client opened no connection');
    return handlers;
  };
  return { client, sent, server };
}
