import type { Socket } from 'node:net';
import { createFakeClock } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startLiveGateway } from '../../../test/feed-client';
import { createMemoryBus } from '../../platform/bus';

describe('/feed/v1 on shutdown', () => {
  it('does not wait on a client that never answers its close frame: the server closes, the socket is cut', async () => {
    const { app, url } = await startLiveGateway({
      bus: createMemoryBus(() => undefined),
      clock: createFakeClock(Date.UTC(2026, 10, 20)),
    });
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => ws.once('open', resolve).once('error', reject));
    // The client stops reading: it never sees the server's 1012, so it never answers it (a frozen tab, a dead link).
    // ws keeps its TCP socket private; reaching it is the only way to stop reading without closing.
    const socket = (ws as unknown as { _socket: Socket })._socket;
    socket.pause();
    const cut = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Without a bound the close handshake would hold the server's close for ws's 30 s closing timeout.
    await app.close();
    socket.resume();
    await cut;
    expect(socket.destroyed).toBe(true);
  }, 10_000);
});
