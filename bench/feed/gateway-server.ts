// The gateway benchmark's server process: the feed gateway over an in-process bus, with a publisher putting full
// ticks of every instrument on the bus once a second: all in one batch (`publish`, as the simulated market does),
// or a tenth of the instruments every 100 ms (`spread`, as ticks from an exchange arrive), or nothing (`quiet`, for
// the memory phase). Arguments: <flushMs> <instruments> <publish|spread|quiet>. Driven over IPC by
// bench/feed/gateway.bench.ts.
import { NO_ENTITLEMENTS } from '../../apps/server/src/modules/accounts/entitlements';
import { publishTicks } from '../../apps/server/src/modules/feed/feed-channels';
import { registerFeedGateway } from '../../apps/server/src/modules/feed/feed.gateway';
import { createMemoryBus } from '../../apps/server/src/platform/bus';
import { systemClock } from '@fnodesk/domain';
import Fastify from 'fastify';
import pino from 'pino';
import { benchInstruments, benchTick, SLICES, sliceOf, type ServerReport } from './gateway-bench-protocol';

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
let measuring: { batches: number[]; slices: number[]; cpu: NodeJS.CpuUsage; at: number } | undefined;
const publish = (slice: number) => {
  const ts = Date.now();
  step++;
  measuring?.batches.push(ts);
  measuring?.slices.push(slice);
  const ticks = [];
  for (const [i, token] of instruments.entries()) {
    if (slice === -1 || sliceOf(i) === slice) ticks.push(benchTick(token, ts, 100 + ((i + step) % 50) * 0.05));
  }
  void publishTicks(bus, ticks);
};
// A spread source keeps its pace however busy the gateway is, as an exchange does: each turn publishes every slice
// that has come due since the last one (a timer alone would skip the beats a long flush delays).
let sliceDue = performance.now();
let slice = 0;
const publishDue = () => {
  while (sliceDue <= performance.now()) {
    publish(slice++ % SLICES);
    sliceDue += 1_000 / SLICES;
  }
};
const timer =
  publishing === 'publish'
    ? setInterval(() => publish(-1), 1_000)
    : publishing === 'spread'
      ? setInterval(publishDue, 5)
      : undefined;

const memory = () => {
  for (let i = 0; i < 3; i++) globalThis.gc?.();
  return process.memoryUsage();
};

process.on('message', (message) => {
  if (message === 'measure') {
    measuring = { batches: [], slices: [], cpu: process.cpuUsage(), at: performance.now() };
  } else if (message === 'report' && measuring) {
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
    };
    send(report);
  }
});
process.on('disconnect', () => {
  if (timer) clearInterval(timer);
  process.exit(0);
});
send({ port });
