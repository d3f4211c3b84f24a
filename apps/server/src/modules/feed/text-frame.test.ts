import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { FrameBuilder, PING_FRAME } from './text-frame';

describe('FrameBuilder', () => {
  it('frames a payload of each length form as a WebSocket client reads it', async () => {
    // 7-bit, 16-bit and 64-bit lengths, at and around their boundaries, with multi-byte characters; frames larger
    // than a slab, and enough frames to fill several.
    const bodies = [0, 1, 100, 125 - 4, 126 - 4, 65_535 - 4, 65_536 - 4, 200_000, 300_000].map((n) => 'x'.repeat(n));
    bodies.push('₹ 1,23,456.50 — ');
    for (let i = 0; i < 200; i++) bodies.push(`${i}`.repeat(1_000 + i));
    const utf8 = (text: string) => Buffer.from(text, 'utf8');
    const frames = new FrameBuilder();
    // Each body as parts: none, one, or cut in three (joined back with commas).
    const partsOf = (body: string, i: number): Uint8Array[] => {
      if (body.length === 0) return [];
      if (i % 2 === 0) return [utf8(body)];
      const third = Math.floor(body.length / 3);
      return [body.slice(0, third), body.slice(third, 2 * third), body.slice(2 * third)].map(utf8);
    };
    const expected = bodies.map((body, i) => (i % 2 === 0 || body.length === 0 ? body : cutWithCommas(body)));
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    server.on('upgrade', (request, stream, head) => {
      wss.handleUpgrade(request, stream, head, () => {
        for (const [i, body] of bodies.entries()) stream.write(frames.frame(utf8('{"'), partsOf(body, i), utf8('"}')));
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
    expect(received).toEqual(expected.map((body) => `{"${body}"}`));
    client.close();
    wss.close();
    server.close();
  });

  it('never writes over a frame it has handed out', () => {
    const frames = new FrameBuilder();
    const first = frames.frame(Buffer.from('['), [Buffer.from('a'.repeat(100_000))], Buffer.from(']'));
    const copy = Buffer.from(first);
    for (let i = 0; i < 20; i++) frames.frame(Buffer.from('['), [Buffer.from('b'.repeat(50_000))], Buffer.from(']'));
    expect(first.equals(copy)).toBe(true);
  });

  it('cuts the next frame where the frame cut last was given back, and only from that one', () => {
    const frames = new FrameBuilder();
    const cut = (fill: string) => frames.frame(Buffer.from('['), [Buffer.from(fill.repeat(100))], Buffer.from(']'));
    const a = cut('a');
    const b = cut('b');
    // a is not the last frame cut: giving it back must not let b's successor overwrite a or b.
    frames.reclaim(a);
    const c = cut('c');
    expect(c.byteOffset).toBe(b.byteOffset + b.length);
    frames.reclaim(c);
    const d = cut('d');
    expect(d.byteOffset).toBe(c.byteOffset);
    expect(a.subarray(3, -1).toString()).toBe('a'.repeat(100));
    expect(b.subarray(3, -1).toString()).toBe('b'.repeat(100));
    expect(d.subarray(3, -1).toString()).toBe('d'.repeat(100));
  });
});

describe('a ping after a frame', () => {
  it('reaches a WebSocket client after the message it follows, and the client answers it', async () => {
    const frames = new FrameBuilder();
    const server = createServer();
    const wss = new WebSocketServer({ noServer: true });
    const ponged = new Promise<void>((resolve) => {
      server.on('upgrade', (request, stream, head) => {
        wss.handleUpgrade(request, stream, head, (socket) => {
          socket.on('pong', () => resolve());
          // A large frame first, so the ping has to wait for the whole of it in the client's reading.
          stream.write(
            frames.frame(Buffer.from('"'), [Buffer.from('x'.repeat(300_000))], Buffer.from('"'), PING_FRAME),
          );
        });
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const events: string[] = [];
    client.on('message', (data: Buffer) => events.push(`message of ${data.length} bytes`));
    client.on('ping', (data: Buffer) => events.push(`ping of ${data.length} bytes`));
    await ponged;
    expect(events).toEqual(['message of 300002 bytes', 'ping of 0 bytes']);
    client.close();
    wss.close();
    server.close();
  });
});

/** A body cut in three as partsOf cuts it, joined with commas as a frame joins its parts. */
function cutWithCommas(body: string): string {
  const third = Math.floor(body.length / 3);
  return [body.slice(0, third), body.slice(third, 2 * third), body.slice(2 * third)].join(',');
}
