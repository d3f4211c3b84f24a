/**
 * The straddle and strangle pages (pages brief G6) in a browser against a real server with an always-open simulated
 * market, one login for all: the ATM pair's premium checked against the chain answer the page received, the Chart
 * view's last candle checked as CE + PE against the candles answer it drew, usable at 375 px, no console errors.
 */
import type { OptionChain } from '@fnodesk/contracts';
import type { Page } from 'playwright-core';
import {
  openPage,
  saveScreenshot,
  signedInUser,
  skipDailyNotices,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

interface CandlesAnswer {
  data: { token: number; candles: { t: number; c: number }[] }[];
}

/** Keeps the last answer of each data operation whose URL contains `marker`. */
function watchAnswers<T>(page: Page, marker: string): () => T[] {
  const answers: T[] = [];
  page.on('response', (response) => {
    if (!response.url().includes(marker) || !response.ok()) return;
    void response
      .json()
      .then((body: T) => answers.push(body))
      .catch(() => undefined);
  });
  return () => answers;
}

const numberIn = (text: string | null) => Number((text ?? '').replace(/[,+]/g, ''));

async function checkPair(page: Page, kind: 'straddle' | 'strangle', chains: () => { data: OptionChain }[]) {
  const table = `[data-testid="${kind}-table"] tbody tr[data-strike]`;
  await page.waitForFunction((selector) => document.querySelectorAll(selector).length > 0, table, {
    timeout: 30_000,
  });
  // The ATM card = ATM CE LTP + ATM PE LTP of an answer the page received (retried across a refresh).
  let shown = NaN;
  let sums: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    shown = numberIn(await page.getByTestId(`${kind}-atm-value`).textContent());
    sums = chains().map(({ data }) => {
      const atm = data.rows.find((row) => row.strike === data.atmStrike)!;
      return Math.round((atm.ce.ltp! + atm.pe.ltp!) * 100) / 100;
    });
    if (sums.some((sum) => Math.abs(sum - shown) < 0.006)) break;
    await page.waitForTimeout(1_000);
  }
  check(
    sums.some((sum) => Math.abs(sum - shown) < 0.006),
    `${kind}: ATM pair ${shown}, answers give ${sums.join(', ')}`,
  );
  console.log(`# ${kind} ATM = CE + PE: ${shown}`);
}

async function checkChart(page: Page, kind: 'straddle' | 'strangle', candles: () => CandlesAnswer[]) {
  await page.getByRole('main').getByRole('button', { name: 'Chart', exact: true }).click();
  const last = page.getByTestId(`${kind}-last-candle`);
  await last.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-chart-state="painted"]').length >= 1, null, {
    timeout: 30_000,
  });
  const [t, value] = await Promise.all([last.getAttribute('data-t'), last.getAttribute('data-value')]);
  const at = Number(t);
  // The same minute's closes of both legs, from the candles answer the chart was drawn from.
  const pairs = candles()
    .filter((answer) => answer.data.length === 2)
    .map((answer) => answer.data.map((leg) => leg.candles.find((candle) => candle.t === at)?.c));
  const match = pairs.some(
    ([ce, pe]) => ce !== undefined && pe !== undefined && Math.abs(ce + pe - Number(value)) < 1e-6,
  );
  check(match, `${kind}: last candle ${value} at ${at} is not CE + PE of any candles answer`);
  console.log(`# ${kind} chart last candle = CE + PE: ${value}`);
}

interface PlotAnswer {
  data: { points: { t: number; ce: number; pe: number; straddle: number }[] };
}

/** The plot's last point = CE + PE of the answer it drew; a shorter period draws fewer candles. */
async function checkAtmPlot(page: Page, kind: string, plots: () => PlotAnswer[]) {
  const last = page.getByTestId(`${kind}-last-point`);
  await last.waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-chart-state="painted"]').length >= 1, null, {
    timeout: 30_000,
  });
  const [t, straddle, count] = await Promise.all([
    last.getAttribute('data-t'),
    last.getAttribute('data-straddle'),
    last.getAttribute('data-count'),
  ]);
  const match = plots().some((answer) =>
    answer.data.points.some(
      (point) =>
        point.t === Number(t) &&
        point.straddle === Number(straddle) &&
        Math.abs(point.ce + point.pe - point.straddle) < 0.006,
    ),
  );
  check(match, `${kind}: last point ${straddle} at ${t} is not CE + PE of an answer`);
  console.log(`# ${kind} last straddle = CE + PE: ${straddle} over ${count} candles`);
  await page.getByRole('button', { name: '1D', exact: true }).click();
  await page.waitForFunction(
    ([id, before]) => Number(document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-count')) < before,
    [`${kind}-last-point`, Number(count)] as const,
    { timeout: 30_000 },
  );
}

