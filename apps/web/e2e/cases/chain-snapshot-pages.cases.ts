/**
 * The chain-snapshot pages (Option Action, Option OI, Options Premium) in a browser against a real server with an
 * always-open simulated market: each shows the brief's columns and charts, one figure checked against the chain
 * answer the page itself received, and a control that changes what is shown; usable at 375 px without sideways
 * scrolling; light and dark screenshots; no console errors or CSP violations. The Option Chain table (now on the
 * shared data table) fits a 1440 px screen and keeps a phone's page from scrolling sideways.
 */
import type { OptionChain } from '@fnodesk/contracts';
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

const rowsOf = (table: string) => `[data-testid="${table}"] tbody tr[data-strike]`;

async function waitForRows(page: Page, table: string, count: number): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) => document.querySelectorAll(selector).length === wanted,
    [rowsOf(table), count] as const,
    { timeout: 30_000 },
  );
}

/** Keeps the last option_chain answer the page received. */
function watchChain(page: Page): () => OptionChain | null {
  let latest: OptionChain | null = null;
  page.on('response', (response) => {
    if (!response.url().includes('/data/v1/option_chain?') || !response.ok()) return;
    void response
      .json()
      .then((body: { data: OptionChain }) => {
        latest = body.data;
      })
      .catch(() => undefined);
  });
  return () => latest;
}

async function headerTitles(page: Page, table: string): Promise<string[]> {
  return page
    .locator(`[data-testid="${table}"] thead th[title]`)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));
}

const numberIn = (text: string | null) => Number((text ?? '').replace(/[,+]/g, ''));

/** Checks a shown figure against one computed from the page's own chain answer (retried across a refresh). */
async function checkFigure(
  page: Page,
  testId: string,
  chainOf: () => OptionChain | null,
  compute: (chain: OptionChain) => number,
  what: string,
): Promise<void> {
  let shown = NaN;
  let expected = NaN;
  for (let attempt = 0; attempt < 5; attempt++) {
    const chain = chainOf();
    if (chain !== null) {
      expected = compute(chain);
      shown = numberIn(await page.getByTestId(testId).textContent());
      if (Math.abs(shown - expected) <= 0.005 + 1e-9) {
        console.log(`# ${what}: shown ${shown}, from the answer ${expected.toFixed(4)}`);
        return;
      }
    }
    await page.waitForTimeout(1_000);
  }
  throw new Error(`${what}: shown ${shown}, the answer gives ${expected}`);
}

async function checkChartsPainted(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelectorAll('[data-chart-state="painted"]').length >= wanted,
    count,
    { timeout: 30_000 },
  );
}

