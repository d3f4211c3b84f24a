/**
 * The Advance Chart (/pages/technical-analysis) in a browser against a real server with an always-open simulated
 * market, as a live-tier user: every split layout of the table draws its panes where the table puts them, and no
 * console errors.
 */
import type { Page } from 'playwright-core';
import { GRID, SPLIT_LAYOUTS } from '../../src/features/technical-analysis/utils/split-layouts';
import {
  liveTierUser,
  openPage,
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

        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
