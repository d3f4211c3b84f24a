import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import { brokerAccount } from '../test/broker-fixtures';
import { BrokerSetupScreen, type BrokerSetupLinks } from './broker-setup-screen';

const LINKS: BrokerSetupLinks = {
  brokerAccounts: '/trading/broker-accounts',
  brokerLogin: '/authentication/broker-login',
  zerodhaConfig: '/zerodha-config',
  login: '/authentication/login',
};

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  signIn();
  api = mockApi({ 'POST /api/v1/brokers': { data: brokerAccount({ id: 'new-1' }) } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderSetup = (type: string | null, subType: string | null = null) =>
  renderRoute(
    '/broker-setup',
    <BrokerSetupScreen type={type} subType={subType} userName="ab1234" links={LINKS} origin="https://app.in" />,
  );

describe('broker setup', () => {
  it('shows Zerodha the redirect URL to enter in the Kite Connect app and the guide', () => {
    renderSetup('zerodha');
    expect(screen.getByText('https://app.in/broker/callback/zerodha')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Step-by-step guide to the Kite Connect app' })).toHaveAttribute(
      'href',
      '/zerodha-config',
    );
  });

  it('saves the account with its key, secret and TOTP seed and opens it on the Broker List', async () => {
    const { router } = renderSetup('zerodha');
    expect(screen.getByLabelText('Client ID')).toHaveValue('AB1234');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByLabelText('API Key'), 'key1');
    await userEvent.type(screen.getByLabelText('API Secret'), 'sec1');
    await userEvent.type(screen.getByLabelText('TOTP secret (optional)'), 'JBSWY3DP');
    await userEvent.click(screen.getByLabelText('Auto login'));
    await userEvent.click(save);
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/broker-accounts'));
    expect(router.state.location.state).toEqual({ expand: 'new-1' });
    expect(api.calls('POST /api/v1/brokers')[0]?.body).toEqual({
      name: 'Zerodha',
      type: 'zerodha',
      autoLogin: true,
      loginType: 'partner',
      configuration: { userName: 'AB1234', apiKey: 'key1', secret: 'sec1', totpSecret: 'JBSWY3DP' },
    });
  });

  it("sends Upstox with loginType 'apikey'", async () => {
    renderSetup('upstox');
    await userEvent.type(screen.getByLabelText('API Key'), 'k');
    await userEvent.type(screen.getByLabelText('API Secret'), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('POST /api/v1/brokers')).toHaveLength(1));
    expect(api.calls('POST /api/v1/brokers')[0]?.body).toMatchObject({ type: 'upstox', loginType: 'apikey' });
  });

  it('sends a duplicate to the Broker List', async () => {
    api.on('POST /api/v1/brokers', { status: 409, error: 'broker name already used', errorCode: 'CONFLICT' });
    const { router } = renderSetup('xts', 'openxts');
    await userEvent.type(screen.getByLabelText('App Key'), 'k');
    await userEvent.type(screen.getByLabelText('Secret Key'), 's');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/broker-accounts'));
  });

  it('offers the broker choice when the address names no setup broker', () => {
    renderSetup('fyers');
    expect(screen.getByRole('link', { name: 'Choose a broker' })).toHaveAttribute(
      'href',
      '/authentication/broker-login',
    );
  });
});
