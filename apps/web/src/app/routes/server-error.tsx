import { ServerErrorScreen } from '../errors/server-error-screen';

/** /errors/500. */
export function ServerErrorRoute() {
  return <ServerErrorScreen />;
}
