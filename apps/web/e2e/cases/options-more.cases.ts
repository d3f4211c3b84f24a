/**
 * The options intraday-trend pages (Multi-Strike IV, Price vs OI, Options Dashboard, PCR and OI Trend, Dynamic
 * Options Analysis) in a browser against a real server with an always-open simulated market, one live-tier login
 * shared by every page: each shows the brief's columns or series, one figure checked against the answer the page
 * itself received, a control that changes the view, usable at 375 px without sideways scrolling, light and dark
 * screenshots, and no console errors or CSP violations.
 */
import type { AggregatedOiSchema, OptionChain } from '@fnodesk/contracts';
import type { z } from 'zod';
import { OPTION_DISCOUNT_RATE, impliedVolatility, parityForward, yearFractionToExpiry } from '@fnodesk/domain';
import type { Page } from 'playwright-core';
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
  checkFigureFrom,
  checkPhoneWidth,
  checkPngExport,
  checkSpotMovesLive,
  headerTitles,
  newestCell,
  numberIn,
  watchAnswer,
  type TokenCandlesList,
} from '../options-case-kit';

const DAY_MS = 86_400_000;
type AggregatedOi = z.infer<typeof AggregatedOiSchema>;

async function multiStrikeIv(page: Page, baseUrl: string): Promise<void> {
  const candlesOf = watchAnswer<TokenCandlesList>(page, 'candles');
  const chainOf = watchAnswer<OptionChain>(page, 'option_chain');
  await openPage(page, `${baseUrl}/pages/multi-strikes/iv`);
  await page.getByRole('heading', { name: 'Multi-Strike IV', exact: true }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 1);
  await page.getByTestId('iv-method').waitFor({ state: 'visible' });
  await checkPngExport(page, 'Multi-Strike IV – IV', 'multi-strike-iv-iv.png');
  // CE IV of the lowest strike at the newest candle, solved against the ATM strike's parity forward.
  await page.getByRole('button', { name: 'CE', exact: true }).click();
  await page.getByRole('main').getByRole('button', { name: 'Table', exact: true }).click();
  await page.locator('[data-testid="multi-strikes-iv-table"] tbody tr').first().waitFor({ state: 'visible' });
  const titles = await headerTitles(page, 'multi-strikes-iv-table');
  check(titles.length === 12 && titles[1]!.endsWith(' CE'), `one CE IV column per strike: ${titles.join(', ')}`);
  const lowest = Number(titles[1]!.split(' ')[0]);
  await checkFigureFrom(
    page,
    () => newestCell(page, 'multi-strikes-iv-table', `${lowest} CE`),
    () => {
      const candles = candlesOf();
      const chain = chainOf();
      return candles === null || chain === null ? null : { candles, chain };
    },
    ({ candles, chain }) => {
      // Tokens are asked CE, PE per strike from the lowest strike up.
      const strikes = chain.rows.map((row) => row.strike);
      const atm = chain.atmStrike ?? chain.forward ?? strikes[0]!;
      const reference = strikes.reduce((best, k) => (Math.abs(k - atm) < Math.abs(best - atm) ? k : best));
      const last = Math.max(...candles.map((entry) => entry.candles.at(-1)?.t ?? -Infinity));
      const closeOf = (index: number) => candles[index]?.candles.find((candle) => candle.t === last)?.c ?? NaN;
      const years = yearFractionToExpiry(last + 5 * 60_000, chain.at + chain.daysToExpiry * DAY_MS);
      const r = strikes.indexOf(reference);
      const forward = parityForward(reference, closeOf(2 * r), closeOf(2 * r + 1), years, OPTION_DISCOUNT_RATE);
      const iv = impliedVolatility('CE', closeOf(0), forward, lowest, years, OPTION_DISCOUNT_RATE) * 100;
      return Math.round(iv * 100) / 100;
    },
    'CE IV = Black-76 IV of the leg’s close against K_atm + (CE − PE)·e^rT',
  );
  // IV Chg against the previous session.
  await page.getByRole('button', { name: 'IV Chg' }).click();
  await page.getByRole('button', { name: 'Previous Day' }).click();
  await page.locator('[data-testid="multi-strikes-iv-table"] tbody tr').first().waitFor({ state: 'visible' });
  await saveScreenshot(page, 'multi-strikes-iv-light');
  await checkPhoneWidth(page, 'multi-strikes-iv');
  await useColorMode(page, 'dark');
  await page.reload();
  await checkChartsPainted(page, 1);
  await saveScreenshot(page, 'multi-strikes-iv-dark');
  await useColorMode(page, 'light');
}

