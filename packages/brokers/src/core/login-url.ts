import type { LoginUrlRequest } from './broker-adapter';

/**
 * Appends query parameters to a URL (keeping any it already has), URL-encoding every value. Undefined values are
 * left out.
 */
export function withQuery(base: string, params: Readonly<Record<string, string | undefined>>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.append(key, value);
  }
  return url.toString();
}

/**
 * The login URL of a broker whose login this server completes itself (Paper Trading, and the brokers that log in
 * with a TOTP or password the user types): the app's own callback with the state and user name. The authentication
 * modal appends `pwd` and `totp` (accounts §2).
 */
export function callbackLoginUrl(request: LoginUrlRequest): string {
  return withQuery(request.callbackUrl, { state: request.state, userName: request.account.userName });
}

/** Base64 of a UTF-8 text (ICICI's callback carries the user name this way). */
export function base64Utf8(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}
