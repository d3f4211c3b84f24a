import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { RegisterScreen } from './register-screen';

const REGISTER_PATH = '/authentication/register';
const LINKS = { login: '/authentication/login', terms: '/terms-condition', privacy: '/privacy-policy' };
const DESTINATIONS = {
  pricing: '/discover/pricing',
  brokerAccounts: '/trading/broker-accounts',
  charts: '/pages/charts',
};

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  api = mockApi();
});

afterEach(() => vi.unstubAllGlobals());

function renderRegister(initialEntry: Parameters<typeof renderRoute>[2] = REGISTER_PATH) {
  return renderRoute(REGISTER_PATH, <RegisterScreen links={LINKS} destinations={DESTINATIONS} />, initialEntry);
}

type User = ReturnType<typeof userEvent.setup>;

async function fillRequired(user: User, values: { firstName?: string; email?: string; mobile?: string } = {}) {
  await user.type(screen.getByLabelText('First Name'), values.firstName ?? 'Asha');
  await user.type(screen.getByLabelText('Email address'), values.email ?? 'asha@example.com');
  await user.type(screen.getByLabelText('WhatsApp Number'), values.mobile ?? '9876543210');
  await user.click(screen.getByLabelText(/I accept the/));
}

describe('RegisterScreen', () => {
  it('keeps Register disabled until first name, e-mail, mobile and the accept box are set', async () => {
    const user = userEvent.setup();
    renderRegister();
    const button = screen.getByRole('button', { name: 'Register' });

    await user.type(screen.getByLabelText('First Name'), 'Asha');
    await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await user.type(screen.getByLabelText('WhatsApp Number'), '9876543210');
    expect(button).toBeDisabled();
    await user.click(screen.getByLabelText(/I accept the/));
    expect(button).toBeEnabled();
  });

  it('shows every broken rule on submit and makes no call', async () => {
    const user = userEvent.setup();
    renderRegister();

    await fillRequired(user, { email: 'asha@', mobile: '12345' });
    await user.type(screen.getByLabelText('Confirm Password'), 'something');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Last Name is required')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid Email address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid number')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid Password')).toBeInTheDocument();
    expect(screen.getByText('Password does not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('WhatsApp Number')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/v1/user')).toHaveLength(0);
  });

  it('asks for at least 8 characters of password', async () => {
    const user = userEvent.setup();
    renderRegister();

    await fillRequired(user);
    await user.type(screen.getByLabelText('Last Name'), 'Rao');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Password must be at least 8 characters long')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/user')).toHaveLength(0);
  });

  it('registers, sends the referral code from ?rc, and says to check the e-mail', async () => {
    api.on('POST /api/v1/user', { data: { verificationRequired: true, email: 'asha@example.com' } });
    const user = userEvent.setup();
    renderRegister(`${REGISTER_PATH}?rc=FRIEND42`);

    expect(screen.getByLabelText('Referral Code')).toHaveValue('FRIEND42');
    expect(screen.getByLabelText('Referral Code')).toHaveAttribute('readonly');
    await fillRequired(user);
    await user.type(screen.getByLabelText('Last Name'), 'Rao');
    await user.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Registration Success' })).toBeInTheDocument();
    expect(screen.getByText('Please check your email !')).toBeInTheDocument();
    expect(screen.getByText('asha@example.com')).toBeInTheDocument();
    // The same words fit an address that already has an account: the server answers both alike.
    expect(
      screen.getByText(/If this address already has an account, the e-mail tells you how to log in/),
    ).toBeVisible();
    expect(api.calls('POST /api/v1/user')[0]?.body).toEqual({
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      mobile: '+919876543210',
      password: 'a-long-passphrase',
      path: window.location.hostname,
      referralId: 'FRIEND42',
    });
  });

  it("shows the server's error in red", async () => {
    api.on('POST /api/v1/user', {
      status: 409,
      error: 'An account with this e-mail already exists.',
      errorCode: 'EMAIL_TAKEN',
    });
    const user = userEvent.setup();
    renderRegister();

    await fillRequired(user);
    await user.type(screen.getByLabelText('Last Name'), 'Rao');
    await user.type(screen.getByLabelText('Password'), 'a-long-passphrase');
    await user.type(screen.getByLabelText('Confirm Password'), 'a-long-passphrase');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.');
  });

  describe('arriving from Google login', () => {
    const google = {
      gUserRegisterRequired: true,
      email: 'ravi@gmail.com',
      userFirstName: 'Ravi',
      userLastName: 'Kumar',
      gToken: 'google-access-token',
    };

    it('prefills and locks the names and e-mail and hides the password fields', () => {
      renderRegister({ pathname: REGISTER_PATH, state: { google } });

      expect(screen.getByLabelText('First Name')).toHaveValue('Ravi');
      expect(screen.getByLabelText('First Name')).toHaveAttribute('readonly');
      expect(screen.getByLabelText('Last Name')).toHaveValue('Kumar');
      expect(screen.getByLabelText('Last Name')).toHaveAttribute('readonly');
      expect(screen.getByLabelText('Email address')).toHaveValue('ravi@gmail.com');
      expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
      expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    });

    it('registers with the Google token, stores the session and routes as after login', async () => {
      api.on('POST /api/v1/user', {
        data: {
          verificationRequired: false,
          email: 'ravi@gmail.com',
          session: {
            gUserRegisterRequired: false,
            loginSecret: 'secret-g',
            email: 'ravi@gmail.com',
            userID: 'u-g',
            webSocketChannel: 'ch-u-g',
            userFirstName: 'Ravi',
            userLastName: 'Kumar',
            gToken: null,
            remember: false,
            activeSubscription: false,
            activeTradeSubscription: false,
            brokerLoggedIn: false,
            subscriptionValidTill: null,
            tradeSubscriptionValidTill: null,
            trialAllowed: true,
            tradeTrailAllowed: true,
          },
        },
      });
      const user = userEvent.setup();
      const { router } = renderRegister({ pathname: REGISTER_PATH, state: { google } });

      await user.type(screen.getByLabelText('WhatsApp Number'), '9876543210');
      await user.click(screen.getByLabelText(/I accept the/));
      await user.click(screen.getByRole('button', { name: 'Register' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/discover/pricing'));
      expect(api.calls('POST /api/v1/user')[0]?.body).toEqual({
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@gmail.com',
        mobile: '+919876543210',
        gtoken: 'google-access-token',
        path: window.location.hostname,
      });
      expect(readUserSession()).toMatchObject({ userID: 'u-g', loginSecret: 'secret-g', isLoggedIn: true });
    });
  });
});
