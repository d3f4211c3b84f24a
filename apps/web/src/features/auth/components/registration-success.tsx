import { Link } from 'react-router';
import { AuthStatus } from './auth-status';

/** 'Registration Success / Please check your email !' naming the address the confirmation link went to. */
export function RegistrationSuccess({ email, loginPath }: { email: string; loginPath: string }) {
  return (
    <AuthStatus tone="success" title="Registration Success" subtitle="Please check your email !">
      <p className="mb-4">
        We have sent a confirmation link to <strong className="text-break">{email}</strong>. Open it to activate your
        account, then log in.
      </p>
      <Link to={loginPath} className="btn btn-primary px-4">
        Go to Login
      </Link>
    </AuthStatus>
  );
}
