// The Advance Chart (/pages/technical-analysis) with six panes, and the Orderflow footprint's draw, in headless
// Chromium (--disable-gpu) on the production build, against a server with an always-open simulated market and a
// live-tier user (issue 35). The layout is the one a user saves: the page's `technical-analysis` local-storage
// document, with layout 6A, MTF on (NIFTY in every pane, one pane per resolution 1m, 3m, 5m, 15m, 30m and 1h, so
// every tick moves all six) and EMA 20, Bollinger 20/2 and RSI 14 on every pane.
//   - a live tick → all 6 panes updated: from the feed message's arrival in the page (a listener on the page's
//     WebSocket, called before the feed client's) to the animation frame after every pane's legend took the tick
//     (the legend is rewritten in the same call that hands the candle to the chart, whose redraw is in that
//     frame); p95 of each of three windows of at least 200 ticks on one open chart, the user's first. Floor 16 ms.
//     The page runs no frames between ticks, and headless Chromium then starts a frame as soon as one is asked for
//     (the wait printed is under 1 ms at the median); on a display the frame waits for its refresh as well, up to
//     16.7 ms at 60 Hz, which no page can shorten. So the figure is the page's own work per tick;
//   - cold navigation → all 6 panes painted, three loads each in a new browser context (no HTTP or module cache;
//     the session carried over): every pane's chart shows at least 2,000 bars (its `data-bars`) and the three
//     indicators (its `data-indicators`), and an animation frame has run after the last of them. Floor 2.5 s,
//     target 1.2 s;
//   - Orderflow (/CandleChart), NIFTY's near-month future at 1m on the session the page opens on (the server's
//     always-open clock decides how much of it has traded; the candle count is printed): from the footprint
//     answer's last byte (Resource Timing responseEnd) to the animation frame after its canvas was painted. Floor
//     100 ms.
// Run it alone (`flock /tmp/fnodesk-e2e.lock node --import tsx bench/run.ts advance-chart`): the build output is
// shared with the browser tests. ADV_TICKS sets the ticks per window (default 200); ADV_PROFILE names a file for the
// page's CPU profile over the first window, ADV_TRACE a file for its timeline trace; ADV_ONLY=ticks skips the cold
// loads and the footprint; ADV_IND lists the indicators (default ema,bollinger,rsi).
import { writeFileSync } from 'node:fs';
import { spotInstrumentToken } from '@fnodesk/domain';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { liveTierUser, skipDailyNotices } from '../../apps/web/e2e/case-kit';
import { CHROMIUM_ARGS, CHROMIUM_PATH, check } from '../../apps/web/e2e/harness';
import { startRealTimeServer, type RestartableServer } from '../../apps/web/e2e/live-tier-fixture';
import { summarise } from '../stats';
import { ensureWebBuild } from './web-build';

const RUNS = 3;
const PANES = 6;
const BARS = 2_000;
const INDICATORS = (process.env['ADV_IND'] ?? 'ema,bollinger,rsi').split(',');
const RESOLUTIONS = ['1m', '3m', '5m', '15m', '30m', '1h'] as const;
const TICKS = Number(process.env['ADV_TICKS'] ?? 200);
const PROFILE_TO = process.env['ADV_PROFILE'];
const TRACE_TO = process.env['ADV_TRACE'];
/** ADV_ONLY=ticks measures the live ticks only (no cold loads, no footprint). */
const TICKS_ONLY = process.env['ADV_ONLY'] === 'ticks';
// The simulated market ticks about once a second: 200 ticks take a little over three minutes.
const TICK_WINDOW_MS = TICKS * 2_000;
const PAINT = { floor: 2_500, target: 1_200 };
const TICK_P95_FLOOR_MS = 16;
const FOOTPRINT_DRAW_FLOOR_MS = 100;
const VIEWPORT = { width: 1440, height: 900 };

/** The signed-in user's cookies and storage, carried into each new context. */
type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/** What the init script keeps on the page's window. */
interface AdvanceWindow {
  __paintedAt: number | null;
  __live: boolean;
  __ticks: number[];
  /** Per tick: its intake (arrival → every legend rewritten), the wait for the next frame, and that frame's work. */
  __parts: { intake: number; wait: number; frame: number }[];
  __partialTicks: number;
  __messages: number;
}

