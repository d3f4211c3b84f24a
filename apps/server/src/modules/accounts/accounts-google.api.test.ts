import { GoogleRegistrationSchema, LoginSessionSchema, RegisterResponseSchema } from '@fnodesk/contracts';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGoogleFake, type FakeGoogleUser } from '../../../test/fakes/google-fake';
import { createTestApp, type TestApp } from '../../../test/test-app';

const CLIENT_ID = 'fnodesk-test.apps.googleusercontent.com';

let t: TestApp;
let google: Awaited<ReturnType<typeof startGoogleFake>>;

beforeAll(async () => {
  google = await startGoogleFake(CLIENT_ID);
  t = await createTestApp({
    env: { ...google.env, LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000', LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '10000' },
  });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
  await google.close();
});

let n = 0;
function googleUser(): FakeGoogleUser {
  n += 1;
  return {
    sub: `1098765432${n}`,
    email: `g.user${n}@gmail.com`,
    given_name: 'Vikram',
    family_name: 'Shah',
    email_verified: true,
  };
}

async function post(url: string, body: unknown) {
  const res = await t.app.inject({ method: 'POST', url, payload: body as object });
  return { status: res.statusCode, body: res.json<{ code: number; data?: unknown; errorCode?: string }>() };
}

describe('Google sign-in', () => {
  it('tells the client the client id and allows Google sign-in in the CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public-config' });
    expect(res.json<{ data: { googleClientId: string } }>().data.googleClientId).toBe(CLIENT_ID);
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain('https://accounts.google.com/gsi/client');
  });

  it('an unknown Google user must register; registering signs them in at once', async () => {
    const user = googleUser();
    const gtoken = google.issueAccessToken(user);
    const first = await post('/api/v1/user-login', { gtoken });
    expect(first.status).toBe(200);
    expect(GoogleRegistrationSchema.parse(first.body.data)).toEqual({
      gUserRegisterRequired: true,
      email: user.email,
      userFirstName: 'Vikram',
      userLastName: 'Shah',
      gToken: gtoken,
    });

    const registered = await post('/api/v1/user', {
      firstName: 'Vikram',
      lastName: 'Shah',
      email: user.email,
      mobile: '+919812345678',
      gtoken,
    });
    expect(registered.status).toBe(200);
    const data = RegisterResponseSchema.parse(registered.body.data);
    if (data.verificationRequired) throw new Error('a Google registration needs no e-mail verification');
    expect(data.session).toMatchObject({ email: user.email, gToken: gtoken, gUserRegisterRequired: false });

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-profile',
      headers: { userid: data.session.userID, secret: data.session.loginSecret },
    });
    expect(profile.json<{ data: unknown }>().data).toMatchObject({ emailVerified: true, signInMethods: ['google'] });

    const again = await post('/api/v1/user-login', { gtoken: google.issueAccessToken(user) });
    expect(LoginSessionSchema.parse(again.body.data).userID).toBe(data.session.userID);
  });

  it('accepts an ID token signed with a key from the JWKS for this client id', async () => {
    const user = googleUser();
    const idToken = await google.signIdToken(user);
    const res = await post('/api/v1/user-login', { gtoken: idToken });
    expect(GoogleRegistrationSchema.parse(res.body.data).email).toBe(user.email);
  });

  it.each([
    ['an ID token for another app', async (u: FakeGoogleUser) => google.signIdToken(u, { audience: 'other-app' })],
    [
      'an ID token signed with a key not in the JWKS',
      async (u: FakeGoogleUser) => google.signIdToken(u, { key: (await generateKeyPair('RS256')).privateKey }),
    ],
    ['an access token issued to another app', async (u: FakeGoogleUser) => google.issueAccessToken(u, 'other-app')],
    ['an access token Google does not know', async () => 'ya29.not-a-real-token'],
    [
      'an unverified Google address',
      async (u: FakeGoogleUser) => google.issueAccessToken({ ...u, email_verified: false }),
    ],
  ])('refuses %s', async (_name, make) => {
    const res = await post('/api/v1/user-login', { gtoken: await make(googleUser()) });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('GOOGLE_TOKEN_INVALID');
  });

  it('refuses to register a Google token under a different e-mail', async () => {
    const user = googleUser();
    const res = await post('/api/v1/user', {
      firstName: 'V',
      lastName: 'S',
      email: 'someone.else@example.in',
      mobile: '+919812345678',
      gtoken: google.issueAccessToken(user),
    });
    expect(res.status).toBe(400);
    expect(res.body.errorCode).toBe('GOOGLE_TOKEN_INVALID');
  });

  it('links Google to an existing password account with the same address', async () => {
    const user = googleUser();
    await post('/api/v1/user', {
      firstName: 'Vikram',
      lastName: 'Shah',
      email: user.email,
      mobile: '+919812345678',
      password: 'Straddle-Premium-55',
    });
    const res = await post('/api/v1/user-login', { gtoken: google.issueAccessToken(user) });
    const session = LoginSessionSchema.parse(res.body.data);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/user-profile',
      headers: { userid: session.userID, secret: session.loginSecret },
    });
    expect(profile.json<{ data: unknown }>().data).toMatchObject({
      emailVerified: true,
      signInMethods: ['password', 'google'],
    });
  });
});