const figureIn = (text: string | null) => Number((text ?? '').replace(/[₹,+]/g, ''));

/**
 * The builder: an iron condor from the template, its net credit and breakevens checked against the chain answer the
 * legs were priced from, the greeks of a short condor (theta +, vega −), the price slider at its top showing the
 * maximum loss, and the strategy saved and listed.
 */
async function checkBuilder(page: Page, chains: () => { data: OptionChain }[]) {
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-strike]').length > 0, null, {
    timeout: 30_000,
  });
  await page.getByLabel('Template').selectOption('Iron Condor');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="strategy-legs"] tbody tr').length === 4);
  const credit = figureIn(await page.getByTestId('strategy-net-premium').textContent());
  const breakevensText = (await page.getByTestId('strategy-breakevens').textContent()) ?? '';
  const expected = chains().map(({ data }) => {
    const centre = data.rows.findIndex((row) => row.strike === data.atmStrike);
    const at = (offset: number) => data.rows[centre + offset]!;
    const unit = at(-2).pe.ltp! + at(2).ce.ltp! - at(-4).pe.ltp! - at(4).ce.ltp!;
    const lot = data.optData[0]!.lotSize;
    return {
      credit: Math.round(unit * lot),
      breakevens: [at(-2).strike - unit, at(2).strike + unit].map((value) => Math.round(value)),
    };
  });
  const match = expected.find(
    (e) => Math.abs(e.credit - credit) <= 1 && breakevensText.replace(/,/g, '') === e.breakevens.join(' / '),
  );
  check(
    match !== undefined,
    `iron condor: credit ${credit}, breakevens ${breakevensText}; answers give ${JSON.stringify(expected)}`,
  );
  console.log(`# iron condor credit ${credit}, breakevens ${breakevensText}`);
  const theta = figureIn(await page.getByTestId('strategy-theta').textContent());
  const vega = figureIn(await page.getByTestId('strategy-vega').textContent());
  check(theta > 0 && vega < 0, `a short iron condor has theta ${theta} and vega ${vega}`);
  // The price slider at its top: beyond the long call the P&L at expiry is the maximum loss.
  await page.getByLabel(/^Underlying/).focus();
  await page.keyboard.press('End');
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="strategy-expiry-pnl"]')?.textContent ===
      document.querySelector('[data-testid="strategy-max-loss"]')?.textContent,
  );
  await page.getByLabel('Name').fill('Condor e2e');
  await page.getByRole('button', { name: 'Save strategy' }).click();
  await page.getByText('Saved.', { exact: true }).waitFor({ state: 'visible' });
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('#strategy-saved option')).some((o) => o.textContent === 'Condor e2e'),
  );
}

/** Multi Straddle: five straddles at first, the ATM one's last value CE + PE of a candles answer, one unticked. */
async function checkMultiStraddle(page: Page, candles: () => CandlesAnswer[]) {
  const last = page.getByTestId('multi-straddle-atm-last');
  await last.waitFor({ state: 'attached', timeout: 30_000 });
  await page.waitForFunction(() => document.querySelectorAll('[data-chart-state="painted"]').length >= 1, null, {
    timeout: 30_000,
  });
  const [t, value] = await Promise.all([last.getAttribute('data-t'), last.getAttribute('data-value')]);
  const [ce, pe] = await Promise.all([last.getAttribute('data-ce'), last.getAttribute('data-pe')]);
  const legsMatch = candles().some(
    (answer) =>
      answer.data.some((leg) => leg.candles.some((c) => c.t === Number(t) && c.c === Number(ce))) &&
      answer.data.some((leg) => leg.candles.some((c) => c.t === Number(t) && c.c === Number(pe))),
  );
  check(legsMatch && Math.abs(Number(ce) + Number(pe) - Number(value)) < 1e-6, `multi-straddle ATM ${value} ≠ CE + PE`);
  check(numberIn(await page.getByTestId('multi-straddle-count').textContent()) === 5, 'multi-straddle starts with 5');
  await page.locator('[data-testid="multi-straddle-table"] tbody input[type="checkbox"]:checked').first().uncheck();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="multi-straddle-count"]')?.textContent?.trim() === '4',
  );
  console.log(`# multi-straddle ATM = CE + PE: ${value}`);
}

