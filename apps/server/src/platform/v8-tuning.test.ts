import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

interface ChildReport {
  /** Decisions in V8's pretenuring trace about an allocation site (to tenure its objects, or to consider it). */
  decisions: number;
  /** Nice value of every thread before and after tuning. */
  before: Record<string, number>;
  after: Record<string, number>;
}

// A fresh process that tunes V8 (or not), reads its threads' nice values around it, then allocates many objects
// at two allocation sites that all survive young collections: the pattern V8 pretenures when it is allowed to.
// Collections run on the main thread alone (--single-threaded-gc), which keeps V8's survival counts exact.
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs';
const nice = (tid) => {
  const stat = readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const nices = () =>
  process.platform === 'linux' ? Object.fromEntries(readdirSync('/proc/self/task').map((tid) => [tid, nice(tid)])) : {};
const before = nices();
if (process.env.TUNE === '1') {
  const { tuneV8ForServing } = await import(process.env.V8_TUNING_MODULE);
  tuneV8ForServing();
}
const after = nices();
const keep = new Array(3_000_000);
const make = (i) => ({ a: i, b: [i, i + 1] });
for (let i = 0; i < keep.length; i++) keep[i] = make(i);
process.stderr.write('REPORT' + JSON.stringify({ before, after, kept: keep.length }) + '\\n');
`;

function runChild(tune: boolean): ChildReport {
  const child = spawnSync(
    process.execPath,
    ['--single-threaded-gc', '--trace-pretenuring-statistics', '--import', 'tsx', '--input-type=module', '-e', CHILD],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        TUNE: tune ? '1' : '0',
        V8_TUNING_MODULE: new URL('./v8-tuning.ts', import.meta.url).href,
      },
    },
  );
  if (child.status !== 0) throw new Error(`child failed: ${child.stderr}`);
  const report = child.stderr.split('\n').find((line) => line.startsWith('REPORT'));
  if (!report) throw new Error(`child gave no report: ${child.stderr}`);
  // V8 prints its trace on standard output.
  const decisions = child.stdout.split('\n').filter((line) => line.includes('pretenuring: AllocationSite('));
  return {
    decisions: decisions.length,
    ...(JSON.parse(report.slice('REPORT'.length)) as Omit<ChildReport, 'decisions'>),
  };
}

describe('V8 tuned for serving', () => {
  it('turns allocation-site pretenuring off: sites whose objects all survive are no longer considered', () => {
    // Untuned, V8 weighs allocating the surviving sites' objects straight in the old generation.
    expect(runChild(false).decisions).toBeGreaterThan(0);
    expect(runChild(true).decisions).toBe(0);
  });

  it.runIf(process.platform === 'linux')('leaves every thread at its scheduling priority', () => {
    const report = runChild(true);
    expect(Object.keys(report.after).length).toBeGreaterThan(1);
    expect(report.after).toEqual(report.before);
  });
});
