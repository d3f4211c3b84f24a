// What the platform costs per request: the full stack (request ids, helmet, CORS, rate limit, zod type provider,
// error handler, logging at `warn`) against bare Fastify answering the same JSON, over real loopback HTTP with
// keep-alive. Also: opening the embedded database, fresh and existing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { Agent, request } from 'node:http';
import { createFakeClock } from '@fnodesk/domain';
import { openDatabase } from '@fnodesk/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { createMemoryBus } from '../apps/server/src/platform/bus';
import { loadConfig } from '../apps/server/src/platform/config';
import { createLogger } from '../apps/server/src/platform/logger';

const DURATION_MS = 4_000;
const CONCURRENCY = 16;

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return address.port;
}

function get(agent: Agent, port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function load(port: number, path: string): Promise<{ rps: number; p99: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const until = Date.now() + DURATION_MS;
  let bad = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        if ((await get(agent, port, path)) !== 200) bad++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  agent.destroy();
  if (bad) throw new Error(`${bad} non-200 answers`);
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / (DURATION_MS / 1000), p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0 };
}

const quiet = new Writable({ write: (_c, _e, done) => done() });
const clock = createFakeClock(Date.UTC(2026, 10, 20));

// Baseline: bare Fastify.
const bare = Fastify();
bare.get('/v1/timestamp', async () => ({ code: 200, data: { now: clock.now() } }));
const barePort = await listen(bare);
await load(barePort, '/v1/timestamp'); // warm-up
const baseline = await load(barePort, '/v1/timestamp');
await bare.close();

// The platform.
const database = await openDatabase({ memory: true });
await database.migrate();
const bus = createMemoryBus(() => undefined);
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'production', RATE_LIMIT_PER_MINUTE: '1000000', WEB_DIST_DIR: tmpdir() }),
  logger: createLogger('warn', quiet),
  database,
  bus,
  clock,
  version: 'bench',
});
const port = await listen(app);
await load(port, '/v1/timestamp');
const platform = await load(port, '/v1/timestamp');
const health = await load(port, '/healthz');
await app.close();
await bus.close();
await database.close();

const fmt = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 0 });
console.log(`concurrency ${CONCURRENCY}, ${DURATION_MS / 1000} s per run, loopback HTTP keep-alive`);
console.log(`bare fastify         ${fmt(baseline.rps)} req/s  p99 ${baseline.p99.toFixed(2)} ms`);
console.log(`platform /v1/timestamp ${fmt(platform.rps)} req/s  p99 ${platform.p99.toFixed(2)} ms`);
console.log(
  `platform /healthz      ${fmt(health.rps)} req/s  p99 ${health.p99.toFixed(2)} ms  (database + bus round trip)`,
);
console.log(`platform throughput = ${(platform.rps / baseline.rps).toFixed(2)}× bare fastify`);

// Opening the embedded database.
const dir = mkdtempSync(join(tmpdir(), 'fnodesk-bench-'));
try {
  let started = performance.now();
  const fresh = await openDatabase({ dataDir: dir });
  await fresh.migrate();
  const freshMs = performance.now() - started;
  await fresh.close();
  started = performance.now();
  const reopened = await openDatabase({ dataDir: dir });
  await reopened.migrate();
  const reopenMs = performance.now() - started;
  await reopened.close();
  console.log(
    `PGlite open + migrate: new directory ${fmt(freshMs)} ms, existing ${fmt(reopenMs)} ms (${(freshMs / reopenMs).toFixed(1)}× faster reopen)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
