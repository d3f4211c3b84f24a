import { ErrorScreen } from '../errors/error-screen';
import { PageTitle } from '../page-title';

/** /errors/404: where every unknown path ends (spec §8). */
export function NotFoundRoute() {
  return (
    <>
      <PageTitle name="Page not found" />
      <ErrorScreen status="404" message="The page you're looking for is not found" />
    </>
  );
}
