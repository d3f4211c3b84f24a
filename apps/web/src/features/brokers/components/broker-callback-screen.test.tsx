import { screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readUserSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import { brokerAccount } from '../test/broker-fixtures';
import { BrokerCallbackScreen } from './broker-callback-screen';

let api: ApiMock;
const PARAMS = { state: 's1', request_token: 'rt1' };

beforeEach(() => {
  window.localStorage.clear();
  signIn({ activeSubscription: true });
  const account = brokerAccount({ status: 'loggedIn' });
  api = mockApi({
    'POST /api/v1/brokers/callback': { data: account },
    'GET /api/v1/brokers': { data: { brokers: [account] } },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderScreen = () =>
  renderRoute(
    '/broker/callback/zerodha',
    <BrokerCallbackScreen type="zerodha" params={PARAMS} brokerAccounts="/trading/broker-accounts" />,
  );

describe('broker callback', () => {
  it('completes the login once, toasts it and goes to the Broker List', async () => {
    const success = vi.spyOn(toast, 'success');
    const { router } = renderScreen();
    expect(screen.getByRole('status')).toHaveTextContent('Completing your broker login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/broker-accounts'));
    expect(success).toHaveBeenCalledWith('Broker Account – AB1234 logged in successfully');
    // StrictMode runs effects twice: the single-use state goes to the server once.
    expect(api.calls('POST /api/v1/brokers/callback')).toHaveLength(1);
    expect(api.calls('POST /api/v1/brokers/callback')[0]?.body).toEqual({ type: 'zerodha', params: PARAMS });
    expect(readUserSession()?.brokerLoggedIn).toBe(true);
  });

  it("shows 'ERROR' with the server's text and an error toast when the login is refused", async () => {
    const error = vi.spyOn(toast, 'error');
    const refusal = 'This broker login link has already been used. Please start the login again.';
    api.on('POST /api/v1/brokers/callback', { status: 409, error: refusal, errorCode: 'CONFLICT' });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'ERROR' })).toBeVisible();
    expect(screen.getByText(refusal)).toBeVisible();
    expect(error).toHaveBeenCalledWith(refusal);
    expect(screen.getByRole('link', { name: 'Back to Broker List' })).toHaveAttribute(
      'href',
      '/trading/broker-accounts',
    );
  });
});
