import { Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useSignOut } from '../hooks/use-sign-out';
import { AuthLayout } from './auth-layout';
import { AuthStatus } from './auth-status';

/** /authentication/logout: signs the user out and says goodbye. */
export function LogoutScreen({ loginPath }: { loginPath: string }) {
  const state = useSignOut();
  const panel = { heading: 'Thanks for trading with FNO Desk' };

  if (state === 'signing-out') {
    return (
      <AuthLayout panel={panel}>
        <div className="text-center py-5" role="status">
          <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
          <p className="mb-0">Signing you out…</p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout panel={panel}>
      <AuthStatus tone="neutral" title="See you again!">
        <p className="mb-4">You are now successfully signed out.</p>
        <Link to={loginPath} className="btn btn-primary px-4">
          Return to Login
        </Link>
      </AuthStatus>
    </AuthLayout>
  );
}
