/** An external page where a broker account is opened. */
export interface AccountOpeningLink {
  broker: string;
  url: string;
  note: string;
}

/** The two account-opening links of /authentication/new-broker-account. */
export const ACCOUNT_OPENING_LINKS: readonly AccountOpeningLink[] = [
  {
    broker: 'Zerodha',
    url: 'https://zerodha.com/open-account',
    note: 'India’s largest broker by active clients; the only broker that places real orders from QuikTrade.',
  },
  {
    broker: 'Upstox',
    url: 'https://upstox.com/open-demat-account/',
    note: 'Online account opening with Aadhaar e-sign, usually active within a day.',
  },
];
