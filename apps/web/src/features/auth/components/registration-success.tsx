import { Link } from 'react-router';
import { AuthStatus } from './auth-status';

/**
 * 'Registration Success / Please check your email !' naming the address mailed. The same screen follows a
 * registration of an address that already has an account (the server answers both alike and mails the owner).
 */
export function RegistrationSuccess({ email, loginPath }: { email: string; loginPath: string }) {
  return (
    <AuthStatus tone="success" title="Registration Success" subtitle="Please check your email !">
      <p className="mb-4">
        We have sent an e-mail to <strong className="text-break">{email}</strong>. Open the link in it to activate your
        account, then log in. If this address already has an account, the e-mail tells you how to log in or reset your
        password.
      </p>
      <Link to={loginPath} className="btn btn-primary px-4">
        Go to Login
      </Link>
    </AuthStatus>
  );
}
