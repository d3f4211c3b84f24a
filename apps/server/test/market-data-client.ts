import type { z } from 'zod';
import { NO_ENTITLEMENTS, type EntitlementsProvider } from '../src/modules/accounts/entitlements';
import { authHeaders, signUpAndLogIn, type SignedInUser } from './signed-in-user';
import { createTestApp, type TestApp } from './test-app';

/** Every user a Discover subscriber with a broker logged in: the live tier (broker linking does not exist yet). */
export const LIVE_TIER_ENTITLEMENTS: EntitlementsProvider = {
  async forUser() {
    return { ...NO_ENTITLEMENTS, activeSubscription: true, brokerLoggedIn: true, trialAllowed: false };
  },
};

/** A data API answer: status and envelope. */
export interface DataAnswer {
  status: number;
  body: {
    code: number;
    data?: unknown;
    meta?: { tier?: string; delayMs?: number; asOf?: number };
    error?: string;
    errorCode?: string;
    field?: string;
    sessionExpired?: boolean;
  };
}

/** Calls `/data/v1` as one signed-in user. */
export interface DataClient {
  readonly t: TestApp;
  readonly user: SignedInUser;
  /** `GET /data/v1/<path>`. */
  get(path: string): Promise<DataAnswer>;
  /** `POST /data/v1/<path>` with a JSON body. */
  post(path: string, body: unknown): Promise<DataAnswer>;
  /** `GET /data/v1/<path>`, expecting 200 and data of the given schema (parsed, so the shape is checked). */
  data<S extends z.ZodType>(schema: S, path: string): Promise<z.output<S>>;
}

/** A data client for a user of an existing test application. */
export async function dataClientFor(t: TestApp, user: SignedInUser): Promise<DataClient> {
  const headers = authHeaders(user);
  const answer = (res: { statusCode: number; json<T>(): T }): DataAnswer => ({
    status: res.statusCode,
    body: res.json<DataAnswer['body']>(),
  });
  const client: DataClient = {
    t,
    user,
    async get(path) {
      return answer(await t.app.inject({ method: 'GET', url: `/data/v1/${path}`, headers }));
    },
    async post(path, body) {
      return answer(
        await t.app.inject({
          method: 'POST',
          url: `/data/v1/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        }),
      );
    },
    async data(schema, path) {
      const res = await client.get(path);
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return schema.parse(res.body.data);
    },
  };
  return client;
}

/** A test application in the live tier (every user subscribed with a broker logged in) and one signed-in user. */
export async function liveTierDataClient(tag: string, env: Record<string, string> = {}): Promise<DataClient> {
  const t = await createTestApp({
    env: { LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000', ...env },
    entitlements: LIVE_TIER_ENTITLEMENTS,
    logLevel: 'warn',
  });
  await t.app.ready();
  return dataClientFor(t, await signUpAndLogIn(t, { tag }));
}
