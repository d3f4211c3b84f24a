import { describe, expect, it } from 'vitest';
import { effectiveStatus, maskSecret } from './broker-account-view';

describe('broker account view', () => {
  it('masks a secret to its last 4 characters, and a short one entirely', () => {
    expect(maskSecret('abcdefghijkl1234')).toBe('••••1234');
    expect(maskSecret('short123')).toBe('••••');
    expect(maskSecret(null)).toBeNull();
  });

  it('shows a session past its expiry as logged out before the expiry job has swept it', () => {
    const at = Date.parse('2026-11-21T00:30:00Z'); // 06:00 IST
    const session = { status: 'loggedIn' as const, sessionExpiresAt: new Date(at) };
    expect(effectiveStatus(session, at - 1)).toBe('loggedIn');
    expect(effectiveStatus(session, at)).toBe('loggedOut');
    expect(effectiveStatus({ status: 'submitted', sessionExpiresAt: null }, at)).toBe('submitted');
  });
});
