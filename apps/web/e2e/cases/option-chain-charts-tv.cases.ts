// /pages/option-chain-charts-tv (Advance Chart) in a real browser against an always-open simulated market: the grid
// of strike charts, indicators adding their lines and the RSI pane, a horizontal line drawn on a chart surviving a
// reload for that instrument (and deleted with the Delete key), screenshots in both themes.
import type { Page } from 'playwright-core';
import {
  liveTierUser,
  openPage,
  saveScreenshot,
  signedInUser,
  skipDailyNotices,
  switchColorMode,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

const PATH = '/pages/option-chain-charts-tv';
const CHART = '[data-testid="advance-chart"]';

/** Waits until `count` charts exist, each drawn into (a canvas) with its candles loaded. */
async function waitForCharts(page: Page, count: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, expected }) => {
      const charts = Array.from(document.querySelectorAll(selector));
      return (
        charts.length === expected &&
        charts.every((chart) => chart.querySelector('canvas') !== null) &&
        document.querySelector('[aria-label^="Loading"]') === null
      );
    },
    { selector: CHART, expected: count },
    { timeout },
  );
}

async function everyChart(page: Page, attribute: string, value: string): Promise<void> {
  await page.waitForFunction(
    ({ selector, name, expected }) =>
      Array.from(document.querySelectorAll(selector)).every((chart) => chart.getAttribute(name) === expected),
    { selector: CHART, name: attribute, expected: value },
    { timeout: 10_000 },
  );
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'option-chain-charts-tv',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'occtv');

        const page = await newPage();
        await page.setViewportSize({ width: 1400, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}${PATH}`);

        // The grid: NIFTY by default, 3 strikes → a call and a put chart each.
        await page.waitForFunction(
          () =>
            document.querySelector<HTMLInputElement>('[role="combobox"][aria-label="Instrument"]')?.value === 'NIFTY',
        );
        await waitForCharts(page, 6);
        // Live tier (trial + a broker session): the page says so, and shows no delayed banner.
        await page.getByText(/^Live/).first().waitFor({ timeout: 20_000 });
        check(
          (await page.getByText('Login with your broker for real time prices').count()) === 0,
          'delayed banner shown live',
        );
        check((await page.getByRole('heading', { name: /^Strike \d+ Call$/ }).count()) === 3, 'not 3 call charts');
        check((await page.getByRole('heading', { name: /^Strike \d+ Puts$/ }).count()) === 3, 'not 3 put charts');
        await everyChart(page, 'data-panes', '1');
        const backLink = page.getByRole('link', { name: 'Option Chain Charts' });
        check(
          (await backLink.getAttribute('href')) === '/pages/option-chain-charts',
          'no link back to the charts page',
        );

        // Indicators: EMA adds its line to every chart; RSI adds a pane of its own.
        await page.getByRole('button', { name: /^Indicators/ }).click();
        await page.getByLabel('EMA 20').check();
        await everyChart(page, 'data-indicators', 'ema');
        await everyChart(page, 'data-panes', '1');
        await page.getByLabel('RSI 14 (own pane)').check();
        await everyChart(page, 'data-indicators', 'ema,rsi');
        await everyChart(page, 'data-panes', '2');
        await page.keyboard.press('Escape');

        // Strikes: 5 strikes → 10 charts.
        await page.getByLabel('Strikes', { exact: true }).selectOption('5');
        await waitForCharts(page, 10);

        // A horizontal line drawn on the first call chart is saved for that option and drawn again after a reload.
        const first = page.locator(CHART).first();
        const symbol = await first.getAttribute('data-symbol');
        check(symbol !== null && symbol.endsWith('CE'), `the first chart is not a call (${symbol})`);
        await page.getByRole('button', { name: 'Horizontal line' }).click();
        const box = await first.boundingBox();
        check(box !== null, 'the first chart has no box');
        const point = { x: box.x + box.width * 0.4, y: box.y + box.height * 0.3 };
        await page.mouse.click(point.x, point.y);
        await page.waitForFunction(
          (selector) => document.querySelector(selector)?.getAttribute('data-drawings') === '1',
          CHART,
        );
        check(
          (await page.getByRole('button', { name: 'Horizontal line' }).getAttribute('aria-pressed')) === 'false',
          'the tool stays on after placing a line',
        );
        const stored = await page.evaluate(
          (key) => window.localStorage.getItem(key),
          `option-chain-tv-drawings:${symbol}`,
        );
        check(stored !== null && stored.includes('horizontal-line'), 'the line was not saved for the option');

        await page.reload();
        await waitForCharts(page, 10);
        await page.waitForFunction(
          (selector) => document.querySelector(selector)?.getAttribute('data-drawings') === '1',
          CHART,
        );
        await everyChart(page, 'data-indicators', 'ema,rsi');
        const others = await page.$$eval(CHART, (charts) =>
          charts.slice(1).map((c) => c.getAttribute('data-drawings')),
        );
        check(
          others.every((count) => count === '0'),
          `other options show the line too: ${others.join(',')}`,
        );
        await saveScreenshot(page, 'option-chain-charts-tv-light');

        await switchColorMode(page, 'dark');
        await waitForCharts(page, 10);
        await saveScreenshot(page, 'option-chain-charts-tv-dark');

        // A trend line takes two clicks on the same chart.
        const second = page.locator(CHART).nth(1);
        const area = await second.boundingBox();
        check(area !== null, 'the second chart has no box');
        await page.getByRole('button', { name: 'Trend line' }).click();
        await page.mouse.click(area.x + area.width * 0.2, area.y + area.height * 0.5);
        await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.3);
        // lightweight-charts drops a second click within 500 ms of the first (it waits for a double-click), as a
        // person moving to the line's end never is.
        await page.waitForTimeout(600);
        await page.mouse.click(area.x + area.width * 0.6, area.y + area.height * 0.25);
        await page.waitForFunction(
          (selector) => document.querySelectorAll(selector)[1]?.getAttribute('data-drawings') === '1',
          CHART,
        );

        // Selecting the line (a click on it) and pressing Delete removes it, from the store too.
        const again = await page.locator(CHART).first().boundingBox();
        check(again !== null, 'the first chart has no box');
        await page.mouse.click(again.x + again.width * 0.4, again.y + again.height * 0.3);
        await page.keyboard.press('Delete');
        await page.waitForFunction(
          (selector) => document.querySelector(selector)?.getAttribute('data-drawings') === '0',
          CHART,
        );
        const removed = await page.evaluate(
          (key) => window.localStorage.getItem(key),
          `option-chain-tv-drawings:${symbol}`,
        );
        check(removed === null, 'the deleted line is still stored');

        // A plan without a broker login: the delayed banner and the refresh countdown (spec §4.3).
        const delayedLogin = await newPage();
        await signedInUser(delayedLogin, server.baseUrl, 'occtv-delayed', true);
        await delayedLogin.close();
        await openPage(page, `${server.baseUrl}${PATH}`);
        // Inside the page: the shell's warning bar says the same above it.
        await page
          .locator('#main-content')
          .getByText('Login with your broker for real time prices')
          .waitFor({ timeout: 30_000 });
        await page.getByTestId('advance-chart-countdown').waitFor({ timeout: 90_000 });
        check(
          /^Next Update in \d+ sec$/.test((await page.getByTestId('advance-chart-countdown').textContent()) ?? ''),
          'no countdown',
        );
        await waitForCharts(page, 10);

        check(problems.length === 0, `problems on the page: ${problems.join(' | ')}`);
      });
    },
  },
];
