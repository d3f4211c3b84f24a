import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { EmailVerificationScreen } from './email-verification-screen';

const TOKEN = 'v'.repeat(43);

let api: ApiMock;

beforeEach(() => {
  api = mockApi();
});

afterEach(() => vi.unstubAllGlobals());

function renderVerification(token: string | null = TOKEN) {
  renderRoute(
    '/authentication/confirm-mail',
    <EmailVerificationScreen token={token} loginPath="/authentication/login" />,
  );
}

describe('EmailVerificationScreen', () => {
  it('spends the single-use token exactly once, even under StrictMode, and shows the status word', async () => {
    api.on('POST /api/v1/verify-email', { data: 'Activated' });
    renderVerification();

    expect(await screen.findByRole('heading', { name: 'Verification Sucessfull !' })).toBeInTheDocument();
    expect(screen.getByText('Your Account has been Activated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/authentication/login');
    expect(api.calls('POST /api/v1/verify-email')).toHaveLength(1);
    expect(api.calls('POST /api/v1/verify-email')[0]?.body).toEqual({ token: TOKEN });
  });

  it("says 'Verification Unsucessfull !' when the token is refused", async () => {
    api.on('POST /api/v1/verify-email', {
      status: 400,
      error: 'This link is invalid or has expired.',
      errorCode: 'TOKEN_INVALID',
    });
    renderVerification();

    expect(await screen.findByRole('heading', { name: 'Verification Unsucessfull !' })).toBeInTheDocument();
    expect(screen.getByText('This link is invalid or has expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
  });

  it('makes no call without a token', () => {
    renderVerification(null);

    expect(screen.getByRole('heading', { name: 'Verification Unsucessfull !' })).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
