// /pages/option-chain-charts with 15 strikes (31 charts) in headless Chromium (--disable-gpu) on the production
// build, against a server with an always-open simulated market and a live-tier user:
//   - navigation → every chart painted with its candles (one batched candle request; charts below the fold created
//     while the browser is idle), per load: cold (a new browser context: no HTTP or module cache) and warm;
//   - strike-chart resolution change → all 30 strike charts repainted;
//   - one live update of the charts (the chart group's animation-frame flush, timed in the page with
//     performance.now), p95 over a window of live ticks;
//   - JS heap (after a forced GC) at the start and end of a bounded live window.
// Baseline (issue 9): 31 lightweight-charts with 375 candles each, data already in the page, painted first candles
// 742 ms after navigation and took 28 ms to update all 31 once. Reuses apps/web/dist when present (the browser
// tests build it), else builds it. Run it alone (`flock /tmp/fnodesk-e2e.lock node --import tsx bench/run.ts
// option-chain-charts`): the build output is shared with the browser tests.
import { chromium, type Page } from 'playwright-core';
import { signedInUser, skipDailyNotices } from '../../apps/web/e2e/case-kit';
import { CHROMIUM_ARGS, CHROMIUM_PATH, check } from '../../apps/web/e2e/harness';
import { grantBrokerSession, startRealTimeServer } from '../../apps/web/e2e/live-tier-fixture';
import { summarise } from '../stats';
import { ensureWebBuild } from './web-build';

const LOADS = 4;
const COLD_LOADS = 3;
const RESOLUTION_CHANGES = 4;
const LIVE_WINDOW_MS = 10_000;
// The issue asks for 10 minutes; a minute by default keeps `npm run bench` short (OCC_HEAP_WINDOW_MS=600000 for the full window).
const HEAP_WINDOW_MS = Number(process.env['OCC_HEAP_WINDOW_MS'] ?? 60_000);
const CHARTS = 31;
const STRIKE_CHARTS = 30;
const BASELINE_PAINT_MS = 742;
const BASELINE_UPDATE_MS = 28;

interface BenchWindow {
  __allPaintedAt: number | null;
  __visiblePaintedAt: number | null;
  __repaint: { seen: Set<Element>; start: number; end: number | null } | null;
  __flushes: { ms: number; charts: number }[];
}

// Runs in the page before its scripts: records when all charts are painted and every live flush the group measures.
function instrument(expected: number): void {
  const w = window as unknown as BenchWindow;
  w.__allPaintedAt = null;
  w.__visiblePaintedAt = null;
  w.__repaint = null;
  w.__flushes = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'chart-group-flush') continue;
      const detail = (entry as PerformanceMeasure).detail as { charts?: number } | null;
      w.__flushes.push({ ms: entry.duration, charts: detail?.charts ?? 0 });
    }
  }).observe({ entryTypes: ['measure'] });
  new MutationObserver((records) => {
    for (const record of records) {
      const target = record.target as Element;
      if (target.getAttribute('data-chart-state') !== 'painted') continue;
      if (w.__repaint !== null && w.__repaint.end === null) {
        w.__repaint.seen.add(target);
        if (w.__repaint.seen.size >= 30) w.__repaint.end = performance.now();
      }
    }
    if (w.__visiblePaintedAt === null) {
      const inView = Array.from(document.querySelectorAll<Element>('[data-chart-state]')).filter(
        (chart) => chart.getBoundingClientRect().top < window.innerHeight,
      );
      if (inView.length > 0 && inView.every((chart) => chart.getAttribute('data-chart-state') === 'painted')) {
        w.__visiblePaintedAt = performance.now();
      }
    }
    if (w.__allPaintedAt === null && document.querySelectorAll('[data-chart-state="painted"]').length >= expected) {
      w.__allPaintedAt = performance.now();
    }
  }).observe(document, { attributes: true, attributeFilter: ['data-chart-state'], subtree: true });
}

