import { useSearchParams } from 'react-router';
import { EmailVerificationScreen } from '../../features/auth/components/email-verification-screen';
import { PageTitle } from '../page-title';
import { paths } from '../paths';

/** /authentication/confirm-mail?token=…, the link in the verification e-mail. */
export function ConfirmMailRoute() {
  const [searchParams] = useSearchParams();
  return (
    <>
      <PageTitle name="Verify E-mail" />
      <EmailVerificationScreen token={searchParams.get('token') || null} loginPath={paths.login} />
    </>
  );
}
