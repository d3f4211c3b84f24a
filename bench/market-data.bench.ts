// What the market-data API costs a server, against the budgets:
// - the Option Chain Charts history in one round trip (the index plus 15 strikes' CE and PE, 31 instruments × a
//   session of one-minute candles) measured from the load generator's process as one round trip over loopback HTTP
//   to the answer's last byte (server time plus the transfer of about a megabyte): budget p99 20 ms. Cold = a session no request has touched yet;
//   warm = the same request again.
// - the data routes (instrument search, option chain, candles, expiries) at a fixed 2,000 requests a second from
//   autocannon over loopback HTTP, the server pinned to one core and the load generator to the other: budget p99
//   10 ms. autocannon runs with its default of 10 connections. Its rate is a quota per connection and second,
//   spent back to back at the start of each second, so the server sees bursts at full speed (10 requests in
//   flight), then idles. Its correction for coordinated omission is off (`ignoreCoordinatedOmission`): it takes
//   the interval between requests as `ceil(1 / rate)` with the rate per second and latencies in milliseconds,
//   i.e. 1 ms where the interval is 5, and adds a made-up sample for every further millisecond of each latency.
//   Each route is therefore also measured at a constant 2,000 req/s by bench/open-loop.ts (requests sent on
//   schedule, up to 40 in flight, latency counted from when each was due: no coordinated omission). The same
//   loads against a bare node:http server in the server process, answering a constant, give this machine's floor.
// - starting the simulated market (budget 5 s) and the server's resident memory after all of it (budget 1 GiB).
// Each run is a fresh server process built as main.ts builds it (production settings, the embedded database on disk,
// one market; the runs differ by seed), a user on a Discover trial (the delayed tier: entitlements come from the
// database, a subscriber's reused for up to a second), and a clock running in real time from Fri 20-Nov-2026 12:00
// IST, so the chain is recomputed at each minute boundary and the delayed candles grow as time passes.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { openDatabase } from '@fnodesk/db';
import {
  contractInstrumentToken,
  createFakeClock,
  istInstant,
  spotInstrumentToken,
  tradingDaysBetween,
} from '@fnodesk/domain';
import { createMarketSim, type MarketSim } from '@fnodesk/market-sim';
import { buildApp } from '../apps/server/src/app';
import { createMemoryBus } from '../apps/server/src/platform/bus';
import { loadConfig } from '../apps/server/src/platform/config';
import { SERVER_NODE_FLAGS, tuneV8ForServing } from '../apps/server/src/platform/v8-tuning';
import { createLogger } from '../apps/server/src/platform/logger';
import { authHeaders, signUpAndLogIn } from '../apps/server/test/signed-in-user';
import { openLoop } from './open-loop';
import { formatSteal, stealMeter } from './stats';

const RUNS = 3;
const RATE = 2_000;
/** autocannon's default. */
const AUTOCANNON_CONNECTIONS = 10;
/** The most requests the constant-rate generator has in flight. */
const OPEN_LOOP_CONNECTIONS = 40;
const WARM_UP_S = 2;
const DURATION_S = 10;
const SERVER_CORE = '0';
const LOAD_CORE = '1';
const START = istInstant('2026-11-20', '12:00');
const HISTORY_SESSIONS = tradingDaysBetween('2026-09-01', '2026-11-19', 'NFO').slice(-30);
const STRIKES_EACH_SIDE = 7;
const WARM_REPEATS = 2;
const QUIET_LOAD = 0.6;
const FIRST_SEED = 1;
const MAX_QUIET_WAIT_S = 600;
/** Event-loop stalls longer than this are listed with what they overlapped (ms). */
const STALL_MS = 30;
/** How often the stall recorder looks (ms). */
const STALL_CHECK_MS = 5;

/** The child is listening and has its history URLs ready; the clock still stands at START. */
interface ServerListening {
  kind: 'listening';
  port: number;
  /** A bare node:http server in the same process answering a constant: this machine's floor for any route. */
  barePort: number;
  userid: string;
  secret: string;
  simStartMs: number;
  /** One Option Chain Charts history request per session, oldest first. */
  historyUrls: string[];
  /** Resident memory (bytes) with the application and its database, then with the market. */
  rssApp: number;
  rssMarket: number;
}

