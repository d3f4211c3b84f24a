import type { LoginSession } from '@fnodesk/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { hasSelectedPlan, readLastPage } from '../../../lib/remembered-navigation';
import { writeSession } from '../../../lib/session-storage';
import { rememberDeviceToken } from '../utils/known-device';
import { postLoginDestination, type SignInDestinations } from '../utils/post-login-destination';
import { toUserSession } from '../utils/user-session';

/** Returns the step that ends every successful login: store the §3 session, then go where spec §4 says. */
export function useCompleteSignIn(destinations: SignInDestinations): (session: LoginSession) => void {
  const navigate = useNavigate();
  return useCallback(
    (session: LoginSession) => {
      writeSession(toUserSession(session));
      rememberDeviceToken(session.email, session.deviceToken);
      const remembered = { hasSelectedPlan: hasSelectedPlan(), lastPage: readLastPage() };
      void navigate(postLoginDestination(session, remembered, destinations), { replace: true });
    },
    [navigate, destinations],
  );
}
