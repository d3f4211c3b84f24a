/** The four answers of 'Is it safe to login with my broker' (accounts §2). */
export const BROKER_SAFETY_FAQ: readonly { question: string; answer: string }[] = [
  {
    question: 'Is my broker password stored?',
    answer:
      'No. You type your broker password and TOTP on your broker’s own login page (or they pass straight through to ' +
      'it); we never store them. What we keep is the session token your broker issues after you log in, which ' +
      'expires every morning at 06:00 IST as the exchanges require.',
  },
  {
    question: 'How are my API key, secret and tokens protected?',
    answer:
      'API secrets, TOTP seeds and access tokens are encrypted at rest with AES-256-GCM before they are written to ' +
      'our database, and are only ever shown to you, masked, with a password check before they can be revealed. ' +
      'They never appear in logs or in links.',
  },
  {
    question: 'How does the login work?',
    answer:
      'We use each broker’s official, documented API and login flow (OAuth or the broker’s vendor login). You ' +
      'authorise access on the broker’s site and the broker sends you back here with a one-time code, which is ' +
      'checked and exchanged for a session. We can only do what the broker’s API allows you to allow.',
  },
  {
    question: 'Can I disconnect my broker?',
    answer:
      'Yes, at any time. Log out of a broker account on the Broker List to end its session at once, or delete the ' +
      'account to remove it and its stored keys for good. You can also revoke the app from your broker’s own ' +
      'console.',
  },
];