/** History done; the clock runs in real time from here. */
interface ServerReady {
  kind: 'ready';
  /**
   * Server time of each history request, in the order they came: from the request's arrival to its answer's last
   * byte handed to the socket (what the history budget counts).
   */
  historyServerMs: number[];
  /** Resident memory (bytes) after the history requests. */
  rssHistory: number;
}

/** What the load generator measured of the history requests. */
interface HistoryResult {
  first: number;
  cold: number[];
  warm: number[];
  candles: number;
  bytes: number;
}

interface ServerMemory {
  kind: 'memory';
  /** Resident memory as the load left it, and after a full collection (what the process holds). */
  rssBeforeGc: number;
  rss: number;
  heapUsed: number;
  /** Memory outside the JS heap: buffers and the embedded database's WebAssembly memory. */
  arrayBuffers: number;
  /** Event-loop delay since the previous report (ms): how long the server itself was blocked at worst. */
  loopDelayP99: number;
  loopDelayMax: number;
  /** Every stall of the event loop over {@link STALL_MS} since the load runs began, oldest first. */
  stalls: Stall[];
}

/** A stretch in which the server's event loop ran nothing else. */
interface Stall {
  /** When it ended (ms since the epoch) and how long it lasted. */
  endedAt: number;
  ms: number;
  /** Of it, the time in garbage-collection pauses, and the longest of those pauses with its kind. */
  gcMs: number;
  longestGc: string;
  /** The simulated clock's second within its minute as it ended (0 = the minute's start). */
  secondOfMinute: number;
  /**
   * CPU time the process used meanwhile (all its threads), and how often the kernel took the core from it: a
   * stall with little CPU and a preemption is the machine's, not the server's work.
   */
  cpuMs: number;
  preempted: number;
}

type ServerMessage = ServerListening | ServerReady | ServerMemory;

// --- The server process ------------------------------------------------------------------------------------------

async function serve(seed: number): Promise<void> {
  // The server as `npm start` runs it: V8 tuned for serving, production settings, the embedded database on
  // disk, one market.
  tuneV8ForServing();
  const dir = mkdtempSync(join(tmpdir(), 'fnodesk-market-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    WEB_DIST_DIR: dir,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000',
    MARKET_SEED: String(seed),
  });
  const database = await openDatabase({ dataDir: join(dir, 'pg') });
  await database.migrate();
  const bus = createMemoryBus(() => undefined);
  const clock = createFakeClock(START);
  // The market is started below, after the application, so that each one's memory is seen.
  const source: { sim?: MarketSim } = {};
  const market = () => {
    if (!source.sim) throw new Error('the market has not been started');
    return source.sim;
  };
  const app = await buildApp({
    config,
    logger: createLogger('warn', new Writable({ write: (_c, _e, done) => done() })),
    database,
    bus,
    clock,
    version: 'bench',
    market,
  });
  await app.ready();
  const rssApp = process.memoryUsage().rss;
  const simStarting = performance.now();
  const sim = (source.sim = createMarketSim({ seed, now: clock.now() }));
  const simStartMs = performance.now() - simStarting;
  const rssMarket = process.memoryUsage().rss;
  const user = await signUpAndLogIn({ app }, { tag: 'bench' });
  const headers = authHeaders(user);
  await app.inject({ method: 'GET', url: '/api/v1/start-user-trial?product_type=d', headers });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');

  // History: each session's page, as the Option Chain Charts page asks for it; the load generator times them.
  const bare = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"code":200,"data":0}');
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareAddress = bare.address();
  if (typeof bareAddress !== 'object' || !bareAddress) throw new Error('bare server not listening');

  const historyUrls = HISTORY_SESSIONS.map((date) => {
    const open = istInstant(date, '09:15');
    const expiry = sim.optionExpiries('NIFTY', open)[0]!.date;
    const atm = Math.round(sim.spot('NIFTY', open)!.lp / 50) * 50;
    const tokens = [spotInstrumentToken('NIFTY')];
    for (let i = -STRIKES_EACH_SIDE; i <= STRIKES_EACH_SIDE; i++) {
      for (const kind of ['CE', 'PE'] as const) {
        tokens.push(contractInstrumentToken({ root: 'NIFTY', kind, expiry, strike: atm + 50 * i }));
      }
    }
    return `/data/v1/candles?tokens=${tokens.join(',')}&resolution=1m&from=${date}&to=${date}`;
  });
  const listening: ServerListening = {
    kind: 'listening',
    port: address.port,
    barePort: bareAddress.port,
    userid: headers.userid!,
    secret: headers.secret!,
    simStartMs,
    historyUrls,
    rssApp,
    rssMarket,
  };
  const historyServerMs: number[] = [];
  const timeRequest = (request: IncomingMessage, response: ServerResponse) => {
    if (!request.url?.startsWith('/data/v1/candles')) return;
    const begin = performance.now();
    response.once('finish', () => historyServerMs.push(performance.now() - begin));
  };
  // Before the application's own listener, so the timing starts as the request arrives.
  app.server.prependListener('request', timeRequest);
  await new Promise<void>((resolve) => {
    process.once('message', (message) => {
      if (message === 'history-done') resolve();
    });
    process.send!(listening);
  });
  app.server.off('request', timeRequest);

  // From here on the clock runs in real time.
  const realStart = Date.now();
  const base = clock.now();
  setInterval(() => clock.set(base + (Date.now() - realStart)), 20).unref();
  const ready: ServerReady = { kind: 'ready', historyServerMs, rssHistory: process.memoryUsage().rss };
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const stalls = recordStalls(() => clock.now());
  process.send!(ready);
  process.on('message', (message) => {
    if (message === 'memory') {
      const loopDelayP99 = loop.percentile(99) / 1e6;
      const loopDelayMax = loop.max / 1e6;
      loop.reset();
      const rssBeforeGc = process.memoryUsage().rss;
      (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      const reply: ServerMemory = {
        kind: 'memory',
        rssBeforeGc,
        rss: usage.rss,
        heapUsed: usage.heapUsed,
        arrayBuffers: usage.arrayBuffers,
        loopDelayP99,
        loopDelayMax,
        stalls: stalls(),
      };
      process.send!(reply);
    } else if (message === 'stop') {
      bare.close();
      void app
        .close()
        .then(() => database.close())
        .finally(() => {
          rmSync(dir, { recursive: true, force: true });
          process.exit(0);
        });
    }
  });
}