async function priceOiChart(page: Page, baseUrl: string): Promise<void> {
  const candlesOf = watchAnswer<TokenCandlesList>(page, 'candles', 'resolution=15m');
  await openPage(page, `${baseUrl}/pages/price-oi-chart`);
  await page.getByRole('heading', { name: 'Price vs OI Table' }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 1);
  await page.locator('[data-testid="price-oi-chart-table"] tbody tr').first().waitFor({ state: 'visible' });
  const titles = await headerTitles(page, 'price-oi-chart-table');
  for (const title of ['Time', 'Price', 'Δ', 'Δ%', 'OI', 'ΔOI', 'ΔOI %', 'Volume', 'Build-up', 'Cum. ΔOI']) {
    check(titles.includes(title), `Price vs OI has no ${title} column: ${titles.join(', ')}`);
  }
  await checkFigureFrom(
    page,
    () => newestCell(page, 'price-oi-chart-table', 'Cum. ΔOI'),
    candlesOf,
    (answer) => {
      const candles = answer[0]!.candles;
      return candles.at(-1)!.oi - candles[0]!.oi;
    },
    'Cum. ΔOI = OI of the newest candle − OI of the first',
  );
  // The future's chart carries the expected-move bands: ± the ATM straddle.
  await page.getByTestId('expected-move').getByText('±').waitFor({ state: 'visible' });
  // Build-up over another window.
  await page.getByRole('button', { name: 'Prev Close' }).click();
  await page.getByTestId('window-build-up').getByText('Build-up (Prev Close)').waitFor({ state: 'visible' });
  await checkSpotMovesLive(page);
  await checkPngExport(page, 'Future Price vs OI', 'future-price-vs-oi.png');
  // Another contract: an option of the strike set.
  const option = await page.locator('#price-oi-chart-contract option').nth(1).getAttribute('value');
  await page.locator('#price-oi-chart-contract').selectOption(option ?? '');
  await page.getByRole('heading', { name: /(CE|PE) Price vs OI$/ }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 1);
  await saveScreenshot(page, 'price-oi-chart-light');
  await checkPhoneWidth(page, 'price-oi-chart');
  await page.locator('#price-oi-chart-contract').selectOption('FUT');
  await useColorMode(page, 'dark');
  await page.reload();
  await checkChartsPainted(page, 1);
  await saveScreenshot(page, 'price-oi-chart-dark');
  await useColorMode(page, 'light');
}

/** Σ of the newest candle's closes (or OI) of the tokens at `indexes` in a candles answer. */
function newestSum(answer: TokenCandlesList, indexes: readonly number[], field: 'c' | 'oi'): number {
  const last = Math.max(...answer.map((entry) => entry.candles.at(-1)?.t ?? -Infinity));
  return indexes.reduce(
    (total, i) => total + (answer[i]?.candles.find((candle) => candle.t === last)?.[field] ?? NaN),
    0,
  );
}

async function optionsDashboard(page: Page, baseUrl: string): Promise<void> {
  const candlesOf = watchAnswer<TokenCandlesList>(page, 'candles');
  await openPage(page, `${baseUrl}/pages/options-dashboard`);
  await page.getByRole('heading', { name: 'Options Dashboard' }).waitFor({ state: 'visible' });
  await page.locator('[data-testid="options-dashboard-table"] tbody tr').first().waitFor({ state: 'visible' });
  const titles = await headerTitles(page, 'options-dashboard-table');
  for (const title of [
    'Timestamp',
    'Price vs OI',
    'PCR Analysis',
    'ΣCE LTP',
    'ΣPE LTP',
    'ΔCE',
    'ΔPE',
    'CE+PE ΔLTP',
    'ΣPCR',
    'ΔCall OI',
    'ΔPut OI',
    'D.PCR',
    'Diff in OI Δ',
    'Dir of OI Δ',
  ]) {
    check(titles.includes(title), `Options Dashboard has no ${title} column: ${titles.join(', ')}`);
  }
  // Tokens: the underlying, then every CE, then every PE of the strike set (11 strikes).
  const ce = Array.from({ length: 11 }, (_, i) => 1 + i);
  const pe = Array.from({ length: 11 }, (_, i) => 12 + i);
  await checkFigureFrom(
    page,
    () => newestCell(page, 'options-dashboard-table', 'ΣCE LTP'),
    candlesOf,
    (answer) => Math.round(newestSum(answer, ce, 'c') * 100) / 100,
    'ΣCE LTP = Σ of the CE legs’ closes',
  );
  await checkFigureFrom(
    page,
    () => newestCell(page, 'options-dashboard-table', 'ΣPCR'),
    candlesOf,
    (answer) => Math.round((newestSum(answer, pe, 'oi') / newestSum(answer, ce, 'oi')) * 100) / 100,
    'ΣPCR = Σ PE OI ÷ Σ CE OI',
  );
  await page.getByRole('main').getByRole('button', { name: 'Chart', exact: true }).click();
  await checkChartsPainted(page, 2);
  await checkPngExport(page, 'OI change and PCR', 'oi-change-and-pcr.png');
  await saveScreenshot(page, 'options-dashboard-light');
  await checkPhoneWidth(page, 'options-dashboard');
  await useColorMode(page, 'dark');
  await page.reload();
  await page.locator('[data-testid="options-dashboard-table"] tbody tr').first().waitFor({ state: 'visible' });
  await saveScreenshot(page, 'options-dashboard-dark');
  await useColorMode(page, 'light');
}

