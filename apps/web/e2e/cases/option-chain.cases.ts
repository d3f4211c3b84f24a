/**
 * /pages/option-chain in a browser against a real server with an always-open simulated market: the strikes around
 * ATM, the spec's table filters, the period buttons, CSV export of the visible rows, live ticks for a user with a
 * broker login and the delayed banner and countdown without one; screenshots in light and dark with 3 and 15 strikes.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import {
  liveTierUser,
  openPage,
  saveScreenshot,
  signedInUser,
  skipDailyNotices,
  useColorMode,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

const TABLE_ROWS = '[data-testid="option-chain-table"] tbody tr[data-strike]';

async function strikesShown(page: Page): Promise<number[]> {
  return page.locator(TABLE_ROWS).evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-strike'))));
}

/** The text of a column's cell in the row of `strike` (by the column's full label, e.g. 'Calls LTP Chg'). */
async function cellText(page: Page, strike: number, label: string): Promise<string> {
  const index = await page
    .locator('[data-testid="option-chain-table"] thead tr')
    .nth(1)
    .locator('th')
    .evaluateAll((cells, wanted) => cells.findIndex((cell) => cell.getAttribute('title') === wanted), label);
  check(index >= 0, `no column ${label}`);
  return (await page.locator(`${TABLE_ROWS}[data-strike="${strike}"] > *`).nth(index).textContent()) ?? '';
}

async function waitForRows(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) => document.querySelectorAll(selector).length === wanted,
    [TABLE_ROWS, count] as const,
    { timeout: 30_000 },
  );
}

async function atmStrike(page: Page): Promise<number> {
  const value = await page.locator(`${TABLE_ROWS}[aria-current="true"]`).getAttribute('data-strike');
  check(value !== null, 'no ATM row');
  return Number(value);
}

