import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { errors } from './errors';

/** Paths answered by the APIs (rate-limited, CORS-enabled); everything else is the SPA and its assets. */
export function isApiPath(url: string): boolean {
  return /^\/(api|data|v1|feed)(\/|$|\?)/.test(url) || url === '/healthz' || url.startsWith('/healthz?');
}

// Google Identity Services, allowed only when Google sign-in is configured.
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

/**
 * The Content-Security-Policy the SPA runs under: scripts and styles only from this origin (no inline code),
 * no plugins, no framing, connections only back to this origin (HTTP and WebSocket). With Google sign-in
 * configured, Google's sign-in script and its frames are allowed too, and nothing else of Google's.
 */
export function contentSecurityPolicy(options: { googleSignIn?: boolean } = {}): Record<string, string[]> {
  const google = options.googleSignIn === true ? [GOOGLE_SIGN_IN] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...google.map((g) => `${g}client`)],
    'style-src': ["'self'", ...google.map((g) => `${g}style`)],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...google],
    ...(google.length ? { 'frame-src': google } : {}),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/** Security headers, the CORS allowlist and per-route rate limits. */
export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({ googleSignIn: config.google !== undefined }),
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });

  // Exact-match allowlist; anything else gets no CORS headers at all (never a reflected origin).
  const allowed = new Set([new URL(config.http.publicUrl).origin, ...config.http.corsOrigins]);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'userid', 'secret', 'x-request-id', 'idempotency-key'],
    exposedHeaders: ['retry-after', 'x-request-id'],
    maxAge: 600,
  });

  // Every API route gets the default budget per client address; a route tightens it with `config.rateLimit`.
  await app.register(rateLimit, {
    global: true,
    max: config.http.rateLimitPerMinute,
    timeWindow: 60_000,
    allowList: (request) => !isApiPath(request.url),
    errorResponseBuilder: (_request, context) => errors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
