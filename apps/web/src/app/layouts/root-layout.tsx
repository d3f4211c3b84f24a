import { Outlet, ScrollRestoration } from 'react-router';
import { IdleLoginCheck } from '../../features/auth/components/idle-login-check';
import { ConnectivityWatcher } from '../../features/connectivity/components/connectivity-watcher';
import { useSession } from '../../lib/use-session';

/** The outermost route element: what every screen carries (connectivity toasts, scroll restoration, session check). */
export function RootLayout() {
  const session = useSession();
  return (
    <>
      <ConnectivityWatcher />
      {session !== null && <IdleLoginCheck />}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