const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak callbacks' };

/**
 * Records the event loop's stalls over {@link STALL_MS} from now on (a timer every {@link STALL_CHECK_MS} that
 * finds it ran late) and the garbage-collection pauses, and returns the function that lists the stalls with the
 * pauses inside each.
 */
function recordStalls(simNow: () => number): () => Stall[] {
  const gaps: { start: number; end: number; secondOfMinute: number; cpuMs: number; preempted: number }[] = [];
  const pauses: { start: number; end: number; kind: string }[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Node's GC entries carry their kind in `detail`, which the DOM-shaped type leaves out.
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration, kind: GC_KINDS[kind] ?? `${kind}` });
    }
  });
  gc.observe({ entryTypes: ['gc'] });
  let last = performance.now();
  let lastUsage = process.resourceUsage();
  setInterval(() => {
    const now = performance.now();
    const usage = process.resourceUsage();
    if (now - last > STALL_MS + STALL_CHECK_MS) {
      gaps.push({
        start: last + STALL_CHECK_MS,
        end: now,
        secondOfMinute: (simNow() % 60_000) / 1_000,
        cpuMs: (usage.userCPUTime + usage.systemCPUTime - lastUsage.userCPUTime - lastUsage.systemCPUTime) / 1_000,
        preempted: usage.involuntaryContextSwitches - lastUsage.involuntaryContextSwitches,
      });
    }
    last = now;
    lastUsage = usage;
  }, STALL_CHECK_MS).unref();
  return () =>
    gaps.map(({ start, end, secondOfMinute, cpuMs, preempted }) => {
      let gcMs = 0;
      let longest = { ms: 0, kind: '' };
      for (const pause of pauses) {
        const overlap = Math.min(end, pause.end) - Math.max(start, pause.start);
        if (overlap <= 0) continue;
        gcMs += overlap;
        if (pause.end - pause.start > longest.ms) longest = { ms: pause.end - pause.start, kind: pause.kind };
      }
      return {
        endedAt: performance.timeOrigin + end,
        ms: end - start,
        gcMs,
        longestGc: longest.ms > 0 ? `${longest.kind} ${longest.ms.toFixed(1)} ms` : 'none',
        secondOfMinute,
        cpuMs,
        preempted,
      };
    });
}

// --- The load generator --------------------------------------------------------------------------------------------