/** At a phone's width the page itself never scrolls sideways (tables and charts scroll in their boxes). */
async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 376, `${name} scrolls sideways at 375 px (${width} px wide)`);
  await saveScreenshot(page, `${name}-375px`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

const sum = (values: readonly (number | null)[]) => values.reduce<number>((total, value) => total + (value ?? 0), 0);

export const cases: readonly BrowserCase[] = [
  {
    name: 'chain-snapshot-pages-live',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'snapshot-live');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const chainOf = watchChain(page);
        await skipDailyNotices(page);

        // Option OI: OI and OI change by strike for calls and puts, PCR over the strikes shown.
        await openPage(page, `${server.baseUrl}/pages/option-OI`);
        await page.getByRole('heading', { name: 'Option OI' }).waitFor({ state: 'visible' });
        await waitForRows(page, 'option-oi-table', 11);
        const oiTitles = await headerTitles(page, 'option-oi-table');
        for (const title of ['Calls OI Chg', 'Calls OI', 'Strike', 'PCR', 'Puts OI', 'Puts OI Chg']) {
          check(oiTitles.includes(title), `Option OI has no ${title} column: ${oiTitles.join(', ')}`);
        }
        await page.getByText(/^Live/).first().waitFor({ state: 'visible', timeout: 30_000 });
        check((await page.getByTestId('page-banner').count()) === 0, 'a live-tier user sees a tier banner');
        await checkChartsPainted(page, 3);
        await checkFigure(
          page,
          'pcr',
          chainOf,
          (chain) =>
            Math.round((sum(chain.rows.map((row) => row.pe.oi)) / sum(chain.rows.map((row) => row.ce.oi))) * 100) / 100,
          'PCR = Σ put OI ÷ Σ call OI',
        );
        // The window buttons change the OI change shown.
        await page.getByRole('button', { name: '15 Min', exact: true }).click();
        await page.getByText('CE OI Chg (15 Min)').waitFor({ state: 'visible' });
        check(
          (await page.getByRole('button', { name: '15 Min', exact: true }).getAttribute('aria-pressed')) === 'true',
          '15 Min not pressed',
        );
        await saveScreenshot(page, 'option-oi-light');
        await checkPhoneWidth(page, 'option-oi');

        // Option Action: four panels and the legs' price, volume, OI, OI change and build-up.
        await openPage(page, `${server.baseUrl}/pages/option-action`);
        await waitForRows(page, 'option-action-table', 11);
        const actionTitles = await headerTitles(page, 'option-action-table');
        for (const title of ['Calls LTP', 'Calls Volume', 'Calls OI', 'Calls OI Chg', 'Calls Build-up', 'Strike']) {
          check(actionTitles.includes(title), `Option Action has no ${title} column: ${actionTitles.join(', ')}`);
        }
        for (const panel of ['Price', 'Volume', 'OI', 'OI Chg']) {
          await page.getByRole('heading', { name: panel, exact: true }).waitFor({ state: 'visible' });
        }
        await checkChartsPainted(page, 4);
        await checkFigure(
          page,
          'resistance',
          chainOf,
          (chain) =>
            chain.rows.reduce((best, row) => ((row.ce.oi ?? -1) > (best.ce.oi ?? -1) ? row : best), chain.rows[0]!)
              .strike,
          'Resistance = the strike of the largest call OI',
        );
        // The strike set changes the strikes shown.
        await page.getByLabel('Strikes').selectOption('2');
        await waitForRows(page, 'option-action-table', 5);
        await page.getByLabel('Strikes').selectOption('5');
        await waitForRows(page, 'option-action-table', 11);
        await checkPhoneWidth(page, 'option-action');
        await useColorMode(page, 'dark');
        await page.reload();
        await waitForRows(page, 'option-action-table', 11);
        await checkChartsPainted(page, 4);
        await saveScreenshot(page, 'option-action-dark');

        // The Option Chain table on the shared table: fits at 1440 px, the page does not scroll sideways at 375 px.
        await useColorMode(page, 'light');
        await openPage(page, `${server.baseUrl}/pages/option-chain`);
        await waitForRows(page, 'option-chain-table', 11);
        const overflow = await page
          .locator('.option-chain-table .data-table-scroll')
          .evaluate((element) => element.scrollWidth - element.clientWidth);
        console.log(`# option chain at 1440 px: ${overflow} px wider than its box`);
        check(overflow <= 1, `the option chain does not fit at 1440 px (${overflow} px too wide)`);
        await checkPhoneWidth(page, 'option-chain');

        check(problems.length === 0, problems.join('; '));
      });
    },
  },
  {
    name: 'options-premium-delayed',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const chainOf = watchChain(page);
        await skipDailyNotices(page);
        await signedInUser(page, server.baseUrl, 'premium-delayed', true);
        await openPage(page, `${server.baseUrl}/pages/options-premium`);
        await page
          .getByTestId('page-banner')
          .filter({ hasText: 'Login with your broker for real time prices' })
          .waitFor({ state: 'visible' });
        await waitForRows(page, 'options-premium-table', 11);
        await page.getByTestId('page-countdown').waitFor({ state: 'visible' });
        const titles = await headerTitles(page, 'options-premium-table');
        for (const title of ['Calls LTP', 'Calls Intrinsic', 'Calls Time Value', 'Strike', 'Puts Time Value']) {
          check(titles.includes(title), `Options Premium has no ${title} column: ${titles.join(', ')}`);
        }
        await checkChartsPainted(page, 1);
        // ATM call time value = LTP − max(0, spot − strike), from the page's own answer.
        await checkFigure(
          page,
          'atm-ce-time',
          chainOf,
          (chain) => {
            const atm = chain.rows.find((row) => row.strike === chain.atmStrike)!;
            return Math.round((atm.ce.ltp! - Math.max(0, chain.summary.spot! - atm.strike)) * 100) / 100;
          },
          'ATM CE time value = LTP − max(0, S − K)',
        );
        // Switching the calls off takes their columns away.
        await page.getByLabel('CE', { exact: true }).uncheck();
        await page.waitForFunction(
          () => document.querySelector('[data-testid="options-premium-table"] th[title="Calls LTP"]') === null,
        );
        await page.getByLabel('CE', { exact: true }).check();
        await saveScreenshot(page, 'options-premium-light');
        await checkPhoneWidth(page, 'options-premium');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
