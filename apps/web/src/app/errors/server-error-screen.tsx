import { PageTitle } from '../page-title';
import { ErrorScreen } from './error-screen';

/** The 500 page (spec §8): shown at /errors/500 and by the route error boundary. */
export function ServerErrorScreen() {
  return (
    <>
      <PageTitle name="Error" />
      <ErrorScreen status="500" message="Whoops, something went wrong!" />
    </>
  );
}
