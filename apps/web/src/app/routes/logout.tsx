import { LogoutScreen } from '../../features/auth/components/logout-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /authentication/logout. */
export function LogoutRoute() {
  return (
    <>
      <PageTitle name="Logout" />
      <LogoutScreen loginPath={paths.login} />
    </>
  );
}
