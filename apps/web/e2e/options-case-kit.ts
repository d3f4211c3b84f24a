/**
 * What the options-analytics browser cases share: the last answer of a data operation the page received, figures
 * read from the page and checked against it, painted charts, PNG export, the phone-width check and the live Spot.
 */
import type { TokenCandlesListSchema } from '@fnodesk/contracts';
import type { Page } from 'playwright-core';
import type { z } from 'zod';
import { saveScreenshot } from './case-kit';
import { check } from './harness';

/** The `candles` answer: candles per token. */
export type TokenCandlesList = z.infer<typeof TokenCandlesListSchema>;

/** The strike rows of a strike table. */
export const rowsOf = (table: string) => `[data-testid="${table}"] tbody tr[data-strike]`;

/** Waits until a strike table lists `count` strikes. */
export async function waitForRows(page: Page, table: string, count: number): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) => document.querySelectorAll(selector).length === wanted,
    [rowsOf(table), count] as const,
    { timeout: 30_000 },
  );
}

/** Keeps the last answer of a data operation the page received (only of requests whose URL has `part`, if given). */
export function watchAnswer<T>(page: Page, op: string, part?: string): () => T | null {
  let latest: T | null = null;
  page.on('response', (response) => {
    const url = response.url();
    if (!url.includes(`/data/v1/${op}?`) || (part !== undefined && !url.includes(part)) || !response.ok()) return;
    void response
      .json()
      .then((body: { data: T }) => {
        latest = body.data;
      })
      .catch(() => undefined);
  });
  return () => latest;
}

/** The titles of a table's column headers. */
export async function headerTitles(page: Page, table: string): Promise<string[]> {
  return page
    .locator(`[data-testid="${table}"] thead th[title]`)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));
}

/** A shown number without its grouping, sign, ₹ and % marks. */
export const numberIn = (text: string | null) => Number((text ?? '').replace(/[,+₹%]/g, ''));

/** Checks a shown figure against one computed from the page's own answer (retried across a refresh). */
export async function checkFigure<T>(
  page: Page,
  testId: string,
  answerOf: () => T | null,
  compute: (answer: T) => number,
  what: string,
  tolerance = 0.005,
): Promise<void> {
  let shown = NaN;
  let expected = NaN;
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = answerOf();
    if (answer !== null) {
      expected = compute(answer);
      shown = numberIn(await page.getByTestId(testId).textContent());
      if (Math.abs(shown - expected) <= tolerance + 1e-9) {
        console.log(`# ${what}: shown ${shown}, from the answer ${expected.toFixed(4)}`);
        return;
      }
    }
    await page.waitForTimeout(1_000);
  }
  throw new Error(`${what}: shown ${shown}, the answer gives ${expected}`);
}

/** Waits until at least `count` charts have painted. */
export async function checkChartsPainted(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelectorAll('[data-chart-state="painted"]').length >= wanted,
    count,
    { timeout: 30_000 },
  );
}

/** The panel's PNG button saves the chart as an image named after the panel. */
export async function checkPngExport(page: Page, panel: string, fileName: string): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${panel} as PNG` }).click(),
  ]);
  check(download.suggestedFilename() === fileName, `PNG export saved ${download.suggestedFilename()}`);
}

/** At a phone's width the page itself never scrolls sideways (tables and charts scroll in their boxes). */
export async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 376, `${name} scrolls sideways at 375 px (${width} px wide)`);
  await saveScreenshot(page, `${name}-375px`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** In the live tier the Spot card follows the feed: its price changes without a reload. */
export async function checkSpotMovesLive(page: Page): Promise<void> {
  const spot = page.locator('.page-header-card', { hasText: 'Spot' }).locator('dd');
  const before = await spot.textContent();
  await page.waitForFunction(
    (shown) => {
      const card = Array.from(document.querySelectorAll('.page-header-card')).find((element) =>
        element.textContent?.startsWith('Spot'),
      );
      return card?.querySelector('dd')?.textContent !== shown;
    },
    before,
    { timeout: 30_000 },
  );
  console.log(`# live Spot moved without a reload: ${before} → ${await spot.textContent()}`);
}

/** The newest row's cell of a column of a time table (rows newest first). */
export async function newestCell(page: Page, table: string, column: string): Promise<number> {
  const titles = await page
    .locator(`[data-testid="${table}"] thead tr`)
    .first()
    .locator('th')
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? cell.textContent ?? ''));
  const index = titles.indexOf(column);
  check(index >= 0, `${table} has no ${column} column: ${titles.join(', ')}`);
  const text = await page
    .locator(`[data-testid="${table}"] tbody tr`)
    .first()
    .locator('th, td')
    .nth(index)
    .textContent();
  return numberIn(text);
}

/** The last candle of each token of the page's latest candles answer, newest time only. */
export function lastCandles(answer: TokenCandlesList) {
  const last = Math.max(...answer.map((entry) => entry.candles.at(-1)?.t ?? -Infinity));
  return answer.flatMap((entry) => entry.candles.filter((candle) => candle.t === last));
}

/** Checks a figure read by `read` against one computed from the page's own answer (retried across a refresh). */
export async function checkFigureFrom<T>(
  page: Page,
  read: () => Promise<number>,
  answerOf: () => T | null,
  compute: (answer: T) => number,
  what: string,
): Promise<void> {
  let shown = NaN;
  let expected = NaN;
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = answerOf();
    if (answer !== null) {
      expected = compute(answer);
      shown = await read();
      if (Math.abs(shown - expected) <= 0.005 + 1e-9) {
        console.log(`# ${what}: shown ${shown}, from the answer ${expected.toFixed(4)}`);
        return;
      }
    }
    await page.waitForTimeout(1_000);
  }
  throw new Error(`${what}: shown ${shown}, the answer gives ${expected}`);
}
