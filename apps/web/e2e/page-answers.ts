/**
 * Helpers for browser cases that check what a page shows against the `/data/v1` answers it received: the latest
 * answer of an operation, a data table's column titles and cells, and the 375 px width check.
 */
import type { Page } from 'playwright-core';
import { saveScreenshot } from './case-kit';
import { check } from './harness';

/** Keeps the last answer of a `/data/v1` operation the page received (`bare`: only the one asked without a query). */
export function watchAnswer<T>(page: Page, op: string, bare = false): () => T | null {
  let latest: T | null = null;
  page.on('response', (response) => {
    const url = response.url();
    const wanted = bare ? url.endsWith(`/data/v1/${op}`) : url.includes(`/data/v1/${op}?`);
    if (!wanted || !response.ok()) return;
    void response
      .json()
      .then((body: { data: T }) => {
        latest = body.data;
      })
      .catch(() => undefined);
  });
  return () => latest;
}

/** Waits (up to 15 s) for an answer {@link watchAnswer} keeps. */
export async function answerOf<T>(page: Page, latest: () => T | null, what: string): Promise<T> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const answer = latest();
    if (answer !== null) return answer;
    await page.waitForTimeout(500);
  }
  throw new Error(`no ${what} answer arrived`);
}

/** The full titles of a data table's columns, in order. */
export async function headerTitles(page: Page, table: string): Promise<string[]> {
  return page
    .locator(`[data-testid="${table}"] thead th[title]`)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));
}

/** Waits for a table's first row and checks it has every wanted column. */
export async function checkColumns(page: Page, table: string, wanted: readonly string[]): Promise<void> {
  await page.locator(`[data-testid="${table}"] tbody tr`).first().waitFor({ state: 'visible', timeout: 30_000 });
  const titles = await headerTitles(page, table);
  for (const title of wanted) check(titles.includes(title), `${table} has no ${title} column: ${titles.join(', ')}`);
}

/** A shown number read back (Indian grouping, signs, % and ₹ removed). */
export const numberIn = (text: string | null) => Number((text ?? '').replace(/[,+%₹\s]/g, ''));

/** The text of the cell under a column title in the first row matching `rowSelector`. */
export async function cellText(page: Page, table: string, rowSelector: string, title: string): Promise<string | null> {
  const titles = await headerTitles(page, table);
  const index = titles.indexOf(title);
  check(index >= 0, `${table} has no ${title} column`);
  return page
    .locator(`[data-testid="${table}"] tbody ${rowSelector}`)
    .first()
    .locator('th, td')
    .nth(index)
    .textContent();
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
