// @vitest-environment node
/* eslint-disable no-restricted-imports -- the factory is also used over Node's `ws` (tools and process tests); this
   test opens a TCP listener that never answers the handshake. */
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { standardSocketFactory } from './feed-socket';

describe('standardSocketFactory over Node’s ws', () => {
  let server: Server | undefined;
  const held: Socket[] = [];
  afterEach(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((done) => (server ? server.close(done) : done(undefined)));
  });

  it('closing a socket that is still connecting reports a close, and throws nothing', async () => {
    // Accepts the TCP connection and never answers the upgrade: the socket stays connecting.
    server = createServer((socket) => held.push(socket));
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('not listening');
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const closed = new Promise<number>((done) => {
        const socket = standardSocketFactory((url) => new WebSocket(url))(`ws://127.0.0.1:${address.port}/feed/v1`, {
          onOpen: () => undefined,
          onMessage: () => undefined,
          onClose: done,
        });
        socket.close(1000, 'reconnecting');
      });
      expect(await closed).toBe(1006);
      await new Promise((done) => setTimeout(done, 50));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
