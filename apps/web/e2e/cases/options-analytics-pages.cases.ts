/**
 * The options-analytics pages (Market Maker Analysis, Volatility Analysis, the multi-strike pages) in a browser
 * against a real server with an always-open simulated market, one live-tier login shared by every page: each shows
 * the brief's columns or series, one figure checked against the answer the page itself received, a control that
 * changes the view, a chart exported as PNG, usable at 375 px without sideways scrolling, light and dark
 * screenshots, and no console errors or CSP violations.
 */
import type { GammaExposureSchema, IvHistorySchema, IvTermStructureSchema } from '@fnodesk/contracts';
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
import {
  checkChartsPainted,
  checkFigure,
  checkFigureFrom,
  checkPhoneWidth,
  checkPngExport,
  checkSpotMovesLive,
  headerTitles,
  lastCandles,
  newestCell,
  waitForRows,
  watchAnswer,
  type TokenCandlesList,
} from '../options-case-kit';

type GammaExposure = z.infer<typeof GammaExposureSchema>;
type IvHistory = z.infer<typeof IvHistorySchema>;
type IvTermStructure = z.infer<typeof IvTermStructureSchema>;

async function marketMakerAnalysis(page: Page, baseUrl: string): Promise<void> {
  const gexOf = watchAnswer<GammaExposure>(page, 'gex');
  await openPage(page, `${baseUrl}/pages/market-maker-analysis`);
  await page.getByRole('heading', { name: 'Market Maker Analysis', exact: true }).waitFor({ state: 'visible' });
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

async function volatilityAnalysis(page: Page, baseUrl: string): Promise<void> {
  const historyOf = watchAnswer<IvHistory>(page, 'iv_history');
  const termOf = watchAnswer<IvTermStructure>(page, 'iv_term_structure');
  await openPage(page, `${baseUrl}/pages/volatality-analysis`);
  await page.getByRole('heading', { name: 'Volatility Analysis', exact: true }).waitFor({ state: 'visible' });
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

async function multiStrikes(page: Page, baseUrl: string): Promise<void> {
  const candlesOf = watchAnswer<TokenCandlesList>(page, 'candles');
  // Price: one line per leg and the legs combined; the table's Combined is Σ of the legs' closes.
  await openPage(page, `${baseUrl}/pages/multi-strikes/lp`);
  await page.getByRole('heading', { name: 'Multi-Strike Price', exact: true }).waitFor({ state: 'visible' });
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
  await page.getByRole('heading', { name: 'Multi-Strike OI', exact: true }).waitFor({ state: 'visible' });
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
  await page.getByRole('heading', { name: 'Multi-Strike PCR', exact: true }).waitFor({ state: 'visible' });
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
