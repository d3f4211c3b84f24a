import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  readSession,
  readSessionEmail,
  readUserSession,
  SESSION_STORAGE_KEY,
  subscribeToSession,
  updateSession,
  writeSession,
} from './session-storage';

beforeEach(() => window.localStorage.clear());

describe('session storage', () => {
  it('reads userID and loginSecret from the stored user object', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 7, loginSecret: 'xyz', name: 'A' }));

    expect(readSession()).toEqual({ userID: '7', loginSecret: 'xyz' });
  });

  it('returns null when nothing usable is stored', () => {
    expect(readSession()).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, 'not json');
    expect(readSession()).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userID: 'u-1' }));
    expect(readSession()).toBeNull();
  });

  it('writes and clears the session', () => {
    writeSession({ userID: 'u-1', loginSecret: 's', email: 'a@b.in' });
    expect(readSession()).toEqual({ userID: 'u-1', loginSecret: 's' });

    clearSession();

    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(readSession()).toBeNull();
  });
});

describe('the whole §3 session', () => {
  const session = {
    userID: 'u-1',
    loginSecret: 's',
    email: 'trader@example.com',
    activeSubscription: true,
    activeTradeSubscription: false,
    brokerLoggedIn: false,
    subscriptionValidTill: '2026-12-31T18:29:59.000Z',
    tradeSubscriptionValidTill: null,
    trialAllowed: false,
    tradeTrailAllowed: true,
    gUserRegisterRequired: false,
    webSocketChannel: 'ch-1',
    src: 'fnodesk',
    isLoggedIn: true as const,
    userFirstName: 'Asha',
    userLastName: 'Rao',
  };

  it('reads back every field written', () => {
    writeSession(session);

    expect(readUserSession()).toEqual(session);
  });

  it('is null when a §3 field is missing, while the API credentials still read', () => {
    writeSession({ userID: 'u-1', loginSecret: 's' });

    expect(readUserSession()).toBeNull();
    expect(readSession()).toEqual({ userID: 'u-1', loginSecret: 's' });
    expect(readSessionEmail()).toBeNull();
    writeSession({ userID: 'u-1', loginSecret: 's', email: 'trader@example.com' });
    expect(readSessionEmail()).toBe('trader@example.com');
  });

  it('merges updates into the stored session, and ignores them when signed out', () => {
    writeSession(session);
    updateSession({ userFirstName: 'Asha K', brokerLoggedIn: true });

    expect(readUserSession()).toEqual({ ...session, userFirstName: 'Asha K', brokerLoggedIn: true });

    clearSession();
    updateSession({ userFirstName: 'Nobody' });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('tells subscribers about writes and clears in this tab and changes in other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);

    writeSession(session);
    clearSession();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'isDark' }));
    expect(listener).toHaveBeenCalledTimes(3);

    unsubscribe();
    writeSession(session);
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
