import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

/** A Google account the fake knows. */
export interface FakeGoogleUser {
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  email_verified: boolean;
}

/**
 * A local stand-in for Google's sign-in endpoints, speaking their formats: a JWKS document at `/oauth2/v3/certs`
 * (RS256 keys with `kid`), `tokeninfo?access_token=` (aud, azp, sub, email, email_verified as a string) and
 * `userinfo` with a Bearer token (sub, email, email_verified, given_name, family_name).
 */
export async function startGoogleFake(clientId: string) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-key-1', alg: 'RS256', use: 'sig' };
  const accessTokens = new Map<string, { user: FakeGoogleUser; audience: string }>();
  let counter = 0;

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/oauth2/v3/certs') return send(200, { keys: [jwk] });
    if (url.pathname === '/tokeninfo') {
      const entry = accessTokens.get(url.searchParams.get('access_token') ?? '');
      if (!entry) return send(400, { error: 'invalid_token', error_description: 'Invalid Value' });
      return send(200, {
        aud: entry.audience,
        azp: entry.audience,
        sub: entry.user.sub,
        email: entry.user.email,
        email_verified: String(entry.user.email_verified),
        expires_in: '3599',
      });
    }
    if (url.pathname === '/v1/userinfo') {
      const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const entry = accessTokens.get(bearer);
      if (!entry) return send(401, { error: 'invalid_request' });
      return send(200, entry.user);
    }
    return send(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function signIdToken(user: FakeGoogleUser, options: { audience?: string; key?: CryptoKey } = {}) {
    return new SignJWT({
      email: user.email,
      email_verified: user.email_verified,
      given_name: user.given_name,
      family_name: user.family_name,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-key-1' })
      .setIssuer('https://accounts.google.com')
      .setAudience(options.audience ?? clientId)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(options.key ?? privateKey);
  }

  return {
    env: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_JWKS_URL: `${base}/oauth2/v3/certs`,
      GOOGLE_TOKENINFO_URL: `${base}/tokeninfo`,
      GOOGLE_USERINFO_URL: `${base}/v1/userinfo`,
    },
    signIdToken,
    /** A new access token for `user`, issued to `audience` (this app's client id unless said otherwise). */
    issueAccessToken(user: FakeGoogleUser, audience = clientId): string {
      counter += 1;
      const token = `ya29.fake-${counter}-${user.sub}`;
      accessTokens.set(token, { user, audience });
      return token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
