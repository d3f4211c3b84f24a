/**
 * The Advance Chart (/pages/technical-analysis) in a browser against a real server with an always-open simulated
 * market, as a live-tier user: every split layout of the table draws its panes where the table puts them, MTF shows
 * pane 1's instrument in every pane (each at its own resolution), a horizontal line drawn on a pane is there again
 * after a reload, the page does not scroll sideways at 375 px, and no console errors.
 */
import type { Page } from 'playwright-core';
import { GRID, SPLIT_LAYOUTS } from '../../src/features/technical-analysis/utils/split-layouts';
import {
  liveTierUser,
  openPage,
  saveScreenshot,
  skipDailyNotices,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

const PANE = '[data-testid="ta-pane"]';

async function chooseLayout(page: Page, id: string): Promise<void> {
  await page.getByTestId('ta-layout-toggle').click();
  await page.locator(`.ta-layout-menu [data-layout="${id}"]`).click();
  await page.waitForFunction(
    (wanted) => document.querySelector('[data-testid="ta-layout"]')?.getAttribute('data-layout') === wanted,
    id,
  );
}

/** Checks that every pane sits where the layout table puts it (within 2 px). */
async function checkPaneRectangles(page: Page, id: string): Promise<void> {
  const layout = SPLIT_LAYOUTS.find((candidate) => candidate.id === id)!;
  const box = await page.getByTestId('ta-layout').boundingBox();
  check(box !== null, 'the layout has no box');
  const panes = await page.locator(PANE).evaluateAll((elements) =>
    elements.map((element) => {
      const r = element.getBoundingClientRect();
      return { x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height };
    }),
  );
  check(panes.length === layout.count, `${id}: ${panes.length} panes, the table has ${layout.count}`);
  const scrollY = await page.evaluate(() => window.scrollY);
  layout.panes.forEach((rect, i) => {
    const shown = panes[i]!;
    const expected = {
      x: box.x + (rect.x / GRID) * box.width,
      y: box.y + scrollY + (rect.y / GRID) * box.height,
      w: (rect.w / GRID) * box.width,
      h: (rect.h / GRID) * box.height,
    };
    const off = Math.max(
      Math.abs(shown.x - expected.x),
      Math.abs(shown.y - expected.y),
      Math.abs(shown.w - expected.w),
      Math.abs(shown.h - expected.h),
    );
    check(off <= 2, `${id} pane ${i + 1} is ${off.toFixed(1)} px off its rectangle`);
  });
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'technical-analysis-layouts',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'advance-chart');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/pages/technical-analysis`);
        await page.getByTestId('ta-layout').waitFor({ state: 'visible', timeout: 30_000 });

        // Every layout of the table, pane by pane.
        for (const layout of SPLIT_LAYOUTS) {
          await chooseLayout(page, layout.id);
          await checkPaneRectangles(page, layout.id);
        }
        console.log(`# ${SPLIT_LAYOUTS.length} layouts drew their panes where the table puts them`);

        // MTF: pane 1 shows BANKNIFTY; with MTF every pane does, each at its own resolution.
        await chooseLayout(page, '4A');
        const picker = page.getByRole('combobox', { name: 'Instrument of chart 1' });
        await picker.fill('BANKNIFTY');
        // The index's option reads its display name (NIFTY BANK), so the first match is taken whatever its label.
        await page.getByRole('option').first().click();
        const firstToken = await page.waitForFunction(() => {
          const token = document.querySelector('[data-testid="ta-pane"][data-pane="1"]')?.getAttribute('data-token');
          const second = document.querySelector('[data-testid="ta-pane"][data-pane="2"]')?.getAttribute('data-token');
          return token !== second ? token : null;
        });
        const token = await firstToken.jsonValue();
        await page.getByLabel('MTF').check();
        await page.waitForFunction(
          (wanted) =>
            Array.from(document.querySelectorAll('[data-testid="ta-pane"]')).every(
              (p) => p.getAttribute('data-token') === wanted,
            ),
          token,
        );
        const resolutions = await page
          .locator(PANE)
          .evaluateAll((panes) => panes.map((p) => p.getAttribute('data-resolution')));
        check(
          new Set(resolutions).size === 4,
          `MTF panes do not each keep their resolution: ${resolutions.join(', ')}`,
        );
        const stored = await page.evaluate(() => window.localStorage.getItem('technical-analysis'));
        check(
          stored !== null && stored.includes('"chartView":"4A"') && stored.includes('"mts":true'),
          `stored ${stored}`,
        );

        // A horizontal line on pane 1 survives a reload.
        const chart = page.locator('[data-pane="1"] [data-testid="ta-pane-chart"]');
        await page.waitForFunction(
          () =>
            document.querySelector('[data-pane="1"] [data-testid="ta-pane-chart"]')?.getAttribute('data-drawings') !==
            null,
          undefined,
          { timeout: 30_000 },
        );
        await page.locator('[data-pane="1"] .ta-pane-chart canvas').first().waitFor({ state: 'visible' });
        await page.waitForTimeout(1_000);
        await page.getByRole('button', { name: 'Horizontal line' }).click();
        const area = await chart.boundingBox();
        check(area !== null, 'pane 1 has no chart');
        await page.mouse.click(area.x + area.width * 0.4, area.y + area.height * 0.3);
        await page.waitForFunction(
          () =>
            document.querySelector('[data-pane="1"] [data-testid="ta-pane-chart"]')?.getAttribute('data-drawings') ===
            '1',
        );
        await saveScreenshot(page, 'technical-analysis-light');
        await page.reload();
        await page.waitForFunction(
          () =>
            document.querySelector('[data-pane="1"] [data-testid="ta-pane-chart"]')?.getAttribute('data-drawings') ===
            '1',
          undefined,
          { timeout: 30_000 },
        );
        check((await page.getByTestId('ta-layout').getAttribute('data-layout')) === '4A', 'the layout was not kept');

        await page.setViewportSize({ width: 375, height: 812 });
        await page.waitForTimeout(300);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        check(width <= 376, `the Advance Chart scrolls sideways at 375 px (${width} px wide)`);
        await saveScreenshot(page, 'technical-analysis-375px');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
