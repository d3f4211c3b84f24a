import { LoginSessionSchema } from '@fnodesk/contracts';
import type { HttpCall } from './http-client';
import { until } from './process-helpers';
import { linkPaperAccount, type SignedInCall } from './paper-trader';

const PASSWORD = 'Nifty@Expiry-Tuesday9';

/** A user of a running server with a logged-in Paper Trading account enabled for trading. */
export interface HttpPaperTrader {
  email: string;
  accountId: string;
  /** The headers of the current session. */
  headers: Record<string, string>;
  /** Logs in again (a fresh session, as a page reloaded after a restart takes); returns its headers. */
  logIn(): Promise<Record<string, string>>;
}

/**
 * Signs a new user up on a running server through its HTTP API (the verification link read from the dev
 * mailbox), starts the QuikTrade Free trial (paper, NIFTY), and adds, logs in and enables a Paper Trading account.
 */
export async function freeTrialPaperTrader(call: HttpCall, tag: string): Promise<HttpPaperTrader> {
  const email = `${tag}.${Date.now()}@example.in`;
  const registered = await call('POST', '/api/v1/user', {
    body: { firstName: 'Asha', lastName: 'Rao', mobile: '+919876543210', email, password: PASSWORD },
  });
  if (registered.status !== 200) throw new Error(`registration: ${JSON.stringify(registered.body)}`);
  let token: string | null = null;
  await until(
    async () => {
      const mails = (await call('GET', '/dev/mailbox.json')).body as unknown as { to: string; links: string[] }[];
      const link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('/authentication/confirm-mail'));
      token = link ? new URL(link).searchParams.get('token') : null;
      return token !== null;
    },
    30_000,
    'the verification mail',
  );
  await call('POST', '/api/v1/verify-email', { body: { token } });
  const logIn = async () => {
    const login = await call('POST', '/api/v1/user-login', { body: { email, password: PASSWORD } });
    const session = LoginSessionSchema.parse(login.body.data);
    return { userid: session.userID, secret: session.loginSecret };
  };
  const headers = await logIn();
  const ok: SignedInCall = async (method, path, body) => {
    const answer = await call(method, path, { headers, ...(body !== undefined ? { body } : {}) });
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  await ok('GET', '/api/v1/start-user-trial?product_type=qt');
  const accountId = await linkPaperAccount(ok, 'PAPER');
  return { email, accountId, headers, logIn };
}
