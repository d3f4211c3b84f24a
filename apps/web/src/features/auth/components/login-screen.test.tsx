import type { LoginSession } from '@fnodesk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAST_PAGE_STORAGE_KEY, SELECTED_PLAN_STORAGE_KEY } from '../../../lib/remembered-navigation';
import { SESSION_STORAGE_KEY } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { LoginScreen } from './login-screen';
import { publicConfigFixture } from '../../../test/public-config';
import { publicConfigQueryOptions } from '../api/get-public-config';

vi.mock('../utils/google-identity', () => ({
  loadGoogleIdentity: vi.fn(async () => ({ initTokenClient: vi.fn() })),
  requestGoogleAccessToken: vi.fn(async () => 'google-access-token'),
}));

const LOGIN_PATH = '/authentication/login';
const LINKS = {
  forgotPassword: '/authentication/forgot-password',
  register: '/authentication/register',
  terms: '/terms-condition',
};
const DESTINATIONS = {
  pricing: '/discover/pricing',
  brokerAccounts: '/trading/broker-accounts',
  charts: '/pages/charts',
};

function loginSession(overrides: Partial<LoginSession> = {}): LoginSession {
  return {
    gUserRegisterRequired: false,
    loginSecret: 'secret-1',
    email: 'asha@example.com',
    userID: 'u-1',
    webSocketChannel: 'ch-u-1',
    userFirstName: 'Asha',
    userLastName: 'Rao',
    gToken: null,
    remember: true,
    activeSubscription: false,
    activeTradeSubscription: false,
    brokerLoggedIn: false,
    subscriptionValidTill: null,
    tradeSubscriptionValidTill: null,
    trialAllowed: true,
    tradeTrailAllowed: true,
    ...overrides,
  };
}

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  api = mockApi({ 'GET /api/v1/public-config': { data: publicConfigFixture() } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function renderLogin() {
  return renderRoute(LOGIN_PATH, <LoginScreen links={LINKS} destinations={DESTINATIONS} />);
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return user;
}

describe('LoginScreen', () => {
  it('keeps Next disabled until both the e-mail and the password are filled', async () => {
    const user = userEvent.setup();
    renderLogin();
    const next = screen.getByRole('button', { name: 'Next' });

    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), 'asha@example.com');
    expect(next).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(next).toBeEnabled();
  });

  it('shows "Enter a valid Email address" on submit and makes no call', async () => {
    renderLogin();

    await fillAndSubmit('asha@example', 'password123');

    expect(await screen.findByText('Enter a valid Email address')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /api/v1/user-login')).toHaveLength(0);
  });

  it('shows "Enter a valid Password" for a password no account can have, and makes no call', async () => {
    renderLogin();

    await fillAndSubmit('asha@example.com', 'p'.repeat(129));

    expect(await screen.findByText('Enter a valid Password')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/user-login')).toHaveLength(0);
  });

  it("shows the server's error in red", async () => {
    api.on('POST /api/v1/user-login', {
      status: 400,
      error: 'Invalid e-mail or password',
      errorCode: 'INVALID_CREDENTIALS',
    });
    renderLogin();

    await fillAndSubmit('asha@example.com', 'wrong-password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid e-mail or password');
    expect(alert).toHaveClass('alert-danger');
  });

  it('asks to check the connection when the server cannot be reached', async () => {
    api.on('POST /api/v1/user-login', { networkError: true });
    renderLogin();

    await fillAndSubmit('asha@example.com', 'password123');

    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your internet connection and try again');
  });

  it('offers to resend the verification e-mail when the address is not verified', async () => {
    api.on('POST /api/v1/user-login', {
      status: 409,
      error: 'Please verify your e-mail address first.',
      errorCode: 'EMAIL_NOT_VERIFIED',
    });
    api.on('POST /api/v1/resend-verification', { data: 'We have sent a new verification link.' });
    renderLogin();

    const user = await fillAndSubmit('Asha@Example.com', 'password123');
    await user.click(await screen.findByRole('button', { name: 'Resend verification e-mail' }));

    expect(await screen.findByText('We have sent a new verification link.')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/resend-verification')[0]?.body).toEqual({ email: 'Asha@Example.com' });
  });

  it('sends e-mail, password, remember and the host, and stores the §3 session under "user"', async () => {
    api.on('POST /api/v1/user-login', {
      data: loginSession({ activeSubscription: true, subscriptionValidTill: '2026-12-31T18:29:59.000Z' }),
    });
    const user = userEvent.setup();
    const { router } = renderLogin();

    await user.type(screen.getByLabelText('E-mail'), 'Asha@Example.com');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByLabelText('Remember me'));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/charts'));
    expect(api.calls('POST /api/v1/user-login')[0]?.body).toEqual({
      email: 'Asha@Example.com',
      password: 'password123',
      remember: true,
      path: window.location.hostname,
    });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual({
      userID: 'u-1',
      email: 'asha@example.com',
      loginSecret: 'secret-1',
      activeSubscription: true,
      activeTradeSubscription: false,
      gUserRegisterRequired: false,
      subscriptionValidTill: '2026-12-31T18:29:59.000Z',
      trialAllowed: true,
      tradeTrailAllowed: true,
      webSocketChannel: 'ch-u-1',
      tradeSubscriptionValidTill: null,
      src: 'fnodesk',
      isLoggedIn: true,
      brokerLoggedIn: false,
      userFirstName: 'Asha',
      userLastName: 'Rao',
    });
  });

  it('sends the device token an earlier login of the same account left here, and keeps the one this login returns', async () => {
    window.localStorage.setItem('knownDevices', JSON.stringify([['asha@example.com', 'device-old']]));
    api.on('POST /api/v1/user-login', { data: loginSession({ deviceToken: 'device-new' }) });
    const { router } = renderLogin();

    await fillAndSubmit('Asha@Example.com', 'password123');

    await waitFor(() => expect(router.state.location.pathname).toBe('/discover/pricing'));
    expect(api.calls('POST /api/v1/user-login')[0]?.body).toMatchObject({ deviceToken: 'device-old' });
    expect(JSON.parse(window.localStorage.getItem('knownDevices') ?? '[]')).toEqual([
      ['asha@example.com', 'device-new'],
    ]);
  });

  it('asks for the authentication code when two-factor sign-in is on, then completes the login with it', async () => {
    api.on('POST /api/v1/user-login', { data: { totpRequired: true, challengeId: 'c'.repeat(43) } });
    api.on('POST /api/v1/user-login-totp', { data: loginSession({ activeSubscription: true }) });
    const { router } = renderLogin();

    const user = await fillAndSubmit('asha@example.com', 'password123');
    const code = await screen.findByLabelText('Authentication code');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/charts'));
    expect(api.calls('POST /api/v1/user-login-totp')[0]?.body).toEqual({ challengeId: 'c'.repeat(43), code: '654321' });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toMatchObject({ userID: 'u-1' });
  });

  it("shows the server's words for a wrong code and keeps asking", async () => {
    api.on('POST /api/v1/user-login', { data: { totpRequired: true, challengeId: 'c'.repeat(43) } });
    api.on('POST /api/v1/user-login-totp', {
      status: 400,
      errorCode: 'TOTP_INVALID',
      error: 'The code is not correct.',
    });
    renderLogin();

    const user = await fillAndSubmit('asha@example.com', 'password123');
    await user.type(await screen.findByLabelText('Authentication code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not correct.');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  describe('routing after login (spec §4)', () => {
    it.each<{ rule: string; session: Partial<LoginSession>; remembered: Record<string, string>; expected: string }>([
      {
        rule: 'neither plan → Discover pricing',
        session: {},
        remembered: {},
        expected: '/discover/pricing',
      },
      {
        rule: 'a plan and a remembered selected plan → Discover pricing',
        session: { activeSubscription: true },
        remembered: { [SELECTED_PLAN_STORAGE_KEY]: '{"id":"Starter"}', [LAST_PAGE_STORAGE_KEY]: '/profile' },
        expected: '/discover/pricing',
      },
      {
        rule: 'only the QuikTrade plan → broker accounts',
        session: { activeTradeSubscription: true },
        remembered: { [LAST_PAGE_STORAGE_KEY]: '/profile' },
        expected: '/trading/broker-accounts',
      },
      {
        rule: 'a Discover plan → the remembered previous page',
        session: { activeSubscription: true, activeTradeSubscription: true },
        remembered: { [LAST_PAGE_STORAGE_KEY]: '/pages/option-chain?symbol=NIFTY' },
        expected: '/pages/option-chain',
      },
      {
        rule: 'a Discover plan and no remembered page → charts',
        session: { activeSubscription: true },
        remembered: {},
        expected: '/pages/charts',
      },
    ])('$rule', async ({ session, remembered, expected }) => {
      for (const [key, value] of Object.entries(remembered)) window.localStorage.setItem(key, value);
      api.on('POST /api/v1/user-login', { data: loginSession(session) });
      const { router } = renderLogin();

      await fillAndSubmit('asha@example.com', 'password123');

      await waitFor(() => expect(router.state.location.pathname).toBe(expected));
    });
  });

  it('hides Login With Google when the deployment has no Google client id', async () => {
    const { queryClient } = renderLogin();

    await waitFor(() => expect(queryClient.getQueryState(publicConfigQueryOptions().queryKey)?.status).toBe('success'));
    expect(screen.queryByRole('button', { name: 'Login With Google' })).not.toBeInTheDocument();
  });

  it("logs in with Google's access token and takes a new Google user to registration with Google's data", async () => {
    api.on('GET /api/v1/public-config', {
      data: publicConfigFixture({ googleClientId: 'client-1.apps.googleusercontent.com' }),
    });
    const google = {
      gUserRegisterRequired: true,
      email: 'ravi@gmail.com',
      userFirstName: 'Ravi',
      userLastName: 'Kumar',
      gToken: 'google-access-token',
    };
    api.on('POST /api/v1/user-login', { data: google });
    const user = userEvent.setup();
    const { router } = renderLogin();

    await user.click(await screen.findByRole('button', { name: 'Login With Google' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/authentication/register'));
    expect(router.state.location.state).toEqual({ google });
    expect(api.calls('POST /api/v1/user-login')[0]?.body).toEqual({
      gtoken: 'google-access-token',
      remember: false,
      path: window.location.hostname,
    });
  });
});