// Runs in the page before its scripts (serialised: no named inner functions, which the TypeScript loader would wrap
// in a helper the page does not have). Records when every pane shows its bars and indicators, and per feed message
// (while `__live`) the time until the frame after all panes took it.
function instrumentAdvanceChart(expected: { panes: number; bars: number; indicators: string }): void {
  const w = window as unknown as AdvanceWindow;
  w.__paintedAt = null;
  w.__live = false;
  w.__ticks = [];
  w.__parts = [];
  w.__partialTicks = 0;
  w.__messages = 0;
  let paintPending = false;
  new MutationObserver(() => {
    if (w.__paintedAt !== null || paintPending) return;
    const all = Array.from(document.querySelectorAll<Element>('[data-testid="ta-pane-chart"]'));
    const ready =
      all.length === expected.panes &&
      all.every(
        (chart) =>
          Number(chart.getAttribute('data-bars') ?? 0) >= expected.bars &&
          chart.getAttribute('data-indicators') === expected.indicators,
      );
    if (!ready) return;
    paintPending = true;
    requestAnimationFrame(() => {
      w.__paintedAt = performance.now();
    });
  }).observe(document, { attributes: true, attributeFilter: ['data-bars', 'data-indicators'], subtree: true });

  // The tick in flight: when its message arrived, which panes have taken it, and when the frame after it began.
  let pending: { arrival: number; panes: Set<Element>; began: number } | null = null;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // Added before the feed client sets `onmessage`, so it runs first.
      this.addEventListener('message', () => {
        if (!w.__live) return;
        w.__messages++;
        if (pending !== null && pending.panes.size > 0) w.__partialTicks++;
        const tick = { arrival: performance.now(), panes: new Set<Element>(), began: Number.NaN };
        pending = tick;
        // Requested before the charts request theirs (they do when they take the candle), so it runs first in the
        // frame that draws the tick: the frame's start. (The time a frame hands its callbacks is the display's
        // last refresh, which can be before the tick was even taken.)
        requestAnimationFrame(() => {
          tick.began = performance.now();
        });
      });
    }
  };
  new MutationObserver((records) => {
    const tick = pending;
    if (tick === null) return;
    for (const record of records) {
      const node = record.target instanceof Element ? record.target : record.target.parentElement;
      const chart = node?.closest('[data-testid="ta-pane-chart"]');
      if (chart === null || chart === undefined || node?.closest('.candle-chart-legend') === null) continue;
      tick.panes.add(chart);
    }
    if (tick.panes.size < expected.panes) return;
    pending = null;
    const taken = performance.now();
    // Registered after the charts' own redraw requests (made when they took the candle), so it runs after them.
    // The page runs no frames of its own between ticks, as a user's page does not.
    requestAnimationFrame(() => {
      const end = performance.now();
      w.__ticks.push(end - tick.arrival);
      w.__parts.push({ intake: taken - tick.arrival, wait: tick.began - taken, frame: end - tick.began });
    });
  }).observe(document, { childList: true, characterData: true, subtree: true });
}

function spread(samples: readonly number[], unit = 'ms'): string {
  const s = summarise(samples);
  const f = (v: number) => v.toFixed(v < 10 ? 2 : 0);
  return `min ${f(s.min)} / median ${f(s.median)} / max ${f(s.max)} ${unit}`;
}

/** The saved Advance Chart layout: 6A, MTF on, NIFTY at six resolutions, three indicators. */
function savedLayout(): string {
  const nifty = { token: spotInstrumentToken('NIFTY'), name: 'NIFTY', label: 'NIFTY', exchange: 'NSE' };
  return JSON.stringify({
    chartView: '6A',
    mts: true,
    panes: RESOLUTIONS.map((resolution) => ({ instrument: nifty, resolution })),
    indicators: INDICATORS,
  });
}

interface AdvanceLoad {
  page: Page;
  paintMs: number;
  candleRequests: number;
}

/** Opens the Advance Chart with the saved layout in a page of `context` and waits until all six panes are painted. */
async function openAdvanceChart(context: BrowserContext, server: RestartableServer): Promise<AdvanceLoad> {
  const page = await context.newPage();
  await skipDailyNotices(page);
  await page.addInitScript((layout) => window.localStorage.setItem('technical-analysis', layout), savedLayout());
  await page.addInitScript(instrumentAdvanceChart, { panes: PANES, bars: BARS, indicators: INDICATORS.join(',') });
  let candleRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/data/v1/candles?')) candleRequests++;
  });
  await page.goto(`${server.baseUrl}/pages/technical-analysis`);
  await page.waitForFunction(() => (window as unknown as AdvanceWindow).__paintedAt !== null, undefined, {
    timeout: 60_000,
  });
  const paintMs = await page.evaluate(() => (window as unknown as AdvanceWindow).__paintedAt!);
  return { page, paintMs, candleRequests };
}

