import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { ResetPasswordScreen } from './reset-password-screen';

const TOKEN = 'r'.repeat(43);
const LINKS = { login: '/authentication/login', forgotPassword: '/authentication/forgot-password' };

let api: ApiMock;

beforeEach(() => {
  api = mockApi();
});

afterEach(() => vi.unstubAllGlobals());

function renderReset(token: string | null = TOKEN) {
  renderRoute('/authentication/reset-password', <ResetPasswordScreen token={token} links={LINKS} />);
}

async function submit(password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('ResetPasswordScreen', () => {
  it('keeps Set password disabled until both fields are filled', async () => {
    const user = userEvent.setup();
    renderReset();
    const button = screen.getByRole('button', { name: 'Set password' });

    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('New Password'), 'a-long-passphrase');
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm Password'), 'a');
    expect(button).toBeEnabled();
  });

  it('shows "Password does not match" and makes no call', async () => {
    renderReset();

    await submit('a-long-passphrase', 'another-passphrase');

    expect(await screen.findByText('Password does not match')).toBeInTheDocument();
    expect(api.calls('POST /api/v1/password-reset')).toHaveLength(0);
  });

  it('sets the password with the token and says so, with a link to login', async () => {
    api.on('POST /api/v1/password-reset', { data: 'Password has been reset.' });
    renderReset();

    await submit('a-long-passphrase', 'a-long-passphrase');

    expect(await screen.findByRole('heading', { name: 'Success !' })).toBeInTheDocument();
    expect(screen.getByText('Password has been successfully reset')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/authentication/login');
    expect(api.calls('POST /api/v1/password-reset')[0]?.body).toEqual({
      resetToken: TOKEN,
      password: 'a-long-passphrase',
    });
  });

  it("shows the server's error for a spent or expired link", async () => {
    api.on('POST /api/v1/password-reset', {
      status: 400,
      error: 'This link is invalid or has expired.',
      errorCode: 'TOKEN_INVALID',
    });
    renderReset();

    await submit('a-long-passphrase', 'a-long-passphrase');

    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
  });

  it('explains a link without a token instead of showing the form', () => {
    renderReset(null);

    expect(screen.getByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });
});
