import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../test/signed-in-user';
import { createTestApp, type TestApp, UNLIMITED_LOGINS_BY_ADDRESS } from '../../test/test-app';

const NUL = '\u0000';
const PASSWORD_CANARY = 'Canary-Nul-Pw-4d19b7e2';
const EMAIL_CANARY = 'canary.nul.5e81@example.in';
const MOBILE_CANARY = '+919812345670';
const BROKER_SECRET_CANARY = 'canary-broker-secret-93ac1f';
const PARAM_CANARY = 'canary-sql-param-71d0c4';

let t: TestApp;
let user: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    env: { ...UNLIMITED_LOGINS_BY_ADDRESS },
    logLevel: 'info',
  });
  await t.app.ready();
  user = await signUpAndLogIn(t, { tag: 'nul' });
});

afterAll(async () => {
  await t.close();
});

interface Probe {
  name: string;
  method: 'POST' | 'PUT' | 'GET';
  url: string;
  field: string;
  payload?: Record<string, unknown>;
  authed?: boolean;
}

const register = (over: Record<string, unknown>) => ({
  firstName: 'Asha',
  lastName: 'Rao',
  mobile: MOBILE_CANARY,
  email: EMAIL_CANARY,
  password: PASSWORD_CANARY,
  ...over,
});
const checkout = (over: Record<string, unknown>) => ({
  orderId: 'order_1',
  amount: 100,
  cardNumber: '4111 1111 1111 1111',
  expiry: '12/30',
  cvv: '123',
  name: 'Asha Rao',
  ...over,
});
const broker = (over: Record<string, unknown>, configuration: Record<string, unknown> = {}) => ({
  name: 'Paper',
  type: 'papertrading',
  configuration: { userName: 'PAPER', secret: BROKER_SECRET_CANARY, ...configuration },
  ...over,
});

const PROBES: Probe[] = [
  {
    name: 'user firstName',
    method: 'POST',
    url: '/api/v1/user',
    field: 'firstName',
    payload: register({ firstName: NUL }),
  },
  {
    name: 'user lastName',
    method: 'POST',
    url: '/api/v1/user',
    field: 'lastName',
    payload: register({ lastName: `Rao${NUL}` }),
  },
  { name: 'user path', method: 'POST', url: '/api/v1/user', field: 'path', payload: register({ path: `a${NUL}b` }) },
  {
    name: 'user referralId',
    method: 'POST',
    url: '/api/v1/user',
    field: 'referralId',
    payload: register({ referralId: NUL }),
  },
  {
    name: 'user-profile firstName',
    method: 'PUT',
    url: '/api/v1/user-profile',
    field: 'firstName',
    payload: { firstName: `A${NUL}`, lastName: 'Rao', mobile: MOBILE_CANARY },
    authed: true,
  },
  {
    name: 'subscription-status razorpayOrderId',
    method: 'POST',
    url: '/api/v1/subscription-status',
    field: 'razorpayOrderId',
    payload: { razorpayPaymentId: 'pay_1', razorpayOrderId: `order${NUL}`, razorpaySignature: 'sig' },
    authed: true,
  },
  {
    name: 'test-checkout/pay orderId',
    method: 'POST',
    url: '/api/v1/test-checkout/pay',
    field: 'orderId',
    payload: checkout({ orderId: `order${NUL}` }),
    authed: true,
  },
  {
    name: 'brokers name',
    method: 'POST',
    url: '/api/v1/brokers',
    field: 'name',
    payload: broker({ name: NUL }),
    authed: true,
  },
  {
    name: 'brokers configuration.userName',
    method: 'POST',
    url: '/api/v1/brokers',
    field: 'configuration.userName',
    payload: broker({}, { userName: `P${NUL}` }),
    authed: true,
  },
  {
    name: 'demo-request name',
    method: 'POST',
    url: '/api/v1/demo-request',
    field: 'name',
    payload: { name: `Asha${NUL}`, email: EMAIL_CANARY, mobile: MOBILE_CANARY },
  },
  {
    name: 'demo-request message',
    method: 'POST',
    url: '/api/v1/demo-request',
    field: 'message',
    payload: { name: 'Asha', email: EMAIL_CANARY, mobile: MOBILE_CANARY, message: `call${NUL}me` },
  },
  {
    name: 'payment-orders orderId',
    method: 'GET',
    url: '/api/v1/payment-orders/order%00x',
    field: 'orderId',
    authed: true,
  },
  { name: 'brokers id', method: 'GET', url: '/api/v1/brokers/acc%00x/details', field: 'id', authed: true },
  {
    name: 'user firstName (bell)',
    method: 'POST',
    url: '/api/v1/user',
    field: 'firstName',
    payload: register({ firstName: 'A\u0007' }),
  },
  {
    name: 'user firstName (tab)',
    method: 'POST',
    url: '/api/v1/user',
    field: 'firstName',
    payload: register({ firstName: 'A\tB' }),
  },
  {
    name: 'user lastName (lone surrogate)',
    method: 'POST',
    url: '/api/v1/user',
    field: 'lastName',
    payload: register({ lastName: 'R\ud800' }),
  },
];

describe('a NUL or other control character in a text field is refused, never stored or logged', () => {
  let n = 0;
  it.each(PROBES)('$name: 400 VALIDATION_FAILED naming the field', async (probe) => {
    n += 1;
    const res = await t.app.inject({
      method: probe.method,
      url: probe.url,
      remoteAddress: `10.71.0.${n}`,
      headers: probe.authed ? authHeaders(user) : {},
      ...(probe.payload ? { payload: probe.payload } : {}),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, errorCode: 'VALIDATION_FAILED', field: probe.field });
  });

  it('a multi-line field keeps its tabs and line breaks', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/demo-request',
      remoteAddress: '10.72.0.1',
      payload: {
        name: 'Asha',
        email: 'asha.demo@example.in',
        mobile: '+919876543210',
        message: 'Hello,\n\tcall me.\r\n',
      },
    });
    expect(res.statusCode).toBe(200);
  });

  it('the log holds none of the rejected requests’ e-mail, mobile, password, password hash or broker secret', () => {
    const logs = t.logs();
    expect(logs).not.toContain(PASSWORD_CANARY);
    expect(logs).not.toContain(EMAIL_CANARY);
    expect(logs).not.toContain(MOBILE_CANARY);
    expect(logs).not.toContain(BROKER_SECRET_CANARY);
    expect(logs).not.toContain('$argon2id$');
  });
});

describe('database errors are logged without their SQL parameters', () => {
  it('a failed query logged as err or under another key carries neither its parameters nor their values', async () => {
    const failure = await t.database.db.execute(sql`select ${PARAM_CANARY}::int as n`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    t.app.log.error({ err: failure }, 'query failed');
    t.app.log.error({ error: failure, nested: { cause: failure } }, 'query failed again');
    const logs = t.logs();
    expect(logs).toContain('query failed again');
    expect(logs).not.toContain(PARAM_CANARY);
  });
});