interface TickWindow {
  ticks: number[];
  parts: { intake: number; wait: number; frame: number }[];
  partialTicks: number;
  messages: number;
}

/** Times ticks on an open Advance Chart until `TICKS` of them have reached all six panes. */
async function tickWindow(page: Page): Promise<TickWindow> {
  await page.getByText(/^Live/).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.evaluate(() => {
    const w = window as unknown as AdvanceWindow;
    w.__ticks = [];
    w.__parts = [];
    w.__partialTicks = 0;
    w.__messages = 0;
    w.__live = true;
  });
  await page
    .waitForFunction((n) => (window as unknown as AdvanceWindow).__ticks.length >= n, TICKS, {
      timeout: TICK_WINDOW_MS,
      polling: 1_000,
    })
    .catch(() => undefined);
  const live = await page.evaluate(() => {
    const w = window as unknown as AdvanceWindow;
    w.__live = false;
    return { ticks: [...w.__ticks], parts: [...w.__parts], partialTicks: w.__partialTicks, messages: w.__messages };
  });
  check(
    live.ticks.length >= TICKS,
    `${live.ticks.length} of ${TICKS} ticks reached all panes in ${TICK_WINDOW_MS / 1000} s ` +
      `(${live.messages} feed messages, ${live.partialTicks} reached only some panes)`,
  );
  return live;
}

interface FootprintWindow {
  __drawnAt: number | null;
}

// Runs in the page before its scripts: the frame after the footprint's canvas was first sized and painted.
function instrumentFootprint(): void {
  const w = window as unknown as FootprintWindow;
  w.__drawnAt = null;
  let seen = false;
  new MutationObserver((records) => {
    if (seen) return;
    if (!records.some((record) => (record.target as Element).classList.contains('footprint-canvas'))) return;
    seen = true;
    requestAnimationFrame(() => {
      w.__drawnAt = performance.now();
    });
  }).observe(document, { attributes: true, attributeFilter: ['width'], subtree: true });
}

