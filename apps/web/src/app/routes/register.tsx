import { RegisterScreen } from '../../features/auth/components/register-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';
import { SIGN_IN_DESTINATIONS } from './sign-in-destinations';

const LINKS = { login: paths.login, terms: paths.termsCondition, privacy: paths.privacyPolicy };

/** /authentication/register (and the Google registration that follows a first Google login). */
export function RegisterRoute() {
  return (
    <>
      <PageTitle name="Register" />
      <RegisterScreen links={LINKS} destinations={SIGN_IN_DESTINATIONS} />
    </>
  );
}
