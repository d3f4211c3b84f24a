/** Texts of My Profile's two-factor sign-in card. */
export const TWO_FACTOR_TEXT = {
  title: 'Two-factor sign-in',
  off: 'Add a second step to your sign-in: a 6-digit code from an authenticator app on your phone, asked at login and before broker secrets are revealed.',
  on: 'Two-factor sign-in is on. Login and revealing broker secrets ask for a code from your authenticator app.',
  scan: 'Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, Authy…), then enter the 6-digit code it shows.',
  recovery:
    'Save these recovery codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
  turnedOn: 'Two-factor sign-in is on',
  turnedOff: 'Two-factor sign-in is off',
} as const;
