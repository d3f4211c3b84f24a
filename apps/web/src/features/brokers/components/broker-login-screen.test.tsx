import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { signIn } from '../../../test/billing-fixtures';
import { renderRoute } from '../../../test/render-route';
import { brokerAccount } from '../test/broker-fixtures';
import { readLastClientId } from '../utils/last-client-id';
import { BrokerLoginScreen, type BrokerLoginLinks } from './broker-login-screen';

const LINKS: BrokerLoginLinks = {
  close: '/pages/charts',
  newBrokerAccount: '/authentication/new-broker-account',
  brokerAccounts: '/trading/broker-accounts',
  brokerSetup: '/broker-setup',
  login: '/authentication/login',
};

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  signIn();
  api = mockApi({ 'GET /api/v1/brokers': { data: { brokers: [] } } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderScreen(goToUrl = vi.fn(), hostname = 'localhost') {
  const rendered = renderRoute(
    '/authentication/broker-login',
    <BrokerLoginScreen links={LINKS} marks={[]} hostname={hostname} goToUrl={goToUrl} />,
  );
  return { ...rendered, goToUrl };
}

describe('broker-login page', () => {
  it('shows the card with its sixteen tiles', () => {
    renderScreen();
    expect(screen.getByRole('heading', { name: 'Login With Your Broker Account' })).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(16);
  });

  it('links to opening a new broker account', () => {
    renderScreen();
    expect(
      screen.getByRole('link', { name: "Don't have a broker account? Click here to open one today!" }),
    ).toHaveAttribute('href', '/authentication/new-broker-account');
  });

  it('opens the four safety answers', async () => {
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Is it safe to login with my broker' }));
    expect(await screen.findByRole('button', { name: 'Is my broker password stored?' })).toBeVisible();
  });

  it('closes to the remembered page', async () => {
    const { router } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/pages/charts');
  });

  it("adds Paper Trading with the user's own ID and goes to its login URL", async () => {
    api.on('POST /api/v1/brokers', { data: brokerAccount({ id: 'paper-1', type: 'papertrading', userName: 'u-1' }) });
    api.on('GET /api/v1/brokers/paper-1/login', {
      data: { loginUrl: 'http://localhost/broker/callback/papertrading?state=s1' },
    });
    const { goToUrl } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Paper Trading' }));
    await waitFor(() => expect(goToUrl).toHaveBeenCalledWith('http://localhost/broker/callback/papertrading?state=s1'));
    expect(api.calls('POST /api/v1/brokers')[0]?.body).toMatchObject({
      type: 'papertrading',
      configuration: { userName: 'u-1' },
    });
  });

  it('sends a setup broker to /broker-setup with userName, subtype and type', async () => {
    const { router } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Jainam (XTS)' }));
    await userEvent.type(screen.getByLabelText('Jainam (XTS) Client ID / User ID'), 'jn01{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/broker-setup'));
    const query = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(query)).toEqual({ userName: 'JN01', type: 'xts', subtype: 'jainam' });
    expect(readLastClientId('jainam')).toBe('JN01');
  });

  it('sends an already linked client ID to the Broker List', async () => {
    api.on('GET /api/v1/brokers', { data: { brokers: [brokerAccount({ type: 'fyers', userName: 'FY1' })] } });
    const { router } = renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Fyers' }));
    await userEvent.type(screen.getByLabelText('Fyers Client ID / User ID'), 'fy1{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/trading/broker-accounts'));
  });

  it("shows the server's refusal in red in the modal", async () => {
    api.on('POST /api/v1/brokers', {
      status: 400,
      error: 'This broker is not supported.',
      errorCode: 'VALIDATION_FAILED',
    });
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Dhan' }));
    await userEvent.type(screen.getByLabelText('Dhan Client ID / User ID'), 'd1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This broker is not supported.');
  });

  it('says to contact support when adding fails with a 500', async () => {
    api.on('POST /api/v1/brokers', { status: 500, error: 'Internal error', errorCode: 'INTERNAL' });
    renderScreen();
    await userEvent.click(screen.getByRole('button', { name: 'Fyers' }));
    await userEvent.type(screen.getByLabelText('Fyers Client ID / User ID'), 'f1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please contact support!');
  });

  it('shows only the partner tile on a white-label host', () => {
    renderScreen(vi.fn(), 'zerodha.fnodesk.in');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Zerodha' })).toBeVisible();
  });
});
