/**
 * The Orderflow (footprint) chart in a browser against a real server with an always-open simulated market, as a
 * live-tier user: the footprint paints, the rows of a closed candle show sell × buy volumes whose sum equals that
 * candle's volume from `pattern`, the page does not scroll sideways at 375 px (it shows the orderflow mobile notice),
 * and no console errors or CSP violations.
 */
import type { Page } from 'playwright-core';
import {
  liveTierUser,
  openPage,
  saveScreenshot,
  sessionHeaders,
  skipDailyNotices,
  useColorMode,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

/** The token and resolution of the last footprint answer the page received. */
function watchFootprint(page: Page): () => { token: string; type: string } | null {
  let latest: { token: string; type: string } | null = null;
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/data/v1/footprint' || !response.ok()) return;
    latest = { token: url.searchParams.get('token') ?? '', type: url.searchParams.get('type') ?? '' };
  });
  return () => latest;
}

async function shownCandle(page: Page) {
  const section = page.getByTestId('footprint-candle');
  const t = Number(await section.getAttribute('data-t'));
  const rows = await page
    .locator('[data-testid="footprint-rows"] tbody tr')
    .evaluateAll((cells) =>
      cells.map((row) => Number(row.getAttribute('data-bid')) + Number(row.getAttribute('data-ask'))),
    );
  return { t, volume: rows.reduce((sum, value) => sum + value, 0), rows: rows.length };
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'orderflow-footprint',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'orderflow-live');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const footprintOf = watchFootprint(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/CandleChart`);
        await page.getByTestId('footprint-candle').waitFor({ state: 'visible', timeout: 30_000 });
        await page.getByText(/^Live/).first().waitFor({ state: 'visible', timeout: 30_000 });
        const painted = await page
          .locator('.footprint-canvas')
          .evaluate((canvas: HTMLCanvasElement) => canvas.width > 0 && canvas.height > 0);
        check(painted, 'the footprint canvas has no size');

        // A closed candle: the one before the forming one.
        await page.getByRole('button', { name: '‹ Previous candle' }).click();
        const shown = await shownCandle(page);
        check(shown.rows > 0, 'the chosen candle lists no rows');
        const asked = footprintOf();
        check(asked !== null && asked.type === '3m', `the page asked for ${JSON.stringify(asked)}`);
        const headers = await sessionHeaders(page);
        const answer = await fetch(
          `${server.baseUrl}/data/v1/pattern?tokens=${asked.token}&type=3m&from=${shown.t}&to=${shown.t + 3 * 60_000 - 1}`,
          { headers },
        );
        const body = (await answer.json()) as { data: { candles: { t: number; v: number }[] }[] };
        const candle = body.data[0]?.candles.find((c) => c.t === shown.t);
        check(candle !== undefined, `pattern has no candle at ${shown.t}`);
        console.log(`# footprint bid + ask ${shown.volume}, pattern volume ${candle.v} (${shown.rows} rows)`);
        check(shown.volume === candle.v, `bid + ask ${shown.volume} ≠ the candle's volume ${candle.v}`);
        await saveScreenshot(page, 'orderflow-light');

        await useColorMode(page, 'dark');
        await page.reload();
        await page.getByTestId('footprint-candle').waitFor({ state: 'visible', timeout: 30_000 });
        await saveScreenshot(page, 'orderflow-dark');

        // A phone: the orderflow notice, and no sideways page scroll.
        await page.setViewportSize({ width: 375, height: 812 });
        await page.reload();
        await page.getByText('The orderflow chart can be viewed only in a big screen.', { exact: false }).waitFor({
          state: 'visible',
        });
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        check(width <= 376, `the orderflow page scrolls sideways at 375 px (${width} px wide)`);
        await saveScreenshot(page, 'orderflow-375px');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
