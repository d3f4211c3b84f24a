import { Outlet, ScrollRestoration } from 'react-router';
import { ConnectivityWatcher } from '../../features/connectivity/components/connectivity-watcher';

/** The outermost route element: what every screen carries (connectivity toasts, scroll restoration). */
export function RootLayout() {
  return (
    <>
      <ConnectivityWatcher />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
