import { useMemo, useSyncExternalStore } from 'react';
import {
  parseSession,
  parseUserSession,
  readRawSession,
  subscribeToSession,
  type StoredSession,
  type UserSession,
} from './session-storage';

/** The stored session (null when signed out); re-renders when it is written, cleared or changed in another tab. */
export function useSession(): StoredSession | null {
  // The raw string is the snapshot: it compares by value, so an unchanged session never causes a re-render.
  const raw = useSyncExternalStore(subscribeToSession, readRawSession);
  return useMemo(() => parseSession(raw), [raw]);
}

/** The whole stored session of spec §3 (null when signed out or when it lacks §3 fields); re-renders on changes. */
export function useUserSession(): UserSession | null {
  const raw = useSyncExternalStore(subscribeToSession, readRawSession);
  return useMemo(() => parseUserSession(raw), [raw]);
}
