import { LoginSessionSchema } from '@fnodesk/contracts';
import type { MailboxEntry } from '../src/modules/accounts/mail/mailbox.routes';
import type { TestApp } from './test-app';

/** A signed-in user's credentials, as the API's headers take them. */
export interface SignedInUser {
  userID: string;
  loginSecret: string;
  email: string;
}

const PASSWORD = 'Nifty@Expiry-Tuesday9';
let counter = 0;

/** Registers, verifies and logs in a new user through the API (optionally with a referral code). */
export async function signUpAndLogIn(
  t: Pick<TestApp, 'app'>,
  options: { tag?: string; referralId?: string; firstName?: string; lastName?: string } = {},
): Promise<SignedInUser> {
  counter += 1;
  const email = `${options.tag ?? 'buyer'}.${counter}.${Date.now()}@example.in`;
  // Each sign-up from its own address, so tests that tighten the per-address guard are not refused here.
  const remoteAddress = `10.77.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user',
    remoteAddress,
    payload: {
      firstName: options.firstName ?? 'Asha',
      lastName: options.lastName ?? 'Rao',
      mobile: '+919876543210',
      email,
      password: PASSWORD,
      ...(options.referralId !== undefined ? { referralId: options.referralId } : {}),
    },
  });
  if (registered.statusCode !== 200) throw new Error(`registration failed: ${registered.body}`);
  await t.app.accounts.service.settled();
  const mails = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<MailboxEntry[]>();
  const link = mails
    .find((m) => m.to === email && m.kind === 'verify-email')
    ?.links.find((l) => l.includes('/authentication/confirm-mail'));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no verification mail for ${email}`);
  await t.app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user-login',
    payload: { email, password: PASSWORD },
  });
  const session = LoginSessionSchema.parse(login.json<{ data: unknown }>().data);
  return { userID: session.userID, loginSecret: session.loginSecret, email };
}

/** Logs `user` in again (after the test clock has moved past the session's idle limit); returns the new session. */
export async function logInAgain(t: TestApp, user: SignedInUser): Promise<SignedInUser> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user-login',
    payload: { email: user.email, password: PASSWORD },
  });
  const session = LoginSessionSchema.parse(login.json<{ data: unknown }>().data);
  return { userID: session.userID, loginSecret: session.loginSecret, email: user.email };
}

/** The headers that authenticate `user`. */
export function authHeaders(user: SignedInUser): Record<string, string> {
  return { userid: user.userID, secret: user.loginSecret };
}
