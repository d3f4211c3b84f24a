import type { FeedServerMessage } from '@fnodesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { authHeaders, signUpAndLogIn, type SignedInUser } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';

// The feed over the real accounts and billing modules: tiers follow plans as they start, and a session ended
// elsewhere ends its feed connections.

let t: TestApp;
let url = '';

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  url = `ws://127.0.0.1:${address.port}/feed/v1`;
});

afterAll(async () => {
  await t.close();
});

/** A signed-in feed connection of `user`, with what it received and how it was closed. */
async function feedOf(user: SignedInUser) {
  const ws = new WebSocket(url);
  const received: FeedServerMessage[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('message', (data: Buffer) => received.push(JSON.parse(data.toString()) as FeedServerMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ op: 'auth', userid: user.userID, secret: user.loginSecret }));
  /** Waits up to 3 s for a message matching `check`. */
  const waitFor = async (check: (m: FeedServerMessage) => boolean) => {
    const until = Date.now() + 3_000;
    for (;;) {
      const found = received.find(check);
      if (found) return found;
      if (Date.now() > until) throw new Error(`not received; got ${JSON.stringify(received)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, received, closed, waitFor };
}

describe('/feed/v1 over accounts and billing', () => {
  it('pushes the new tier to an open connection when a plan starts', async () => {
    const user = await signUpAndLogIn(t, { tag: 'feed-tier' });
    const feed = await feedOf(user);
    expect(await feed.waitFor((m) => m.t === 'tier')).toMatchObject({ tier: 'none' });

    const trial = await t.app.inject({
      method: 'GET',
      url: '/api/v1/start-user-trial?product_type=d',
      headers: authHeaders(user),
    });
    expect(trial.statusCode).toBe(200);
    // A plan without a broker login: the delayed tier, announced without the client asking.
    expect(await feed.waitFor((m) => m.t === 'tier' && m.tier !== 'none')).toEqual({
      t: 'tier',
      tier: 'delayed',
      delayMs: 1_800_000,
    });
    feed.ws.send(JSON.stringify({ op: 'sub', tokens: [256265], mode: 'ltp' }));
    expect(await feed.waitFor((m) => m.t === 'error')).toMatchObject({ code: 103 });
    feed.ws.close();
  });

  it('answers 109 and closes with 4409 when the session is logged out elsewhere', async () => {
    const user = await signUpAndLogIn(t, { tag: 'feed-logout' });
    const feed = await feedOf(user);
    const bystander = await feedOf(await signUpAndLogIn(t, { tag: 'feed-bystander' }));
    await feed.waitFor((m) => m.t === 'tier');
    await bystander.waitFor((m) => m.t === 'tier');

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user-logout',
      headers: authHeaders(user),
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect(await feed.waitFor((m) => m.t === 'error')).toEqual({
      t: 'error',
      code: 109,
      message: 'Your session has expired.',
    });
    expect(await feed.closed).toBe(4409);
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    bystander.ws.close();
  });
});
