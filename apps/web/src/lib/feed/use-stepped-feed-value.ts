import { startTransition, useEffect, useState } from 'react';
import type { FeedClient } from './feed-client';

const UNREAD = Symbol('unread');

/**
 * A value read from the feed client that moves in steps (a tick time rounded to seconds, the last tick's arrival):
 * re-read on every feed change, and the page re-rendered when it steps, as a transition. A feed change comes with a
 * tick; a store read with `useSyncExternalStore` re-renders the page inside that tick's task, before the charts that
 * draw the tick themselves reach the next frame. A transition renders after, and yields to the frame.
 */
export function useSteppedFeedValue<T>(client: FeedClient, read: () => T): T {
  // Kept with the reader that read it: a new reader (other tokens, another step) reads afresh until a change comes.
  const [state, setState] = useState(() => ({ read, value: read() }));
  useEffect(() => {
    // Unknown until the first change: what was rendered may have been read before this effect ran.
    let shown: T | typeof UNREAD = UNREAD;
    return client.onChange(() => {
      const next = read();
      if (Object.is(next, shown)) return;
      shown = next;
      startTransition(() => setState({ read, value: next }));
    });
  }, [client, read]);
  return state.read === read ? state.value : read();
}
