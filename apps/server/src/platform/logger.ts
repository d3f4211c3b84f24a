import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/** The application logger (pino). */
export type AppLogger = Logger;

/**
 * Keys whose values are secrets wherever they appear in a logged object. Request headers and bodies are never
 * logged in the first place (see the request serializer); this list is the backstop for anything else.
 */
const SECRET_KEYS = [
  'secret',
  'password',
  'newPassword',
  'oldPassword',
  'loginSecret',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'requestToken',
  'request_token',
  'resetToken',
  'gtoken',
  'apiKey',
  'api_key',
  'apiSecret',
  'api_secret',
  'totp',
  'totpSecret',
  'keySecret',
  'key_secret',
  'webhookSecret',
  'razorpaySignature',
  'cardNumber',
  'cvv',
  'authorization',
  'cookie',
];

const REDACT_PATHS = SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

// Query parameters whose values are masked in logged URLs.
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_KEYS.join('|')}|state|code)=)[^&#]*`, 'gi');

/** Masks secret-bearing query parameters in a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[Redacted]');
}

interface RequestLike {
  id?: unknown;
  method?: string;
  url?: string;
  ip?: string;
  routeOptions?: { url?: string };
}

/** Pino options shared by the server and tests: level, redaction, and serializers that log no headers or bodies. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    base: { service: 'fnodesk' },
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      // Allowlist: method, path (with secrets masked), route and client address. Never headers or body.
      req: (req: RequestLike) => ({
        id: req.id,
        method: req.method,
        url: req.url === undefined ? undefined : redactUrl(req.url),
        route: req.routeOptions?.url,
        ip: req.ip,
      }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
}

/**
 * Creates the process logger, writing JSON lines to `destination` (stdout by default). Stdout is written
 * asynchronously and write errors are dropped: a server whose log reader has gone (a closed pipe) must keep
 * serving, not spin retrying the write. Call `flush()` before exit.
 */
export function createLogger(level: string, destination?: DestinationStream): AppLogger {
  if (destination) return pino(loggerOptions(level), destination);
  const stdout = pino.destination({ dest: 1, sync: false });
  stdout.on('error', () => undefined);
  return pino(loggerOptions(level), stdout);
}
