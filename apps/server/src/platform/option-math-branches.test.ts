import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A fresh process optimises a caller of the plain Black-76 value (with Φ and erfcx inlined into it) on near-the-money
// options only, then values an expired option and options deep in either tail, as the simulated market does in an
// option's last minutes. V8's deoptimisation trace must not show any of that code thrown away. (Optimisation runs on
// the main thread here, so the caller is optimised when the test looks.)
const CHILD = `
const { black76CallValue } = await import('@fnodesk/domain');
const natives = (name) => new Function('f', 'return %' + name + '(f)');
const value = (forward, s) => black76CallValue(forward, 100, s);
natives('PrepareFunctionForOptimization')(value);
let sum = 0;
for (let i = 0; i < 20000; i++) sum += value(95 + (i % 11), 0.05 + (i % 7) * 0.04);
natives('OptimizeFunctionOnNextCall')(value);
sum += value(100, 0.1);
const optimised = natives('GetOptimizationStatus')(value);
process.stderr.write('MARK\\n');
for (const [forward, s] of [[150, 0], [50, 0], [100, 1e-9], [180, 0.01], [40, 0.01], [100.5, 1e-6]]) {
  sum += value(forward, s);
}
process.stderr.write('REPORT' + JSON.stringify({ optimised, finite: Number.isFinite(sum) }) + '\\n');
`;

// The simulated market values options with it, and the priming is in @fnodesk/domain (normal-distribution.ts).
describe('branch priming of the option math', () => {
  it('keeps an optimised caller when expired and far-tail options are first valued', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--allow-natives-syntax',
        '--no-concurrent-recompilation',
        '--trace-deopt',
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        CHILD,
      ],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        env: { ...process.env, NODE_OPTIONS: '' },
      },
    );
    if (child.status !== 0) throw new Error(`child failed: ${child.stderr}`);
    const report = child.stderr.split('\n').find((line) => line.startsWith('REPORT'));
    if (!report) throw new Error(`child gave no report: ${child.stderr}`);
    const { optimised, finite } = JSON.parse(report.slice('REPORT'.length)) as { optimised: number; finite: boolean };
    // Bit 4 of V8's optimisation status: the function runs optimised (TurboFan) code.
    expect(optimised & 16).toBe(16);
    expect(finite).toBe(true);
    // V8 prints its trace on standard output.
    const deopts = child.stdout
      .split('\n')
      .filter((line) => line.includes('deoptimizing') && /value|black76CallValue|normalCdf|erfcx/.test(line));
    expect(deopts).toEqual([]);
  });
});
