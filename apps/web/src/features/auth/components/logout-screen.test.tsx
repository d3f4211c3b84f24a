import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY, writeSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { renderRoute } from '../../../test/render-route';
import { SESSION_COOKIE_NAMES } from '../utils/session-cookies';
import { LogoutScreen } from './logout-screen';

let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  api = mockApi({ 'POST /api/v1/user-logout': { data: 'Logged out' } });
});

afterEach(() => vi.unstubAllGlobals());

function renderLogout() {
  return renderRoute('/authentication/logout', <LogoutScreen loginPath="/authentication/login" />);
}

describe('LogoutScreen', () => {
  it('logs out on the server once, then clears the stored session and the session cookies', async () => {
    writeSession({ userID: 'u-1', loginSecret: 'secret-1', email: 'asha@example.com' });
    for (const name of SESSION_COOKIE_NAMES) document.cookie = `${name}=x; path=/`;
    const { queryClient } = renderLogout();
    queryClient.setQueryData(['auth', 'user-profile'], { firstName: 'Asha' });

    expect(await screen.findByRole('heading', { name: 'See you again!' })).toBeInTheDocument();
    expect(screen.getByText(/now successfully signed out/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/authentication/login');
    expect(api.calls('POST /api/v1/user-logout')).toHaveLength(1);
    expect(api.calls('POST /api/v1/user-logout')[0]?.body).toEqual({
      loginSecret: 'secret-1',
      email: 'asha@example.com',
    });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    for (const name of SESSION_COOKIE_NAMES) expect(document.cookie).not.toContain(`${name}=`);
    expect(queryClient.getQueryData(['auth', 'user-profile'])).toBeUndefined();
  });

  it('drops the session before telling the server, so the revocation it causes cannot send the user to login', async () => {
    writeSession({ userID: 'u-1', loginSecret: 'secret-1' });
    let storedWhenCalled: string | null = 'unset';
    api.on('POST /api/v1/user-logout', () => {
      storedWhenCalled = window.localStorage.getItem(SESSION_STORAGE_KEY);
      return { data: 'Logged out' };
    });
    renderLogout();

    expect(await screen.findByRole('heading', { name: 'See you again!' })).toBeInTheDocument();
    expect(storedWhenCalled).toBeNull();
    expect(api.calls('POST /api/v1/user-logout')[0]?.body).toEqual({ loginSecret: 'secret-1' });
  });

  it('still signs out locally when the server cannot be reached', async () => {
    writeSession({ userID: 'u-1', loginSecret: 'secret-1' });
    api.on('POST /api/v1/user-logout', { networkError: true });
    renderLogout();

    expect(await screen.findByRole('heading', { name: 'See you again!' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('makes no call when nobody is signed in', async () => {
    renderLogout();

    expect(await screen.findByRole('heading', { name: 'See you again!' })).toBeInTheDocument();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
