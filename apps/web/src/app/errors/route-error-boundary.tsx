import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ServerErrorScreen } from './server-error-screen';

/** Router `errorElement`: logs the error once and shows the 500 page in place of the failed screen. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    // The one place a render or route-module failure is handled, so the one place it is logged.
    // eslint-disable-next-line no-console -- the browser console is where a client-side crash is reported.
    console.error('Route failed to render', error);
  }, [error]);
  return <ServerErrorScreen />;
}
