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
  'pwd',
  'auth_code',
  'authCode',
  'tokenId',
  'apiToken',
  'checksum',
  'keySecret',
  'key_secret',
  'webhookSecret',
  'razorpaySignature',
  'cardNumber',
  'cvv',
  'authorization',
  'cookie',
];

const SECRET_KEY_SET: ReadonlySet<string> = new Set(SECRET_KEYS.map((k) => k.toLowerCase()));
const CENSOR = '[Redacted]';
// Deeper than any object the server logs; a cycle or a very deep object is cut off there, not walked forever.
const MAX_DEPTH = 6;

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** True when `value` holds a secret-named key anywhere within `depth` levels. */
function holdsSecret(value: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((item) => holdsSecret(item, depth + 1));
  if (!isPlainRecord(value) && !(value instanceof Error)) return false;
  for (const key of Object.keys(value)) {
    if (SECRET_KEY_SET.has(key.toLowerCase())) return true;
    if (holdsSecret((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** A copy of `value` with every secret-named key's value censored; untouched parts are shared, not copied. */
function masked(value: unknown, depth: number): unknown {
  if (!holdsSecret(value, depth)) return value;
  if (Array.isArray(value)) return value.map((item) => masked(item, depth + 1));
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> =
    value instanceof Error ? { type: value.name, message: value.message, stack: value.stack } : {};
  for (const key of Object.keys(source)) {
    out[key] = SECRET_KEY_SET.has(key.toLowerCase()) ? CENSOR : masked(source[key], depth + 1);
  }
  return out;
}

// Where database drivers put a failed statement's values: drizzle's DrizzleQueryError and PGlite's errors carry
// `params`, some drivers `parameters`; PostgreSQL's `detail` quotes the row's values ("Key (email)=(…)").
const STATEMENT_VALUE_KEYS = new Set(['params', 'parameters', 'detail']);
const MIN_SCRUBBED_VALUE_LENGTH = 3;

function errorChain(error: Error, depth = 0): Error[] {
  if (depth > MAX_DEPTH) return [];
  const next: unknown[] = [error.cause, ...(error instanceof AggregateError ? (error.errors as unknown[]) : [])];
  return [error, ...next.flatMap((e) => (e instanceof Error ? errorChain(e, depth + 1) : []))];
}

function statementValues(chain: readonly Error[]): string[] {
  const values = new Set<string>();
  for (const error of chain) {
    for (const key of ['params', 'parameters']) {
      const list: unknown = (error as unknown as Record<string, unknown>)[key];
      if (!Array.isArray(list)) continue;
      for (const value of list as unknown[]) {
        const text = typeof value === 'string' ? value : value === null ? '' : JSON.stringify(value);
        if (typeof text === 'string' && text.length >= MIN_SCRUBBED_VALUE_LENGTH) values.add(text);
      }
    }
  }
  // Longest first, so a value containing another is masked whole.
  return [...values].sort((a, b) => b.length - a.length);
}

function scrubText(text: string | undefined, values: readonly string[]): string | undefined {
  if (text === undefined) return undefined;
  // drizzle appends "params: v1,v2,…" to the message (and so to the stack) of a failed query.
  let out = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [Redacted]');
  for (const value of values) out = out.replaceAll(value, CENSOR);
  return out;
}

function scrubbedCopy(error: Error, values: readonly string[], depth: number): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const key of Object.keys(error)) {
    if (STATEMENT_VALUE_KEYS.has(key)) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    copy[key] = value instanceof Error && depth < MAX_DEPTH ? scrubbedCopy(value, values, depth + 1) : value;
  }
  Object.defineProperty(copy, 'message', { value: scrubText(error.message, values), enumerable: false });
  Object.defineProperty(copy, 'stack', { value: scrubText(error.stack, values), enumerable: false });
  if (error.cause instanceof Error && depth < MAX_DEPTH) {
    Object.defineProperty(copy, 'cause', { value: scrubbedCopy(error.cause, values, depth + 1), enumerable: false });
  }
  return copy;
}

/**
 * A database error as it may be logged: without the failed statement's parameters (`params`, `parameters`), without
 * PostgreSQL's `detail`, and with every parameter value masked wherever the message or stack quotes it, along the
 * whole `cause` chain. A row's values (e-mail, mobile, password hash, sealed broker secrets) never reach the log.
 * Errors that carry none of these are returned as they are.
 */
export function scrubDatabaseError<T>(error: T): T {
  if (!(error instanceof Error)) return error;
  const chain = errorChain(error);
  const carries = chain.some((e) => Object.keys(e).some((key) => STATEMENT_VALUE_KEYS.has(key)));
  if (!carries) return error;
  return scrubbedCopy(error, statementValues(chain), 0) as T;
}

function scrubErrors(value: unknown, depth: number): unknown {
  if (value instanceof Error) return scrubDatabaseError(value);
  if (depth >= MAX_DEPTH || !isPlainRecord(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const scrubbed = scrubErrors(value[key], depth + 1);
    if (scrubbed !== value[key]) (out ??= { ...value })[key] = scrubbed;
  }
  return out ?? value;
}

/**
 * Censors secret-named keys at any depth of a logged object, and scrubs database errors anywhere in it (see
 * {@link scrubDatabaseError}). Done when a line is written rather than through
 * pino's wildcard redaction, which also runs over every child logger's bindings (one per request).
 */
export function redactSecrets(object: Record<string, unknown>): Record<string, unknown> {
  return masked(scrubErrors(object, 0), 0) as Record<string, unknown>;
}

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
    formatters: { log: redactSecrets },
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
      err: (error: Error) => pino.stdSerializers.err(scrubDatabaseError(error)),
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
