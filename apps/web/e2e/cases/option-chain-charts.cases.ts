// /pages/option-chain-charts in a real browser against an always-open simulated market: every control, the live
// tier's candles, the delayed tier's banner and countdown, preferences across reloads, screenshots in both themes.
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

const PATH = '/pages/option-chain-charts';

const CHARTS = '.occ [data-chart-state]';
const PAINTED = '.occ [data-chart-state="painted"]';

async function waitForCharts(page: Page, count: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    ({ selector, painted, expected }) =>
      document.querySelectorAll(selector).length === expected && document.querySelectorAll(painted).length === expected,
    { selector: CHARTS, painted: PAINTED, expected: count },
    { timeout },
  );
}

async function strikesShown(page: Page): Promise<number[]> {
  return page.$$eval('.occ-strike-row', (rows) => rows.map((row) => Number(row.getAttribute('data-strike'))));
}

async function middleStrike(page: Page): Promise<number> {
  return Number(await page.locator('.occ-strike-row[data-atm="true"]').getAttribute('data-strike'));
}

async function optionTexts(page: Page, label: string): Promise<string[]> {
  return page.getByLabel(label, { exact: true }).locator('option').allTextContents();
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'option-chain-charts-controls',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'occ-live');

        const page = await newPage();
        await page.setViewportSize({ width: 1400, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}${PATH}`);

        // Defaults: NIFTY (the list's second item), 3 strikes → 7 charts, the first expiry, Futures ATM.
        const picker = page.getByRole('combobox', { name: 'Instrument' });
        await page.waitForFunction(
          () =>
            document.querySelector<HTMLInputElement>('[role="combobox"][aria-label="Instrument"]')?.value === 'NIFTY',
        );
        check((await picker.inputValue()) === 'NIFTY', 'the default instrument is not NIFTY');
        await waitForCharts(page, 7);
        check((await page.getByRole('heading', { name: /^Strike \d+ Call$/ }).count()) === 3, 'not 3 call charts');
        check((await page.getByRole('heading', { name: /^Strike \d+ Puts$/ }).count()) === 3, 'not 3 put charts');
        const strikes = await strikesShown(page);
        check((await middleStrike(page)) === strikes[1], `the middle strike is not marked ATM (${strikes.join(', ')})`);
        check(await page.getByRole('button', { name: 'BUY' }).first().isDisabled(), 'BUY is not disabled');

        // Live tier: a strike chart's forming candle changes within 5 s.
        await page.locator('[data-testid="option-chain-charts-status"][data-mode="live"]').waitFor({ timeout: 20_000 });
        const legend = page.locator('.occ-strike-row[data-atm="true"] .candle-chart-legend').first();
        const before = await legend.getAttribute('aria-label');
        const startedAt = Date.now();
        await page.waitForFunction(
          (previous) =>
            document
              .querySelector('.occ-strike-row[data-atm="true"] .candle-chart-legend')
              ?.getAttribute('aria-label') !== previous,
          before,
          { timeout: 5_000 },
        );
        console.log(`# live candle changed ${Date.now() - startedAt} ms after it was first read`);

        // Periods restrict resolutions: 5D removes 1m and 3m and forces ≤ 5m to 5m; 1M removes up to 5m, forces 15m.
        await page.getByLabel('Strike chart resolution', { exact: true }).selectOption('1m');
        const periods = page.getByRole('group', { name: 'Strike chart period' });
        await periods.getByRole('button', { name: '5D' }).click();
        check(
          (await page.getByLabel('Strike chart resolution', { exact: true }).inputValue()) === '5m',
          '5D did not force 5m',
        );
        const fiveDay = await optionTexts(page, 'Strike chart resolution');
        check(
          !fiveDay.includes('1m') && !fiveDay.includes('3m') && fiveDay.includes('2m'),
          `5D offers ${fiveDay.join(',')}`,
        );
        await periods.getByRole('button', { name: '1M' }).click();
        check(
          (await page.getByLabel('Strike chart resolution', { exact: true }).inputValue()) === '15m',
          '1M did not force 15m',
        );
        const oneMonth = await optionTexts(page, 'Strike chart resolution');
        check(!oneMonth.includes('5m') && oneMonth.includes('10m'), `1M offers ${oneMonth.join(',')}`);
        await periods.getByRole('button', { name: '2D' }).click();
        await page.getByLabel('Strike chart resolution', { exact: true }).selectOption('5m');
        const indexPeriods = page.getByRole('group', { name: 'Index chart period' });
        await indexPeriods.getByRole('button', { name: '1M' }).click();
        check((await page.getByLabel('Index chart resolution', { exact: true }).inputValue()) === '15m', 'index 1M');
        await indexPeriods.getByRole('button', { name: '2D' }).click();
        await waitForCharts(page, 7);

        // ATM basis: the middle strike is the one the chosen basis points at.
        const spotChain = page.waitForResponse((response) => /option_chain\?.*atm=Spot/.test(response.url()));
        await page.getByLabel('ATM', { exact: true }).selectOption('Spot');
        const spotAnswer = (await (await spotChain).json()) as { data: { atmStrike: number } };
        await page.waitForFunction(
          (atm) =>
            document.querySelector('.occ-strike-row[data-atm="true"]')?.getAttribute('data-strike') === String(atm),
          spotAnswer.data.atmStrike,
        );
        const spotStrikes = await strikesShown(page);
        check(spotStrikes[1] === spotAnswer.data.atmStrike, `Spot ATM ${spotAnswer.data.atmStrike} not in the middle`);
        console.log(`# middle strike: Futures ${strikes[1]}, Spot ${spotAnswer.data.atmStrike}`);
        await page.getByLabel('ATM', { exact: true }).selectOption('Futures');

        // Height applies to the strike charts.
        const height = page.getByLabel('Height (px)');
        await height.fill('300');
        await height.press('Enter');
        await page.waitForFunction(
          () =>
            document.querySelector<HTMLElement>('.occ-strike-row .occ-chart-area')?.getBoundingClientRect().height ===
            300,
        );

        // Strike Info and Show Legend switches.
        await page.getByLabel('Strike Info').uncheck();
        check((await page.getByTestId('option-chain-charts-info').count()) === 0, 'info tables still shown');
        await page.getByLabel('Strike Info').check();
        check((await page.getByTestId('option-chain-charts-info').count()) === 3, 'info tables not back');
        await page.getByLabel('Show Legend').uncheck();
        await page.waitForFunction(() =>
          Array.from(document.querySelectorAll<HTMLElement>('.occ .candle-chart-legend')).every(
            (legend) => legend.hidden,
          ),
        );

        // Hide Index Chart → 6 charts; the button then reads Show Index Chart.
        await page.getByRole('button', { name: 'Hide Index Chart' }).click();
        await page.getByRole('button', { name: 'Show Index Chart' }).waitFor();
        await waitForCharts(page, 6);
        await page.getByRole('button', { name: 'Show Index Chart' }).click();
        await waitForCharts(page, 7);

        // 15 strikes → 31 charts; light and dark screenshots with 15 and with 3 strikes.
        await page.getByLabel('Show Legend').check();
        await height.fill('400');
        await height.press('Enter');
        await page.getByLabel('Strikes', { exact: true }).selectOption('15');
        await waitForCharts(page, 31);
        check((await page.getByRole('heading', { name: /^Strike \d+ Puts$/ }).count()) === 15, 'not 15 put charts');
        await saveScreenshot(page, 'option-chain-charts-light-15');

        // Preferences survive a reload.
        await page.getByRole('button', { name: 'Hide Index Chart' }).click();
        await waitForCharts(page, 30);
        await switchColorMode(page, 'dark');
        await waitForCharts(page, 30);
        check((await page.getByLabel('Strikes', { exact: true }).inputValue()) === '15', 'strikes not kept');
        await page.getByRole('button', { name: 'Show Index Chart' }).waitFor();
        await page.getByRole('button', { name: 'Show Index Chart' }).click();
        await waitForCharts(page, 31);
        await saveScreenshot(page, 'option-chain-charts-dark-15');
        await page.getByLabel('Strikes', { exact: true }).selectOption('3');
        await waitForCharts(page, 7);
        await saveScreenshot(page, 'option-chain-charts-dark-3');
        await switchColorMode(page, 'light');
        await waitForCharts(page, 7);
        await saveScreenshot(page, 'option-chain-charts-light-3');

        // Another instrument: expiry cleared and its first expiry chosen.
        // Chosen with the keyboard once the search's answer is listed: the list is replaced as the typed text's
        // answer arrives, and a click aimed at the list before that can chase elements that are going away.
        await picker.click();
        await picker.fill('BANK');
        await page.getByRole('option', { name: 'NIFTY BANK', exact: true }).waitFor();
        await page.waitForFunction(
          () => document.querySelector('[role="option"][aria-selected="true"]')?.textContent === 'NIFTY BANK',
        );
        await picker.press('Enter');
        await page.waitForFunction(
          () =>
            document.querySelector<HTMLInputElement>('[role="combobox"][aria-label="Instrument"]')?.value !== 'NIFTY',
        );
        console.log(`# instrument changed to ${await picker.inputValue()}`);
        const expiryOptions = await page.getByLabel('Expiry Date', { exact: true }).locator('option').count();
        check(expiryOptions > 0, 'no expiries after changing instrument');
        const firstExpiry = await page
          .getByLabel('Expiry Date', { exact: true })
          .locator('option')
          .first()
          .getAttribute('value');
        check(
          (await page.getByLabel('Expiry Date', { exact: true }).inputValue()) === firstExpiry,
          'the first expiry was not chosen',
        );
        await waitForCharts(page, 7);
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
  {
    name: 'option-chain-charts-delayed',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await signedInUser(page, server.baseUrl, 'occ-delayed', true);
        await openPage(page, `${server.baseUrl}${PATH}`);
        // Inside the page: the shell's warning bar says the same above it.
        await page
          .locator('#main-content')
          .getByText('Login with your broker for real time prices')
          .waitFor({ state: 'visible' });
        const countdown = page.getByTestId('option-chain-charts-countdown');
        await countdown.waitFor({ state: 'visible' });
        const seconds = async () => Number(/Next Update in (\d+) sec/.exec((await countdown.textContent()) ?? '')?.[1]);
        const first = await seconds();
        check(first >= 0 && first <= 63, `the first refresh is ${first} s away`);
        await page.waitForTimeout(2_500);
        const later = await seconds();
        check(later < first || first === 0, `the countdown did not run (${first} s, then ${later} s)`);
        await page.getByText(/^Last Updated: \d{1,2}:\d{2}:\d{2}/).waitFor({ state: 'visible' });
        await waitForCharts(page, 7);
        check(
          (await page.locator('[data-testid="option-chain-charts-status"][data-mode="live"]').count()) === 0,
          'a delayed-tier user is shown live data',
        );
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
