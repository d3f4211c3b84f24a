import { describe, expect, it } from 'vitest';
import { createCoalescedRun } from './coalesced-run';

/** Work that finishes when told to, counting its runs and how many ever ran at once. */
function controlledWork() {
  const work = {
    runs: 0,
    running: 0,
    mostAtOnce: 0,
    finish: [] as (() => void)[],
    run: async () => {
      work.runs += 1;
      work.running += 1;
      work.mostAtOnce = Math.max(work.mostAtOnce, work.running);
      await new Promise<void>((resolve) => work.finish.push(resolve));
      work.running -= 1;
    },
    /** Lets the oldest unfinished run end. */
    async release() {
      work.finish.shift()?.();
      await flush();
    },
  };
  return work;
}

/** Lets every queued microtask and promise continuation run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('a coalesced run', () => {
  it('starts a run on the first ask', async () => {
    const work = controlledWork();
    const run = createCoalescedRun(work.run, () => undefined);
    run.request();
    await flush();
    expect(work.runs).toBe(1);
    await work.release();
    await run.idle();
    expect(work.runs).toBe(1);
  });

  it('answers every ask made during a run with exactly one more run after it, never two at once', async () => {
    const work = controlledWork();
    const run = createCoalescedRun(work.run, () => undefined);
    run.request();
    await flush();
    for (let i = 0; i < 5; i++) run.request();
    await flush();
    expect(work.runs).toBe(1);
    await work.release();
    expect(work.runs).toBe(2);
    await work.release();
    await run.idle();
    expect(work.runs).toBe(2);
    expect(work.mostAtOnce).toBe(1);
  });

  it('runs again for an ask made after the last run ended', async () => {
    const work = controlledWork();
    const run = createCoalescedRun(work.run, () => undefined);
    run.request();
    await flush();
    await work.release();
    run.request();
    await flush();
    expect(work.runs).toBe(2);
    await work.release();
    await run.idle();
  });

  it('coalesces asks made before the first run starts into that run', async () => {
    const work = controlledWork();
    const run = createCoalescedRun(work.run, () => undefined);
    run.request();
    run.request();
    run.request();
    await flush();
    await work.release();
    await run.idle();
    expect(work.runs).toBe(1);
  });

  it('reports a failed run and keeps running later ones', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const run = createCoalescedRun(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
      },
      (error) => errors.push(error),
    );
    run.request();
    await run.idle();
    run.request();
    await run.idle();
    expect(calls).toBe(2);
    expect(errors).toHaveLength(1);
  });
});
