import { createContext, useContext } from 'react';
import type { FeedClient } from './feed-client';
import { sharedFeedClient } from './shared-feed-client';

/** Overrides the shared feed client below it (tests, previews); absent in the app, which uses the shared one. */
export const FeedClientContext = createContext<FeedClient | null>(null);

/** The feed client in use: the context's, else the page's shared connection. */
export function useFeedClient(): FeedClient {
  return useContext(FeedClientContext) ?? sharedFeedClient();
}