function line(label: string, samples: readonly number[], unit = 'ms'): string {
  const s = summarise(samples);
  const f = (v: number) => v.toFixed(v < 10 ? 2 : 0);
  return `${label}: min ${f(s.min)} / median ${f(s.median)} / max ${f(s.max)} ${unit} (n=${samples.length})`;
}

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usage.usedSize;
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  ensureWebBuild();
  const server = await startRealTimeServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const signingIn = await context.newPage();
    const login = await signedInUser(signingIn, server.baseUrl, 'occ-bench', true);
    await signingIn.close();
    await grantBrokerSession(server, login.email);

    // Cold loads: each in a new context carrying only the session, as a user's first visit of the day.
    const storageState = await context.storageState();
    const coldPaints: number[] = [];
    for (let i = 0; i < COLD_LOADS; i++) {
      const cold = await browser.newContext({ viewport: { width: 1400, height: 900 }, storageState });
      const coldPage = await cold.newPage();
      await skipDailyNotices(coldPage);
      await coldPage.addInitScript(() => {
        window.localStorage.setItem(
          'option-chain',
          JSON.stringify({ instrument: 'NIFTY', strike: 15, hideShow: true }),
        );
      });
      await coldPage.addInitScript(instrument, CHARTS);
      await coldPage.goto(`${server.baseUrl}/pages/option-chain-charts`);
      await coldPage.waitForFunction(() => (window as unknown as BenchWindow).__allPaintedAt !== null, undefined, {
        timeout: 30_000,
      });
      coldPaints.push(await coldPage.evaluate(() => (window as unknown as BenchWindow).__allPaintedAt!));
      await cold.close();
    }
    console.log(line('navigation → all 31 charts painted (cold)', coldPaints));

    const page = await context.newPage();
    await skipDailyNotices(page);
    await page.addInitScript(() => {
      // A returning user who chose 15 strikes; what the page stores itself (the expiry) is kept between loads.
      if (window.localStorage.getItem('option-chain') === null) {
        window.localStorage.setItem(
          'option-chain',
          JSON.stringify({ instrument: 'NIFTY', strike: 15, hideShow: true }),
        );
      }
    });
    await page.addInitScript(instrument, CHARTS);
    const url = `${server.baseUrl}/pages/option-chain-charts`;

    // Loads: the first warms the server's caches and the browser's module cache, like a user's second visit.
    const paints: number[] = [];
    const visiblePaints: number[] = [];
    let candleRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/data/v1/candles?')) candleRequests++;
    });
    for (let i = 0; i < LOADS; i++) {
      candleRequests = 0;
      await page.goto(url);
      await page.waitForFunction(() => (window as unknown as BenchWindow).__allPaintedAt !== null, undefined, {
        timeout: 30_000,
      });
      const timing = await page.evaluate(() => {
        const w = window as unknown as BenchWindow;
        const candles = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/data/v1/candles?'))
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
        return { all: w.__allPaintedAt!, visible: w.__visiblePaintedAt ?? w.__allPaintedAt!, candles: candles[0] ?? 0 };
      });
      paints.push(timing.all);
      visiblePaints.push(timing.visible);
      console.log(
        `  load ${i + 1}: candles answered at ${timing.candles.toFixed(0)} ms, charts in view painted at ` +
          `${timing.visible.toFixed(0)} ms, all ${CHARTS} at ${timing.all.toFixed(0)} ms; ${candleRequests} candle request(s)`,
      );
    }
    const paintRuns = paints.slice(1);
    console.log(line('navigation → charts in view painted (warm)', visiblePaints.slice(1)));
    console.log(line('navigation → all 31 charts painted (warm)', paintRuns));
    console.log(
      `  vs baseline ${BASELINE_PAINT_MS} ms: ×${(summarise(paintRuns).median / BASELINE_PAINT_MS).toFixed(2)} (target ≤ 1000, aim ≤ 500)`,
    );

    // Resolution changes of the strike charts.
    const repaints: number[] = [];
    const select = page.getByLabel('Strike chart resolution', { exact: true });
    for (let i = 0; i < RESOLUTION_CHANGES; i++) {
      const next = i % 2 === 0 ? '15m' : '5m';
      await page.evaluate(() => {
        (window as unknown as BenchWindow).__repaint = { seen: new Set(), start: performance.now(), end: null };
      });
      await select.selectOption(next);
      await page.waitForFunction(() => (window as unknown as BenchWindow).__repaint?.end != null, undefined, {
        timeout: 30_000,
      });
      const took = await page.evaluate(() => {
        const repaint = (window as unknown as BenchWindow).__repaint!;
        return repaint.end! - repaint.start;
      });
      repaints.push(took);
    }
    console.log(line(`resolution change → ${STRIKE_CHARTS} strike charts repainted`, repaints) + ' (target ≤ 600)');

    // Live updates.
    await page.locator('[data-testid="option-chain-charts-status"][data-mode="live"]').waitFor({ timeout: 20_000 });
    await page.evaluate(() => {
      (window as unknown as BenchWindow).__flushes = [];
    });
    await page.waitForTimeout(LIVE_WINDOW_MS);
    const measured = await page.evaluate(() => (window as unknown as BenchWindow).__flushes);
    const flushes = measured.map((f) => f.ms);
    check(flushes.length > 0, 'no live update was measured');
    console.log(
      line(
        '  charts updated per flush',
        measured.map((f) => f.charts),
        'charts',
      ),
    );
    const sorted = [...flushes].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
    console.log(
      line('one live update of the charts (rAF flush)', flushes) + `, p95 ${p95.toFixed(2)} ms (target ≤ 16)`,
    );
    console.log(`  vs baseline ${BASELINE_UPDATE_MS} ms for all 31: ×${(p95 / BASELINE_UPDATE_MS).toFixed(2)} at p95`);

    // Heap over a bounded live window (the issue asks for 10 minutes; this run keeps to one).
    const before = await heapUsed(page);
    await page.waitForTimeout(HEAP_WINDOW_MS);
    const after = await heapUsed(page);
    const growth = ((after - before) / before) * 100;
    console.log(
      `JS heap after GC: ${(before / 1_048_576).toFixed(1)} MB → ${(after / 1_048_576).toFixed(1)} MB over ` +
        `${HEAP_WINDOW_MS / 1000} s of live updates (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %; target ≤ 10 % over 10 min)`,
    );
    console.log(`(whole benchmark ${((Date.now() - startedAt) / 1000).toFixed(0)} s)`);
  } finally {
    await browser.close().catch(() => undefined);
    await server.dispose();
  }
}

await main();
