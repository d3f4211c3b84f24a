import { LoginScreen } from '../../features/auth/components/login-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';
import { SIGN_IN_DESTINATIONS } from './sign-in-destinations';

const LINKS = { forgotPassword: paths.forgotPassword, register: paths.register, terms: paths.termsCondition };

/** /authentication/login. */
export function LoginRoute() {
  return (
    <>
      <PageTitle name="Login" />
      <LoginScreen links={LINKS} destinations={SIGN_IN_DESTINATIONS} />
    </>
  );
}
