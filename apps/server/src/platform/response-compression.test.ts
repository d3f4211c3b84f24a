import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, installResponseCompression, MIN_COMPRESSED_BYTES } from './response-compression';

const rows = Array.from({ length: 400 }, (_, i) => ({ t: 1_764_000_000_000 + i * 60_000, o: 100 + i, c: 101 + i }));
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  installResponseCompression(app);
  app.get('/big', async () => ({ code: 200, data: rows }));
  app.get('/small', async () => ({ code: 200, data: { ok: true } }));
  app.get('/image', async (_request, reply) => reply.type('image/png').send(Buffer.alloc(4096, 7)));
  await app.ready();
});
afterAll(() => app.close());

describe('response compression', () => {
  it('sends a large JSON body brotli-compressed to a browser that accepts br, the same envelope once decoded', async () => {
    const res = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify({ code: 200, data: rows }).length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual({ code: 200, data: rows });
  });

  it('falls back to gzip when brotli is not accepted', async () => {
    const res = await app.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual({ code: 200, data: rows });
  });

  it('sends plain bytes to a client that accepts no encoding, and bodies under the minimum as they are', async () => {
    const plain = await app.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ code: 200, data: rows });
    const small = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(small.rawPayload.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('leaves content that is compressed already (images) alone', async () => {
    const res = await app.inject({ url: '/image', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4096);
  });

  it('honours q=0 refusals and prefers brotli over gzip', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
