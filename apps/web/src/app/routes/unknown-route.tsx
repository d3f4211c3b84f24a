import { Navigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { paths } from '../paths';

/** Catch-all: shows the fallback screen for an instant and replaces the unknown URL with /errors/404. */
export function UnknownRoute() {
  return (
    <>
      <PageSpinner />
      <Navigate replace to={paths.notFound} />
    </>
  );
}
