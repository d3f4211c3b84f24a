import { describe, expect, it } from 'vitest';
import { clearSessionCookies, SESSION_COOKIE_NAMES } from './session-cookies';

function cookieNames(): string[] {
  return document.cookie
    .split(';')
    .map((cookie) => cookie.split('=')[0]?.trim() ?? '')
    .filter((name) => name.length > 0);
}

describe('clearSessionCookies', () => {
  it('expires every session cookie and leaves the others', () => {
    for (const name of SESSION_COOKIE_NAMES) document.cookie = `${name}=x; path=/`;
    document.cookie = 'isDark=true; path=/';
    expect(cookieNames()).toEqual(expect.arrayContaining([...SESSION_COOKIE_NAMES]));

    clearSessionCookies();

    expect(cookieNames()).toEqual(['isDark']);
    document.cookie = `isDark=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
