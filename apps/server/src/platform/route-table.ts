import type { FastifyInstance, RouteOptions } from 'fastify';

/** A route's own rate limit (`config.rateLimit`), as the route declared it. */
export interface RouteRateLimit {
  readonly max: number;
  readonly timeWindow: number;
  /** Routes naming the same bucket share one budget per client address. */
  readonly bucket?: string;
}

/** One registered route, as the server's route table lists it. */
export interface RouteEntry {
  readonly method: string;
  /** The route's pattern (`/api/v1/brokers/:id/reveal`). */
  readonly url: string;
  /** Its own limit, `false` when it has none at all, `undefined` when the default budget applies. */
  readonly rateLimit: RouteRateLimit | false | undefined;
  /** The zod schemas of its parts, when it declares them. */
  readonly schema: { readonly body?: unknown; readonly querystring?: unknown; readonly params?: unknown };
  /** A WebSocket route (`@fastify/websocket`). */
  readonly websocket: boolean;
  /** Its hooks, to tell which run the session check. */
  readonly hooks: readonly unknown[];
}

function asList(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...(value as unknown[])] : [value];
}

function rateLimitOf(config: unknown): RouteEntry['rateLimit'] {
  if (typeof config !== 'object' || config === null || !('rateLimit' in config)) return undefined;
  const limit = config.rateLimit;
  if (limit === false) return false;
  if (typeof limit !== 'object' || limit === null) return undefined;
  const { max, timeWindow, bucket } = limit as { max?: unknown; timeWindow?: unknown; bucket?: unknown };
  if (typeof max !== 'number' || typeof timeWindow !== 'number') return undefined;
  return { max, timeWindow, ...(typeof bucket === 'string' ? { bucket } : {}) };
}

/**
 * Records every route registered on `app` from now on (the root's `onRoute` hook sees the routes of every plugin),
 * so checks that must cover every route (the rate-limit spellings, the fuzz tier) are generated from what the
 * server really serves rather than from a list kept by hand.
 */
export function recordRouteTable(app: FastifyInstance): readonly RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route: RouteOptions & { websocket?: boolean }) => {
    const schema = (route.schema ?? {}) as RouteEntry['schema'];
    for (const method of asList(route.method)) {
      table.push({
        method: String(method),
        url: route.url,
        rateLimit: rateLimitOf(route.config),
        schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
        websocket: route.websocket === true,
        hooks: [...asList(route.onRequest), ...asList(route.preHandler), ...asList(route.preValidation)],
      });
    }
  });
  return table;
}
