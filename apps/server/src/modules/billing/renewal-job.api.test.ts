import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, signUpAndLogIn } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { MailboxEntry } from '../accounts/mail/mailbox.routes';

const DAY = 86_400_000;
let t: TestApp;

beforeAll(async () => {
  // Every role, as one process runs by default: the renewal sweep is on the clock.
  t = await createTestApp();
  await t.app.ready();
});

afterAll(async () => {
  await t.close();
});

describe('renewal job (jobs role)', () => {
  it('makes the renewal order and mails its pay link by itself as the clock passes the notice time', async () => {
    const user = await signUpAndLogIn(t);
    const headers = authHeaders(user);
    const order = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/initiate-subscription',
        headers,
        payload: { packageId: 'QT01' },
      })
    ).json<{ data: { order_id: string; amount: number } }>().data;
    const checkout = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/test-checkout/pay',
        headers,
        payload: {
          orderId: order.order_id,
          amount: order.amount,
          cardNumber: '4111111111111111',
          expiry: '12/30',
          cvv: '123',
          name: 'A',
        },
      })
    ).json<{ data: unknown }>().data;
    await t.app.inject({ method: 'POST', url: '/api/v1/subscription-status', headers, payload: checkout as object });
    const subs = (await t.app.inject({ method: 'GET', url: '/api/v1/subscriptions', headers })).json<{
      data: { subscriptions: { id: string }[] };
    }>();
    const id = subs.data.subscriptions[0]?.id ?? '';
    await t.app.inject({ method: 'PUT', url: `/api/v1/subscriptions/${id}`, headers, payload: { autoRenew: true } });

    t.clock.advance(27 * DAY + 3_600_000);
    // Let the sweep the clock started finish, then read the outbox.
    await expect
      .poll(async () => {
        await t.app.accounts.service.settled();
        const mails = (await t.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<MailboxEntry[]>();
        return mails.filter((m) => m.to === user.email && m.kind === 'renewal-due').length;
      })
      .toBe(1);
    expect(await t.app.billing.runRenewals()).toBe(0);
  });
});
