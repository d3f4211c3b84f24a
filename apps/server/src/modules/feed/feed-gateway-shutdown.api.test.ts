import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let url = '';

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'silent' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  url = `ws://127.0.0.1:${address.port}/feed/v1`;
});

afterAll(async () => {
  await t.close();
});

describe('/feed/v1 on shutdown', () => {
  it('does not wait on a client that never answers its close frame: the server closes, the socket is cut', async () => {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    // The client stops reading: it never sees the server's 1012, so it never answers it (a frozen tab, a dead link).
    // ws keeps its TCP socket private; reaching it is the only way to stop reading without closing.
    const socket = (ws as unknown as { _socket: Socket })._socket;
    socket.pause();
    const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Without a bound the close handshake would hold the server's close for ws's 30 s closing timeout.
    await t.app.close();
    socket.resume();
    await cut;
    expect(socket.destroyed).toBe(true);
  }, 10_000);
});