async function pcrOiTrend(page: Page, baseUrl: string): Promise<void> {
  const oiOf = watchAnswer<AggregatedOi>(page, 'get_aggregated_oi');
  await openPage(page, `${baseUrl}/pages/open-interest-analysis`);
  await page.getByRole('heading', { name: 'PCR and OI Trend' }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 2);
  for (const panel of ['Total Open Int & PCR', 'Total Chg. in OI & OI Trend']) {
    await page.getByRole('heading', { name: panel, exact: true }).waitFor({ state: 'visible' });
  }
  await checkFigureFrom(
    page,
    async () => numberIn(await page.getByTestId('pcr-now').textContent()),
    oiOf,
    (answer) => {
      const last = answer.points.at(-1)!;
      return Math.round((last.putOi / last.callOi) * 100) / 100;
    },
    'PCR = total put OI ÷ total call OI',
  );
  // The strikes switch narrows the totals to ATM ± n: the answer asked for changes.
  // (Waited for from before the click: a fast answer could otherwise come before the wait starts.)
  const narrowed = page.waitForResponse(
    (response) => response.url().includes('get_aggregated_oi?') && response.url().includes('strike='),
  );
  await page.getByRole('button', { name: 'ATM ± n' }).click();
  await narrowed;
  await page.getByRole('button', { name: 'PCR', exact: true }).click();
  await checkPngExport(page, 'Total Open Int & PCR', 'total-open-int-pcr.png');
  await saveScreenshot(page, 'open-interest-analysis-light');
  await checkPhoneWidth(page, 'open-interest-analysis');
  await useColorMode(page, 'dark');
  await page.reload();
  await checkChartsPainted(page, 2);
  await saveScreenshot(page, 'open-interest-analysis-dark');
  await useColorMode(page, 'light');
}

async function dynamicOptionsAnalysis(page: Page, baseUrl: string): Promise<void> {
  const candlesOf = watchAnswer<TokenCandlesList>(page, 'candles');
  await openPage(page, `${baseUrl}/pages/options-analysis`);
  await page.getByRole('heading', { name: 'Dynamic Options Analysis' }).waitFor({ state: 'visible' });
  await checkChartsPainted(page, 6);
  for (const panel of [
    'Price',
    'Open Interest Trend',
    'Total OI',
    'Total Chg in OI',
    'Total Premium',
    'Premium Decay',
  ]) {
    await page.getByRole('heading', { name: panel, exact: true }).waitFor({ state: 'visible' });
  }
  const ce = Array.from({ length: 11 }, (_, i) => 1 + i);
  const pe = Array.from({ length: 11 }, (_, i) => 12 + i);
  await checkFigureFrom(
    page,
    async () => numberIn(await page.getByTestId('sum-pe').textContent()),
    candlesOf,
    (answer) => Math.round(newestSum(answer, pe, 'c') * 100) / 100,
    'ΣPE = Σ of the PE legs’ closes',
  );
  await checkFigureFrom(
    page,
    async () => numberIn(await page.getByTestId('oi-trend').textContent()),
    candlesOf,
    (answer) => {
      const first = Math.min(...answer.map((entry) => entry.candles[0]?.t ?? Infinity));
      const firstSum = (indexes: number[]) =>
        indexes.reduce((total, i) => total + (answer[i]?.candles.find((candle) => candle.t === first)?.oi ?? NaN), 0);
      return newestSum(answer, pe, 'oi') - firstSum(pe) - (newestSum(answer, ce, 'oi') - firstSum(ce));
    },
    'OI Trend = ΔPut OI − ΔCall OI since the first candle',
  );
  await page.getByRole('button', { name: 'Previous Day' }).click();
  await checkChartsPainted(page, 6);
  await checkPngExport(page, 'Premium Decay', 'premium-decay.png');
  await saveScreenshot(page, 'options-analysis-light');
  await checkPhoneWidth(page, 'options-analysis');
  await useColorMode(page, 'dark');
  await page.reload();
  await checkChartsPainted(page, 6);
  await saveScreenshot(page, 'options-analysis-dark');
  await useColorMode(page, 'light');
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'options-more-pages-live',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'options-more');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await multiStrikeIv(page, server.baseUrl);
        await priceOiChart(page, server.baseUrl);
        await optionsDashboard(page, server.baseUrl);
        await pcrOiTrend(page, server.baseUrl);
        await dynamicOptionsAnalysis(page, server.baseUrl);
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
