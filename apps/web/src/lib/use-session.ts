import { useMemo, useSyncExternalStore } from 'react';
import { parseSession, readRawSession, subscribeToSession, type StoredSession } from './session-storage';

/** The stored session (null when signed out); re-renders when it is written, cleared or changed in another tab. */
export function useSession(): StoredSession | null {
  // The raw string is the snapshot: it compares by value, so an unchanged session never causes a re-render.
  const raw = useSyncExternalStore(subscribeToSession, readRawSession);
  return useMemo(() => parseSession(raw), [raw]);
}
