// What the `/feed/v1` gateway costs, against the real-time feed's budgets (5,000 clients × 50 random tokens of
// 2,000 instruments ticking once a second = 250k ticks/s):
// - at 100 ms batches: ≥ 99.9 % of the ticks delivered, p99 publish→receive ≤ 120 ms, ≤ 40 % of one core;
//   the same measured at 250 ms batches (baseline of raw `ws` here: 64 % of a core at 100 ms, 33 % at 250 ms);
// - ≤ 5 KB JS heap and ≤ 10 KB RSS per idle subscribed connection (10,000 connections).
// The server is a fresh process per run pinned to one core (`taskset -c 0`): the gateway as the feed module
// registers it, fed by a publisher in the same process that puts one batch of 2,000 full ticks a second on the
// in-process bus (`ts` = publish time, so publish→receive is `receive time − ts` on the same clock; the publisher's
// own serialisation is in the server's CPU figure). Clients run in a separate process on the other core
// (`bench/feed/gateway-clients.ts`), authenticate, subscribe and count every tick. One process by default: the
// clients' core reads a whole flush's frames in about as much time as the gateway takes to write them, and two
// processes taking turns on it add their context switches to that (p99 111 ms against 121–130 ms, and 7 % of the
// core against 10 %, measured here); `--client-processes` spreads them out (a process holds at most 20,000 files
// here).
//
// `--bus redis` puts the gateway on Redis (`--redis-url`, default the local one) with the publisher in a process of
// its own on the clients' core, as the ingest role of a scale-out deployment: the ticks then reach the gateway as
// one message per tick shard over several socket reads, and the server's CPU figure no longer holds the
// publisher's serialisation. Redis channels are shared by every database, so nothing else should be publishing
// feed ticks on that server meanwhile.
//
// `--publish spread` publishes a tenth of the instruments every 100 ms instead (each still once a second), as ticks
// from an exchange arrive: every flush then carries a few ticks per client, and there are up to ten a second.
//
// Phase `stall` adds a client that stops reading (every instrument in full mode, about 0.9 MB/s of ticks) as the
// measurement starts: when the gateway drops it, and the other clients' figures meanwhile. The kernel's socket
// buffers take the first seconds of its ticks; the gateway sees a queue only once they are full, and drops the
// client when that queue passes its limit or has not drained for the stall limit (10 s).
//
// Phase `floor` times plain writes of a frame-sized buffer to as many loopback connections: the system calls' floor
// under any flush on this machine.
//
// Full scale: `node --import tsx bench/feed/gateway.bench.ts` (the defaults). Smaller, e.g. on a shared machine:
// `node --import tsx bench/feed/gateway.bench.ts --clients 1000 --idle 2000 --runs 3`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/platform/v8-tuning';
import { formatSteal, stealMeter } from '../stats';
import type { ClientReport, ServerReport } from './gateway-bench-protocol';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    idle: { type: 'string', default: '10000' },
    tokens: { type: 'string', default: '50' },
    instruments: { type: 'string', default: '2000' },
    flush: { type: 'string', default: '100,250' },
    seconds: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    'client-processes': { type: 'string', default: '1' },
    mode: { type: 'string', default: 'ltp' },
    phases: { type: 'string', default: 'load,stall,floor,memory' },
    publish: { type: 'string', default: 'publish' },
    bus: { type: 'string', default: 'memory' },
    'redis-url': { type: 'string', default: 'redis://127.0.0.1:6379' },
  },
});
const CLIENTS = Number(args.clients);
const IDLE = Number(args.idle);
const TOKENS = Number(args.tokens);
const INSTRUMENTS = Number(args.instruments);
const FLUSHES = args.flush.split(',').map(Number);
const SECONDS = Number(args.seconds);
const RUNS = Number(args.runs);
const CLIENT_PROCESSES = Number(args['client-processes']);
const MODE = args.mode;
const PHASES = new Set(args.phases.split(','));
if (args.publish !== 'publish' && args.publish !== 'spread') throw new Error('--publish is publish or spread');
const PUBLISH = args.publish;
if (args.bus !== 'memory' && args.bus !== 'redis') throw new Error('--bus is memory or redis');

const WARM_UP_MS = 3_000;
/**
 * The stall phase: its batches, and a window long enough for the kernel's buffers to take a stalled client's ticks
 * (10–13 MB here, 12–15 s of them) and the gateway's 10 s stall limit to run out after that.
 */
