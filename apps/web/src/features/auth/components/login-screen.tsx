import type { LoginResponse } from '@fnodesk/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { isApiError } from '../../../lib/api-error';
import { usePublicConfig } from '../api/get-public-config';
import { useLoginUser } from '../api/login-user';
import { useLoginUserTotp } from '../api/login-user-totp';
import { useResendVerification } from '../api/resend-verification';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { SIGN_IN_FALLBACK_MESSAGE, UNEXPECTED_FAILURE_MESSAGE } from '../utils/auth-messages';
import { loginFormSchema, type LoginFormInput, type LoginFormValues } from '../utils/auth-form-schemas';
import { failureMessage } from '../utils/failure-message';
import { deviceTokenFor, lastDeviceToken } from '../utils/known-device';
import type { GoogleRegistrationState } from '../utils/google-registration-state';
import type { SignInDestinations } from '../utils/post-login-destination';
import { currentHost } from '../utils/user-session';
import { AuthHeading, AuthLayout } from './auth-layout';
import { GoogleLoginButton } from './google-login-button';

/** Where the login screen's links lead. */
export interface LoginLinks {
  forgotPassword: string;
  register: string;
  terms: string;
}

/** /authentication/login: e-mail and password (or Google), then on to where spec §4 sends the user. */
export function LoginScreen({ links, destinations }: { links: LoginLinks; destinations: SignInDestinations }) {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn(destinations);
  const login = useLoginUser();
  const loginTotp = useLoginUserTotp();
  // The two-factor step: the challenge the password (or Google) step answered, while the code is asked for.
  const [challengeId, setChallengeId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const resend = useResendVerification();
  const config = usePublicConfig();
  const googleClientId = config.data?.googleClientId ?? null;
  const {
    register,
    handleSubmit,
    control,
    getValues,
    formState: { errors },
  } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', remember: false },
  });
  const [email, password] = useWatch({ control, name: ['email', 'password'] });
  const filled = email.trim().length > 0 && password.length > 0;

  const onLoggedIn = (response: LoginResponse) => {
    if ('totpRequired' in response) {
      loginTotp.reset();
      setCode('');
      setChallengeId(response.challengeId);
    } else if (response.gUserRegisterRequired) {
      const state: GoogleRegistrationState = { google: response };
      void navigate(links.register, { state });
    } else {
      completeSignIn(response);
    }
  };

  const onSubmit = handleSubmit((values) => {
    resend.reset();
    login.mutate(
      {
        email: values.email,
        password: values.password,
        remember: values.remember,
        path: currentHost(),
        deviceToken: deviceTokenFor(values.email),
      },
      { onSuccess: onLoggedIn },
    );
  });

  const onGoogleToken = (gtoken: string) => {
    resend.reset();
    login.mutate(
      { gtoken, remember: getValues('remember'), path: currentHost(), deviceToken: lastDeviceToken() },
      { onSuccess: onLoggedIn },
    );
  };

  const notVerified = isApiError(login.error, 'EMAIL_NOT_VERIFIED');

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    if (challengeId === null) return;
    loginTotp.mutate({ challengeId, code: code.trim() }, { onSuccess: completeSignIn });
  };

  if (challengeId !== null) {
    const spent = isApiError(loginTotp.error, 'TOTP_CHALLENGE_INVALID');
    return (
      <AuthLayout panel={{ heading: 'Welcome back to FNO Desk' }}>
        <AuthHeading
          title="Two-factor sign-in"
          lead="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
        />
        <Form noValidate onSubmit={onSubmitCode}>
          <TextField
            label="Authentication code"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          {loginTotp.isError && (
            <Alert variant="danger" className="py-2" role="alert">
              {failureMessage(loginTotp.error, SIGN_IN_FALLBACK_MESSAGE)}
            </Alert>
          )}
          <LoadingButton
            type="submit"
            className="w-100"
            disabled={code.trim().length < 6 || spent}
            loading={loginTotp.isPending}
          >
            Verify
          </LoadingButton>
        </Form>
        <Button
          variant="link"
          className="p-0 mt-3"
          onClick={() => {
            login.reset();
            setChallengeId(null);
          }}
        >
          Back to login
        </Button>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      panel={{
        heading: 'Welcome back to FNO Desk',
        action: (
          <p className="mb-0">
            Don&apos;t have an account?{' '}
            <Link to={links.register} className="auth-panel-link fw-semibold">
              Get started!
            </Link>
          </p>
        ),
      }}
    >
      <AuthHeading title="Login" lead="Enter your e-mail and password to continue." />
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          autoFocus
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="d-flex justify-content-between align-items-center flex-wrap gap-2 mb-3">
          <Form.Check id="login-remember" label="Remember me" {...register('remember')} />
          <Link to={links.forgotPassword} className="small">
            Forgot Password?
          </Link>
        </div>
        {login.isError && (
          <Alert variant="danger" className="py-2" role="alert">
            <p className="mb-0">{failureMessage(login.error, SIGN_IN_FALLBACK_MESSAGE)}</p>
            {notVerified && !resend.isSuccess && (
              <LoadingButton
                type="button"
                variant="link"
                size="sm"
                className="p-0 mt-1 align-baseline"
                loading={resend.isPending}
                onClick={() => resend.mutate(getValues('email').trim())}
              >
                Resend verification e-mail
              </LoadingButton>
            )}
          </Alert>
        )}
        {resend.isSuccess && (
          <Alert variant="success" className="py-2" role="status">
            {resend.data}
          </Alert>
        )}
        {resend.isError && (
          <Alert variant="danger" className="py-2" role="alert">
            {failureMessage(resend.error, UNEXPECTED_FAILURE_MESSAGE)}
          </Alert>
        )}
        <LoadingButton type="submit" className="w-100" disabled={!filled} loading={login.isPending}>
          Next
        </LoadingButton>
      </Form>
      {googleClientId !== null && (
        <>
          <div className="auth-divider my-3" role="separator">
            <span>or</span>
          </div>
          <GoogleLoginButton clientId={googleClientId} onToken={onGoogleToken} loading={login.isPending} />
        </>
      )}
      <p className="small text-body-secondary mt-4 mb-0">
        By logging in you agree to our <Link to={links.terms}>Terms &amp; Conditions</Link>.
      </p>
      <p className="small mt-2 mb-0 d-lg-none">
        Don&apos;t have an account? <Link to={links.register}>Get started!</Link>
      </p>
    </AuthLayout>
  );
}