interface StockStraddlesAnswer {
  data: { rows: { symbol: string; spot: number; ce: number; pe: number; straddle: number; percentOfSpot: number }[] };
}

/** ATM Straddle Prices: a shown straddle = CE + PE of the answer; sorting by STRADDLE % puts an extreme first. */
async function checkStraddlePrices(page: Page, watched: () => StockStraddlesAnswer[]) {
  // The marker also matches stock_atm_straddle_plot, whose answers have points, not rows.
  const answers = () => watched().filter((answer) => Array.isArray(answer.data.rows));
  const rows = '[data-testid="rolling-atm-straddle-table"] tbody tr[data-symbol]';
  await page.waitForFunction((selector) => document.querySelectorAll(selector).length > 0, rows, { timeout: 30_000 });
  const first = page.locator(rows).first();
  const symbol = await first.getAttribute('data-symbol');
  const cells = await first.locator('td').allTextContents();
  const row = answers()
    .flatMap((answer) => answer.data.rows)
    .find((candidate) => candidate.symbol === symbol);
  check(row !== undefined, `no answer row for ${symbol}`);
  check(
    Math.abs(numberIn(cells[3] ?? '') - (row.ce + row.pe)) < 0.011,
    `${symbol}: straddle ${cells[3]} ≠ CE ${row.ce} + PE ${row.pe}`,
  );
  await page.getByRole('button', { name: 'Sort by STRADDLE %' }).click();
  const percents = answers()
    .at(-1)!
    .data.rows.map((r) => Math.round(r.percentOfSpot * 100) / 100);
  const top = numberIn((await page.locator(rows).first().locator('td').nth(4).textContent()) ?? '');
  check(
    top === Math.max(...percents) || top === Math.min(...percents),
    `sorted by STRADDLE %, the first row shows ${top}`,
  );
  console.log(`# rolling-atm-straddle ${symbol} straddle = CE + PE: ${cells[3]}`);
}

/** At a phone's width the page never scrolls sideways (the table scrolls in its own box). */
async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 376, `${name} scrolls sideways at 375 px (${width} px wide)`);
  await saveScreenshot(page, `${name}-375px`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'straddle-pages',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const chains = watchAnswers<{ data: OptionChain }>(page, '/data/v1/option_chain?');
        const candles = watchAnswers<CandlesAnswer>(page, '/data/v1/candles?');
        await skipDailyNotices(page);
        await signedInUser(page, server.baseUrl, 'straddle-pages', true);

        await openPage(page, `${server.baseUrl}/pages/straddle`);
        await checkPair(page, 'straddle', chains);
        await checkChart(page, 'straddle', candles);
        await saveScreenshot(page, 'straddle-light');
        await checkPhoneWidth(page, 'straddle');

        await openPage(page, `${server.baseUrl}/pages/strangle`);
        await checkPair(page, 'strangle', chains);
        // Strangle rows pair the CE k strikes above ATM with the PE k strikes below: "CE/PE" labels after the ATM.
        const labels = await page
          .locator('[data-testid="strangle-table"] tbody tr[data-strike] th')
          .evaluateAll((cells) => cells.map((cell) => cell.textContent ?? ''));
        check(
          labels.slice(1).every((label) => label.includes('/')),
          `strangle labels: ${labels.join(' | ')}`,
        );
        await checkChart(page, 'strangle', candles);
        await checkPhoneWidth(page, 'strangle');

        const plots = watchAnswers<PlotAnswer>(page, '/data/v1/stock_atm_straddle_plot?');
        await openPage(page, `${server.baseUrl}/pages/dynamic-atm-straddle`);
        await checkAtmPlot(page, 'dynamic-atm-straddle', plots);
        await saveScreenshot(page, 'dynamic-atm-straddle-light');
        await checkPhoneWidth(page, 'dynamic-atm-straddle');

        await openPage(page, `${server.baseUrl}/pages/strategy-chart`);
        await checkBuilder(page, chains);
        await saveScreenshot(page, 'strategy-chart-light');
        await checkPhoneWidth(page, 'strategy-chart');

        await openPage(page, `${server.baseUrl}/pages/multi-straddle`);
        await checkMultiStraddle(page, candles);
        await checkPhoneWidth(page, 'multi-straddle');

        const stockStraddles = watchAnswers<StockStraddlesAnswer>(page, '/data/v1/stock_atm_straddle');
        await openPage(page, `${server.baseUrl}/pages/rolling-atm-straddle`);
        await checkStraddlePrices(page, stockStraddles);
        await checkPhoneWidth(page, 'rolling-atm-straddle');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
