import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { clearSession, readSession, readSessionEmail } from '../../../lib/session-storage';
import { logoutUser } from '../api/logout-user';
import { clearSessionCookies } from '../utils/session-cookies';

/** Where signing out stands. */
export type SignOutState = 'signing-out' | 'signed-out';

/** Signs out once on mount: drops the stored session, the session cookies and cached answers, then tells the server. */
export function useSignOut(): SignOutState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SignOutState>('signing-out');
  // React's development double-mount must not send the logout twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const session = readSession();
    const email = readSessionEmail();
    // The session is dropped here first: revoking it on the server reports 109 on the feed, and a feed still holding
    // it would check it over HTTP, get the 403 and send the user to the login page instead of this one.
    clearSession();
    clearSessionCookies();
    const serverLogout =
      session === null
        ? Promise.resolve()
        : logoutUser({ loginSecret: session.loginSecret, ...(email === null ? {} : { email }) }).catch(
            // Signing out locally must not depend on the server: a failed call still ends the session here, and the
            // server's session expires on its own.
            () => undefined,
          );
    void serverLogout.then(() => {
      // Answers that arrived meanwhile were asked with the old session: they go too.
      queryClient.clear();
      setState('signed-out');
    });
  }, [queryClient]);

  return state;
}
