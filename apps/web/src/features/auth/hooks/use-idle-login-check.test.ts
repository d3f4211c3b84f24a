import { createFakeClock } from '@fnodesk/domain';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiNavigator } from '../../../lib/api-client';
import { readSession, writeSession } from '../../../lib/session-storage';
import { mockApi, type ApiMock } from '../../../test/api-mock';
import { useIdleLoginCheck } from './use-idle-login-check';

const navigate = vi.fn<(to: string) => void>();
let restoreNavigator: () => void;
let api: ApiMock;

beforeEach(() => {
  window.localStorage.clear();
  writeSession({ userID: 'u-1', loginSecret: 'secret-1' });
  restoreNavigator = setApiNavigator(navigate);
  api = mockApi({
    'GET /api/v1/login-check': {
      data: { activeSubscription: false, activeTradeSubscription: false, brokerLoggedIn: false, accounts: 0 },
    },
  });
});

afterEach(() => {
  restoreNavigator();
  navigate.mockReset();
  vi.unstubAllGlobals();
});

const checks = () => api.calls('GET /api/v1/login-check');

describe('useIdleLoginCheck', () => {
  it('checks the session on a click or key press, at most once per second', async () => {
    const clock = createFakeClock(0);
    renderHook(() => useIdleLoginCheck(clock));

    document.body.click();
    await waitFor(() => expect(checks()).toHaveLength(1));
    clock.advance(500);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    document.body.click();
    clock.advance(499);
    document.body.click();
    expect(checks()).toHaveLength(1);

    clock.advance(1);
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    await waitFor(() => expect(checks()).toHaveLength(2));
    expect(checks()[0]?.headers.get('secret')).toBe('secret-1');
  });

  it('on 403 the session is cleared and the login page opened', async () => {
    api.on('GET /api/v1/login-check', { status: 403, error: 'Session expired', errorCode: 'SESSION_EXPIRED' });
    renderHook(() => useIdleLoginCheck(createFakeClock(0)));

    document.body.click();

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/authentication/login'));
    expect(readSession()).toBeNull();
  });

  it('stops listening on unmount', () => {
    const { unmount } = renderHook(() => useIdleLoginCheck(createFakeClock(0)));
    unmount();

    document.body.click();

    expect(api.fetch).not.toHaveBeenCalled();
  });
});
