import { SubscriptionOrderSchema } from '@fnodesk/contracts';
import { schema } from '@fnodesk/db';
import { authHeaders, type SignedInUser } from '../../../test/signed-in-user';
import type { TestApp } from '../../../test/test-app';

/** What the brokers API tests read of a response. */
export interface Answer<T = unknown> {
  status: number;
  body: { code: number; data: T; error?: string; errorCode?: string; field?: string };
}

/** Calls the API as `user` (or without a session), from `remoteAddress` when given. */
export async function call<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user?: SignedInUser,
  body?: unknown,
  remoteAddress?: string,
): Promise<Answer<T>> {
  const res = await t.app.inject({
    method,
    url,
    headers: user ? authHeaders(user) : {},
    ...(body !== undefined ? { payload: body as object } : {}),
    ...(remoteAddress !== undefined ? { remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/**
 * Buys a package through the built-in test checkout, from `remoteAddress` when given (the checkout allows 30 payments
 * a minute per address: a bench buying for more users than that gives each its own).
 */
export async function buy(t: TestApp, user: SignedInUser, packageId: string, remoteAddress?: string): Promise<void> {
  const initiated = await call(t, 'POST', '/api/v1/initiate-subscription', user, { packageId }, remoteAddress);
  if (initiated.status !== 200) throw new Error(`initiate ${packageId}: ${JSON.stringify(initiated.body)}`);
  const order = SubscriptionOrderSchema.parse(initiated.body.data);
  const checkout = await call(
    t,
    'POST',
    '/api/v1/test-checkout/pay',
    user,
    {
      orderId: order.order_id,
      amount: order.amount,
      cardNumber: '4111 1111 1111 1111',
      expiry: '12/30',
      cvv: '123',
      name: 'Asha Rao',
    },
    remoteAddress,
  );
  if (checkout.status !== 200) throw new Error(`pay ${packageId}: ${JSON.stringify(checkout.body)}`);
  const confirmed = await call(t, 'POST', '/api/v1/subscription-status', user, checkout.body.data, remoteAddress);
  if (confirmed.status !== 200) throw new Error(`activate ${packageId}: ${JSON.stringify(confirmed.body)}`);
}

/** The query parameters of a URL as an object (what the callback page sends on). */
export function paramsOf(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}

/** Every row of the broker tables, as one text (for the canary checks). */
export async function brokerTablesDump(t: TestApp): Promise<string> {
  const accounts = await t.database.db.select().from(schema.brokerAccounts);
  const states = await t.database.db.select().from(schema.brokerLoginStates);
  const audit = await t.database.db.select().from(schema.auditLog);
  return JSON.stringify({ accounts, states, audit });
}
