// The pages built on the analysis page kit, each opened cold (a new browser context: no HTTP cache, no
// module cache; the session carried over) in headless Chromium on the production build, against a server with an
// always-open simulated market and a delayed-tier user:
//   - navigation → first data painted (the page's first rows or chart with data), in the page's own clock;
//   - compressed JavaScript transferred for that navigation (response bodies as sent), and whether ECharts came.
// Floors and targets (issue 29): 1.5 s / 0.8 s to data, 600 kB / 350 kB of script; ECharts only on pages that draw
// with it. Reuses apps/web/dist when present (the browser tests build it), else builds it. Run it alone
// (`flock /tmp/fnodesk-e2e.lock node --import tsx bench/run.ts kit-pages`): the build output is shared with the
// browser tests.
import { chromium } from 'playwright-core';
import { signedInUser, skipDailyNotices } from '../../apps/web/e2e/case-kit';
import { CHROMIUM_ARGS, CHROMIUM_PATH, check } from '../../apps/web/e2e/harness';
import { startRealTimeServer } from '../../apps/web/e2e/live-tier-fixture';
import { summarise } from '../stats';
import { ensureWebBuild } from './web-build';

const RUNS = 3;
const FLOOR_MS = 1_500;
const TARGET_MS = 800;
const FLOOR_KB = 600;
const TARGET_KB = 350;

/** How a page's first data shows: chain rows, a painted chart, an Advance Chart's canvas, a Quick Charts price. */
type FirstData =
  | 'chain-rows'
  | 'painted-chart'
  | 'advance-chart'
  | 'quick-chart-price'
  | 'futures-data'
  | 'table-rows'
  // Charting and order flow: the footprint's chosen candle, the split screen's first chart canvas.
  | 'footprint'
  | 'split-panes';

/** A page and how its first data shows. */
interface KitPage {
  path: string;
  draws: 'echarts' | 'lightweight' | 'table' | 'canvas';
  painted: FirstData;
}

// Runs in the page (a function, not a string: the page's CSP forbids eval): the instant the first data showed, or 0.
function firstDataAt(kind: FirstData): number {
  const shown =
    kind === 'chain-rows'
      ? document.querySelector('[data-testid="option-chain-table"] tbody tr[data-strike]') !== null
      : kind === 'painted-chart'
        ? document.querySelector('[data-chart-state="painted"]') !== null
        : kind === 'advance-chart'
          ? document.querySelector('[data-testid="advance-chart"] canvas') !== null &&
            document.querySelector('.advance-chart-overlay') === null
          : kind === 'futures-data'
            ? // The futures pages (G1): a scanner's rows, a dashboard card's entries, a sector card, an index tile.
              document.querySelector(
                '[data-testid$="-table"] tbody tr[data-symbol], [data-testid^="dashboard-card-"] li[data-symbol], ' +
                  '[data-testid="sector-card"], [data-testid="index-pcr"], [data-testid="trade-finder-chart"][data-loaded="true"]',
              ) !== null
            : kind === 'table-rows'
              ? document.querySelector(
                  'tbody tr[data-symbol], tbody tr[data-strike], .data-table-table tbody tr[data-year], tbody tr[data-time]',
                ) !== null
              : kind === 'footprint'
                ? document.querySelector('[data-testid="footprint-candle"]') !== null
                : kind === 'split-panes'
                  ? document.querySelector('[data-testid="ta-pane-chart"] canvas') !== null
                  : Array.from(document.querySelectorAll<Element>('[data-testid="quick-chart-ltp"]')).some(
                      (element) => element.textContent !== '–',
                    );
  return shown ? performance.now() : 0;
}

