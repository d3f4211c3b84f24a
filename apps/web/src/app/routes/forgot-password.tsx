import { ForgotPasswordScreen } from '../../features/auth/components/forgot-password-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /authentication/forgot-password. */
export function ForgotPasswordRoute() {
  return (
    <>
      <PageTitle name="Forgot Password" />
      <ForgotPasswordScreen loginPath={paths.login} />
    </>
  );
}