async function chooseStrikes(page: Page, count: number): Promise<void> {
  await page.getByLabel('Strikes').selectOption(String(count));
  await waitForRows(page, count);
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'option-chain-live-table',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'chain-live');

        const page = await newPage();
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/pages/option-chain`);
        await page.getByRole('heading', { name: 'Option Chain' }).waitFor({ state: 'visible' });

        // The default: NIFTY, eleven strikes (ATM ±5) in ascending order with the ATM strike in the middle.
        const shownAt = await page.waitForFunction(
          (selector) => document.querySelectorAll(selector).length === 11 && performance.now(),
          TABLE_ROWS,
          { timeout: 30_000 },
        );
        console.log(`# chain table shown ${Math.round(Number(await shownAt.jsonValue()))} ms after navigation`);
        const strikes = await strikesShown(page);
        check(
          strikes.every((strike, i) => i === 0 || strike > strikes[i - 1]!),
          `strikes out of order: ${strikes.join(', ')}`,
        );
        const atm = await atmStrike(page);
        check(strikes[5] === atm, `ATM ${atm} is not the middle of ${strikes.join(', ')}`);
        check((await page.getByLabel('Instrument').inputValue()) === 'NIFTY', 'the default instrument is not NIFTY');
        console.log(`# NIFTY chain: ${strikes[0]} … ${strikes.at(-1)}, ATM ${atm}`);

        // Live tier: ticks move the ATM call's LTP.
        await page.getByText(/^Live/).first().waitFor({ state: 'visible', timeout: 30_000 });
        const firstLtp = await cellText(page, atm, 'Calls LTP');
        const movedBy = Date.now() + 15_000;
        while ((await cellText(page, atm, 'Calls LTP')) === firstLtp) {
          check(Date.now() < movedBy, `the ATM call's LTP stayed at ${firstLtp} for 15 s`);
          await page.waitForTimeout(250);
        }
        console.log(`# ATM call LTP moved from ${firstLtp} to ${await cellText(page, atm, 'Calls LTP')}`);
        check(
          (await page.getByTestId('option-chain-banner').count()) === 0,
          'a live-tier user sees the delayed banner',
        );

        // Five seconds of live ticks with 15 strikes (32 instruments) keep the main thread free: no task over 50 ms.
        await chooseStrikes(page, 15);
        const longTasks = await page.evaluate(
          () =>
            new Promise<number[]>((resolve) => {
              const durations: number[] = [];
              const observer = new PerformanceObserver((list) => {
                for (const entry of list.getEntries()) durations.push(Math.round(entry.duration));
              });
              observer.observe({ type: 'longtask' });
              setTimeout(() => {
                observer.disconnect();
                resolve(durations);
              }, 5_000);
            }),
        );
        console.log(`# long tasks during 5 s of live ticks (15 strikes): [${longTasks.join(', ')}] ms`);
        check(longTasks.length === 0, `live updates blocked the main thread: ${longTasks.join(', ')} ms`);
        await chooseStrikes(page, 11);

        // Filters (spec §2.9): '>=' on the strike keeps ATM and above; a text filter finds one strike's symbols.
        await page.getByLabel('Filter Strike').fill(`>=${atm}`);
        await waitForRows(page, 6);
        await page.getByLabel('Filter Strike').fill('');
        await waitForRows(page, 11);
        await page.getByLabel('Filter by symbol or strike').fill(String(strikes[2]));
        await waitForRows(page, 1);
        await page.getByRole('button', { name: 'Clear filters' }).first().click();
        await waitForRows(page, 11);
        await page.getByLabel('Filter Calls OI', { exact: true }).fill('=0');
        await page.waitForFunction((selector) => document.querySelectorAll(selector).length < 11, TABLE_ROWS);
        await page.getByRole('button', { name: 'Clear filters' }).first().click();
        await waitForRows(page, 11);

        // Period buttons change the change columns: 5D compares with the close five sessions back.
        const oneDay = await cellText(page, strikes[0]!, 'Calls OI Chg');
        await page.getByRole('button', { name: '5D' }).click();
        check(
          (await page.getByRole('button', { name: '5D' }).getAttribute('aria-pressed')) === 'true',
          '5D not pressed',
        );
        await page.waitForFunction(
          () => document.querySelector('[aria-label="Loading period changes"]') === null,
          undefined,
          { timeout: 15_000 },
        );
        const fiveDays = await cellText(page, strikes[0]!, 'Calls OI Chg');
        console.log(`# lowest strike's call OI change: 1D ${oneDay}, 5D ${fiveDays}`);
        check(fiveDays !== oneDay, `the 5D OI change equals the 1D one (${oneDay})`);
        await page.getByRole('button', { name: '1D' }).click();

        // CSV export: the visible rows, after a filter. The strikes shown follow the live ATM, so the filter is
        // taken from the ATM as it is now and the rows it leaves are counted rather than assumed.
        const filterAt = await atmStrike(page);
        await page.getByLabel('Filter Strike').fill(`<=${filterAt}`);
        await page.waitForFunction(
          ([selector, most]) => {
            const rows = Array.from(document.querySelectorAll(selector));
            return (
              rows.length > 0 &&
              rows.length < 11 &&
              rows.every((row) => Number(row.getAttribute('data-strike')) <= most)
            );
          },
          [TABLE_ROWS, filterAt] as const,
          { timeout: 30_000 },
        );
        const shown = await page.locator(TABLE_ROWS).count();
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Export CSV' }).click(),
        ]);
        const path = await download.path();
        check(path !== null, 'the CSV was not saved');
        const lines = (await readFile(path, 'utf8')).trim().split(/\r\n/);
        check(lines.length === shown + 1, `the CSV has ${lines.length} lines for ${shown} visible rows`);
        check(lines[0]!.startsWith('Calls Symbol,'), `unexpected CSV header ${lines[0]}`);
        check(download.suggestedFilename().startsWith('NIFTY-'), `file name ${download.suggestedFilename()}`);
        await page.getByLabel('Filter Strike').fill('');

        // Screenshots: 15 and 3 strikes, light and dark; the choice survives the reloads.
        await chooseStrikes(page, 15);
        await saveScreenshot(page, 'option-chain-light-15-strikes');
        await useColorMode(page, 'dark');
        await page.reload();
        await waitForRows(page, 15);
        await saveScreenshot(page, 'option-chain-dark-15-strikes');
        await chooseStrikes(page, 3);
        await saveScreenshot(page, 'option-chain-dark-3-strikes');
        await useColorMode(page, 'light');
        await page.reload();
        await waitForRows(page, 3);
        await saveScreenshot(page, 'option-chain-light-3-strikes');

        check(problems.length === 0, problems.join('; '));
      });
    },
  },
  {
    name: 'option-chain-delayed-banner',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await signedInUser(page, server.baseUrl, 'chain-delayed', true);
        await openPage(page, `${server.baseUrl}/pages/option-chain`);
        await page
          .getByTestId('option-chain-banner')
          .filter({ hasText: 'Login with your broker for real time prices' })
          .waitFor({ state: 'visible' });
        await waitForRows(page, 11);
        const countdown = page.getByTestId('option-chain-countdown');
        await countdown.waitFor({ state: 'visible' });
        const seconds = async () => Number(/Next Update in (\d+) sec/.exec((await countdown.textContent()) ?? '')?.[1]);
        const first = await seconds();
        check(first >= 0 && first <= 59, `the countdown reads ${first} s`);
        await page.waitForTimeout(2_500);
        const later = await seconds();
        check(later < first || first <= 2, `the countdown did not run (${first} s, then ${later} s)`);
        const updated = (await page.getByTestId('option-chain-last-updated').textContent()) ?? '';
        check(/^\d{2}-[A-Z][a-z]{2}-\d{4} \d{1,2}:\d{2} (am|pm)$/.test(updated), `Last Updated reads '${updated}'`);
        check((await page.getByText(/^Live/).count()) === 0, 'a delayed-tier user is shown live data');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
