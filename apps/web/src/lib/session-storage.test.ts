import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, readSession, SESSION_STORAGE_KEY, writeSession } from './session-storage';

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
