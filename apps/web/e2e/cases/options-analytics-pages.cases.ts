/**
 * The options-analytics pages (Market Maker Analysis, Volatility Analysis, the multi-strike pages) in a browser
 * against a real server with an always-open simulated market, one live-tier login shared by every page: each shows
 * the brief's columns or series, one figure checked against the answer the page itself received, a control that
 * changes the view, a chart exported as PNG, usable at 375 px without sideways scrolling, light and dark
 * screenshots, and no console errors or CSP violations.
 */
import type {
  GammaExposureSchema,
  IvHistorySchema,
  IvTermStructureSchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import type { Page } from 'playwright-core';
import type { z } from 'zod';
import {
  liveTierUser,
  openPage,
  saveScreenshot,
  skipDailyNotices,
  useColorMode,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

type GammaExposure = z.infer<typeof GammaExposureSchema>;
type IvHistory = z.infer<typeof IvHistorySchema>;
type IvTermStructure = z.infer<typeof IvTermStructureSchema>;
type TokenCandlesList = z.infer<typeof TokenCandlesListSchema>;

const rowsOf = (table: string) => `[data-testid="${table}"] tbody tr[data-strike]`;

async function waitForRows(page: Page, table: string, count: number): Promise<void> {
  await page.waitForFunction(
    ([selector, wanted]) => document.querySelectorAll(selector).length === wanted,
    [rowsOf(table), count] as const,
    { timeout: 30_000 },
  );
}

/** Keeps the last answer of a data operation the page received. */
function watchAnswer<T>(page: Page, op: string): () => T | null {
  let latest: T | null = null;
  page.on('response', (response) => {
    if (!response.url().includes(`/data/v1/${op}?`) || !response.ok()) return;
    void response
      .json()
      .then((body: { data: T }) => {
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

const numberIn = (text: string | null) => Number((text ?? '').replace(/[,+₹%]/g, ''));

/** Checks a shown figure against one computed from the page's own answer (retried across a refresh). */
async function checkFigure<T>(
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

async function checkChartsPainted(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelectorAll('[data-chart-state="painted"]').length >= wanted,
    count,
    { timeout: 30_000 },
  );
}

/** The panel's PNG button saves the chart as an image named after the panel. */
async function checkPngExport(page: Page, panel: string, fileName: string): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: `Download ${panel} as PNG` }).click(),
  ]);
  check(download.suggestedFilename() === fileName, `PNG export saved ${download.suggestedFilename()}`);
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

async function marketMakerAnalysis(page: Page, baseUrl: string): Promise<void> {
  const gexOf = watchAnswer<GammaExposure>(page, 'gex');
  await openPage(page, `${baseUrl}/pages/market-maker-analysis`);
  await page.getByRole('heading', { name: 'Market Maker Analysis' }).waitFor({ state: 'visible' });
  await waitForRows(page, 'market-maker-analysis-table', 11);
  const titles = await headerTitles(page, 'market-maker-analysis-table');
  for (const title of ['CE OI', 'Call GEX', 'Strike', 'Net GEX', 'Put GEX', 'PE OI']) {
    check(titles.includes(title), `Market Maker Analysis has no ${title} column: ${titles.join(', ')}`);
  }
  for (const panel of ['GEX by strike', 'Net GEX over the day']) {
    await page.getByRole('heading', { name: panel, exact: true }).waitFor({ state: 'visible' });
  }
  await page.getByTestId('gex-convention').getByText('dealers are long calls (+) and short puts (−)').waitFor();
  await checkChartsPainted(page, 2);
  await checkFigure(
    page,
    'call-wall',
    gexOf,
    (gex) => gex.strikes.reduce((best, row) => (row.callGex > best.callGex ? row : best)).strike,
    'Call wall = the strike of the largest call GEX',
  );
  await checkFigure(
    page,
    'net-gex',
    gexOf,
    (gex) => Math.round((gex.strikes.reduce((total, row) => total + row.netGex, 0) / 1e7) * 100) / 100,
    'Net GEX (₹ Cr) = Σ strikes’ net GEX',
    0.011,
  );
  // The strike set narrows the strikes drawn and listed.
  await page.getByLabel('Strikes').selectOption('2');
  await waitForRows(page, 'market-maker-analysis-table', 5);
  await checkPngExport(page, 'GEX by strike', 'gex-by-strike.png');
  await saveScreenshot(page, 'market-maker-analysis-light');
  await checkPhoneWidth(page, 'market-maker-analysis');
  await useColorMode(page, 'dark');
  await page.reload();
  await waitForRows(page, 'market-maker-analysis-table', 5);
  await checkChartsPainted(page, 2);
  await saveScreenshot(page, 'market-maker-analysis-dark');
  await useColorMode(page, 'light');
}

/** In the live tier the Spot card follows the feed: its price changes without a reload. */
async function checkSpotMovesLive(page: Page): Promise<void> {
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

async function volatilityAnalysis(page: Page, baseUrl: string): Promise<void> {
  const historyOf = watchAnswer<IvHistory>(page, 'iv_history');
  const termOf = watchAnswer<IvTermStructure>(page, 'iv_term_structure');
  await openPage(page, `${baseUrl}/pages/volatality-analysis`);
  await page.getByRole('heading', { name: 'Volatility Analysis' }).waitFor({ state: 'visible' });
  await waitForRows(page, 'volatality-analysis-table', 11);
  const titles = await headerTitles(page, 'volatality-analysis-table');
  for (const title of ['CE Delta', 'CE IV', 'Strike', 'Smile IV', 'PE IV', 'PE Delta']) {
    check(titles.includes(title), `Volatility Analysis has no ${title} column: ${titles.join(', ')}`);
  }
  for (const panel of ['IV smile', 'ATM IV vs India VIX', 'Term structure']) {
    await page.getByRole('heading', { name: panel, exact: true }).waitFor({ state: 'visible' });
  }
  await checkChartsPainted(page, 3);
  await page.getByTestId('term-shape').waitFor({ state: 'visible' });
  await checkFigure(
    page,
    'iv-rank',
    () => {
      const history = historyOf();
      const term = termOf();
      return history === null || term === null ? null : { history, term };
    },
    ({ history, term }) => {
      const iv = term.points.find((point) => point.daysToExpiry >= 2)!.iv!;
      const ivs = history.points.map((point) => point.iv);
      const rank = ((iv - Math.min(...ivs)) / (Math.max(...ivs) - Math.min(...ivs))) * 100;
      return Math.round(Math.min(100, Math.max(0, rank)) * 100) / 100;
    },
    'IV rank = (ATM IV − year’s low) ÷ (high − low)',
  );
  // The strike set narrows the smile and its table.
  await page.getByLabel('Strikes').selectOption('3');
  await waitForRows(page, 'volatality-analysis-table', 7);
  await checkPngExport(page, 'Term structure', 'term-structure.png');
  await checkSpotMovesLive(page);
  await saveScreenshot(page, 'volatility-analysis-light');
  await checkPhoneWidth(page, 'volatility-analysis');
  await useColorMode(page, 'dark');
  await page.reload();
  await waitForRows(page, 'volatality-analysis-table', 7);
  await checkChartsPainted(page, 3);
  await saveScreenshot(page, 'volatility-analysis-dark');
  await useColorMode(page, 'light');
}

/** The newest row's cell of a column of a time table (rows newest first). */
async function newestCell(page: Page, table: string, column: string): Promise<number> {
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
function lastCandles(answer: TokenCandlesList) {
  const last = Math.max(...answer.map((entry) => entry.candles.at(-1)?.t ?? -Infinity));
  return answer.flatMap((entry) => entry.candles.filter((candle) => candle.t === last));
}

async function multiStrikes(page: Page, baseUrl: string): Promise<void> {
  const candlesOf = watchAnswer<TokenCandlesList>(page, 'candles');
  // Price: one line per leg and the legs combined; the table's Combined is Σ of the legs' closes.
  await openPage(page, `${baseUrl}/pages/multi-strikes/lp`);
  await page.getByRole('heading', { name: 'Multi-Strike Price' }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 1);
  await checkPngExport(page, 'Multi-Strike Price – Price', 'multi-strike-price-price.png');
  await page.getByRole('button', { name: 'Table' }).click();
  await page.locator('[data-testid="multi-strikes-lp-table"] tbody tr').first().waitFor({ state: 'visible' });
  await checkFigureFrom(
    page,
    () => newestCell(page, 'multi-strikes-lp-table', 'Combined'),
    candlesOf,
    (answer) => Math.round(lastCandles(answer).reduce((total, candle) => total + candle.c, 0) * 100) / 100,
    'Combined = Σ of the legs’ closes',
  );
  await saveScreenshot(page, 'multi-strikes-lp-light');
  await checkPhoneWidth(page, 'multi-strikes-lp');

  // OI: Only ATM leaves the ATM strike's two legs; OI Chg offers the Day Open / Previous Day baselines.
  await openPage(page, `${baseUrl}/pages/multi-strikes/oi`);
  await page.getByRole('heading', { name: 'Multi-Strike OI' }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 1);
  await page.locator('#multi-strikes-oi-strikes').selectOption('atm');
  await page.getByRole('button', { name: 'OI Chg' }).click();
  await page.getByRole('button', { name: 'Previous Day' }).click();
  await page.getByRole('button', { name: 'Table' }).click();
  await page.locator('[data-testid="multi-strikes-oi-table"] tbody tr').first().waitFor({ state: 'visible' });
  const oiTitles = await headerTitles(page, 'multi-strikes-oi-table');
  check(oiTitles.length === 3, `Only ATM should list Time and two legs: ${oiTitles.join(', ')}`);
  await useColorMode(page, 'dark');
  await page.reload();
  await checkChartsPainted(page, 1);
  await saveScreenshot(page, 'multi-strikes-oi-dark');
  await useColorMode(page, 'light');

  // PCR: one line per strike and the set's; the table's Set PCR is Σ PE OI ÷ Σ CE OI of the latest candles.
  await openPage(page, `${baseUrl}/pages/multi-strikes/pcr`);
  await page.getByRole('heading', { name: 'Multi-Strike PCR' }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 1);
  await page.getByRole('button', { name: 'Table' }).click();
  await page.locator('[data-testid="multi-strikes-pcr-table"] tbody tr').first().waitFor({ state: 'visible' });
  await checkFigureFrom(
    page,
    () => newestCell(page, 'multi-strikes-pcr-table', 'Set PCR'),
    candlesOf,
    (answer) => {
      const pcrPage = answer;
      // Tokens alternate CE, PE per strike, in the order the page asked.
      let ce = 0;
      let pe = 0;
      const last = lastCandles(pcrPage);
      pcrPage.forEach((entry, i) => {
        const oi = last.find((candle) => entry.candles.includes(candle))?.oi ?? 0;
        if (i % 2 === 0) ce += oi;
        else pe += oi;
      });
      return Math.round((pe / ce) * 100) / 100;
    },
    'Set PCR = Σ PE OI ÷ Σ CE OI',
  );
  await checkPhoneWidth(page, 'multi-strikes-pcr');
}

/** Checks a figure read by `read` against one computed from the page's own answer (retried across a refresh). */
async function checkFigureFrom<T>(
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

export const cases: readonly BrowserCase[] = [
  {
    name: 'options-analytics-pages-live',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'options-analytics');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await marketMakerAnalysis(page, server.baseUrl);
        await volatilityAnalysis(page, server.baseUrl);
        await multiStrikes(page, server.baseUrl);
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
