import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { textFrame } from './text-frame';

describe('textFrame', () => {
  it('frames a payload of each length form as a WebSocket client reads it', async () => {
    // 7-bit, 16-bit and 64-bit lengths, at and around their boundaries, with multi-byte characters.
    const bodies = [0, 1, 100, 125 - 4, 126 - 4, 65_535 - 4, 65_536 - 4, 200_000].map((n) => 'x'.repeat(n));
    bodies.push('₹ 1,23,456.50 — ');
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    server.on('upgrade', (request, stream, head) => {
      wss.handleUpgrade(request, stream, head, () => {
        for (const body of bodies) stream.write(textFrame('{"', body, '"}'));
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: string[] = [];
    await new Promise<void>((resolve, reject) => {
      client.on('error', reject);
      client.on('message', (data: Buffer, isBinary: boolean) => {
        expect(isBinary).toBe(false);
        received.push(data.toString('utf8'));
        if (received.length === bodies.length) resolve();
      });
    });
    expect(received).toEqual(bodies.map((body) => `{"${body}"}`));
    client.close();
    wss.close();
    server.close();
  });
});
