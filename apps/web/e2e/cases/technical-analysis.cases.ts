/**
 * The Advance Chart (/pages/technical-analysis) in a browser against a real server with an always-open simulated
 * market, as a live-tier user: every split layout of the table draws its panes where the table puts them; MTF ties
 * every pane to pane 1's instrument; a rectangle and a Fibonacci retracement drawn on a chart are saved in the
 * user's documents and, with the layout and MTF, survive a reload; no console errors.
 */
import type { Page } from 'playwright-core';
import { GRID, SPLIT_LAYOUTS } from '../../src/features/technical-analysis/utils/split-layouts';
import {
  liveTierUser,
  openPage,
  sessionHeaders,
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

interface SavedDrawing {
  kind: string;
  id: string;
}

/** Every chart drawing the user has saved, over all instruments (read through the documents API). */
async function savedDrawings(page: Page, baseUrl: string): Promise<SavedDrawing[]> {
  const headers = await sessionHeaders(page);
  const list = (await (await fetch(`${baseUrl}/api/v1/documents/chart-drawings`, { headers })).json()) as {
    data: { documents: { key: string }[] };
  };
  const drawings: SavedDrawing[] = [];
  for (const { key } of list.data.documents) {
    const url = `${baseUrl}/api/v1/documents/chart-drawings/${encodeURIComponent(key)}`;
    const document = (await (await fetch(url, { headers })).json()) as { data: { data: { drawings: SavedDrawing[] } } };
    drawings.push(...document.data.data.drawings);
  }
  return drawings;
}

/** Waits (up to 15 s) until the saved drawings' kinds are `kinds`, in any order. */
async function waitForSavedKinds(page: Page, baseUrl: string, kinds: readonly string[]): Promise<void> {
  const wanted = [...kinds].sort().join(',');
  let last = '';
  for (let attempt = 0; attempt < 30; attempt++) {
    last = (await savedDrawings(page, baseUrl))
      .map((drawing) => drawing.kind)
      .sort()
      .join(',');
    if (last === wanted) return;
    await page.waitForTimeout(500);
  }
  throw new Error(`the saved drawings are [${last}], not [${wanted}]`);
}

/**
 * Clicks pane 1's price chart at a share of its width and height. The chart reads two clicks within half a second
 * as a double click, so each click waits for the one before to be a click of its own.
 */
async function clickChart(page: Page, x: number, y: number): Promise<void> {
  const box = await page.locator(`${PANE}[data-pane="1"] [data-testid="ta-pane-chart"]`).boundingBox();
  check(box !== null, 'pane 1 has no chart box');
  await page.mouse.move(box.x + x * box.width, box.y + y * box.height);
  await page.waitForTimeout(700);
  await page.mouse.click(box.x + x * box.width, box.y + y * box.height);
}

/** Picks a drawing tool and waits until pane 1's chart takes clicks for it. */
async function pickTool(page: Page, name: string): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await button.click();
  await page.waitForFunction((label) => {
    const pressed = Array.from(document.querySelectorAll('button[aria-pressed="true"]'));
    return pressed.some((candidate) => candidate.textContent === label);
  }, name);
  await page.waitForTimeout(250);
}

async function paneTokens(page: Page): Promise<string[]> {
  return page.locator(PANE).evaluateAll((panes) => panes.map((pane) => pane.getAttribute('data-token') ?? ''));
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
  {
    name: 'technical-analysis-drawings',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'advance-drawings');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/pages/technical-analysis`);
        await page.getByTestId('ta-layout').waitFor({ state: 'visible', timeout: 30_000 });
        await chooseLayout(page, '2A');

        // MTF: pane 2 shows pane 1's instrument.
        await page.getByLabel('MTF').check();
        await page.waitForFunction((selector) => {
          const tokens = Array.from(document.querySelectorAll(selector), (pane) => pane.getAttribute('data-token'));
          return tokens.length === 2 && tokens[0] === tokens[1];
        }, PANE);

        // A rectangle and a Fibonacci retracement on chart 1, each with two clicks, saved in the documents.
        await page.locator(`${PANE}[data-pane="1"] [data-testid="ta-pane-chart"] canvas`).first().waitFor();
        await clickChart(page, 0.5, 0.05);
        await pickTool(page, 'Rectangle');
        await clickChart(page, 0.3, 0.2);
        await clickChart(page, 0.5, 0.45);
        const chart1 = page.locator(`${PANE}[data-pane="1"] [data-testid="ta-pane-chart"]`);
        await page.waitForFunction(
          (selector) => document.querySelector(selector)?.getAttribute('data-drawings') === '1',
          `${PANE}[data-pane="1"] [data-testid="ta-pane-chart"]`,
        );
        check((await chart1.getAttribute('data-drawings')) === '1', 'chart 1 holds no drawing');
        await waitForSavedKinds(page, server.baseUrl, ['rectangle']);
        await pickTool(page, 'Fib retracement');
        await clickChart(page, 0.6, 0.15);
        await clickChart(page, 0.85, 0.5);
        await waitForSavedKinds(page, server.baseUrl, ['fib-retracement', 'rectangle']);
        const tokensBefore = await paneTokens(page);

        // After a reload: the layout, MTF and the drawings are back; the rectangle is on the chart again, so a
        // click inside it selects it and Delete removes it from the saved drawings.
        await page.reload();
        await page.getByTestId('ta-layout').waitFor({ state: 'visible', timeout: 30_000 });
        const layout = page.getByTestId('ta-layout');
        check((await layout.getAttribute('data-layout')) === '2A', 'the layout did not survive the reload');
        check((await layout.getAttribute('data-mtf')) === 'true', 'MTF did not survive the reload');
        check(await page.getByLabel('MTF').isChecked(), 'the MTF box is not ticked after the reload');
        const tokensAfter = await paneTokens(page);
        check(
          tokensAfter.join() === tokensBefore.join(),
          `the panes show ${tokensAfter.join()} after the reload, ${tokensBefore.join()} before`,
        );
        await page.locator(`${PANE}[data-pane="1"] [data-testid="ta-pane-chart"] canvas`).first().waitFor();
        await page.waitForTimeout(1_000);
        await clickChart(page, 0.4, 0.32);
        await page.keyboard.press('Delete');
        await waitForSavedKinds(page, server.baseUrl, ['fib-retracement']);
        console.log('# a rectangle and a Fibonacci retracement survived the reload with layout 2A and MTF on');

        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
