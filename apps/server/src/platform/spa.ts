import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from './error-handler';
import { AppError } from './errors';
import { isApiPath } from './security';

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated. Unknown non-API paths get
 * index.html (history fallback; the app itself shows its 404 page). Unknown API paths and missing files get
 * the 404 envelope.
 */
export async function installSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const hasSpa = existsSync(join(distDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build writes .br and .gz beside each text asset; a browser that accepts them gets those bytes.
      preCompressed: true,
      setHeaders: (reply, path) => {
        const immutable = path.includes(`${join(distDir, 'assets')}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  if (hasSpa) {
    // The static plugin refuses directory paths itself, so the root page needs its own route.
    app.get('/', { config: { rateLimit: false } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url) && !/\.[a-z0-9]+$/i.test(path);
    if (wantsPage && hasSpa) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    // The path is not quoted back: an answer never echoes the request.
    const error = new AppError('NOT_FOUND', 'Not found.');
    return reply.status(404).send(errorEnvelope(error));
  });
}