const PAGES: readonly KitPage[] = [
  {
    path: '/pages/option-chain',
    draws: 'table',
    painted: 'chain-rows',
  },
  {
    path: '/pages/option-chain-charts',
    draws: 'lightweight',
    painted: 'painted-chart',
  },
  {
    path: '/pages/option-chain-charts-tv',
    draws: 'lightweight',
    painted: 'advance-chart',
  },
  {
    path: '/pages/charts',
    draws: 'lightweight',
    painted: 'quick-chart-price',
  },
  {
    path: '/pages/option-action',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  {
    path: '/pages/option-OI',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  {
    path: '/pages/options-premium',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  // Options analytics pages (dealer gamma, volatility, multi-strike).
  {
    path: '/pages/market-maker-analysis',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  {
    path: '/pages/volatality-analysis',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  {
    path: '/pages/multi-strikes/lp',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  {
    path: '/pages/multi-strikes/oi',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  {
    path: '/pages/multi-strikes/pcr',
    draws: 'echarts',
    painted: 'painted-chart',
  },
  // Options intraday trends (multi-strike IV, price vs OI, dashboards).
  { path: '/pages/multi-strikes/iv', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/price-oi-chart', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/options-dashboard', draws: 'table', painted: 'table-rows' },
  { path: '/pages/open-interest-analysis', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/options-analysis', draws: 'echarts', painted: 'painted-chart' },
  // Futures scanners and pulse (G1).
  { path: '/pages/fno-stocks', draws: 'table', painted: 'futures-data' },
  { path: '/pages/future-dashboard', draws: 'table', painted: 'futures-data' },
  { path: '/pages/advance-decline', draws: 'echarts', painted: 'futures-data' },
  { path: '/pages/pre-market', draws: 'table', painted: 'futures-data' },
  { path: '/pages/dashboard', draws: 'table', painted: 'futures-data' },
  { path: '/pages/trade-finder', draws: 'lightweight', painted: 'futures-data' },
  // Sector, breadth, EOD and institutional pages (G2, G3)
  { path: '/pages/sector-stock', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/top-constituents', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/highs-lows', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/highs-lows-heatmap', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/cash-market-activity', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/fii-index-activity', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/participant-oi', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/ban-list', draws: 'table', painted: 'table-rows' },
  { path: '/pages/seasonality', draws: 'table', painted: 'table-rows' },
  // G6 straddle and strategy premium
  { path: '/pages/straddle', draws: 'table', painted: 'table-rows' },
  { path: '/pages/strangle', draws: 'table', painted: 'table-rows' },
  { path: '/pages/dynamic-atm-straddle', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/rolling-atm-straddle-chart', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/strategy-chart', draws: 'table', painted: 'table-rows' },
  { path: '/pages/multi-straddle', draws: 'echarts', painted: 'painted-chart' },
  { path: '/pages/rolling-atm-straddle', draws: 'table', painted: 'table-rows' },
  { path: '/pages/straddle-adv', draws: 'table', painted: 'table-rows' },
  { path: '/pages/strangle-adv', draws: 'table', painted: 'table-rows' },
  { path: '/pages/custom-strangle', draws: 'table', painted: 'table-rows' },
  // Charting and order flow.
  { path: '/CandleChart', draws: 'canvas', painted: 'footprint' },
  { path: '/pages/technical-analysis', draws: 'lightweight', painted: 'split-panes' },
  // Futures end-of-day pages (G3).
  { path: '/pages/futures-eod-analysis', draws: 'table', painted: 'table-rows' },
  { path: '/pages/futures-eod', draws: 'echarts', painted: 'painted-chart' },
];

/** `KIT_PAGES=/pages/a,/pages/b` measures just those pages (all of them by default). */
function chosenPages(): readonly KitPage[] {
  const only = process.env.KIT_PAGES?.split(',').filter((path) => path !== '');
  if (only === undefined || only.length === 0) return PAGES;
  const chosen = PAGES.filter((page) => only.includes(page.path));
  check(chosen.length === only.length, `KIT_PAGES names a page the bench does not list: ${only.join(', ')}`);
  return chosen;
}

function line(samples: readonly number[], unit: string, digits: number): string {
  const s = summarise(samples);
  return `min ${s.min.toFixed(digits)} / median ${s.median.toFixed(digits)} / max ${s.max.toFixed(digits)} ${unit}`;
}

async function main(): Promise<void> {
  ensureWebBuild();
  const server = await startRealTimeServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const setup = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const signingIn = await setup.newPage();
    await signedInUser(signingIn, server.baseUrl, 'kit-bench', true);
    const storageState = await setup.storageState();
    await setup.close();

    let missed = 0;
    for (const kitPage of chosenPages()) {
      const times: number[] = [];
      const kilobytes: number[] = [];
      let echartsLoaded = false;
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, storageState });
        const page = await context.newPage();
        await skipDailyNotices(page);
        const scripts: Promise<number>[] = [];
        page.on('requestfinished', (request) => {
          if (request.resourceType() !== 'script') return;
          if (/echarts/i.test(request.url())) echartsLoaded = true;
          scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
        });
        await page.goto(`${server.baseUrl}${kitPage.path}`);
        const painted = await page.waitForFunction(firstDataAt, kitPage.painted, { timeout: 60_000 });
        times.push(Number(await painted.jsonValue()));
        // Scripts still arriving once the data shows (lazy chunks) count too.
        await page.waitForLoadState('networkidle');
        kilobytes.push((await Promise.all(scripts)).reduce((sum, size) => sum + size, 0) / 1024);
        await context.close();
      }
      const medianMs = summarise(times).median;
      const medianKb = summarise(kilobytes).median;
      const echartsOk = echartsLoaded === (kitPage.draws === 'echarts');
      if (medianMs > FLOOR_MS || medianKb > FLOOR_KB || !echartsOk) missed++;
      console.log(`${kitPage.path}`);
      console.log(
        `  cold navigation → first data painted: ${line(times, 'ms', 0)} (floor ${FLOOR_MS}, target ${TARGET_MS})`,
      );
      console.log(
        `  JavaScript transferred (compressed): ${line(kilobytes, 'kB', 1)} (floor ${FLOOR_KB}, target ${TARGET_KB}); ` +
          `ECharts ${echartsLoaded ? 'loaded' : 'not loaded'}${echartsOk ? '' : ' (unexpected)'}`,
      );
    }
    console.log(missed === 0 ? 'every page within its floors' : `${missed} page(s) missed a floor`);
  } finally {
    await browser.close().catch(() => undefined);
    await server.dispose();
  }
}

await main();
