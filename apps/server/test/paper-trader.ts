import { buy, paramsOf } from '../src/modules/brokers/broker-api-test-kit';
import { authHeaders, signUpAndLogIn, type SignedInUser } from './signed-in-user';
import type { TestApp } from './test-app';

/** A signed-up user on a QuikTrade plan with a logged-in Paper Trading account enabled for trading. */
export interface PaperTrader {
  user: SignedInUser;
  accountId: string;
}

/**
 * Signs a user up, buys `plan` and adds, logs in and enables a Paper Trading account, all through the API; from
 * `remoteAddress` when given (a bench making more traders a minute than one address's budgets allow).
 */
export async function paperTrader(t: TestApp, plan: string, remoteAddress?: string): Promise<PaperTrader> {
  const user = await signUpAndLogIn(t);
  await buy(t, user, plan, remoteAddress);
  const headers = authHeaders(user);
  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers,
      ...(payload ? { payload } : {}),
      ...(remoteAddress !== undefined ? { remoteAddress } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: unknown }>().data;
  };
  const accountId = await linkPaperAccount(inject, 'P');
  return { user, accountId };
}

/** A caller of the API as a signed-in user: answers the envelope's data, throws on anything but 200. */
export type SignedInCall = (method: 'GET' | 'POST' | 'PUT', path: string, body?: object) => Promise<unknown>;

/** Adds a Paper Trading account, logs it in and enables it for QuikTrade; returns its id. */
export async function linkPaperAccount(call: SignedInCall, userName: string): Promise<string> {
  const account = (await call('POST', '/api/v1/brokers', {
    name: 'Paper',
    type: 'papertrading',
    configuration: { userName },
  })) as { id: string };
  const link = (await call('GET', `/api/v1/brokers/${account.id}/login`)) as { loginUrl: string };
  await call('POST', '/api/v1/brokers/callback', { type: 'papertrading', params: paramsOf(link.loginUrl) });
  await call('PUT', `/api/v1/brokers/${account.id}`, { quickTrade: true });
  return account.id;
}
