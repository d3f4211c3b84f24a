import type { RegisterRequest } from '@fnodesk/contracts';
import { PASSWORD_MIN_LENGTH } from '@fnodesk/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Alert, Col, Form, Row } from 'react-bootstrap';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { LoadingButton } from '../../../components/loading-button';
import { TextField } from '../../../components/text-field';
import { useRegisterUser } from '../api/register-user';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { SIGN_IN_FALLBACK_MESSAGE } from '../utils/auth-messages';
import { registerFormSchema, type RegisterFormInput, type RegisterFormValues } from '../utils/details-form-schemas';
import { failureMessage } from '../utils/failure-message';
import { readGoogleRegistration } from '../utils/google-registration-state';
import type { SignInDestinations } from '../utils/post-login-destination';
import { currentHost } from '../utils/user-session';
import { AuthHeading, AuthLayout } from './auth-layout';
import { PhoneField } from './phone-field';
import { RegistrationSuccess } from './registration-success';

/** Where the registration screen's links lead. */
export interface RegisterLinks {
  login: string;
  terms: string;
  privacy: string;
}

/** Query parameter carrying a referral code into registration. */
export const REFERRAL_CODE_PARAM = 'rc';

/** /authentication/register; after a first Google login, names and e-mail are Google's and locked, with no password. */
export function RegisterScreen({ links, destinations }: { links: RegisterLinks; destinations: SignInDestinations }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const google = useMemo(() => readGoogleRegistration(location.state), [location.state]);
  const referralCode = searchParams.get(REFERRAL_CODE_PARAM)?.trim() ?? '';
  const completeSignIn = useCompleteSignIn(destinations);
  const registerUser = useRegisterUser();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  const schema = useMemo(() => registerFormSchema(google !== null), [google]);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<RegisterFormInput, unknown, RegisterFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      firstName: google?.userFirstName ?? '',
      lastName: google?.userLastName ?? '',
      email: google?.email ?? '',
      mobile: '',
      password: '',
      confirmPassword: '',
      isAccepted: false,
    },
  });
  const [firstName, email, mobile, isAccepted] = useWatch({
    control,
    name: ['firstName', 'email', 'mobile', 'isAccepted'],
  });
  const ready = firstName.trim().length > 0 && email.trim().length > 0 && mobile.length > 0 && isAccepted;

  // Only what Google actually supplied is locked; an empty family name must still be typed in.
  const locked = {
    firstName: google !== null && google.userFirstName.length > 0,
    lastName: google !== null && google.userLastName.length > 0,
    email: google !== null && google.email.length > 0,
  };

  const onSubmit = handleSubmit((values) => {
    const body: RegisterRequest = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      mobile: values.mobile,
      path: currentHost(),
      ...(google === null ? { password: values.password } : { gtoken: google.gToken }),
      ...(referralCode.length > 0 ? { referralId: referralCode } : {}),
    };
    registerUser.mutate(body, {
      onSuccess: (result) => {
        if (result.verificationRequired) setRegisteredEmail(result.email);
        else completeSignIn(result.session);
      },
    });
  });

  const panel = {
    heading: 'Create your FNO Desk account',
    action: (
      <p className="mb-0">
        Already have an account?{' '}
        <Link to={links.login} className="auth-panel-link fw-semibold">
          Login
        </Link>
      </p>
    ),
  };

  if (registeredEmail !== null) {
    return (
      <AuthLayout panel={panel}>
        <RegistrationSuccess email={registeredEmail} loginPath={links.login} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout panel={panel}>
      <AuthHeading
        title="Register"
        lead={
          google === null
            ? 'A valid e-mail address and mobile number are required.'
            : 'Your name and e-mail come from your Google account. Add your WhatsApp number to finish.'
        }
      />
      <Form noValidate onSubmit={(event) => void onSubmit(event)}>
        <Row className="g-0 gx-sm-3">
          <Col sm={6}>
            <TextField
              label="First Name"
              autoComplete="given-name"
              autoFocus={!locked.firstName}
              readOnly={locked.firstName}
              error={errors.firstName?.message}
              {...register('firstName')}
            />
          </Col>
          <Col sm={6}>
            <TextField
              label="Last Name"
              autoComplete="family-name"
              readOnly={locked.lastName}
              error={errors.lastName?.message}
              {...register('lastName')}
            />
          </Col>
        </Row>
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          readOnly={locked.email}
          error={errors.email?.message}
          {...register('email')}
        />
        <Controller
          name="mobile"
          control={control}
          render={({ field, fieldState }) => (
            <PhoneField
              label="WhatsApp Number"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        {google === null && (
          <Row className="g-0 gx-sm-3">
            <Col sm={6}>
              <TextField
                label="Password"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                error={errors.password?.message}
                {...register('password')}
              />
            </Col>
            <Col sm={6}>
              <TextField
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                error={errors.confirmPassword?.message}
                {...register('confirmPassword')}
              />
            </Col>
          </Row>
        )}
        {referralCode.length > 0 && (
          <TextField label="Referral Code" name="referralCode" value={referralCode} readOnly />
        )}
        <Form.Group className="mb-3" controlId="register-accept">
          <Form.Check>
            <Form.Check.Input
              type="checkbox"
              isInvalid={errors.isAccepted !== undefined}
              aria-invalid={errors.isAccepted !== undefined}
              aria-describedby={errors.isAccepted === undefined ? undefined : 'register-accept-error'}
              {...register('isAccepted')}
            />
            <Form.Check.Label>
              I accept the <Link to={links.terms}>terms</Link> and <Link to={links.privacy}>privacy policy</Link>
            </Form.Check.Label>
            {errors.isAccepted !== undefined && (
              <Form.Control.Feedback type="invalid" id="register-accept-error">
                {errors.isAccepted.message}
              </Form.Control.Feedback>
            )}
          </Form.Check>
        </Form.Group>
        {registerUser.isError && (
          <Alert variant="danger" className="py-2" role="alert">
            {failureMessage(registerUser.error, SIGN_IN_FALLBACK_MESSAGE)}
          </Alert>
        )}
        <LoadingButton type="submit" className="w-100" disabled={!ready} loading={registerUser.isPending}>
          Register
        </LoadingButton>
      </Form>
      <p className="small mt-4 mb-0 d-lg-none">
        Already have an account? <Link to={links.login}>Login</Link>
      </p>
    </AuthLayout>
  );
}
