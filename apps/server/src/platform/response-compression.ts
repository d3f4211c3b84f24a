import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this go out as they are: the headers and the compressor's work would cost more than they save. */
export const MIN_COMPRESSED_BYTES = 1024;

/** The content types worth compressing: JSON envelopes and text. Images and fonts are compressed already. */
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/)/i;

/** Which encoding a request accepts, preferring brotli; null when it accepts neither (or refuses both with q=0). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Compresses JSON and text responses the server builds (the APIs' envelopes: candle and chain JSON run to hundreds of
 * kilobytes) with brotli or gzip, as the request accepts. Compression runs on the thread pool, so a large body does
 * not hold the event loop. Streams (the built web app's files) are left alone: those are precompressed at build.
 */
export function installResponseCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    // Measured without copying: most answers go out as they are, and this runs on every one of them.
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < MIN_COMPRESSED_BYTES) return payload;
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    // Quality 4 / level 6: most of the saving at a small share of the top settings' CPU (a 450 kB candle body
    // shrinks about 8-fold).
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: 4,
              [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipAsync(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function appendVary(current: ReturnType<FastifyReply['getHeader']>): string {
  const existing = typeof current === 'string' ? current : Array.isArray(current) ? current.join(', ') : '';
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(existing)) return existing;
  return existing ? `${existing}, Accept-Encoding` : 'Accept-Encoding';
}
