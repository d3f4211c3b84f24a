import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A fresh process that keeps every object one allocation site makes, long enough for V8 to weigh pretenuring that
// site, while V8 reports what its pretenuring sees at each collection.
const CHILD = `
const { tuneV8ForServing } = await import(process.env.V8_TUNING_MODULE);
if (process.env.TUNE === '1') tuneV8ForServing();
const kept = [];
const make = (i) => ({ i, list: [i], text: 'x' + i });
for (let round = 0; round < 200; round++) {
  for (let i = 0; i < 20_000; i++) kept.push(make(i));
  if (kept.length > 400_000) kept.splice(0, 200_000);
}
process.stdout.write(String(kept.length));
`;

function pretenuringReports(tune: boolean): string[] {
  const child = spawnSync(
    process.execPath,
    ['--trace-pretenuring-statistics', '--import', 'tsx', '--input-type=module', '-e', CHILD],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        TUNE: tune ? '1' : '0',
        V8_TUNING_MODULE: new URL('./v8-tuning.ts', import.meta.url).href,
      },
    },
  );
  if (child.status !== 0) throw new Error(`child failed: ${child.stderr}`);
  return child.stdout.split('\n').filter((line) => line.includes('pretenuring:'));
}

describe('V8 tuning for serving', () => {
  it('turns allocation-site pretenuring off at run time', () => {
    // Untuned, V8 tracks the site and weighs allocating its objects in the old generation.
    expect(pretenuringReports(false).join('\n')).toMatch(/AllocationSite.*tenure/);
    // Tuned, it does not track allocation sites at all.
    expect(pretenuringReports(true)).toEqual([]);
  });
});
