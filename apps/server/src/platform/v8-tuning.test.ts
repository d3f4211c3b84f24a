import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compilesOnMainThread, v8PoolSize } from './v8-tuning';

interface ChildReport {
  main: number;
  lowered: number[];
  skipped?: string;
  /** Nice value of every thread before and after. */
  before: Record<string, number>;
  after: Record<string, number>;
  /** CPU time (ns) each thread spent in a burst of full collections, before anything was lowered. */
  gcCpu: Record<string, number>;
}

// A fresh process (the test runner's own threads are not a process's first ones) that starts its thread pool,
// makes V8's helpers collect a large heap, then lowers them.
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
const { tuneV8ForServing, threadNice } = await import(process.env.V8_TUNING_MODULE);
await readFile('/proc/self/stat');
const tids = () => readdirSync('/proc/self/task').map(Number);
const cpu = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/schedstat', 'utf8').split(' ')[0]);
const nices = () => Object.fromEntries(tids().map((tid) => [tid, threadNice(tid)]));
const start = Object.fromEntries(tids().map((tid) => [tid, cpu(tid)]));
const heap = [];
for (let i = 0; i < 400_000; i++) heap.push({ i, next: heap[i - 1], text: 'x' + i });
for (let i = 0; i < 6; i++) globalThis.gc();
const gcCpu = Object.fromEntries(tids().map((tid) => [tid, cpu(tid) - (start[tid] ?? 0)]));
const before = nices();
const result = tuneV8ForServing();
process.stdout.write(JSON.stringify({ main: process.pid, ...result, before, after: nices(), gcCpu, kept: heap.length }));
`;

function runChild(nodeFlags: string[]): ChildReport {
  const child = spawnSync(
    process.execPath,
    [...nodeFlags, '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', CHILD],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '', V8_TUNING_MODULE: new URL('./v8-tuning.ts', import.meta.url).href },
    },
  );
  if (child.status !== 0) throw new Error(`child failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as ChildReport;
}

describe('V8 helper threads', () => {
  it.runIf(process.platform === 'linux')(
    'lowers exactly the V8 platform threads, which are the ones that collect garbage, and nothing else',
    () => {
      const report = runChild(['--no-concurrent-recompilation']);
      expect(report.skipped).toBeUndefined();
      // The delayed-task thread and Node's default pool of four.
      expect(report.lowered).toHaveLength(5);
      expect(report.lowered).not.toContain(report.main);
      for (const tid of report.lowered) expect(report.after[tid]).toBe(19);
      for (const [tid, nice] of Object.entries(report.before)) {
        if (!report.lowered.includes(Number(tid))) expect(report.after[tid], `thread ${tid}`).toBe(nice);
      }
      // Threads besides the main one exist that were left alone (the libuv pool, tsx's loader thread).
      expect(Object.keys(report.after).length).toBeGreaterThan(report.lowered.length + 1);
      // Any other thread that worked during the collections is one of those lowered.
      const busy = Object.entries(report.gcCpu)
        .filter(([tid, ns]) => Number(tid) !== report.main && ns > 2_000_000)
        .map(([tid]) => Number(tid));
      for (const tid of busy) expect(report.lowered, `thread ${tid} worked in the collections`).toContain(tid);
    },
  );

  it.runIf(process.platform === 'linux')('follows --v8-pool-size', () => {
    const report = runChild(['--no-concurrent-recompilation', '--v8-pool-size=2']);
    expect(report.lowered).toHaveLength(3);
  });

  it.runIf(process.platform === 'linux')('leaves them alone while the optimizing compiler runs on them', () => {
    const report = runChild([]);
    expect(report.lowered).toEqual([]);
    expect(report.skipped).toMatch(/--no-concurrent-recompilation/);
    expect(report.after).toEqual(report.before);
  });

  it('knows whether V8 compiles on the main thread from the command line', () => {
    expect(compilesOnMainThread([])).toBe(false);
    expect(compilesOnMainThread(['--import', 'tsx'])).toBe(false);
    expect(compilesOnMainThread(['--no-concurrent-recompilation'])).toBe(true);
    expect(compilesOnMainThread(['--no-concurrent_recompilation'])).toBe(true);
  });

  it('reads the pool size from the command line and NODE_OPTIONS, the command line winning', () => {
    expect(v8PoolSize([], '')).toBe(4);
    expect(v8PoolSize(['--v8-pool-size=2'], '')).toBe(2);
    expect(v8PoolSize(['--v8-pool-size', '3'], '')).toBe(3);
    expect(v8PoolSize([], '--max-old-space-size=512 --v8-pool-size=6')).toBe(6);
    expect(v8PoolSize(['--v8-pool-size=1'], '--v8-pool-size=6')).toBe(1);
    // 0: Node sizes the pool itself, so which threads are V8's is not known.
    expect(v8PoolSize(['--v8-pool-size=0'], '')).toBeUndefined();
  });
});
