import { describe, expect, it } from 'vitest';
import { LAUNCH_MESSAGES, launchVerdict } from './quiktrade-launch';

const loggedIn = (quickTrade: boolean) => ({ status: 'loggedIn', quickTrade });

describe('Launch QuikTrade (accounts §5)', () => {
  it('asks for a plan first', () => {
    expect(launchVerdict(false, [loggedIn(true)])).toBe('no-plan');
    expect(LAUNCH_MESSAGES['no-plan']).toBe(
      'You do not have valid plan for QuikTrade. Please purchase plan to continue.',
    );
  });

  it('asks for a broker login when no account is logged in', () => {
    expect(launchVerdict(true, [{ status: 'loggedOut', quickTrade: false }])).toBe('no-broker');
    expect(LAUNCH_MESSAGES['no-broker']).toBe('Please login with a broker to use QuikTrade');
  });

  it('asks to select an account when no logged-in account is enabled for trading', () => {
    expect(launchVerdict(true, [loggedIn(false), { status: 'loggedOut', quickTrade: true }])).toBe('select-account');
    expect(LAUNCH_MESSAGES['select-account']).toBe('Please select an account for QuikTrade');
  });

  it('launches with a plan and an enabled logged-in account', () => {
    expect(launchVerdict(true, [loggedIn(true)])).toBe('ready');
  });
});
