// V8 settings for a process that serves requests, applied first thing by main.ts.
//
// Allocation-site pretenuring is off. V8 watches which allocation sites' objects survive young-generation
// collections and, past a threshold, allocates that site's objects straight in the old generation. In some runs
// the sites of the server's per-request objects (response headers, fastify's reply and stream objects) ended up
// tenured and stayed so, and from then on every request's short-lived objects went to the old generation: at
// 2,000 option-chain requests a second on one core, about 25 MB/s, a full collection every 10 s over a 340 MB heap,
// requests held up for up to 45 ms. With pretenuring off, every run promoted about 4 MB/s.
//
// V8's helper threads (concurrent marking and sweeping; by default also the optimizing compiler) run at the lowest
// scheduling priority, so that on a busy core they use the time the request thread leaves idle instead of taking turns
// with it. At an equal priority, a full collection's four concurrent markers get four fifths of a single core while
// they run, and every request in that window waits: on one core at 2,000 requests a second that was 40 to 140 ms.
// Lowered, the markers still finish (the request thread is idle much of each second, and V8 does the rest in small
// incremental steps on the request thread), and the requests keep their core.
//
// The optimizing compiler must then not be on those threads: with it there too, optimized code arrived late on a
// busy core (the market started in 2.0 s instead of 0.9 s, and a process's first cold history pages took 40 to
// 90 ms instead of 10 to 15). So the helpers are lowered only when V8 compiles on the main thread, which is
// Node's command-line flag `--no-concurrent-recompilation` (it cannot be set once V8 runs); `npm start` passes it.
//
// Linux only: a thread's nice value is set through its thread id (setpriority with PRIO_PROCESS takes a tid there).
// Lowering one's own threads needs no privilege. Elsewhere this does nothing.
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';

/** The nice value given to V8's helper threads: the lowest priority. */
export const HELPER_THREAD_NICE = 19;

/** The Node flag that keeps V8's optimizing compiler on the main thread; `npm start` passes it. */
export const COMPILE_ON_MAIN_THREAD = '--no-concurrent-recompilation';

/** Node's default size of V8's worker pool (`--v8-pool-size`). */
const DEFAULT_V8_POOL_SIZE = 4;

// In a thread's /proc stat line, after the command name's closing parenthesis: field 3 (state) is index 0, so
// field N is index N - 3.
const NICE_FIELD = 19 - 3;
const START_TIME_FIELD = 22 - 3;

export interface HelperThreadsResult {
  /** Thread ids lowered to {@link HELPER_THREAD_NICE}. */
  readonly lowered: readonly number[];
  /** Why nothing was lowered, when nothing was. */
  readonly skipped?: string;
}

/** A thread's stat fields after its command name (which may itself hold spaces and parentheses). */
function statFields(tid: number): string[] {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** The thread's nice value, read back from /proc (for checks). */
export function threadNice(tid: number): number {
  return Number(statFields(tid)[NICE_FIELD]);
}

/**
 * The size of V8's worker pool as this process was started: `--v8-pool-size` from the command line or
 * NODE_OPTIONS (the later one wins, as in Node), otherwise Node's default. `undefined` for 0, where Node picks the
 * size itself.
 */
export function v8PoolSize(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): number | undefined {
  let size = DEFAULT_V8_POOL_SIZE;
  const args = [...nodeOptions.split(/\s+/).filter(Boolean), ...execArgv];
  for (const [index, arg] of args.entries()) {
    const value = arg.startsWith('--v8-pool-size=')
      ? arg.slice('--v8-pool-size='.length)
      : arg === '--v8-pool-size'
        ? args[index + 1]
        : undefined;
    if (value !== undefined) size = Number(value);
  }
  return Number.isInteger(size) && size > 0 ? size : undefined;
}

/**
 * The ids of V8's platform threads: Node creates them (a delayed-task thread and the worker pool) before anything
 * else once its main thread starts and before any JavaScript runs, so they are the process's first threads after
 * the main one by start time. The libuv pool, the inspector's signal thread and worker_threads come later.
 */
export function v8PlatformThreads(poolSize: number): number[] {
  const main = process.pid;
  const others = readdirSync('/proc/self/task')
    .map(Number)
    .filter((tid) => tid !== main)
    .map((tid) => ({ tid, started: Number(statFields(tid)[START_TIME_FIELD]) }))
    .sort((a, b) => a.started - b.started || a.tid - b.tid);
  return others.slice(0, poolSize + 1).map(({ tid }) => tid);
}

/** Lowers V8's helper threads to the lowest priority (see the file's head). Never throws. */
export function lowerV8HelperThreads(): HelperThreadsResult {
  if (process.platform !== 'linux') return { lowered: [], skipped: 'thread priorities are set on Linux only' };
  const poolSize = v8PoolSize();
  if (poolSize === undefined) return { lowered: [], skipped: 'V8 pool size chosen by Node (--v8-pool-size=0)' };
  try {
    const threads = v8PlatformThreads(poolSize);
    for (const tid of threads) setPriority(tid, HELPER_THREAD_NICE);
    return { lowered: threads };
  } catch (error) {
    return { lowered: [], skipped: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether V8 was started to compile optimized code on the main thread (`--no-concurrent-recompilation`). */
export function compilesOnMainThread(execArgv: readonly string[] = process.execArgv): boolean {
  return execArgv.some((arg) => arg.replaceAll('_', '-') === COMPILE_ON_MAIN_THREAD);
}

/**
 * The settings of the file's head: pretenuring off, and the helper threads lowered when the optimizing compiler
 * is not among them. Call before the process allocates much. Never throws.
 */
export function tuneV8ForServing(): HelperThreadsResult {
  setFlagsFromString('--no-allocation-site-pretenuring');
  if (!compilesOnMainThread()) {
    return {
      lowered: [],
      skipped: 'the optimizing compiler runs on them (node without --no-concurrent-recompilation)',
    };
  }
  return lowerV8HelperThreads();
}
