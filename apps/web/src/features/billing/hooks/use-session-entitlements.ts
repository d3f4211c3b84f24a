import { useMemo, useSyncExternalStore } from 'react';
import { readRawSession, subscribeToSession, UserSessionSchema } from '../../../lib/session-storage';

/** The stored session's plan and trial flags, as far as pricing pages need them. */
export interface SessionEntitlements {
  signedIn: boolean;
  activeSubscription: boolean;
  activeTradeSubscription: boolean;
  trialAllowed: boolean;
  tradeTrailAllowed: boolean;
}

function parse(raw: string | null): SessionEntitlements {
  let stored: unknown = null;
  try {
    stored = raw === null ? null : JSON.parse(raw);
  } catch {
    stored = null;
  }
  const session = UserSessionSchema.safeParse(stored);
  if (!session.success) {
    // Signed in with a session that lacks the flags: the server decides on trials and plans anyway.
    const signedIn = typeof stored === 'object' && stored !== null && 'loginSecret' in stored;
    return {
      signedIn,
      activeSubscription: false,
      activeTradeSubscription: false,
      trialAllowed: true,
      tradeTrailAllowed: true,
    };
  }
  return {
    signedIn: true,
    activeSubscription: session.data.activeSubscription,
    activeTradeSubscription: session.data.activeTradeSubscription,
    trialAllowed: session.data.trialAllowed,
    tradeTrailAllowed: session.data.tradeTrailAllowed,
  };
}

/** The signed-in user's plan and trial flags; re-renders when the session changes (in this tab or another). */
export function useSessionEntitlements(): SessionEntitlements {
  const raw = useSyncExternalStore(subscribeToSession, readRawSession);
  return useMemo(() => parse(raw), [raw]);
}
