import type { BrokerAccount, BrokerStatus, BrokerType } from '@fnodesk/contracts';
import type { BrokerAdapter } from '@fnodesk/brokers';
import type { BrokerAccountRow } from './brokers.repository';

/** An account's secrets, opened for one response or one broker call. */
export interface OpenedSecrets {
  readonly apiKey: string | null;
  readonly secret: string | null;
  readonly totpSecret: string | null;
  readonly accessToken: string | null;
}

/** A secret as the broker list shows it: `••••` and its last 4 characters (nothing of a short one). */
export function maskSecret(value: string | null): string | null {
  if (value === null) return null;
  return value.length > 8 ? `••••${value.slice(-4)}` : '••••';
}

/**
 * An account's status at `nowMs`: a session past its expiry is logged out even before the expiry job has swept it
 * (a process without the jobs role, or the moments around 06:00 IST).
 */
export function effectiveStatus(
  row: Pick<BrokerAccountRow, 'status' | 'sessionExpiresAt'>,
  nowMs: number,
): BrokerStatus {
  if (row.status === 'loggedIn' && (!row.sessionExpiresAt || row.sessionExpiresAt.getTime() <= nowMs)) {
    return 'loggedOut';
  }
  return row.status;
}

/** `{PUBLIC_URL}/broker/callback/{type}`: where a broker sends the browser back after its login. */
export function callbackUrlOf(publicUrl: string, type: BrokerType): string {
  return `${publicUrl}/broker/callback/${type}`;
}

/** `{PUBLIC_URL}/api/v1/postback/zerodha/{id}`: where Kite posts an account's order updates. */
export function postbackUrlOf(publicUrl: string, accountId: string): string {
  return `${publicUrl}/api/v1/postback/zerodha/${accountId}`;
}

/**
 * One account as its owner sees it (accounts §3): API key in full; secret, TOTP seed and access token masked to the
 * last 4 (the password opens them through reveal, which is what the token's Copy button uses); and for Zerodha (and
 * ICICI, whose callback carries the base64 user name) the URLs to enter in the broker app.
 */
export function toBrokerAccount(
  row: BrokerAccountRow,
  secrets: OpenedSecrets,
  adapter: BrokerAdapter,
  links: { publicUrl: string; manualLoginURL: string; nowMs: number },
): BrokerAccount {
  const type = row.type as BrokerType;
  const status = effectiveStatus(row, links.nowMs);
  const showsRedirect = type === 'zerodha' || type === 'icici';
  return {
    id: row.id,
    type,
    subType: row.subType,
    name: row.name,
    userName: row.userName,
    status,
    isDefault: row.isDefault,
    autoLogin: row.autoLogin,
    quickTrade: row.quickTrade,
    apiKey: secrets.apiKey,
    secret: maskSecret(secrets.secret),
    totpSecret: maskSecret(secrets.totpSecret),
    apiToken: status === 'loggedIn' ? maskSecret(secrets.accessToken) : null,
    tokenCreationTime: row.tokenCreatedAt ? row.tokenCreatedAt.toISOString() : null,
    manualLoginURL: links.manualLoginURL,
    collectPasswordForLogin: adapter.manifest.capabilities.collectPasswordForLogin,
    collectTOTPForLogin: adapter.manifest.capabilities.collectTOTPForLogin,
    loginType: adapter.manifest.loginTypeCode,
    callbackUrl: showsRedirect
      ? adapter.redirectUrlFor(callbackUrlOf(links.publicUrl, type), {
          accountId: row.id,
          userName: row.userName,
          ...(row.subType ? { subType: row.subType } : {}),
        })
      : null,
    postbackUrl: type === 'zerodha' ? postbackUrlOf(links.publicUrl, row.id) : null,
    tradeMultiplier: row.tradeMultiplier,
  };
}
