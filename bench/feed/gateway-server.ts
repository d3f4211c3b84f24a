// The gateway benchmark's server process: the feed gateway over an in-process bus, with a publisher putting one
// batch of full ticks for every instrument on the bus each second (or nothing, for the memory phase).
// Arguments: <flushMs> <instruments> <publish|quiet>. Driven over IPC by bench/feed/gateway.bench.ts.
import { NO_ENTITLEMENTS } from '../../apps/server/src/modules/accounts/entitlements';
import { publishTicks } from '../../apps/server/src/modules/feed/feed-channels';
import { registerFeedGateway } from '../../apps/server/src/modules/feed/feed.gateway';
import { createMemoryBus } from '../../apps/server/src/platform/bus';
import { systemClock } from '@fnodesk/domain';
import Fastify from 'fastify';
import pino from 'pino';
import { benchInstruments, benchTick, type ServerReport } from './gateway-bench-protocol';

const [flushMs, instrumentCount, publishing] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const send = (message: unknown) => process.send?.(message);

const app = Fastify({ logger: false });
const bus = createMemoryBus(() => undefined);
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

const instruments = benchInstruments(instrumentCount);
let step = 0;
let measuring: { batches: number[]; cpu: NodeJS.CpuUsage; at: number } | undefined;
const publish = () => {
  const ts = Date.now();
  step++;
  measuring?.batches.push(ts);
  void publishTicks(
    bus,
    instruments.map((token, i) => benchTick(token, ts, 100 + ((i + step) % 50) * 0.05)),
  );
};
const timer = publishing === 'publish' ? setInterval(publish, 1_000) : undefined;

const memory = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  return process.memoryUsage();
};

process.on('message', (message) => {
  if (message === 'measure') {
    measuring = { batches: [], cpu: process.cpuUsage(), at: performance.now() };
  } else if (message === 'report' && measuring) {
    const cpu = process.cpuUsage(measuring.cpu);
    const wallUs = (performance.now() - measuring.at) * 1_000;
    const m = process.memoryUsage();
    const report: ServerReport = {
      port,
      batches: measuring.batches,
      cpu: (cpu.user + cpu.system) / wallUs,
      heapUsed: m.heapUsed,
      rss: m.rss,
      arrayBuffers: m.arrayBuffers,
      connections: gateway.connections(),
    };
    send(report);
  } else if (message === 'memory') {
    const m = memory();
    const report: ServerReport = {
      port,
      batches: [],
      cpu: 0,
      heapUsed: m.heapUsed,
      rss: m.rss,
      arrayBuffers: m.arrayBuffers,
      connections: gateway.connections(),
    };
    send(report);
  }
});
process.on('disconnect', () => {
  if (timer) clearInterval(timer);
  process.exit(0);
});
send({ port });
