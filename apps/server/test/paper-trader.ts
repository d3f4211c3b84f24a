import { buy, paramsOf } from '../src/modules/brokers/broker-api-test-kit';
import { authHeaders, signUpAndLogIn, type SignedInUser } from './signed-in-user';
import type { TestApp } from './test-app';

/** A signed-up user on a QuikTrade plan with a logged-in Paper Trading account enabled for trading. */
export interface PaperTrader {
  user: SignedInUser;
  accountId: string;
}

/** Signs a user up, buys `plan` and adds, logs in and enables a Paper Trading account, all through the API. */
export async function paperTrader(t: TestApp, plan: string): Promise<PaperTrader> {
  const user = await signUpAndLogIn(t);
  await buy(t, user, plan);
  const headers = authHeaders(user);
  const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json<{ data: unknown }>().data;
  };
  const account = (await inject('POST', '/api/v1/brokers', {
    name: 'Paper',
    type: 'papertrading',
    configuration: { userName: 'P' },
  })) as { id: string };
  const link = (await inject('GET', `/api/v1/brokers/${account.id}/login`)) as { loginUrl: string };
  await inject('POST', '/api/v1/brokers/callback', { type: 'papertrading', params: paramsOf(link.loginUrl) });
  await inject('PUT', `/api/v1/brokers/${account.id}`, { quickTrade: true });
  return { user, accountId: account.id };
}
