// Market Movers with every near-month F&O future (~210 rows, ~216 with the index futures) updating live, in headless
// Chromium on the production build against a server with an always-open simulated market (ticks flushed every
// 100 ms) and a live-tier user: main-thread long tasks (PerformanceObserver `longtask`, tasks over 50 ms) summed per
// second of updates, over a 20 s window after the first live ticks. Floor 100 ms/s, target 30 ms/s (issue 33).
// Run it alone (`flock /tmp/fnodesk-e2e.lock node --import tsx bench/run.ts market-movers-live`): the build output
// is shared with the browser tests.
import { chromium } from 'playwright-core';
import { liveTierUser, skipDailyNotices } from '../../apps/web/e2e/case-kit';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../apps/web/e2e/harness';
import { startRealTimeServer } from '../../apps/web/e2e/live-tier-fixture';
import { ensureWebBuild } from './web-build';

const WINDOW_MS = 20_000;
const FLOOR_MS_PER_S = 100;
const TARGET_MS_PER_S = 30;

async function main(): Promise<void> {
  ensureWebBuild();
  const server = await startRealTimeServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await liveTierUser(() => context.newPage(), server, 'movers-bench');
    const page = await context.newPage();
    await skipDailyNotices(page);
    await page.addInitScript(() => {
      const store = { total: 0, count: 0 };
      (window as unknown as { __longTasks: typeof store }).__longTasks = store;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          store.total += entry.duration;
          store.count += 1;
        }
      }).observe({ type: 'longtask', buffered: true });
    });
    // The feed frames the page receives in the window: proof that the window measured updates, not a still table.
    const frames = { count: 0, bytes: 0 };
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        frames.count += 1;
        frames.bytes += typeof frame.payload === 'string' ? frame.payload.length : frame.payload.byteLength;
      });
    });
    await page.goto(`${server.baseUrl}/pages/fno-stocks`);
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="market-movers-table"] tbody tr[data-symbol]').length > 20,
      undefined,
      { timeout: 60_000 },
    );
    await page.getByText(/^Live/).first().waitFor({ state: 'visible', timeout: 60_000 });
    // Let the first subscription's burst settle, then measure steady updates.
    await page.waitForTimeout(2_000);
    const read = () =>
      page.evaluate(() => ({
        ...(window as unknown as { __longTasks: { total: number; count: number } }).__longTasks,
      }));
    const rowTexts = () =>
      page.evaluate(() =>
        Object.fromEntries(
          Array.from(document.querySelectorAll('[data-testid="market-movers-table"] tbody tr[data-symbol]')).map(
            (row) => [row.getAttribute('data-symbol') ?? '', row.textContent ?? ''],
          ),
        ),
      );
    const before = await read();
    const textsBefore = await rowTexts();
    const framesBefore = { ...frames };
    await page.waitForTimeout(WINDOW_MS);
    const after = await read();
    const textsAfter = await rowTexts();
    const rows = Object.keys(textsAfter).length;
    const changed = Object.entries(textsAfter).filter(
      ([symbol, text]) => textsBefore[symbol] !== undefined && textsBefore[symbol] !== text,
    ).length;
    console.log(
      `updates in the window: ${frames.count - framesBefore.count} feed frames ` +
        `(${((frames.bytes - framesBefore.bytes) / 1024).toFixed(0)} KiB); ${changed} of ${rows} drawn rows changed`,
    );
    if (changed === 0) throw new Error('no drawn row changed during the window: nothing was measured');
    const perSecond = (after.total - before.total) / (WINDOW_MS / 1000);
    console.log(
      `Market Movers live (${rows} rows drawn of the near month's futures): long tasks ${perSecond.toFixed(1)} ms per ` +
        `second of updates (${after.count - before.count} tasks over ${WINDOW_MS / 1000} s; floor ${FLOOR_MS_PER_S}, ` +
        `target ${TARGET_MS_PER_S})`,
    );
    console.log(perSecond <= FLOOR_MS_PER_S ? 'within the floor' : 'missed the floor');
  } finally {
    await browser.close().catch(() => undefined);
    await server.dispose();
  }
}

await main();
