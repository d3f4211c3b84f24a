import { useSearchParams } from 'react-router';
import { ResetPasswordScreen } from '../../features/auth/components/reset-password-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

const LINKS = { login: paths.login, forgotPassword: paths.forgotPassword };

/** /authentication/reset-password?token=…, the link in the password-reset e-mail. */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageTitle name="Reset Password" />
      <ResetPasswordScreen token={searchParams.get('token') || null} links={LINKS} />
    </>
  );
}