interface LoadResult {
  p99: number;
  p50: number;
  rps: number;
  errors: number;
}

/** One route under both load generators. */
interface RouteResult {
  autocannon: LoadResult;
  steady: LoadResult;
}

function nextMessage(child: ChildProcess): Promise<ServerMessage> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as ServerMessage));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** A stretch of a run under one load, from `at` (ms since the epoch) to the next phase's start. */
interface Phase {
  label: string;
  at: number;
}

/** autocannon, then the constant-rate generator, each after its own warm-up; notes each stretch in `phases`. */
async function measureRoute(
  port: number,
  headers: Record<string, string>,
  paths: string[],
  label: string,
  phases: Phase[],
): Promise<RouteResult> {
  const phase = (name: string) => phases.push({ label: `${label}, ${name}`, at: Date.now() });
  phase('autocannon warm-up');
  await load(port, headers, paths, WARM_UP_S);
  phase('autocannon');
  const burst = await load(port, headers, paths, DURATION_S);
  const steady = (seconds: number) =>
    openLoop({ port, headers, paths, rate: RATE, connections: OPEN_LOOP_CONNECTIONS, seconds }).then(
      ({ p50, p99, rps, errors }) => ({ p50, p99, rps, errors }) satisfies LoadResult,
    );
  phase('constant-rate warm-up');
  await steady(WARM_UP_S);
  phase('constant rate');
  const result = { autocannon: burst, steady: await steady(DURATION_S) };
  phases.push({ label: 'between routes', at: Date.now() });
  return result;
}

async function load(port: number, headers: Record<string, string>, paths: string[], seconds: number) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: AUTOCANNON_CONNECTIONS,
    overallRate: RATE,
    ignoreCoordinatedOmission: true,
    duration: seconds,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    p99: result.latency.p99,
    p50: result.latency.p50,
    rps: result.requests.average,
    errors: result.non2xx + result.errors + result.timeouts,
  } satisfies LoadResult;
}

// The machine's floor: a bare node:http server in the server process answering a constant (no framework, no
// session, no data), at the same rate from the same load generator.
const BARE_FLOOR = 'bare node:http, same process (machine floor)';

// The platform's floor on this machine: a route with neither session nor data, and a data route with no market work.
const BASELINES: Record<string, string> = {
  '/v1/timestamp (no session, no data)': '/v1/timestamp',
  'get_special_session (session, tier, no market)': '/data/v1/get_special_session',
};

const ROUTES: Record<string, string> = {
  'search?query=nif': '/data/v1/search?query=nif&filter=all',
  'option_chain NIFTY 15 strikes': '/data/v1/option_chain?name=NIFTY&expiry=2026-11-23&strikes=15',
  'candles NIFTY fut 5m, 2 days': `/data/v1/candles?tokens=${contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-23', strike: null })}&resolution=5m&from=2026-11-19&to=2026-11-20T23:59`,
  'get_option_expiry NIFTY': '/data/v1/get_option_expiry?name=NIFTY',
};

/**
 * Times each history request as one round trip over loopback HTTP to the answer's last byte, from this process
 * (the load generator's core), so the server's core does only the server's work. The first request of a process
 * is reported apart; each later session is timed cold once and warm `WARM_REPEATS` times.
 */
