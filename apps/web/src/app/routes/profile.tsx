import { ProfileScreen } from '../../features/auth/components/profile-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /profile ('My Profile'); behind the session guard. */
export function ProfileRoute() {
  return (
    <>
      <PageTitle name="My Profile" />
      <ProfileScreen loginPath={paths.login} />
    </>
  );
}
