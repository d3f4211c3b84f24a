// The strategy builder's recomputation per slider update (issue 34), in headless Chromium (--disable-gpu): an
// 8-leg strategy's expiry and T+0 curves over 400 underlying prices, its net greeks, breakevens and extremes, with
// the what-if (time, IV and the marked price) changing on every update as a dragged slider does. The domain code is
// bundled as the web build bundles it and timed in the page with performance.now. Floor: p95 ≤ 8 ms; target ≤ 3 ms.
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT, check } from '../../apps/web/e2e/harness';
import type * as StrategyPayoff from '../../packages/domain/src/options/strategy-payoff';
import { summarise } from '../stats';

const UPDATES = 600;
const POINTS = 400;
const FLOOR_P95_MS = 8;
const TARGET_P95_MS = 3;

type PayoffModule = Pick<typeof StrategyPayoff, 'payoffCurves' | 'strategyGreeks' | 'breakevens' | 'payoffExtremes'>;

/** Nearest-rank quantile of samples. */
function quantile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [join(REPO_ROOT, 'packages/domain/src/options/strategy-payoff.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'strategyPayoff',
    minify: true,
    target: 'es2022',
    write: false,
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>payoff</title>');
    await page.addScriptTag({ content: script });
    const samples = await page.evaluate(
      ({ updates, points }) => {
        const m = (window as unknown as { strategyPayoff: PayoffModule }).strategyPayoff;
        const forward = 24_000;
        // Two iron condors at different widths: eight legs, a mix of bought and sold calls and puts.
        const legs = [-600, -300, 300, 600, -800, -400, 400, 800].map((offset, i) => ({
          kind: offset < 0 ? ('PE' as const) : ('CE' as const),
          side: i % 4 === 0 || i % 4 === 3 ? ('BUY' as const) : ('SELL' as const),
          quantity: 75,
          strike: forward + offset,
          entry: 40 + Math.abs(offset) / 20,
          volatility: 0.12 + i * 0.005,
          years: (i < 4 ? 6 : 13) / 365,
        }));
        const grid = Float64Array.from(
          { length: points },
          (_, i) => forward * 0.9 + (i * forward * 0.2) / (points - 1),
        );
        const durations: number[] = [];
        for (let u = 0; u < updates; u++) {
          const whatIf = { elapsedYears: (u % 6) / 365, volatilityShift: ((u % 21) - 10) / 1_000, rate: 0 };
          const start = performance.now();
          m.payoffCurves(legs, grid, whatIf);
          m.strategyGreeks(legs, forward * 0.95 + u, whatIf);
          m.breakevens(legs);
          m.payoffExtremes(legs);
          durations.push(performance.now() - start);
        }
        return durations;
      },
      { updates: UPDATES, points: POINTS },
    );
    // The first updates run before the engine has optimised the code; a dragged slider sends hundreds.
    const steady = samples.slice(50);
    const s = summarise(steady);
    const p95 = quantile(steady, 0.95);
    console.log(
      `payoff + greeks, 8 legs × ${POINTS} points per update: median ${s.median.toFixed(3)} / p95 ${p95.toFixed(3)} / max ${s.max.toFixed(3)} ms (n=${steady.length}; floor p95 ${FLOOR_P95_MS} ms, target ${TARGET_P95_MS} ms)`,
    );
    check(p95 <= FLOOR_P95_MS, `p95 ${p95.toFixed(2)} ms is above the ${FLOOR_P95_MS} ms floor`);
  } finally {
    await browser.close();
  }
}

await main();
