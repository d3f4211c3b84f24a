import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors } from './errors';

// Above this many keys, windows that have ended are dropped; then, if still above it, the oldest.
const MAX_KEYS = 50_000;

interface Window {
  count: number;
  start: number;
}

type Callback = (error: Error | null, result: { current: number; ttl: number }) => void;

/** What `@fastify/rate-limit` passes a child store: the merged options of a route or of `createRateLimit`. */
interface ChildParams {
  readonly bucket?: unknown;
  readonly routeInfo?: { readonly method?: unknown; readonly url?: unknown };
}

/** The bucket a route's own limit counts in: its `bucket`, else its method (HEAD counted as GET) and pattern. */
function bucketOf(params: ChildParams): string {
  if (typeof params.bucket === 'string') return params.bucket;
  const methods = [params.routeInfo?.method].flat().map((m) => (m === 'HEAD' ? 'GET' : String(m)));
  const url = params.routeInfo?.url;
  return `${[...new Set(methods)].sort().join(',')} ${typeof url === 'string' ? url : ''}`;
}

/**
 * The rate-limit store: one map of windows for the whole process, each key prefixed by the bucket it counts in.
 * `@fastify/rate-limit` gives every route with its own limit a child store; here a child is a view on the same
 * map under the route's pattern, so a route's HEAD twin and routes sharing a `bucket` share one budget, and the
 * count depends only on the route the router matched, never on how the request spelled its path.
 */
export class RouteKeyedStore {
  private readonly windows: Map<string, Window>;
  private readonly prefix: string;

  constructor(_params?: unknown, windows?: Map<string, Window>, prefix = 'default') {
    this.windows = windows ?? new Map<string, Window>();
    this.prefix = prefix;
  }

  incr(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    const id = `${this.prefix}|${key}`;
    let window = this.windows.get(id);
    if (!window || window.start + timeWindow <= now) {
      window = { count: 0, start: now };
      this.windows.delete(id);
      this.windows.set(id, window);
      this.prune(now, timeWindow);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.start + timeWindow - now });
  }

  read(key: string, callback: Callback, timeWindow: number): void {
    const now = Date.now();
    const window = this.windows.get(`${this.prefix}|${key}`);
    if (!window || window.start + timeWindow <= now) return callback(null, { current: 0, ttl: 0 });
    callback(null, { current: window.count, ttl: window.start + timeWindow - now });
  }

  // Typed by the plugin as taking route options; it passes the route's merged limit options with `routeInfo`.
  child(params: object): RouteKeyedStore {
    return new RouteKeyedStore(undefined, this.windows, bucketOf(params));
  }

  private prune(now: number, timeWindow: number): void {
    if (this.windows.size <= MAX_KEYS) return;
    // Windows of other lengths may be dropped early here; only a flood of distinct keys gets this far.
    for (const [id, window] of this.windows) {
      if (window.start + timeWindow <= now) this.windows.delete(id);
    }
    for (const id of this.windows.keys()) {
      if (this.windows.size <= MAX_KEYS) break;
      this.windows.delete(id);
    }
  }
}

/**
 * A check of one more budget, for a hook: counts the request against `bucket` per client address (`per:
 * 'address'`, the same count as routes whose `config.rateLimit` names that bucket) or per signed-in user whatever
 * address it comes from (`per: 'user'`, after the session check); past `max` in `timeWindow` it throws 429
 * RATE_LIMITED.
 */
export function budgetCheck(
  app: FastifyInstance,
  budget: { bucket: string; max: number; timeWindow: number; per: 'address' | 'user' },
): (request: FastifyRequest) => Promise<void> {
  const options = {
    max: budget.max,
    timeWindow: budget.timeWindow,
    ...(budget.per === 'user'
      ? {
          bucket: `${budget.bucket}:user`,
          keyGenerator: (request: FastifyRequest) => `user:${request.user?.userId ?? request.ip}`,
        }
      : { bucket: budget.bucket }),
  };
  const limit = app.createRateLimit(options);
  return async (request) => {
    const verdict = await limit(request);
    if (!verdict.isAllowed && verdict.isExceeded) throw errors.rateLimited(Math.max(1, verdict.ttlInSeconds));
  };
}
