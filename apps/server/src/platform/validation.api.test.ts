import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ROLES: 'api' } });
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

// zod measures anything with a `length`; an object whose length cannot become a number made parsing throw (500).
const CRAFTED = { length: { valueOf: 1, toString: 1 } };

describe('request validation', () => {
  it.each([
    ['/api/v1/user-login', { email: CRAFTED, password: 'x' }],
    ['/api/v1/user', { firstName: CRAFTED, lastName: 'R', mobile: '+919876543210', email: 'a@b.in', password: 'x' }],
    ['/api/v1/package-list?product_type=d', undefined],
  ])('answers a body that makes the schema throw with 400, not 500 (%s)', async (url, body) => {
    const res = await t.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    expect(res.statusCode).toBe(body === undefined ? 200 : 400);
    if (body !== undefined) expect(res.json()).toMatchObject({ code: 400, errorCode: 'VALIDATION_FAILED' });
  });
});
