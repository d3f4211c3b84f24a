import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { rememberLastPage } from '../../lib/remembered-navigation';
import { useSession } from '../../lib/use-session';
import { paths } from '../paths';

// A visitor without a session is sent to /landing (spec signed-in §2.1). A session that ends while a screen is open
// (expired, or logged out in another tab) leads to login, as an expired session does everywhere. Signed-in visits
// are remembered as the page to return to after the next login.

/** Layout route around the screens that need a signed-in user. */
export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  const [hadSession, setHadSession] = useState(session !== null);
  if (session !== null && !hadSession) setHadSession(true);
  const page = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (session !== null) rememberLastPage(page);
  }, [session, page]);

  if (session === null) {
    return <Navigate replace to={hadSession ? paths.login : paths.landing} />;
  }
  return <Outlet />;
}
