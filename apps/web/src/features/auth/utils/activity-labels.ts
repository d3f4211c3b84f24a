import type { ActivityKind, ActivitySource } from '@fnodesk/contracts';

/** Each kind of account activity in words. */
export const ACTIVITY_KIND_LABELS: Readonly<Record<ActivityKind, string>> = {
  registered: 'Account created',
  email_verified: 'E-mail verified',
  login: 'Logged in',
  login_failed: 'Failed login attempt',
  logout: 'Logged out',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  profile_updated: 'Profile updated',
  login_locked: 'Login from new devices paused after failed attempts',
  totp_enabled: 'Two-factor sign-in turned on',
  totp_disabled: 'Two-factor sign-in turned off',
};

/** Where an activity came from, in words. */
export const ACTIVITY_SOURCE_LABELS: Readonly<Record<ActivitySource, string>> = {
  web: 'Web',
  google: 'Google',
  email: 'E-mail link',
  system: 'System',
};
