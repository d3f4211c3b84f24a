import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { UNEXPECTED_FAILURE_MESSAGE } from '../utils/auth-messages';
import { forgotPasswordFormSchema, type ForgotPasswordFormValues } from '../utils/auth-form-schemas';
import { failureMessage } from '../utils/failure-message';
import { AuthHeading, AuthLayout } from './auth-layout';
import { AuthStatus } from './auth-status';

/** /authentication/forgot-password: asks for the e-mail and sends a reset link to it. */
export function ForgotPasswordScreen({ loginPath }: { loginPath: string }) {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ForgotPasswordFormValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    defaultValues: { email: '' },
  });
  const email = useWatch({ control, name: 'email' });
  const onSubmit = handleSubmit((values) => requestReset.mutate(values.email));
  const panel = {
    heading: 'Locked out? It happens.',
    action: (
      <p className="mb-0">
        Remembered it?{' '}
        <Link to={loginPath} className="auth-panel-link fw-semibold">
          Back to Login
        </Link>
      </p>
    ),
  };

  if (requestReset.isSuccess) {
    return (
      <AuthLayout panel={panel}>
        <AuthStatus tone="success" title="Success" subtitle="Please check your email !">
          <p className="mb-4">{requestReset.data}</p>
          <Link to={loginPath} className="btn btn-primary px-4">
            Back to Login
          </Link>
        </AuthStatus>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout panel={panel}>
      <AuthHeading
        title="Forgot Password?"
        lead="Enter the e-mail you registered with and we will send you a reset link."
      />
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        {requestReset.isError && (
          <Alert variant="danger" className="py-2" role="alert">
            {failureMessage(requestReset.error, UNEXPECTED_FAILURE_MESSAGE)}
          </Alert>
        )}
        <LoadingButton
          type="submit"
          className="w-100"
          disabled={email.trim().length === 0}
          loading={requestReset.isPending}
        >
          Send reset link
        </LoadingButton>
      </Form>
      <p className="small mt-4 mb-0">
        <Link to={loginPath}>Back to Login</Link>
      </p>
    </AuthLayout>
  );
}
