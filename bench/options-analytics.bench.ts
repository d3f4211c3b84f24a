// What the options-analytics routes (gex, iv_history, iv_term_structure) cost a server at 1,000 requests a second
// (issue 32: floor median ≤ 10 ms, p95 ≤ 50 ms). A fresh server process built as main.ts builds it (production
// settings, the embedded database on disk, one market) pinned to one core, a user on a Discover trial (the delayed
// tier), and a clock running in real time from Fri 20-Nov-2026 12:00 IST, so answers are recomputed at each minute
// boundary. Each route is loaded at a constant rate by bench/open-loop.ts from the other core (latency counted from
// when each request was due), after a warm-up; the same load against a bare node:http server in the server process
// answering a constant gives this machine's floor. First (cold) answers are timed once per route beforehand.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { openDatabase } from '@fnodesk/db';
import { createFakeClock, istInstant } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { buildApp } from '../apps/server/src/app';
import { createMemoryBus } from '../apps/server/src/platform/bus';
import { loadConfig } from '../apps/server/src/platform/config';
import { createLogger } from '../apps/server/src/platform/logger';
import { SERVER_NODE_FLAGS, tuneV8ForServing } from '../apps/server/src/platform/v8-tuning';
import { authHeaders, signUpAndLogIn } from '../apps/server/test/signed-in-user';
import { openLoop } from './open-loop';

const RATE = 1_000;
const CONNECTIONS = 40;
const WARM_UP_S = 2;
const DURATION_S = 10;
const SERVER_CORE = '0';
const LOAD_CORE = '1';
const START = istInstant('2026-11-20', '12:00');
const FLOOR_MEDIAN_MS = 10;
const FLOOR_P95_MS = 50;

const ROUTES: Readonly<Record<string, string>> = {
  gex: '/data/v1/gex?name=NIFTY&expiry=2026-11-23',
  iv_history: '/data/v1/iv_history?name=NIFTY',
  iv_term_structure: '/data/v1/iv_term_structure?name=NIFTY',
};

interface Listening {
  port: number;
  barePort: number;
  userid: string;
  secret: string;
}

async function serve(): Promise<void> {
  tuneV8ForServing();
  const dir = mkdtempSync(join(tmpdir(), 'fnodesk-options-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dir,
    WEB_DIST_DIR: dir,
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '1000',
  });
  const database = await openDatabase({ dataDir: join(dir, 'pg') });
  await database.migrate();
  const clock = createFakeClock(START);
  const sim = createMarketSim({ seed: 1, now: clock.now() });
  const app = await buildApp({
    config,
    logger: createLogger('warn', new Writable({ write: (_c, _e, done) => done() })),
    database,
    bus: createMemoryBus(() => undefined),
    clock,
    version: 'bench',
    market: () => sim,
  });
  await app.ready();
  const user = await signUpAndLogIn({ app }, { tag: 'bench' });
  const headers = authHeaders(user);
  await app.inject({ method: 'GET', url: '/api/v1/start-user-trial?product_type=d', headers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end('{"code":200,"data":0}');
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const address = app.server.address();
  const bareAddress = bare.address();
  if (typeof address !== 'object' || !address || typeof bareAddress !== 'object' || !bareAddress) {
    throw new Error('not listening');
  }
  const realStart = Date.now();
  setInterval(() => clock.set(START + (Date.now() - realStart)), 20).unref();
  process.send!({
    port: address.port,
    barePort: bareAddress.port,
    userid: headers.userid!,
    secret: headers.secret!,
  } satisfies Listening);
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void app.close().then(async () => {
      bare.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

function nextMessage(child: ChildProcess): Promise<unknown> {
  return new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function timeOnce(port: number, headers: Record<string, string>, path: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - started;
}

async function measure(port: number, headers: Record<string, string>, path: string) {
  await openLoop({ port, headers, paths: [path], rate: RATE, connections: CONNECTIONS, seconds: WARM_UP_S });
  return openLoop({ port, headers, paths: [path], rate: RATE, connections: CONNECTIONS, seconds: DURATION_S });
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  spawnSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
  const child = spawn(
    'taskset',
    ['-c', SERVER_CORE, process.execPath, ...SERVER_NODE_FLAGS, '--import', 'tsx', import.meta.filename, '--serve'],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  try {
    const listening = (await nextMessage(child)) as Listening;
    const headers = { userid: listening.userid, secret: listening.secret };
    for (const [label, path] of Object.entries(ROUTES)) {
      console.log(`${label}: first (cold) answer ${(await timeOnce(listening.port, headers, path)).toFixed(1)} ms`);
    }
    const floor = await measure(listening.barePort, {}, '/');
    const show = (label: string, r: { p50: number; p95: number; p99: number; rps: number; errors: number }) =>
      console.log(
        `${label.padEnd(20)} median ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ` +
          `${r.rps.toFixed(0)} answers/s  ${r.errors} errors`,
      );
    console.log(`${RATE} req/s for ${DURATION_S} s per route after ${WARM_UP_S} s, up to ${CONNECTIONS} in flight`);
    show('bare floor', floor);
    let failed = false;
    for (const [label, path] of Object.entries(ROUTES)) {
      const result = await measure(listening.port, headers, path);
      show(label, result);
      const ok = result.p50 <= FLOOR_MEDIAN_MS && result.p95 <= FLOOR_P95_MS && result.errors === 0;
      console.log(
        `  ${ok ? 'within' : 'MISSES'} the floor (median ≤ ${FLOOR_MEDIAN_MS} ms, p95 ≤ ${FLOOR_P95_MS} ms); ` +
          `median ${(result.p50 / floor.p50).toFixed(1)}× the bare server's`,
      );
      if (!ok) failed = true;
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    child.send('stop');
  }
}