const STALL_FLUSH_MS = 100;
const STALL_SECONDS = 30;
const SERVER_CORE = '0';
const CLIENT_CORE = '1';
const HAVE_TASKSET = spawnSync('taskset', ['-V'], { stdio: 'ignore' }).status === 0;
/** Server arguments that put the gateway on Redis, with the publisher in a process of its own on the clients' core. */
const BUS_ARGS = args.bus === 'redis' ? [args['redis-url'], ...(HAVE_TASKSET ? [CLIENT_CORE] : [])] : [];
// Each phase stops by itself after this long, whatever happens.
const PHASE_TIMEOUT_MS = 180_000;

/** Starts a TypeScript entry point, pinned to `core` when taskset exists, with an IPC channel. */
function start(entry: string, core: string, argv: string[]): ChildProcess {
  const node = [process.execPath, '--expose-gc', ...SERVER_NODE_FLAGS, '--import', 'tsx', entry, ...argv];
  const [command, ...rest] = HAVE_TASKSET ? ['taskset', '-c', core, ...node] : node;
  return spawn(command!, rest, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** The next IPC message of a child, or an error when it exits or the phase times out. */
function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('benchmark phase timed out')), PHASE_TIMEOUT_MS);
    const onExit = (code: number | null) => reject(new Error(`benchmark process exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

function kill(child: ChildProcess): void {
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Splits `total` clients over the client processes. */
function shares(total: number): number[] {
  return Array.from(
    { length: CLIENT_PROCESSES },
    (_, i) => Math.floor(total / CLIENT_PROCESSES) + (i < total % CLIENT_PROCESSES ? 1 : 0),
  ).filter((n) => n > 0);
}

interface LoadResult {
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  cpu: number;
  /** The client processes' CPU together (they share one core): near 1, the clients set the latency. */
  clientCpu: number;
  ticksPerSecond: number;
  /** When the gateway first dropped a connection in the measured window, in ms (null: it did not). */
  droppedAfterMs: number | null;
}

/** Connects `count` counted clients over the client processes, and `stalled` extra ones in the first. */
async function connectClients(port: number, count: number, seed: number, stalled = 0): Promise<ChildProcess[]> {
  const procs = shares(count).map((n, i) =>
    start('bench/feed/gateway-clients.ts', CLIENT_CORE, [
      String(port),
      String(n),
      String(TOKENS),
      String(INSTRUMENTS),
      String(seed * 1_000 + i),
      MODE,
      String(i === 0 ? stalled : 0),
    ]),
  );
  await Promise.all(procs.map((p) => nextMessage<{ kind: 'ready' }>(p)));
  return procs;
}

/**
 * One load run: `seconds` measured at `flushMs` batches. With `stalled`, that many extra clients hold every
 * instrument in full mode and stop reading as the measurement starts (they are not counted).
 */
async function loadRun(flushMs: number, seed: number, seconds = SECONDS, stalled = 0): Promise<LoadResult> {
  const server = start('bench/feed/gateway-server.ts', SERVER_CORE, [
    String(flushMs),
    String(INSTRUMENTS),
    PUBLISH,
    ...BUS_ARGS,
  ]);
  const procs: ChildProcess[] = [];
  try {
    const { port } = await nextMessage<{ port: number }>(server);
    procs.push(...(await connectClients(port, CLIENTS, seed, stalled)));
    await sleep(WARM_UP_MS);
    for (const p of procs) p.send('record');
    server.send('measure');
    await sleep(seconds * 1_000);
    server.send('report');
    const report = await nextMessage<ServerReport>(server);
    // Ticks of the last batch need a flush to arrive.
    await sleep(flushMs + 500);
    for (const p of procs) p.send('report');
    const reports = await Promise.all(procs.map((p) => nextMessage<ClientReport>(p)));

    const window = new Set(report.batches);
    let received = 0;
    for (const r of reports) for (const [ts, n] of r.countsByTs) if (window.has(ts)) received += n;
    // Each batch holds every instrument, or one slice of them: its ticks due are the subscriptions to it.
    const expected = report.slices.reduce(
      (sum, slice) => sum + (slice === -1 ? CLIENTS * TOKENS : reports.reduce((n, r) => n + r.perSlice[slice]!, 0)),
      0,
    );
    const histogram = new Map<number, number>();
    for (const r of reports) for (const [ms, n] of r.latency) histogram.set(ms, (histogram.get(ms) ?? 0) + n);
    return {
      delivered: expected === 0 ? 0 : received / expected,
      p50: percentile(histogram, 0.5),
      p99: percentile(histogram, 0.99),
      max: Math.max(...histogram.keys()),
      cpu: report.cpu,
      clientCpu: reports.reduce((sum, r) => sum + r.cpu, 0),
      ticksPerSecond: expected / seconds,
      droppedAfterMs: report.droppedAfterMs,
    };
  } finally {
    for (const p of procs) kill(p);
    kill(server);
  }
}

/** A frame of 50 ltp ticks is about this long; the floor phase writes buffers of this size. */
const FLOOR_FRAME_BYTES = 2_700;
const FLOOR_ROUNDS = 10;

/** Times of one plain write to each of CLIENTS loopback connections (ms), one loop a second. */
async function floorRun(): Promise<number[]> {
  const server = start('bench/feed/write-floor.ts', SERVER_CORE, [
    'server',
    String(CLIENTS),
    String(FLOOR_FRAME_BYTES),
    String(FLOOR_ROUNDS),
  ]);
  const procs: ChildProcess[] = [];
  try {
    const { port } = await nextMessage<{ port: number }>(server);
    procs.push(
      ...shares(CLIENTS).map((n) =>
        start('bench/feed/write-floor.ts', CLIENT_CORE, ['client', String(port), String(n)]),
      ),
    );
    const done = nextMessage<{ flushes: number[] }>(server);
    await Promise.all(procs.map((p) => nextMessage<{ kind: 'ready' }>(p)));
    return (await done).flushes;
  } finally {
    for (const p of procs) kill(p);
    kill(server);
  }
}

interface MemoryResult {
  heapPerConnection: number;
  rssPerConnection: number;
  arrayBuffersPerConnection: number;
}

async function memoryRun(seed: number): Promise<MemoryResult> {
  const server = start('bench/feed/gateway-server.ts', SERVER_CORE, ['250', String(INSTRUMENTS), 'quiet']);
  const procs: ChildProcess[] = [];
  try {
    await nextMessage<{ port: number }>(server);
    server.send('memory');
    const before = await nextMessage<ServerReport>(server);
    procs.push(...(await connectClients(before.port, IDLE, seed)));
    await sleep(1_000);
    server.send('memory');
    const after = await nextMessage<ServerReport>(server);
    if (after.connections !== IDLE) throw new Error(`expected ${IDLE} connections, server has ${after.connections}`);
    return {
      heapPerConnection: (after.heapUsed - before.heapUsed) / IDLE,
      rssPerConnection: (after.rss - before.rss) / IDLE,
      arrayBuffersPerConnection: (after.arrayBuffers - before.arrayBuffers) / IDLE,
    };
  } finally {
    for (const p of procs) kill(p);
    kill(server);
  }
}

function percentile(histogram: Map<number, number>, q: number): number {
  const total = [...histogram.values()].reduce((a, b) => a + b, 0);
  let seen = 0;
  for (const ms of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(ms) ?? 0;
    if (seen >= q * total) return ms;
  }
  return NaN;
}

function spread(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? NaN, median: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted.at(-1) ?? NaN };
}

const show = (label: string, values: number[], unit: string, digits: number, budget?: string) => {
  const s = spread(values);
  console.log(
    `${label.padEnd(44)} min ${s.min.toFixed(digits)}${unit}  median ${s.median.toFixed(digits)}${unit}  ` +
      `max ${s.max.toFixed(digits)}${unit}${budget ? `  (budget ${budget})` : ''}`,
  );
};

console.log(
  `${RUNS} runs; ${CLIENTS.toLocaleString('en-IN')} clients × ${TOKENS} random ${MODE} tokens of ` +
    `${INSTRUMENTS.toLocaleString('en-IN')} instruments ticking once a second ` +
    `(${PUBLISH === 'spread' ? 'a tenth of them every 100 ms' : 'all together, as the simulated market publishes'}); ` +
    `${args.bus === 'redis' ? 'gateway on Redis, publisher in a process of its own; ' : ''}` +
    `${SECONDS} s measured after a ` +
    `${WARM_UP_MS / 1_000} s warm-up; server ${HAVE_TASKSET ? `pinned to core ${SERVER_CORE}` : 'unpinned (no taskset)'}, ` +
    `${CLIENT_PROCESSES} client processes ${HAVE_TASKSET ? `on core ${CLIENT_CORE}` : ''}; ${cpus().length} cores`,
);
const loads: number[] = [];
const steals: (number | null)[] = [];

/** Runs `RUNS` load runs, noting the load average and the steal of each. */
async function loadRuns(flushMs: number, seconds = SECONDS, stalled = 0): Promise<LoadResult[]> {
  const results: LoadResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    loads.push(loadavg()[0] ?? NaN);
    const steal = stealMeter();
    results.push(await loadRun(flushMs, run + 1, seconds, stalled));
    steals.push(steal());
  }
  return results;
}

/** Prints the figures of load runs, with the budgets that hold at 100 ms batches. */
function showLoad(flushMs: number, results: readonly LoadResult[]) {
  const budget = (text: string) => (flushMs === 100 ? text : undefined);
  show(
    'delivered',
    results.map((r) => r.delivered * 100),
    ' %',
    3,
    budget('≥ 99.9 %'),
  );
  show(
    'p50 publish→receive',
    results.map((r) => r.p50),
    ' ms',
    0,
  );
  show(
    'p99 publish→receive',
    results.map((r) => r.p99),
    ' ms',
    0,
    budget('≤ 120 ms'),
  );
  show(
    'max publish→receive',
    results.map((r) => r.max),
    ' ms',
    0,
  );
  show(
    'server CPU, % of one core',
    results.map((r) => r.cpu * 100),
    ' %',
    1,
    budget('≤ 40 %'),
  );
  show(
    'client processes CPU, % of their one core',
    results.map((r) => r.clientCpu * 100),
    ' %',
    1,
  );
}

for (const flushMs of PHASES.has('load') ? FLUSHES : []) {
  const results = await loadRuns(flushMs);
  const rate = results[0]?.ticksPerSecond ?? 0;
  console.log(`\n${flushMs} ms batches, ${Math.round(rate).toLocaleString('en-IN')} ticks/s offered:`);
  showLoad(flushMs, results);
}
if (PHASES.has('stall')) {
  const results = await loadRuns(STALL_FLUSH_MS, STALL_SECONDS, 1);
  console.log(
    `\n${STALL_FLUSH_MS} ms batches, ${STALL_SECONDS} s measured, with one more client holding all ` +
      `${INSTRUMENTS.toLocaleString('en-IN')} instruments in full mode that stops reading as the measurement starts ` +
      '(not counted below):',
  );
  const dropped = results.map((r) => (r.droppedAfterMs === null ? NaN : r.droppedAfterMs / 1_000));
  show('the stalled client dropped after', dropped, ' s', 1);
  if (dropped.some(Number.isNaN)) console.log('(NaN: not dropped within the measured window)');
  showLoad(STALL_FLUSH_MS, results);
}
if (PHASES.has('floor')) {
  const floors: number[][] = [];
  for (let run = 0; run < RUNS; run++) floors.push(await floorRun());
  const median = (values: number[]) => spread(values).median;
  console.log(
    `\nThe machine's floor for one flush: a plain write of ${FLOOR_FRAME_BYTES.toLocaleString('en-IN')} bytes to ` +
      `each of ${CLIENTS.toLocaleString('en-IN')} loopback TCP connections (no WebSocket, no JSON), ` +
      `${FLOOR_ROUNDS} loops a run:`,
  );
  show('one loop of writes, median of a run', floors.map(median), ' ms', 1);
  show(
    'per write, median of a run',
    floors.map((f) => (median(f) * 1_000) / CLIENTS),
    ' µs',
    1,
  );
}
if (PHASES.has('memory')) {
  const memory: MemoryResult[] = [];
  for (let run = 0; run < RUNS; run++) memory.push(await memoryRun(run + 1));
  console.log(`\n${IDLE.toLocaleString('en-IN')} idle connections, each subscribed to ${TOKENS} tokens:`);
  show(
    'JS heap per connection',
    memory.map((m) => m.heapPerConnection / 1024),
    ' KB',
    2,
    '≤ 5 KB',
  );
  show(
    'RSS per connection',
    memory.map((m) => m.rssPerConnection / 1024),
    ' KB',
    2,
    '≤ 10 KB',
  );
  show(
    'array buffers per connection',
    memory.map((m) => m.arrayBuffersPerConnection / 1024),
    ' KB',
    2,
  );
}
if (loads.length > 0) {
  console.log(`\nload average at the start of each load run: ${loads.map((l) => l.toFixed(2)).join(', ')}`);
  console.log(`CPU stolen by the host during each load run (steal): ${steals.map(formatSteal).join(', ')}`);
}