async function timeHistory(origin: string, headers: Record<string, string>, urls: string[]): Promise<HistoryResult> {
  const result: HistoryResult = { first: 0, cold: [], warm: [], candles: 0, bytes: 0 };
  const timed = async (url: string) => {
    const begin = performance.now();
    const res = await fetch(`${origin}${url}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    const elapsed = performance.now() - begin;
    if (res.status !== 200) throw new Error(`history: ${res.status} ${body.toString('utf8', 0, 200)}`);
    const parsed = JSON.parse(body.toString('utf8')) as { data: { candles: unknown[] }[] };
    result.candles = parsed.data.reduce((n, series) => n + series.candles.length, 0);
    result.bytes = body.length;
    return elapsed;
  };
  for (const [index, url] of urls.entries()) {
    const elapsed = await timed(url);
    if (index === 0) result.first = elapsed;
    else result.cold.push(elapsed);
    for (let repeat = 0; repeat < WARM_REPEATS; repeat++) result.warm.push(await timed(url));
  }
  return result;
}

/**
 * Times listed in the order {@link timeHistory} asks (per session one request, the process's first or cold, then
 * `WARM_REPEATS` warm ones) split by kind.
 */
function splitHistory(times: readonly number[]): { first: number; cold: number[]; warm: number[] } {
  const cold: number[] = [];
  const warm: number[] = [];
  times.forEach((ms, i) => {
    if (i % (1 + WARM_REPEATS) !== 0) warm.push(ms);
    else if (i > 0) cold.push(ms);
  });
  return { first: times[0] ?? NaN, cold, warm };
}

interface RunResult {
  listening: ServerListening;
  history: HistoryResult;
  ready: ServerReady;
  routes: Record<string, RouteResult>;
  mixed: RouteResult;
  memory: ServerMemory;
  phases: Phase[];
}

async function run(seed: number): Promise<RunResult> {
  const child = spawn(
    'taskset',
    [
      '-c',
      SERVER_CORE,
      process.execPath,
      '--expose-gc',
      ...SERVER_NODE_FLAGS,
      '--import',
      'tsx',
      import.meta.filename,
      '--serve',
      String(seed),
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  try {
    const listening = (await nextMessage(child)) as ServerListening;
    const headers = { userid: listening.userid, secret: listening.secret };
    const history = await timeHistory(`http://127.0.0.1:${listening.port}`, headers, listening.historyUrls);
    child.send('history-done');
    const ready = (await nextMessage(child)) as ServerReady;
    const routes: Record<string, RouteResult> = {};
    const phases: Phase[] = [];
    routes[BARE_FLOOR] = await measureRoute(listening.barePort, {}, ['/'], 'bare', phases);
    for (const [label, path] of Object.entries({ ...BASELINES, ...ROUTES })) {
      routes[label] = await measureRoute(listening.port, headers, [path], label, phases);
    }
    const mixed = await measureRoute(listening.port, headers, Object.values(ROUTES), 'all four mixed', phases);
    child.send('memory');
    const memory = (await nextMessage(child)) as ServerMemory;
    return { listening, history, ready, routes, mixed, memory, phases };
  } finally {
    child.send('stop');
  }
}

interface Spread {
  min: number;
  median: number;
  max: number;
}

function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

function p99(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]!;
}

const f = (n: number, digits = 2) => n.toFixed(digits);
const show = (label: string, s: Spread, unit: string, budget?: number) =>
  console.log(
    `${label.padEnd(46)} min ${f(s.min)} ${unit}  median ${f(s.median)} ${unit}  max ${f(s.max)} ${unit}` +
      (budget === undefined ? '' : `  (median = ${f(s.median / budget)}× budget ${budget} ${unit})`),
  );

