import { BROKER_MESSAGES } from '@fnodesk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import { brokerAccount } from '../test/broker-fixtures';
import { BrokerAccountsScreen, type BrokerAccountsLinks } from './broker-accounts-screen';

const LINKS: BrokerAccountsLinks = {
  brokerLogin: '/authentication/broker-login',
  quiktradePricing: '/quiktrade/pricing',
  quiktradeDashboard: '/pages/trading',
};

const PAPER = brokerAccount({
  id: 'paper-1',
  type: 'papertrading',
  name: 'Paper Trading',
  userName: 'U-1',
  status: 'loggedIn',
  apiKey: null,
  secret: null,
  callbackUrl: null,
  postbackUrl: null,
  apiToken: 'tok-abc',
  tokenCreationTime: '2026-11-20T04:00:00.000Z',
  loginType: 12,
});

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  signIn({ activeSubscription: true, activeTradeSubscription: true });
  api = mockApi({ 'GET /api/v1/brokers': { data: { brokers: [PAPER, brokerAccount()] } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderScreen = (props: Partial<Parameters<typeof BrokerAccountsScreen>[0]> = {}) =>
  renderRoute('/trading/broker-accounts', <BrokerAccountsScreen links={LINKS} {...props} />);

describe('Broker List', () => {
  it('shows each account with its type, name, broker id and status badge', async () => {
    renderScreen();
    const paper = await screen.findByRole('row', { name: /Paper Trade/ });
    expect(within(paper).getByText('Logged In')).toBeVisible();
    expect(within(paper).getByText('U-1')).toBeVisible();
    const zerodha = screen.getByRole('row', { name: /AB1234/ });
    expect(within(zerodha).getByText('Logged Out')).toBeVisible();
    expect(within(zerodha).getByRole('checkbox')).toBeDisabled();
  });

  it("says 'No Broker Accounts' when there are none", async () => {
    api.on('GET /api/v1/brokers', { data: { brokers: [] } });
    renderScreen();
    expect(await screen.findByText('No Broker Accounts')).toBeVisible();
  });

  it("toasts 'session expired' when the list fails", async () => {
    const error = vi.spyOn(toast, 'error');
    api.on('GET /api/v1/brokers', { status: 500, error: 'Internal error', errorCode: 'INTERNAL' });
    renderScreen();
    await waitFor(() => expect(error).toHaveBeenCalledWith('session expired', expect.anything()));
  });

  it('shows the allowance refusal when enabling one more account for trading', async () => {
    const refusal = BROKER_MESSAGES.allowance(1);
    api.on('PUT /api/v1/brokers/paper-1', { status: 409, error: refusal, errorCode: 'TRADE_ALLOWANCE_EXCEEDED' });
    renderScreen();
    const paper = await screen.findByRole('row', { name: /Paper Trade/ });
    await userEvent.click(within(paper).getByRole('checkbox', { name: 'Enable U-1 for trading' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can trade only 1 account at a time. Please purchase addon plan to trade more accounts at the same time.',
    );
    expect(api.calls('PUT /api/v1/brokers/paper-1')[0]?.body).toEqual({ quickTrade: true });
  });

  it('logs an account out with the toast and clears brokerLoggedIn', async () => {
    signIn({ activeSubscription: true, brokerLoggedIn: true });
    const success = vi.spyOn(toast, 'success');
    api.on('GET /api/v1/brokers/paper-1/logout', () => {
      api.on('GET /api/v1/brokers', { data: { brokers: [{ ...PAPER, status: 'loggedOut' }] } });
      return { data: { ...PAPER, status: 'loggedOut' } };
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out U-1' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Broker Account – U-1 logged out successfully'));
    await waitFor(() => expect(readUserSession()?.brokerLoggedIn).toBe(false));
  });

  it('says that logging out switched Enable for trading off when the account had it on', async () => {
    signIn({ activeSubscription: true, brokerLoggedIn: true });
    const info = vi.spyOn(toast, 'info');
    api.on('GET /api/v1/brokers', { data: { brokers: [{ ...PAPER, quickTrade: true }] } });
    api.on('GET /api/v1/brokers/paper-1/logout', () => {
      api.on('GET /api/v1/brokers', { data: { brokers: [{ ...PAPER, status: 'loggedOut', quickTrade: false }] } });
      return { data: { ...PAPER, status: 'loggedOut', quickTrade: false } };
    });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Log out U-1' }));
    await waitFor(() =>
      expect(info).toHaveBeenCalledWith(
        "'Enable for trading' is now off for U-1. Tick it again after you log in to trade with this account.",
      ),
    );
  });

  it('asks before deleting and toasts the deletion', async () => {
    const success = vi.spyOn(toast, 'success');
    api.on('DELETE /api/v1/brokers/acc-1', { data: brokerAccount() });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete AB1234' }));
    expect(screen.getByText('Do you want to delete the account?')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Broker Account – AB1234 Deleted successfully'));
  });

  it('asks Zerodha for the TOTP and then goes to its login URL', async () => {
    const goToUrl = vi.fn();
    api.on('GET /api/v1/brokers/acc-1/login', { data: { loginUrl: 'https://kite.example/connect/login?x=1' } });
    renderScreen({ goToUrl });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in AB1234' }));
    await userEvent.type(screen.getByLabelText('TOTP from your authenticator app'), '123456{Enter}');
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('https://kite.example/connect/login?x=1'));
    expect(api.calls('GET /api/v1/brokers/acc-1/login')[0]?.query.get('totp')).toBe('123456');
  });

  it('shows the expanded details: token with Copy, its date, and the Zerodha URLs', async () => {
    renderScreen({ expandAccountId: 'paper-1' });
    expect(await screen.findByText('tok-abc')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Copy API token' })).toBeVisible();
    expect(screen.getByText('20-Nov-2026')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /zerodha/ }));
    expect(screen.getByText('http://localhost/api/v1/postback/zerodha/acc-1')).toBeVisible();
    expect(screen.getByText('••••WXYZ')).toBeVisible();
  });

  it('copies the full access token only through the password prompt; the list shows it masked', async () => {
    const masked = { ...PAPER, apiToken: '••••9xYz' };
    api.on('GET /api/v1/brokers', { data: { brokers: [masked] } });
    api.on('POST /api/v1/brokers/paper-1/reveal', {
      data: { secret: null, totpSecret: null, apiToken: 'paper-token-full-9xYz' },
    });
    renderScreen({ expandAccountId: 'paper-1' });
    expect(await screen.findByText('••••9xYz')).toBeVisible();
    expect(screen.queryByText('paper-token-full-9xYz')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Copy API token' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(within(prompt).getByText('Enter your account password to copy the API token.')).toBeVisible();
    await userEvent.type(within(prompt).getByLabelText('Password'), 'Nifty@Expiry-Tuesday9');
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Copy' }));

    await waitFor(() => expect(writeText).toHaveBeenCalledWith('paper-token-full-9xYz'));
    expect(api.calls('POST /api/v1/brokers/paper-1/reveal')[0]?.body).toEqual({ password: 'Nifty@Expiry-Tuesday9' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Copy API token' })).toHaveTextContent('Copied');
  });

  it('keeps the prompt open with the error when the password is wrong, copying nothing', async () => {
    api.on('GET /api/v1/brokers', { data: { brokers: [{ ...PAPER, apiToken: '••••9xYz' }] } });
    api.on('POST /api/v1/brokers/paper-1/reveal', {
      status: 400,
      error: BROKER_MESSAGES.wrongPassword,
      errorCode: 'INVALID_CREDENTIALS',
    });
    renderScreen({ expandAccountId: 'paper-1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Copy API token' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await userEvent.type(within(prompt).getByLabelText('Password'), 'wrong-password');
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Copy' }));
    expect(await within(prompt).findByRole('alert')).toHaveTextContent(BROKER_MESSAGES.wrongPassword);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('shows the fan-out multiplier of an account enabled for trading in its details and saves it', async () => {
    api.on('GET /api/v1/brokers', { data: { brokers: [{ ...PAPER, quickTrade: true, tradeMultiplier: 3 }] } });
    api.on('PUT /api/v1/brokers/paper-1/multiplier', { data: { multiplier: 4 } });
    renderScreen({ expandAccountId: 'paper-1' });
    const input = await screen.findByRole('spinbutton', { name: /^Multiplier of .* \(U-1\)$/ });
    expect(input).toHaveValue(3);
    await userEvent.clear(input);
    await userEvent.type(input, '4{Enter}');
    await waitFor(() =>
      expect(api.calls('PUT /api/v1/brokers/paper-1/multiplier')[0]?.body).toEqual({ multiplier: 4 }),
    );
  });

  it('shows no multiplier for an account not enabled for trading', async () => {
    renderScreen({ expandAccountId: 'paper-1' });
    expect(await screen.findByText('tok-abc')).toBeVisible();
    expect(screen.queryByRole('spinbutton', { name: /Multiplier/ })).toBeNull();
  });

  it('sets the default account with its toast', async () => {
    const success = vi.spyOn(toast, 'success');
    api.on('PUT /api/v1/brokers/paper-1', { data: { ...PAPER, isDefault: true } });
    renderScreen({ expandAccountId: 'paper-1' });
    await userEvent.click(await screen.findByLabelText('Default account'));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Default broker account updated as papertrading-U-1'));
  });
});

describe('Launch QuikTrade popups (accounts §5)', () => {
  it('offers Buy Plan without a QuikTrade plan', async () => {
    signIn({ activeSubscription: true, activeTradeSubscription: false });
    const { router } = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Launch QuikTrade' }));
    expect(
      screen.getByText('You do not have valid plan for QuikTrade. Please purchase plan to continue.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Buy Plan' }));
    expect(router.state.location.pathname).toBe('/quiktrade/pricing');
  });

  it('asks to select an account when none is enabled', async () => {
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Launch QuikTrade' }));
    expect(screen.getByText('Please select an account for QuikTrade')).toBeVisible();
  });

  it('asks for a broker login when none is logged in', async () => {
    api.on('GET /api/v1/brokers', { data: { brokers: [brokerAccount()] } });
    renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'Launch QuikTrade' }));
    expect(screen.getByText('Please login with a broker to use QuikTrade')).toBeVisible();
  });

  it('opens the dashboard in a new tab with nothing secret in its address', async () => {
    api.on('GET /api/v1/brokers', { data: { brokers: [{ ...PAPER, quickTrade: true }] } });
    const openTab = vi.fn();
    renderScreen({ openTab });
    await userEvent.click(await screen.findByRole('button', { name: 'Launch QuikTrade' }));
    await userEvent.click(screen.getByRole('button', { name: 'Launch' }));
    expect(openTab).toHaveBeenCalledWith('/pages/trading');
  });
});