async function footprintRun(
  browser: Browser,
  server: RestartableServer,
  storageState: Session,
): Promise<{ drawMs: number; candles: number }> {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState });
  try {
    const page = await context.newPage();
    await skipDailyNotices(page);
    await page.addInitScript(() =>
      window.localStorage.setItem(
        'CandleChart',
        JSON.stringify({ instrument: 'NIFTY', month: 0, resolution: '1m', rowTicks: null, imbalancePercent: 300 }),
      ),
    );
    await page.addInitScript(instrumentFootprint);
    let candles = 0;
    page.on('response', (response) => {
      if (!response.url().includes('/data/v1/footprint?')) return;
      void response
        .json()
        .then((body: { data?: { candles?: unknown[] } }) => {
          candles = body.data?.candles?.length ?? 0;
        })
        .catch(() => undefined);
    });
    await page.goto(`${server.baseUrl}/CandleChart`);
    await page.waitForFunction(() => (window as unknown as FootprintWindow).__drawnAt !== null, undefined, {
      timeout: 60_000,
    });
    const drawMs = await page.evaluate(() => {
      const answered = performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/data/v1/footprint?'))
        .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
      return (window as unknown as FootprintWindow).__drawnAt! - (answered[0] ?? Number.NaN);
    });
    return { drawMs, candles };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  ensureWebBuild();
  const server = await startRealTimeServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const setup = await browser.newContext({ viewport: VIEWPORT });
    await liveTierUser(() => setup.newPage(), server, 'advance-bench');
    const storageState = await setup.storageState();

    // Live ticks first, on the user's own context: three windows of ticks on one open chart.
    const p95s: number[] = [];
    const works: number[] = [];
    const live = await openAdvanceChart(setup, server);
    console.log(`  live page: 6 panes painted at ${live.paintMs.toFixed(0)} ms`);
    for (let run = 1; run <= RUNS; run++) {
      // ADV_PROFILE=file: the page's CPU profile over the first window, for DevTools' Performance panel.
      const profiling =
        run === 1 && PROFILE_TO !== undefined ? await live.page.context().newCDPSession(live.page) : null;
      if (profiling) {
        await profiling.send('Profiler.enable');
        await profiling.send('Profiler.start');
      }
      // ADV_TRACE=file: a timeline trace of window 1 (thread times show where the main thread was not running).
      if (run === 1 && TRACE_TO !== undefined) {
        await browser.startTracing(live.page, {
          path: TRACE_TO,
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8',
            'v8.execute',
            'blink',
            'cc',
            'gpu',
            'viz',
          ],
        });
      }
      const measured = await tickWindow(live.page);
      if (run === 1 && TRACE_TO !== undefined) {
        await browser.stopTracing();
        console.log(`    trace of window 1 written to ${TRACE_TO}`);
      }
      if (profiling && PROFILE_TO !== undefined) {
        const { profile } = await profiling.send('Profiler.stop');
        writeFileSync(PROFILE_TO, JSON.stringify(profile));
        console.log(`    CPU profile of window 1 written to ${PROFILE_TO}`);
      }
      const ticks = summarise(measured.ticks);
      p95s.push(ticks.p95);
      console.log(
        `  window ${run}: tick → 6 panes: median ${ticks.median.toFixed(2)} / p95 ${ticks.p95.toFixed(2)} / max ` +
          `${ticks.max.toFixed(2)} ms over ${measured.ticks.length} ticks (${measured.messages} feed messages; ` +
          `${measured.partialTicks} ticks reached only some panes)`,
      );
      // Where the time goes: the page's own work (intake, and the frame that draws it) and the wait for that frame,
      // which the display's refresh sets (0 to 16.7 ms at 60 Hz, whatever the page does).
      const intake = summarise(measured.parts.map((p) => p.intake));
      const wait = summarise(measured.parts.map((p) => p.wait));
      const frame = summarise(measured.parts.map((p) => p.frame));
      const work = summarise(measured.parts.map((p) => p.intake + p.frame));
      works.push(work.p95);
      console.log(
        `    intake p95 ${intake.p95.toFixed(2)} ms, drawing frame p95 ${frame.p95.toFixed(2)} ms, wait for the frame ` +
          `median ${wait.median.toFixed(2)} / p95 ${wait.p95.toFixed(2)} ms; the page's work (intake + frame) ` +
          `median ${work.median.toFixed(2)} / p95 ${work.p95.toFixed(2)} ms`,
      );
    }
    await live.page.close();
    if (TICKS_ONLY) {
      console.log(`live tick → all 6 panes updated, p95 per run: ${spread(p95s)} (floor ${TICK_P95_FLOOR_MS})`);
      console.log(`  of which the page's work (intake + drawing frame), p95 per run: ${spread(works)}`);
      return;
    }

    // Cold loads: each in a new context carrying only the session.
    const paints: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({ viewport: VIEWPORT, storageState });
      const load = await openAdvanceChart(context, server);
      paints.push(load.paintMs);
      console.log(
        `  cold load ${run}: 6 panes painted at ${load.paintMs.toFixed(0)} ms (${load.candleRequests} candle requests)`,
      );
      await context.close();
    }
    const paintMedian = summarise(paints).median;
    const p95Median = summarise(p95s).median;
    console.log(
      `cold navigation → 6 panes × ≥${BARS} bars × 3 indicators painted: ${spread(paints)} ` +
        `(floor ${PAINT.floor}, target ${PAINT.target})`,
    );
    console.log(
      `live tick → all 6 panes updated, p95 per run: ${spread(p95s)} (floor ${TICK_P95_FLOOR_MS}; ${TICKS} ticks a run)`,
    );
    console.log(`  of which the page's work (intake + drawing frame), p95 per run: ${spread(works)}`);

    const draws: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await footprintRun(browser, server, storageState);
      check(Number.isFinite(result.drawMs), 'the footprint answer was not seen');
      draws.push(result.drawMs);
      console.log(
        `  run ${run}: footprint of ${result.candles} candles drawn ${result.drawMs.toFixed(1)} ms after its answer`,
      );
    }
    console.log(
      `footprint (NIFTY near-month future, 1m, the page's default session) answer received → drawn: ${spread(draws)} ` +
        `(floor ${FOOTPRINT_DRAW_FLOOR_MS})`,
    );
    const missed = [
      paintMedian > PAINT.floor ? 'first paint' : null,
      p95Median > TICK_P95_FLOOR_MS ? 'live tick p95' : null,
      summarise(draws).median > FOOTPRINT_DRAW_FLOOR_MS ? 'footprint draw' : null,
    ].filter((name) => name !== null);
    console.log(missed.length === 0 ? 'every figure within its floor' : `missed the floor: ${missed.join(', ')}`);
    console.log(`(whole benchmark ${((Date.now() - startedAt) / 1000).toFixed(0)} s)`);
  } finally {
    await browser.close().catch(() => undefined);
    await server.dispose();
  }
}

await main();
