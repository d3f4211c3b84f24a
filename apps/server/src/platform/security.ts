import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from './config';
import { errors } from './errors';
import { RouteKeyedStore } from './rate-limit';

/** Paths answered by the APIs (rate-limited, CORS-enabled); everything else is the SPA and its assets. */
export function isApiPath(url: string): boolean {
  return /^\/(api|data|v1|feed)(\/|$|\?)/.test(url) || url === '/healthz' || url.startsWith('/healthz?');
}

// Google Identity Services, allowed only when Google sign-in is configured.
const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';
// Razorpay Checkout (its script, the frames it opens and the API its frames and script call), allowed only when
// Razorpay takes the payments.
const RAZORPAY_CHECKOUT = 'https://checkout.razorpay.com';
const RAZORPAY_API = 'https://api.razorpay.com';
const RAZORPAY_LUMBERJACK = 'https://lumberjack.razorpay.com';

/**
 * The Content-Security-Policy the SPA runs under: scripts and styles only from this origin (no inline code),
 * no plugins, no framing, connections only back to this origin (HTTP and WebSocket). With Google sign-in
 * configured, Google's sign-in script and its frames are allowed too, and nothing else of Google's. With Razorpay
 * configured, Razorpay Checkout's script, frames and API are allowed; without it none of Razorpay's origins are.
 * With an external demo form configured, that form's origin may be framed (and nothing else of its site).
 */
export function contentSecurityPolicy(
  options: { googleSignIn?: boolean; razorpayCheckout?: boolean; demoFormUrl?: string } = {},
): Record<string, string[]> {
  const google = options.googleSignIn === true ? [GOOGLE_SIGN_IN] : [];
  const razorpay = options.razorpayCheckout === true;
  const demoForm = options.demoFormUrl === undefined ? [] : [new URL(options.demoFormUrl).origin];
  const frames = [...google, ...(razorpay ? [RAZORPAY_API, RAZORPAY_CHECKOUT] : []), ...demoForm];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...google.map((g) => `${g}client`), ...(razorpay ? [RAZORPAY_CHECKOUT] : [])],
    'style-src': ["'self'", ...google.map((g) => `${g}style`)],
    'img-src': ["'self'", 'data:', 'blob:', ...(razorpay ? [RAZORPAY_CHECKOUT, RAZORPAY_API] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...google, ...(razorpay ? [RAZORPAY_API, RAZORPAY_LUMBERJACK] : [])],
    ...(frames.length ? { 'frame-src': frames } : {}),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

/**
 * The headers helmet sets, computed once. They depend only on the configuration, and building helmet's middleware
 * per request (as its Fastify plugin does) cost about a tenth of a data request's CPU.
 */
export function securityHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // helmet's middleware touches only setHeader/removeHeader of the response and nothing of the request.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  return Object.freeze(headers);
}

/** Security headers, the CORS allowlist and per-route rate limits. */
export async function installSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({
        googleSignIn: config.google !== undefined,
        razorpayCheckout: config.billing.razorpay !== undefined,
        ...(config.site.demoFormUrl === undefined ? {} : { demoFormUrl: config.site.demoFormUrl }),
      }),
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  // API answers carry login secrets, account, broker and payment data: no browser or proxy cache keeps any of them
  // (a route may still set its own Cache-Control). Decided on the matched route, or the URL for an unrouted one.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (isApiPath(request.routeOptions.url ?? request.url)) reply.header('cache-control', 'no-store');
    done();
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

  // Every API route gets the default budget per client address; a route tightens it with `config.rateLimit`. What
  // is an API route is decided from the pattern the router matched, never from the URL as sent: the router decodes
  // `/%61pi/…` into `/api/…`, and a limiter reading the raw URL let such spellings through uncounted.
  await app.register(rateLimit, {
    global: true,
    max: config.http.rateLimitPerMinute,
    timeWindow: 60_000,
    store: RouteKeyedStore,
    allowList: (request) => !isApiPath(request.routeOptions.url ?? ''),
    errorResponseBuilder: (_request, context) => errors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}
