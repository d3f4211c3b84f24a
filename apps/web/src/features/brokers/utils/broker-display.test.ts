import { describe, expect, it } from 'vitest';
import {
  brokerTypeLabel,
  callbackUrlOf,
  needsAuthenticationModal,
  needsTotpPrompt,
  quickTradeControl,
  statusBadge,
  withLoginCredentials,
} from './broker-display';

describe('status badge (accounts §4)', () => {
  it('maps loggedIn, loggedOut and submitted to their words and anything else to Error', () => {
    expect(statusBadge('loggedIn')).toEqual({ label: 'Logged In', variant: 'success' });
    expect(statusBadge('loggedOut')).toEqual({ label: 'Logged Out', variant: 'secondary' });
    expect(statusBadge('submitted')).toEqual({ label: 'Submitted', variant: 'info' });
    expect(statusBadge('rejected').label).toBe('Error');
    expect(statusBadge('').label).toBe('Error');
  });
});

describe('broker type column', () => {
  it("shows papertrading as 'Paper Trade' and the sub-type in brackets", () => {
    expect(brokerTypeLabel({ type: 'papertrading', subType: null })).toBe('Paper Trade');
    expect(brokerTypeLabel({ type: 'xts', subType: 'openxts' })).toBe('xts (Open XTS)');
    expect(brokerTypeLabel({ type: 'zerodha', subType: null })).toBe('zerodha');
  });
});

describe('enable-for-trading checkbox', () => {
  it('is disabled for icici and until the account is logged in', () => {
    expect(quickTradeControl({ type: 'icici', status: 'loggedIn' }).disabled).toBe(true);
    expect(quickTradeControl({ type: 'zerodha', status: 'loggedOut' }).disabled).toBe(true);
    expect(quickTradeControl({ type: 'papertrading', status: 'loggedIn' }).disabled).toBe(false);
  });
});

describe('login prompts', () => {
  it('asks Zerodha for a TOTP when auto-login is on and no TOTP secret is stored', () => {
    expect(needsTotpPrompt({ type: 'zerodha', autoLogin: true, totpSecret: null })).toBe(true);
    expect(needsTotpPrompt({ type: 'zerodha', autoLogin: true, totpSecret: '••••ABCD' })).toBe(false);
    expect(needsTotpPrompt({ type: 'zerodha', autoLogin: false, totpSecret: null })).toBe(false);
    expect(needsTotpPrompt({ type: 'shoonya', autoLogin: true, totpSecret: null })).toBe(false);
  });

  it('opens the authentication modal when the account collects a TOTP or a password', () => {
    expect(needsAuthenticationModal({ collectTOTPForLogin: true, collectPasswordForLogin: false })).toBe(true);
    expect(needsAuthenticationModal({ collectTOTPForLogin: false, collectPasswordForLogin: true })).toBe(true);
    expect(needsAuthenticationModal({ collectTOTPForLogin: false, collectPasswordForLogin: false })).toBe(false);
  });

  it('appends pwd and totp to the manual login URL', () => {
    const url = new URL(withLoginCredentials('https://broker.example/login?state=s1', { pwd: 'p w', totp: '123456' }));
    expect(url.searchParams.get('state')).toBe('s1');
    expect(url.searchParams.get('pwd')).toBe('p w');
    expect(url.searchParams.get('totp')).toBe('123456');
  });
});

describe('callback URLs', () => {
  it("uses the server's callback URL when it gives one", () => {
    const account = {
      type: 'zerodha' as const,
      userName: 'AB1234',
      callbackUrl: 'https://x.in/broker/callback/zerodha',
    };
    expect(callbackUrlOf(account, 'https://app.in')).toBe('https://x.in/broker/callback/zerodha');
  });

  it('gives ICICI the callback with the base64-encoded user name', () => {
    const url = callbackUrlOf({ type: 'icici', userName: 'AB1234', callbackUrl: null }, 'https://app.in');
    expect(url).toBe(`https://app.in/broker/callback/icici?user=${encodeURIComponent(btoa('AB1234'))}`);
  });
});
