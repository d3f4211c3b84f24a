import type { BrokerAccount } from '@fnodesk/contracts';

/** A status badge: the words the Broker List shows and the Bootstrap colour. */
export interface StatusBadge {
  label: 'Logged In' | 'Logged Out' | 'Submitted' | 'Error';
  variant: 'success' | 'secondary' | 'info' | 'danger';
}

/** Accounts §4: loggedIn, loggedOut and submitted have their own words; anything else shows 'Error'. */
export function statusBadge(status: string): StatusBadge {
  switch (status) {
    case 'loggedIn':
      return { label: 'Logged In', variant: 'success' };
    case 'loggedOut':
      return { label: 'Logged Out', variant: 'secondary' };
    case 'submitted':
      return { label: 'Submitted', variant: 'info' };
    default:
      return { label: 'Error', variant: 'danger' };
  }
}

const SUB_TYPE_LABELS: Readonly<Record<string, string>> = {
  jainam: 'Jainam',
  openxts: 'Open XTS',
  jainamduck: 'Jainam Duck',
};

/** The Broker List's type column: 'Paper Trade' for papertrading, else the type, with the sub-type in brackets. */
export function brokerTypeLabel(account: Pick<BrokerAccount, 'type' | 'subType'>): string {
  const type = account.type === 'papertrading' ? 'Paper Trade' : account.type;
  if (account.subType === null || account.subType === '') return type;
  return `${type} (${SUB_TYPE_LABELS[account.subType] ?? account.subType})`;
}

/** Whether the enable-for-trading checkbox may be used for this type at all (accounts §5: every type but icici). */
export function supportsQuickTrade(type: string): boolean {
  return type !== 'icici';
}

/** The Zerodha login asks for a TOTP first when auto-login is on and no TOTP secret is stored (accounts §5). */
export function needsTotpPrompt(account: Pick<BrokerAccount, 'type' | 'autoLogin' | 'totpSecret'>): boolean {
  return account.type === 'zerodha' && account.autoLogin && (account.totpSecret ?? '') === '';
}

/** Shoonya, XTS and Kotak Neo logins collect a TOTP and/or password in the authentication modal (accounts §2). */
export function needsAuthenticationModal(
  account: Pick<BrokerAccount, 'collectTOTPForLogin' | 'collectPasswordForLogin'>,
): boolean {
  return account.collectTOTPForLogin || account.collectPasswordForLogin;
}

/** `url` with `pwd` and `totp` appended as query parameters (the authentication modal's Save, accounts §2). */
export function withLoginCredentials(url: string, credentials: { pwd: string; totp: string }): string {
  const target = new URL(url, window.location.origin);
  target.searchParams.set('pwd', credentials.pwd);
  target.searchParams.set('totp', credentials.totp);
  return target.toString();
}

/** UTF-8 text as base64 (ICICI's callback carries the user name this way). */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The callback URL to enter in the broker's app: the server's when it gives one (Zerodha), for ICICI the callback
 * route with the base64 user name, else null.
 */
export function callbackUrlOf(
  account: Pick<BrokerAccount, 'type' | 'userName' | 'callbackUrl'>,
  origin: string,
): string | null {
  if (account.callbackUrl !== null && account.callbackUrl !== '') return account.callbackUrl;
  if (account.type === 'icici')
    return `${origin}/broker/callback/icici?user=${encodeURIComponent(toBase64(account.userName))}`;
  return null;
}

/** The enable-for-trading checkbox's state: disabled outside the supported types and until the account logs in. */
export function quickTradeControl(account: Pick<BrokerAccount, 'type' | 'status'>): {
  disabled: boolean;
  title: string | undefined;
} {
  if (!supportsQuickTrade(account.type)) return { disabled: true, title: 'Trading is not supported for this broker' };
  if (account.status !== 'loggedIn') return { disabled: true, title: 'Log in to enable this account for trading' };
  return { disabled: false, title: undefined };
}
