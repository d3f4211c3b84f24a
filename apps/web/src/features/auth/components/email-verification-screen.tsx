import { useEffect, useRef } from 'react';
import { Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useVerifyEmail } from '../api/verify-email';
import { failureMessage } from '../utils/failure-message';
import { AuthLayout } from './auth-layout';
import { AuthStatus } from './auth-status';

const PANEL = { heading: 'One step to your FNO Desk account' };

/** /authentication/confirm-mail?token=…: spends the e-mailed token once and says whether the account is verified. */
export function EmailVerificationScreen({ token, loginPath }: { token: string | null; loginPath: string }) {
  const { mutate: verify, data, error, isError, isSuccess } = useVerifyEmail();
  // The token is single-use: React's development double-mount (or a re-render) must not spend it a second time.
  const verifiedToken = useRef<string | null>(null);

  useEffect(() => {
    if (token === null || verifiedToken.current === token) return;
    verifiedToken.current = token;
    verify(token);
  }, [token, verify]);

  const loginLink = (
    <Link to={loginPath} className="btn btn-primary px-4">
      Go to Login
    </Link>
  );

  if (token === null || isError) {
    return (
      <AuthLayout panel={PANEL}>
        <AuthStatus tone="danger" title="Verification Unsucessfull !">
          {isError && <p className="mb-4">{failureMessage(error, 'This link is invalid or has expired.')}</p>}
          {token === null && <p className="mb-4">This link is invalid or has expired.</p>}
          {loginLink}
        </AuthStatus>
      </AuthLayout>
    );
  }

  if (isSuccess) {
    return (
      <AuthLayout panel={PANEL}>
        <AuthStatus tone="success" title="Verification Sucessfull !" subtitle={`Your Account has been ${data}`}>
          {loginLink}
        </AuthStatus>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout panel={PANEL}>
      <div className="text-center py-5" role="status">
        <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
        <p className="mb-0">Verifying your e-mail address…</p>
      </div>
    </AuthLayout>
  );
}
