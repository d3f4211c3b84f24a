import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { ForgotPasswordScreen } from './forgot-password-screen';

let api: ApiMock;

beforeEach(() => {
  api = mockApi();
});

afterEach(() => vi.unstubAllGlobals());

function renderForgot() {
  renderRoute('/authentication/forgot-password', <ForgotPasswordScreen loginPath="/authentication/login" />);
}

async function submit(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.click(screen.getByRole('button', { name: 'Send reset link' }));
}

describe('ForgotPasswordScreen', () => {
  it('keeps Send reset link disabled while the e-mail is empty', async () => {
    const user = userEvent.setup();
    renderForgot();

    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    await user.type(screen.getByLabelText('E-mail'), 'a');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('shows "Email a valid Email address" for an invalid address and makes no call', async () => {
    renderForgot();

    await submit('not-an-address');

    expect(await screen.findByText('Email a valid Email address')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/password-reset-request')).toHaveLength(0);
  });

  it('says to check the e-mail, with the reset-link message', async () => {
    api.on('POST /api/v1/password-reset-request', {
      data: 'If an account exists for this address, a reset link is on its way.',
    });
    renderForgot();

    await submit('asha@example.com');

    expect(await screen.findByRole('heading', { name: 'Success' })).toBeInTheDocument();
    expect(screen.getByText('Please check your email !')).toBeInTheDocument();
    expect(screen.getByText('If an account exists for this address, a reset link is on its way.')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/password-reset-request')[0]?.body).toEqual({ email: 'asha@example.com' });
  });

  it("shows the server's error, or 'Something unexpected happenned' when there is none", async () => {
    api.on('POST /api/v1/password-reset-request', {
      status: 429,
      error: 'Too many requests',
      errorCode: 'RATE_LIMITED',
    });
    renderForgot();

    await submit('asha@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');

    api.on('POST /api/v1/password-reset-request', { networkError: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Something unexpected happenned')).toBeInTheDocument();
  });
});
