import { LoginSessionSchema } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The password `signUpAndLogIn` registers with.
const PASSWORD = 'Nifty@Expiry-Tuesday9';

let t: TestApp;

beforeAll(async () => {
  // Default limits: the per-address guard is the shipped one.
  t = await createTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

interface Attempt {
  email: string;
  password: string;
  deviceToken?: string | undefined;
  ip: string;
}

async function login(attempt: Attempt) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user-login',
    remoteAddress: attempt.ip,
    payload: {
      email: attempt.email,
      password: attempt.password,
      ...(attempt.deviceToken !== undefined ? { deviceToken: attempt.deviceToken } : {}),
    },
  });
  return {
    status: res.statusCode,
    body: res.json<{ data?: Record<string, unknown>; errorCode?: string }>(),
    retryAfter: res.headers['retry-after'],
  };
}

/** Signs a new user in once from the owner's own device and returns the device token that login issued. */
async function ownerWithKnownDevice(tag: string) {
  const user = await signUpAndLogIn(t, { tag });
  const first = await login({ email: user.email, password: PASSWORD, ip: '203.0.113.1' });
  expect(first.status).toBe(200);
  const deviceToken = first.body.data?.['deviceToken'];
  return { email: user.email, deviceToken: typeof deviceToken === 'string' ? deviceToken : undefined };
}

describe('an attacker guessing passwords from many addresses', () => {
  it("cannot lock the owner out: after 10 wrong passwords from 10 addresses the owner's known device signs in", async () => {
    const owner = await ownerWithKnownDevice('lockout');
    for (let i = 0; i < 10; i += 1) {
      const guess = await login({ email: owner.email, password: `Guess-${i}-wrong`, ip: `198.51.100.${i + 1}` });
      expect(guess.status).toBe(400);
    }
    // The attacker's next guess, from yet another address, is refused: the account is locked for unknown devices.
    const eleventh = await login({ email: owner.email, password: 'Guess-11-wrong', ip: '198.51.100.99' });
    expect(eleventh.status).toBe(429);

    const owners = await login({
      email: owner.email,
      password: PASSWORD,
      deviceToken: owner.deviceToken,
      ip: '203.0.113.1',
    });
    expect(owners.status, JSON.stringify(owners.body)).toBe(200);
    expect(LoginSessionSchema.parse(owners.body.data).email).toBe(owner.email);
  });

  it('gets at most 10 guesses an hour at an account from unknown devices, whatever the number of addresses', async () => {
    const owner = await ownerWithKnownDevice('bounded');
    let checked = 0;
    let refused = 0;
    for (let i = 0; i < 40; i += 1) {
      const guess = await login({ email: owner.email, password: `Guess-${i}-wrong`, ip: `198.51.101.${i + 1}` });
      if (guess.status === 400) checked += 1;
      if (guess.status === 429) refused += 1;
    }
    expect(checked).toBe(10);
    expect(refused).toBe(30);
    // The right password from an unknown device is refused too while the lock lasts, so guessing it tells nothing.
    expect((await login({ email: owner.email, password: PASSWORD, ip: '198.51.101.200' })).status).toBe(429);
    t.clock.advance(3_600_000 + 1_000);
    expect((await login({ email: owner.email, password: PASSWORD, ip: '198.51.101.201' })).status).toBe(200);
  });

  it("with a device token gets only that device's small budget, and the account's other devices are untouched", async () => {
    const owner = await ownerWithKnownDevice('device-budget');
    let checked = 0;
    for (let i = 0; i < 12; i += 1) {
      const guess = await login({
        email: owner.email,
        password: `Guess-${i}-wrong`,
        deviceToken: owner.deviceToken,
        ip: `198.51.102.${i + 1}`,
      });
      if (guess.status === 400) checked += 1;
    }
    expect(checked).toBe(5);
    // That device is locked, even with the right password…
    const locked = await login({
      email: owner.email,
      password: PASSWORD,
      deviceToken: owner.deviceToken,
      ip: '203.0.113.1',
    });
    expect(locked.status).toBe(429);
    // …while a login from an unknown device still has the account's own budget.
    expect((await login({ email: owner.email, password: PASSWORD, ip: '203.0.113.2' })).status).toBe(200);
  });

  it("cannot use one account's device token, or a forged one, to escape another account's lock", async () => {
    const mine = await ownerWithKnownDevice('own-device');
    const victim = await ownerWithKnownDevice('victim');
    for (let i = 0; i < 10; i += 1) {
      await login({ email: victim.email, password: `Guess-${i}-wrong`, ip: `198.51.103.${i + 1}` });
    }
    const borrowed = await login({
      email: victim.email,
      password: PASSWORD,
      deviceToken: mine.deviceToken,
      ip: '198.51.103.50',
    });
    expect(borrowed.status).toBe(429);
    // Forged by changing the device id the token signs. (Changing its last character would not always forge it: a
    // 16-byte signature's last base64url character carries 4 unused bits, so 'A' and 'B' there decode the same.)
    const forged = `${victim.deviceToken ?? 'x'}`.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect(
      (await login({ email: victim.email, password: PASSWORD, deviceToken: forged, ip: '198.51.103.51' })).status,
    ).toBe(429);
  });
});

describe('many subscribers behind one carrier-grade NAT address', () => {
  it('40 people log in from one address within the minute of 09:15', async () => {
    const people = [];
    for (let i = 0; i < 40; i += 1) people.push(await signUpAndLogIn(t, { tag: `cgnat${i}` }));
    const statuses = [];
    for (const person of people) {
      statuses.push((await login({ email: person.email, password: PASSWORD, ip: '100.64.0.1' })).status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });

  it('15 people register from one address within an hour', async () => {
    const statuses = [];
    for (let i = 0; i < 15; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user',
        remoteAddress: '100.64.0.2',
        payload: {
          firstName: 'Ravi',
          lastName: 'Kumar',
          mobile: '+919876543210',
          email: `carrier.${i}@example.in`,
          password: PASSWORD,
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
