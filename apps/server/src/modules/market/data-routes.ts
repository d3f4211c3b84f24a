import {
  DATA_PREFIX,
  dataOperations,
  type DataBody,
  type DataOperation,
  type DataOperationName,
  type DataQuery,
  type DataResponse,
  type UserEntitlements,
} from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../../platform/auth';
import { errors } from '../../platform/errors';
import type { Bus } from '../../platform/bus';
import { SingleFlight } from '../../platform/single-flight';
import type { EntitlementsProvider } from '../accounts/entitlements';
import { TIER_CHANGED_CHANNEL } from '../feed/feed-channels';
import { dataTierOf, type DataTierInfo, type DataTierSettings } from './data-tier';
import { JsonText } from './market-format';

/** What a data handler gets: its parsed query or body, the user and the tier the answer must respect. */
export interface DataRequest<Q, B = undefined> {
  readonly query: Q;
  readonly body: B;
  readonly user: AuthUser;
  readonly tier: DataTierInfo;
  readonly now: number;
}

/**
 * The handler of one operation of the table: a thin call into a service, answering the operation's `data` (or the
 * same data already serialised, for answers too large to stringify per request).
 */
export type DataHandler<Op extends DataOperationName> = (
  request: DataRequest<DataQuery<Op>, DataBody<Op>>,
) => Promise<DataResponse<Op> | JsonText>;

