import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** A Google identity proven by a token. */
export interface GoogleIdentity {
  readonly sub: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** Verifies a Google token from the browser; null when it is not a valid token for this app. */
export interface GoogleVerifier {
  verify(token: string): Promise<GoogleIdentity | null>;
}

/** Where Google's keys and endpoints are; configurable so tests point them at local fakes. */
export interface GoogleVerifierOptions {
  clientId: string;
  jwksUrl: string;
  userinfoUrl: string;
  tokeninfoUrl: string;
  timeoutMs?: number;
}

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function identity(claims: Record<string, unknown>): GoogleIdentity | null {
  const sub = str(claims['sub']);
  const email = str(claims['email']).toLowerCase();
  // Google sends email_verified as a boolean in ID tokens and userinfo, as a string in tokeninfo.
  const verified = claims['email_verified'] === true || claims['email_verified'] === 'true';
  if (!sub || !email || !verified) return null;
  return {
    sub,
    email,
    firstName: str(claims['given_name']) || email.split('@')[0] || email,
    lastName: str(claims['family_name']),
  };
}

/**
 * Checks Google tokens on the server. An ID token (a JWT) is verified against the JWKS with this app's client id as
 * audience. An access token is checked with tokeninfo (it must have been issued to this app's client id: a token
 * some other app obtained must not sign anyone in here) and then read with userinfo.
 */
export function createGoogleVerifier(options: GoogleVerifierOptions): GoogleVerifier {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: timeoutMs });

  async function getJson(url: string, init?: RequestInit): Promise<Record<string, unknown> | null> {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  }

  async function verifyIdToken(token: string): Promise<GoogleIdentity | null> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, { audience: options.clientId, issuer: ISSUERS }));
    } catch {
      return null;
    }
    return identity(payload);
  }

  async function verifyAccessToken(token: string): Promise<GoogleIdentity | null> {
    const info = await getJson(`${options.tokeninfoUrl}?access_token=${encodeURIComponent(token)}`);
    if (!info) return null;
    const audience = str(info['aud']) || str(info['azp']);
    if (audience !== options.clientId) return null;
    const profile = await getJson(options.userinfoUrl, { headers: { authorization: `Bearer ${token}` } });
    if (!profile) return null;
    const who = identity(profile);
    // Both answers must be about the same Google account.
    return who && (!info['sub'] || info['sub'] === who.sub) ? who : null;
  }

  return {
    verify(token) {
      return token.split('.').length === 3 ? verifyIdToken(token) : verifyAccessToken(token);
    },
  };
}
