import { PASSWORD_MIN_LENGTH } from '@fnodesk/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { useResetPassword } from '../api/reset-password';
import { UNEXPECTED_FAILURE_MESSAGE } from '../utils/auth-messages';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../utils/auth-form-schemas';
import { failureMessage } from '../utils/failure-message';
import { AuthHeading, AuthLayout } from './auth-layout';
import { AuthStatus } from './auth-status';

/** Where the reset-password screen's links lead. */
export interface ResetPasswordLinks {
  login: string;
  forgotPassword: string;
}

/** /authentication/reset-password?token=…: sets a new password with the token from the e-mailed link. */
export function ResetPasswordScreen({ token, links }: { token: string | null; links: ResetPasswordLinks }) {
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const [password, confirmPassword] = useWatch({ control, name: ['password', 'confirmPassword'] });
  const onSubmit = handleSubmit((values) => {
    if (token !== null) resetPassword.mutate({ resetToken: token, password: values.password });
  });
  const panel = {
    heading: 'Choose a new password',
    action: (
      <p className="mb-0">
        Remembered it?{' '}
        <Link to={links.login} className="auth-panel-link fw-semibold">
          Back to Login
        </Link>
      </p>
    ),
  };

  if (token === null) {
    return (
      <AuthLayout panel={panel}>
        <AuthStatus tone="danger" title="This link is invalid or has expired.">
          <p className="mb-4">Ask for a new reset link and use the latest e-mail.</p>
          <Link to={links.forgotPassword} className="btn btn-primary px-4">
            Send a new link
          </Link>
        </AuthStatus>
      </AuthLayout>
    );
  }

  if (resetPassword.isSuccess) {
    return (
      <AuthLayout panel={panel}>
        <AuthStatus tone="success" title="Success !" subtitle="Password has been successfully reset">
          <Link to={links.login} className="btn btn-primary px-4">
            Go to Login
          </Link>
        </AuthStatus>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout panel={panel}>
      <AuthHeading title="Reset Password" lead={`Use at least ${PASSWORD_MIN_LENGTH} characters.`} />
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          autoFocus
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {resetPassword.isError && (
          <Alert variant="danger" className="py-2" role="alert">
            {failureMessage(resetPassword.error, UNEXPECTED_FAILURE_MESSAGE)}{' '}
            <Link to={links.forgotPassword} className="alert-link">
              Send a new link
            </Link>
          </Alert>
        )}
        <LoadingButton
          type="submit"
          className="w-100"
          disabled={password.length === 0 || confirmPassword.length === 0}
          loading={resetPassword.isPending}
        >
          Set password
        </LoadingButton>
      </Form>
    </AuthLayout>
  );
}