/** Handlers of some of the table's operations (one area's route module). */
export type DataHandlers<Op extends DataOperationName = DataOperationName> = { [K in Op]: DataHandler<K> };

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): unknown {
  // Transforms and refinements have no JSON Schema form; the document describes the shape, the server enforces all.
  return z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/**
 * Registers the `/data/v1` operations of the contracts' table with one handler each (the compiler checks that every
 * operation has one and that it answers the operation's `data`), and the OpenAPI document of them at
 * `/data/v1/openapi.json`. Every route needs a session (403 `SESSION_EXPIRED` otherwise), resolves the caller's data
 * tier before the handler runs, and answers `{code, data, meta: {tier, delayMs, asOf}}`.
 */
export function registerDataRoutes(
  parent: FastifyInstance,
  deps: { entitlements: EntitlementsProvider; clock: Clock; tiers: DataTierSettings; version: string; bus?: Bus },
  handlers: DataHandlers,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  const subscribers = new SubscriberEntitlements(deps.entitlements);
  if (deps.bus) {
    // A broker login or logout, or a plan starting, announces the user's tier change: their next data call reads
    // the new entitlements instead of the ones reused from before the change (the feed gateway's tier is fresh).
    const subscribed = deps.bus.subscribe(TIER_CHANGED_CHANNEL, (userId) => subscribers.forget(userId));
    subscribed.catch(() => undefined); // Without the bus the reuse still ends within the second.
    parent.addHook('onClose', async () => {
      const stop = await subscribed.catch(() => undefined);
      await stop?.();
    });
  }

  async function tierFor(user: AuthUser | undefined): Promise<{ user: AuthUser; tier: DataTierInfo; now: number }> {
    if (!user) throw errors.sessionExpired();
    const now = deps.clock.now();
    const tier = dataTierOf(await subscribers.forUser(user.userId, now), deps.tiers, now);
    return { user, tier, now };
  }

  const envelope = (data: unknown, tier: DataTierInfo, reply: FastifyReply) => {
    const meta = { tier: tier.tier, delayMs: tier.delayMs, asOf: tier.asOf };
    if (!(data instanceof JsonText)) return { code: 200, data, meta };
    const body = data.body('{"code":200,"data":', `,"meta":${JSON.stringify(meta)}}`);
    reply.type('application/json; charset=utf-8');
    if (typeof body === 'string') return body;
    reply.header('content-length', body.length);
    return body.stream;
  };

  for (const op of Object.keys(dataOperations) as DataOperationName[]) {
    const spec: DataOperation = dataOperations[op];
    // The table pairs each operation's schemas with its handler's types; the map cannot say so per key.
    const handler = handlers[op] as (request: DataRequest<unknown, unknown>) => Promise<unknown>;
    const schema = spec.body === undefined ? { querystring: spec.query } : { querystring: spec.query, body: spec.body };
    app.route({
      method: spec.method === 'get' ? 'GET' : 'POST',
      url: `${DATA_PREFIX}/${op}`,
      preHandler: app.authenticate,
      schema,
      handler: async (request, reply) => {
        const ctx = await tierFor(request.user);
        const data = await handler({
          ...ctx,
          query: request.query,
          body: spec.body === undefined ? undefined : request.body,
        });
        return envelope(data, ctx.tier, reply);
      },
    });
  }
  app.get(`${DATA_PREFIX}/openapi.json`, async () => openApiDocument(deps.version));
}

/** How long a subscriber's entitlements are reused, in real (monotonic) milliseconds: as long as sessions are cached. */
export const SUBSCRIBER_ENTITLEMENTS_TTL_MS = 1_000;
/**
 * From this age on, a call answered from the cache has the entitlements read again in the background: at 2,000
 * calls a second, the 10 to 20 that came while a read ran each second otherwise all waited for it.
 */
const REFRESH_AFTER_MS = 800;
const MAX_CACHED_SUBSCRIBERS = 50_000;

/**
 * Entitlements for the data tier. A page load fires a burst of data calls, and reading a user's plans costs more
 * than most answers, so a subscriber's entitlements are reused for up to a second (a broker login or logout then
 * shows within that second), never past the plan's end; a busy subscriber's are read again in the background
 * before the second is up. Users without a plan are read on every call, so a plan
 * or trial that has just started serves its tier at once. {@link SubscriberEntitlements.forget} drops a user's
 * entitlements when their tier is announced as changed, so a broker login shows on the very next call.
 */
export class SubscriberEntitlements {
  private readonly source: EntitlementsProvider;
  private readonly cache = new Map<string, { entitlements: UserEntitlements; readAt: number; endsAt: number }>();
  /** One read at a time per user: when a user's entry expires under load, the calls that miss share one read. */
  private readonly reads = new SingleFlight<string, UserEntitlements>();

  constructor(source: EntitlementsProvider) {
    this.source = source;
  }

  /** The user's entitlements at `now` (clock time), read or reused. */
  async forUser(userId: string, now: number): Promise<UserEntitlements> {
    const cached = this.cache.get(userId);
    const read = () => this.reads.run(userId, (current) => this.read(userId, current));
    const age = cached ? performance.now() - cached.readAt : Infinity;
    if (cached && age < SUBSCRIBER_ENTITLEMENTS_TTL_MS && now < cached.endsAt) {
      // Kept fresh in the background from REFRESH_AFTER_MS on, so a busy user's calls do not wait for the read;
      // one that fails leaves the entry to expire, and the call after that reads and sees the failure.
      if (age >= REFRESH_AFTER_MS) read().catch(() => undefined);
      return cached.entitlements;
    }
    return read();
  }

  /** Reads the user's entitlements, keeping them unless their tier change was announced meanwhile. */
  private async read(userId: string, current: () => boolean): Promise<UserEntitlements> {
    const entitlements = await this.source.forUser(userId);
    if (!current()) return entitlements;
    if (!entitlements.activeSubscription) {
      this.cache.delete(userId);
      return entitlements;
    }
    if (this.cache.size >= MAX_CACHED_SUBSCRIBERS) this.cache.clear();
    const validTill = entitlements.subscriptionValidTill ? Date.parse(entitlements.subscriptionValidTill) : NaN;
    this.cache.set(userId, {
      entitlements,
      readAt: performance.now(),
      endsAt: Number.isFinite(validTill) ? validTill : Infinity,
    });
    return entitlements;
  }

  /** Drops what is kept of the user's entitlements (their tier changed); the next call reads them again. */
  forget(userId: string): void {
    this.cache.delete(userId);
    this.reads.forget(userId);
  }
}

function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [path, op] of Object.entries(dataOperations) as [string, DataOperation][]) {
    const query = jsonSchema(op.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
    const parameters = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: (query.required ?? []).includes(name),
      schema,
    }));
    paths[`${DATA_PREFIX}/${path}`] = {
      ...paths[`${DATA_PREFIX}/${path}`],
      [op.method]: {
        summary: op.summary,
        security: [{ userid: [], secret: [] }],
        parameters,
        ...(op.body
          ? {
              requestBody: {
                required: true,
                content: { 'application/json': { schema: jsonSchema(op.body, 'input') } },
              },
            }
          : {}),
        responses: {
          '200': {
            description: 'The data, with the tier it was served in.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['code', 'data', 'meta'],
                  properties: {
                    code: { type: 'integer', enum: [200] },
                    data: jsonSchema(op.response, 'output'),
                    meta: {
                      type: 'object',
                      properties: {
                        tier: { type: 'string', enum: ['live', 'delayed', 'none'] },
                        delayMs: { type: 'integer' },
                        asOf: { type: 'integer', description: 'Nothing after this instant (epoch ms) is served.' },
                      },
                    },
                  },
                },
              },
            },
          },
          '400': { description: 'VALIDATION_FAILED: a parameter is invalid (the envelope names the field).' },
          '403': { description: 'SESSION_EXPIRED: no valid session; the body carries "sessionExpired": true.' },
          '429': { description: 'RATE_LIMITED, with Retry-After.' },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'FNO Desk market data', version },
    components: {
      securitySchemes: {
        userid: { type: 'apiKey', in: 'header', name: 'userid' },
        secret: { type: 'apiKey', in: 'header', name: 'secret' },
      },
    },
    paths,
  };
}
