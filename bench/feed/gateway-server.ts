// The gateway benchmark's server process: the feed gateway, fed by the benchmark's publisher
// (bench/feed/gateway-publisher.ts) in this process over the in-process bus, or, with a Redis URL, by the publisher
// as a process of its own (pinned to `publisherCore`) over Redis, as the ingest role of a scale-out deployment.
// `quiet` publishes nothing (the memory phase). Arguments: <flushMs> <instruments> <publish|spread|quiet>
// [<redis url> <publisherCore>]. Driven over IPC by bench/feed/gateway.bench.ts.
import { spawn } from 'node:child_process';
import { NO_ENTITLEMENTS } from '../../apps/server/src/modules/accounts/entitlements';
import { registerFeedGateway } from '../../apps/server/src/modules/feed/feed.gateway';
import { createMemoryBus, createRedisBus } from '../../apps/server/src/platform/bus';
import { systemClock } from '@fnodesk/domain';
import Fastify from 'fastify';
import pino from 'pino';
import { tuneV8ForServing } from '../../apps/server/src/platform/v8-tuning';
import type { ServerReport } from './gateway-bench-protocol';
import { startPublishing, type PublishedBatch } from './gateway-publisher';

const [flushMs, instrumentCount, publishing] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const [redisUrl, publisherCore] = [process.argv[5], process.argv[6]];
const send = (message: unknown) => process.send?.(message);

// As main.ts does.
tuneV8ForServing();
const app = Fastify({ logger: false });
const bus = redisUrl ? await createRedisBus(redisUrl, () => undefined) : createMemoryBus(() => undefined);
const gateway = await registerFeedGateway(app, {
  bus,
  clock: systemClock,
  logger: pino({ level: 'error' }),
  sessions: { resolve: async (secret) => (secret === 'bench-secret' ? { userId: 'bench', email: 'b@x.in' } : null) },
  entitlements: { forUser: async () => ({ ...NO_ENTITLEMENTS, activeSubscription: true, brokerLoggedIn: true }) },
  tiers: { delaySubscribedMs: 1_800_000, refreshMs: 60_000 },
  flushMs,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

let measuring:
  { batches: number[]; slices: number[]; cpu: NodeJS.CpuUsage; at: number; droppedAfterMs: number | null } | undefined;
/** Notes when a connection first goes in the measured window (a stalled client dropped), to 50 ms. */
let watchConnections: NodeJS.Timeout | undefined;
const onBatch = ({ ts, slice }: PublishedBatch) => {
  measuring?.batches.push(ts);
  measuring?.slices.push(slice);
};
let stopPublishing: () => void = () => undefined;
if (publishing === 'publish' || publishing === 'spread') {
  if (redisUrl) {
    const entry = ['--import', 'tsx', 'bench/feed/gateway-publisher.ts', String(instrumentCount), publishing, redisUrl];
    const node = [process.execPath, ...entry];
    const [command, ...rest] = publisherCore ? ['taskset', '-c', publisherCore, ...node] : node;
    const publisher = spawn(command!, rest, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    publisher.on('message', (batch) => onBatch(batch as PublishedBatch));
    stopPublishing = () => void publisher.kill('SIGKILL');
  } else {
    stopPublishing = startPublishing(bus, instrumentCount, publishing, onBatch);
  }
}

const memory = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  return process.memoryUsage();
};

process.on('message', (message) => {
  if (message === 'measure') {
    const started: NonNullable<typeof measuring> = {
      batches: [],
      slices: [],
      cpu: process.cpuUsage(),
      at: performance.now(),
      droppedAfterMs: null,
    };
    measuring = started;
    const held = gateway.connections();
    watchConnections = setInterval(() => {
      if (gateway.connections() >= held) return;
      started.droppedAfterMs = performance.now() - started.at;
      clearInterval(watchConnections);
    }, 50);
  } else if (message === 'report' && measuring) {
    clearInterval(watchConnections);
    const cpu = process.cpuUsage(measuring.cpu);
    const wallUs = (performance.now() - measuring.at) * 1_000;
    const m = process.memoryUsage();
    const report: ServerReport = {
      port,
      batches: measuring.batches,
      slices: measuring.slices,
      cpu: (cpu.user + cpu.system) / wallUs,
      heapUsed: m.heapUsed,
      rss: m.rss,
      arrayBuffers: m.arrayBuffers,
      connections: gateway.connections(),
      droppedAfterMs: measuring.droppedAfterMs,
    };
    send(report);
  } else if (message === 'memory') {
    const m = memory();
    const report: ServerReport = {
      port,
      batches: [],
      slices: [],
      cpu: 0,
      heapUsed: m.heapUsed,
      rss: m.rss,
      arrayBuffers: m.arrayBuffers,
      connections: gateway.connections(),
      droppedAfterMs: null,
    };
    send(report);
  }
});
process.on('disconnect', () => {
  stopPublishing();
  process.exit(0);
});
send({ port });
