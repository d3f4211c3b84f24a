import type { Health } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import type { Database } from '@fnodesk/db';
import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus';

const CHECK_TIMEOUT_MS = 2_000;

async function check(driver: string, ping: () => Promise<number>): Promise<Health['database']> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const latencyMs = await Promise.race([
      ping(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { ok: true, driver, latencyMs };
  } catch (error) {
    return { ok: false, driver, error: error instanceof Error ? error.message : 'unavailable' };
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /healthz` (database and bus status; 503 when either is down) and `GET /v1/timestamp`. */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { database: Database; bus: Bus; clock: Clock; version: string; startedAt: number },
): void {
  app.get('/healthz', { config: { rateLimit: false } }, async (_request, reply) => {
    const [database, bus] = await Promise.all([
      check(deps.database.driver, () => deps.database.ping()),
      check(deps.bus.driver, () => deps.bus.ping()),
    ]);
    const ok = database.ok && bus.ok;
    const data: Health = {
      status: ok ? 'ok' : 'degraded',
      version: deps.version,
      uptimeSeconds: Math.round((deps.clock.now() - deps.startedAt) / 1000),
      database,
      bus,
    };
    reply.header('cache-control', 'no-store');
    if (ok) return reply.send({ code: 200, data });
    return reply.status(503).send({
      code: 503,
      data,
      error: 'A dependency is unavailable.',
      errorCode: 'SERVICE_UNAVAILABLE',
    });
  });

  // Server time, for clients to correct their clock drift in countdowns.
  app.get('/v1/timestamp', async () => ({ code: 200, data: { now: deps.clock.now() } }));
}