if (process.argv.includes('--serve')) {
  await serve(Number(process.argv[process.argv.indexOf('--serve') + 1]));
} else {
  // The load generator runs on the other core.
  spawnSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
  const results: RunResult[] = [];
  const loads: number[] = [];
  const steals: (number | null)[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Other work on the machine skews latencies: wait (up to ten minutes) for it to quieten before each run.
    for (let waited = 0; loadavg()[0]! > QUIET_LOAD && waited < MAX_QUIET_WAIT_S; waited += 5) await sleep(5_000);
    loads.push(loadavg()[0]!);
    const steal = stealMeter();
    results.push(await run(FIRST_SEED + i));
    steals.push(steal());
  }
  const first = results[0]!.history;
  console.log(
    `${RUNS} runs, each a fresh server process pinned to core ${SERVER_CORE}; load generators on core ${LOAD_CORE}, ` +
      `${RATE} req/s for ${DURATION_S} s per route after a ${WARM_UP_S} s warm-up, autocannon ` +
      `(${AUTOCANNON_CONNECTIONS} connections) then the constant-rate generator (up to ${OPEN_LOOP_CONNECTIONS} in flight); ` +
      `load average before each run: ${loads.map((l) => l.toFixed(2)).join(', ')} (${cpus().length} cores); ` +
      `CPU stolen by the host during each run: ${steals.map(formatSteal).join(', ')}`,
  );
  show('simulated market start', spread(results.map((r) => r.listening.simStartMs)), 'ms', 5_000);
  show('history: first request of a process', spread(results.map((r) => r.history.first)), 'ms');
  show(
    `history p99 cold (${first.candles} candles, ${(first.bytes / 1_048_576).toFixed(1)} MB)`,
    spread(results.map((r) => p99(r.history.cold))),
    'ms',
    20,
  );
  show('history p99 warm', spread(results.map((r) => p99(r.history.warm))), 'ms', 20);
  // The same requests timed in the server: arrival to the last byte handed to the socket.
  const serverTimes = (r: RunResult) => splitHistory(r.ready.historyServerMs);
  show('history p99 cold, server time', spread(results.map((r) => p99(serverTimes(r).cold))), 'ms', 20);
  show('history median cold, server time', spread(results.map((r) => spread(serverTimes(r).cold).median)), 'ms');
  show('history p99 warm, server time', spread(results.map((r) => p99(serverTimes(r).warm))), 'ms', 20);
  show('history median cold', spread(results.map((r) => spread(r.history.cold).median)), 'ms');
  show('history median warm', spread(results.map((r) => spread(r.history.warm).median)), 'ms');
  const generators = [
    ['autocannon', (r: RouteResult) => r.autocannon],
    ['constant rate', (r: RouteResult) => r.steady],
  ] as const;
  for (const [name, pick] of generators) {
    console.log(`\n${name}:`);
    for (const label of [BARE_FLOOR, ...Object.keys(BASELINES)]) {
      show(`${label}: p99`, spread(results.map((r) => pick(r.routes[label]!).p99)), 'ms');
    }
    for (const label of Object.keys(ROUTES)) {
      show(`${label}: p99`, spread(results.map((r) => pick(r.routes[label]!).p99)), 'ms', 10);
      show(`${label}: p50`, spread(results.map((r) => pick(r.routes[label]!).p50)), 'ms');
      show(`${label}: req/s served`, spread(results.map((r) => pick(r.routes[label]!).rps)), '/s');
    }
    show('all four mixed: p99', spread(results.map((r) => pick(r.mixed).p99)), 'ms', 10);
    show('all four mixed: req/s served', spread(results.map((r) => pick(r.mixed).rps)), '/s');
  }
  const errors = results.reduce(
    (n, r) => n + [r.mixed, ...Object.values(r.routes)].reduce((m, x) => m + x.autocannon.errors + x.steady.errors, 0),
    0,
  );
  console.log(`\nnon-2xx answers, errors and timeouts: ${errors}`);
  const mb = (bytes: number) => bytes / 1_048_576;
  show('server RSS: application and database', spread(results.map((r) => mb(r.listening.rssApp))), 'MB');
  show('server RSS: + simulated market', spread(results.map((r) => mb(r.listening.rssMarket))), 'MB');
  show('server RSS: + 30 sessions of history', spread(results.map((r) => mb(r.ready.rssHistory))), 'MB');
  show('server RSS after the load runs', spread(results.map((r) => mb(r.memory.rssBeforeGc))), 'MB', 1_024);
  show('server RSS after a full collection', spread(results.map((r) => mb(r.memory.rss))), 'MB', 1_024);
  show('JS heap after a full collection', spread(results.map((r) => mb(r.memory.heapUsed))), 'MB');
  show('array buffers (database memory, buffers)', spread(results.map((r) => mb(r.memory.arrayBuffers))), 'MB');
  show('event-loop delay p99 over the load runs', spread(results.map((r) => r.memory.loopDelayP99)), 'ms');
  show('event-loop delay max over the load runs', spread(results.map((r) => r.memory.loopDelayMax)), 'ms');
  console.log(
    `\nevent-loop stalls over ${STALL_MS} ms during the load runs (CPU: the server's CPU time meanwhile; ` +
      'preempted: times the kernel gave its core to another process; GC: time in collection pauses within):',
  );
  for (const [i, r] of results.entries()) {
    if (r.memory.stalls.length === 0) console.log(`run ${i + 1}: none`);
    for (const stall of r.memory.stalls) {
      const phase = r.phases.findLast((p) => p.at <= stall.endedAt);
      console.log(
        `run ${i + 1}: ${f(stall.ms, 1)} ms, CPU ${f(stall.cpuMs, 1)} ms, preempted ${stall.preempted}×, ` +
          `GC ${f(stall.gcMs, 1)} ms (longest pause: ${stall.longestGc}), ` +
          `${f(stall.secondOfMinute, 1)} s into the minute, in ${phase?.label ?? 'the history requests'}`,
      );
    }
  }
}
