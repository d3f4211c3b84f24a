import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { clearSession, readSession, readSessionEmail } from '../../../lib/session-storage';
import { logoutUser } from '../api/logout-user';
import { clearSessionCookies } from '../utils/session-cookies';

/** Where signing out stands. */
export type SignOutState = 'signing-out' | 'signed-out';

/** Signs out once on mount: tells the server, then drops the stored session, the session cookies and cached answers. */
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
    const serverLogout =
      session === null
        ? Promise.resolve()
        : logoutUser({ loginSecret: session.loginSecret, ...(email === null ? {} : { email }) }).catch(
            // Signing out locally must not depend on the server: a failed call still ends the session here, and the
            // server's session expires on its own.
            () => undefined,
          );
    void serverLogout.then(() => {
      clearSession();
      clearSessionCookies();
      queryClient.clear();
      setState('signed-out');
    });
  }, [queryClient]);

  return state;
}
