/**
 * The end-of-day and institutional pages (Cash Market Activity, FII Index Activity, Participant Open Interest, Ban
 * List, Seasonality) and the sector and breadth pages (NSE Sector & Constituents, Index Top 10, New Highs/New Lows)
 * in a browser against a real server with an always-open simulated market, one trial user for
 * all: each shows the brief's columns, one figure checked against the answer the page itself received, and a
 * control that changes what is shown; usable at 375 px without sideways scrolling; no console errors or CSP
 * violations.
 */
import type { Page } from 'playwright-core';
import {
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

/** Keeps the last answer of a `/data/v1` operation the page received (`bare`: only the one asked without a query). */
function watchAnswer<T>(page: Page, op: string, bare = false): () => T | null {
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

async function answerOf<T>(page: Page, latest: () => T | null, what: string): Promise<T> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const answer = latest();
    if (answer !== null) return answer;
    await page.waitForTimeout(500);
  }
  throw new Error(`no ${what} answer arrived`);
}

async function headerTitles(page: Page, table: string): Promise<string[]> {
  return page
    .locator(`[data-testid="${table}"] thead th[title]`)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));
}

async function checkColumns(page: Page, table: string, wanted: readonly string[]): Promise<void> {
  await page.locator(`[data-testid="${table}"] tbody tr`).first().waitFor({ state: 'visible', timeout: 30_000 });
  const titles = await headerTitles(page, table);
  for (const title of wanted) check(titles.includes(title), `${table} has no ${title} column: ${titles.join(', ')}`);
}

const numberIn = (text: string | null) => Number((text ?? '').replace(/[,+%₹\s]/g, ''));

/** The text of the cell under a column title in the first row matching `rowSelector`. */
async function cellText(page: Page, table: string, rowSelector: string, title: string): Promise<string | null> {
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
async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 376, `${name} scrolls sideways at 375 px (${width} px wide)`);
  await saveScreenshot(page, `${name}-375px`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function checkChartsPainted(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => document.querySelectorAll('[data-chart-state="painted"]').length >= wanted,
    count,
    { timeout: 30_000 },
  );
}

interface CashSession {
  date: string;
  fii: { buy: number; sell: number; net: number };
  dii: { buy: number; sell: number; net: number };
}
interface FiiSession {
  date: string;
  indexFutures: { buyContracts: number; sellContracts: number; openInterestContracts: number };
}
interface ParticipantSession {
  date: string;
  rows: Record<'Client' | 'DII' | 'FII' | 'Pro', { futureIndexLong: number; futureIndexShort: number }>;
}

interface MwplAnswer {
  date: string;
  banned?: string[];
  securities: { symbol: string; utilisation: number }[];
}
interface SeasonalityAnswer {
  name: string;
  months: { year: number; month: number; returnPercent: number }[];
}

interface IndexSector {
  index: string;
  token: number;
  close: number | null;
  changePercent: number | null;
  constituents: { symbol: string; changePercent: number | null }[];
}

interface BreadthPoint {
  t: number;
  newHighs: number;
  newLows: number;
}

const byDate = <T extends { date: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => a.date.localeCompare(b.date));

export const cases: readonly BrowserCase[] = [
  {
    name: 'eod-institutional-pages',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const cashOf = watchAnswer<CashSession[]>(page, 'get_cash_market');
        const fiiOf = watchAnswer<FiiSession[]>(page, 'get_index_stats');
        const participantsOf = watchAnswer<ParticipantSession[]>(page, 'get_fno_oi');
        await skipDailyNotices(page);
        await signedInUser(page, server.baseUrl, 'eod-pages', true);

        // Cash Market Activity: Net Chg of the latest DII row = its net − the previous session's.
        await openPage(page, `${server.baseUrl}/pages/cash-market-activity`);
        await page.getByRole('heading', { name: 'Cash Market Activity' }).waitFor({ state: 'visible' });
        await checkColumns(page, 'cash-market-table', [
          'Date',
          'Type',
          'Buy (₹ Cr)',
          'Sell (₹ Cr)',
          'Net Value (₹ Cr)',
          'Net Chg (₹ Cr)',
          'Direction',
        ]);
        const cash = byDate(await answerOf(page, cashOf, 'get_cash_market'));
        const [before, latest] = cash.slice(-2);
        check(before !== undefined && latest !== undefined, 'fewer than two cash-market sessions');
        const expectedChange = Math.round((latest.dii.net - before.dii.net) * 100) / 100;
        const shownChange = numberIn(
          await cellText(
            page,
            'cash-market-table',
            `tr[data-period="${latest.date}"][data-type="DII"]`,
            'Net Chg (₹ Cr)',
          ),
        );
        check(
          Math.abs(shownChange - expectedChange) <= 0.011,
          `DII Net Chg shows ${shownChange}, the answer gives ${expectedChange}`,
        );
        console.log(`# DII Net Chg ${latest.date}: shown ${shownChange}, from the answer ${expectedChange}`);
        await checkChartsPainted(page, 1);
        // The roll-up changes the rows: weekly rows are labelled by their week.
        await page.getByRole('button', { name: 'Weekly' }).click();
        await page.locator('[data-testid="cash-market-table"] tbody th', { hasText: 'Week of' }).first().waitFor();
        await saveScreenshot(page, 'cash-market-activity-light');
        await checkPhoneWidth(page, 'cash-market-activity');

        // FII Index Activity: net contracts of the latest index-futures row = bought − sold.
        await openPage(page, `${server.baseUrl}/pages/fii-index-activity`);
        await checkColumns(page, 'fii-index-table', [
          'Date',
          'Type',
          'Net Contract',
          'Direction of Contract Chg',
          'Open Interest',
          'Direction of OI Chg',
        ]);
        const fii = byDate(await answerOf(page, fiiOf, 'get_index_stats'));
        const lastFii = fii.at(-1)!;
        const netShown = numberIn(
          await cellText(
            page,
            'fii-index-table',
            `tr[data-date="${lastFii.date}"][data-segment="indexFutures"]`,
            'Net Contract',
          ),
        );
        const netExpected = lastFii.indexFutures.buyContracts - lastFii.indexFutures.sellContracts;
        check(netShown === netExpected, `FII index futures net shows ${netShown}, the answer gives ${netExpected}`);
        // Turning INDEX OPTIONS off leaves only the futures rows.
        await page.getByRole('button', { name: 'INDEX OPTIONS' }).click();
        await page.waitForFunction(
          () =>
            document.querySelectorAll('[data-testid="fii-index-table"] tbody tr[data-segment="indexOptions"]')
              .length === 0,
        );
        await checkChartsPainted(page, 1);
        await useColorMode(page, 'dark');
        await page.reload();
        await checkColumns(page, 'fii-index-table', ['Net Contract']);
        await checkChartsPainted(page, 1);
        await saveScreenshot(page, 'fii-index-activity-dark');
        await useColorMode(page, 'light');
        await checkPhoneWidth(page, 'fii-index-activity');

        // Participant OI: FII futures Net Chg = today's (long − short) − the previous session's.
        await openPage(page, `${server.baseUrl}/pages/participant-oi`);
        await checkColumns(page, 'participant-oi-table', [
          'Date',
          'Type',
          'Instrument',
          'Net Chg',
          'Direction',
          'Activity',
          'View',
        ]);
        const participants = byDate(await answerOf(page, participantsOf, 'get_fno_oi'));
        const [dayBefore, lastDay] = participants.slice(-2);
        check(dayBefore !== undefined && lastDay !== undefined, 'fewer than two participant OI sessions');
        const net = (s: ParticipantSession) => s.rows.FII.futureIndexLong - s.rows.FII.futureIndexShort;
        const row = `tr[data-date="${lastDay.date}"][data-participant="FII"][data-instrument="Futures"]`;
        const chgShown = numberIn(await cellText(page, 'participant-oi-table', row, 'Net Chg'));
        check(
          chgShown === net(lastDay) - net(dayBefore),
          `FII futures Net Chg shows ${chgShown}, the answer gives ${net(lastDay) - net(dayBefore)}`,
        );
        const view = await cellText(page, 'participant-oi-table', row, 'View');
        check(
          view === (chgShown > 0 ? 'BULLISH' : chgShown < 0 ? 'BEARISH' : 'NA'),
          `FII futures view ${view} for a change of ${chgShown}`,
        );
        // The Stock toggle reads stock derivatives: the CSV name and caption follow it.
        await page.getByRole('button', { name: 'Stock', exact: true }).click();
        await page.getByRole('region', { name: 'Participant-wise open interest in stock derivatives' }).waitFor();
        await checkChartsPainted(page, 1);
        await checkPhoneWidth(page, 'participant-oi');

        // Ban List: every stock's MWPL % is its open interest over its limit; possible entrants sit at 85 % or more.
        const mwplOf = watchAnswer<MwplAnswer>(page, 'fno-mwpl', true);
        await openPage(page, `${server.baseUrl}/pages/ban-list`);
        await page.getByRole('heading', { name: 'F&O Ban List' }).waitFor({ state: 'visible' });
        await checkColumns(page, 'ban-list-all', ['Symbol', 'MWPL %', 'Prev MWPL %', 'Difference']);
        for (const table of ['ban-list-banned', 'ban-list-entrants', 'ban-list-exits']) {
          await page.getByTestId(table).waitFor({ state: 'visible' });
        }
        const mwpl = await answerOf(page, mwplOf, 'fno-mwpl');
        // The table draws only the rows in view: check the first one drawn.
        const firstSymbol = await page
          .locator('[data-testid="ban-list-all"] tbody tr[data-symbol]')
          .first()
          .getAttribute('data-symbol');
        const security = mwpl.securities.find((entry) => entry.symbol === firstSymbol);
        check(security !== undefined, `${firstSymbol} is not in the fno-mwpl answer`);
        const useShown = numberIn(
          await cellText(page, 'ban-list-all', `tr[data-symbol="${security.symbol}"]`, 'MWPL %'),
        );
        const useExpected = Math.round(security.utilisation * 10_000) / 100;
        check(
          Math.abs(useShown - useExpected) <= 0.005,
          `${security.symbol} MWPL % shows ${useShown}, the answer gives ${useExpected}`,
        );
        const entrants = await page.locator('[data-testid="ban-list-entrants"] tbody tr[data-symbol]').count();
        const expectedEntrants = mwpl.securities.filter(
          (s) => !(mwpl.banned ?? []).includes(s.symbol) && Math.round(s.utilisation * 10_000) / 100 >= 85,
        ).length;
        check(entrants === expectedEntrants, `${entrants} possible entrants shown, the answer has ${expectedEntrants}`);
        // The search filter narrows the list to one symbol.
        const allRows = page.locator('[data-testid="ban-list-all"] tbody tr[data-symbol]');
        const rowsBefore = await allRows.count();
        await page.getByTestId('ban-list-all').getByLabel('Filter Symbol').fill(security.symbol);
        await page.waitForFunction(
          (count) => document.querySelectorAll('[data-testid="ban-list-all"] tbody tr[data-symbol]').length < count,
          rowsBefore,
        );
        const symbols = await allRows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-symbol') ?? ''));
        check(
          symbols.includes(security.symbol) && symbols.every((symbol) => symbol.includes(security.symbol)),
          `the filter left ${symbols.join(', ')}`,
        );
        await checkPhoneWidth(page, 'ban-list');

        // Seasonality: a year's compounded return from its months; the instrument picker changes the grid.
        const seasonOf = watchAnswer<SeasonalityAnswer>(page, 'seasonality');
        await openPage(page, `${server.baseUrl}/pages/seasonality`);
        await checkColumns(page, 'seasonality-grid', ['Year', 'Jan', 'Dec', 'Yearly Returns']);
        await checkColumns(page, 'seasonality-statistics', ['Statistic', 'Jan', 'Dec']);
        const season = await answerOf(page, seasonOf, 'seasonality');
        const fullYear = season.months.find((m) => m.month === 1)!.year + 1;
        const compounded =
          Math.round(
            (season.months
              .filter((m) => m.year === fullYear)
              .reduce((product, m) => product * (1 + m.returnPercent / 100), 1) -
              1) *
              10_000,
          ) / 100;
        const yearlyShown = numberIn(
          await cellText(page, 'seasonality-grid', `tr[data-year="${fullYear}"]`, 'Yearly Returns'),
        );
        check(
          Math.abs(yearlyShown - compounded) <= 0.011,
          `${fullYear} yearly shows ${yearlyShown}, compounded ${compounded}`,
        );
        console.log(
          `# ${season.name} ${fullYear}: yearly shown ${yearlyShown}, compounded from the answer ${compounded}`,
        );
        const firstName = season.name;
        const picker = page.getByRole('combobox', { name: 'Instrument' });
        await picker.click();
        await picker.fill('BANKNIFTY');
        // The list names the index as the exchange does (NIFTY BANK).
        await page.getByRole('option', { name: 'NIFTY BANK' }).first().waitFor({ state: 'visible' });
        await picker.press('Enter');
        await page.waitForFunction(
          (before) => !document.querySelector('.seasonality p')?.textContent?.startsWith(`${before}:`),
          firstName,
        );
        await saveScreenshot(page, 'seasonality-light');
        await checkPhoneWidth(page, 'seasonality');

        // NSE Sector & Constituents: a sector's Avg % is the mean of its constituents' moves; "+" opens them.
        const sectorsOf = watchAnswer<IndexSector[]>(page, 'get_index_sector', true);
        await openPage(page, `${server.baseUrl}/pages/sector-stock`);
        await page
          .locator('[data-testid="sector-table"] tbody tr[data-index]')
          .first()
          .waitFor({ state: 'visible', timeout: 30_000 });
        const sectorHeads = await page.locator('[data-testid="sector-table"] thead th').allTextContents();
        for (const title of ['Index', 'LTP', 'CHG', 'CHG %', 'Avg %']) {
          check(
            sectorHeads.some((head) => head.trim() === title),
            `the sector table has no ${title}: ${sectorHeads.join(', ')}`,
          );
        }
        const sectors = await answerOf(page, sectorsOf, 'get_index_sector');
        const first = sectors[0]!;
        const moves = first.constituents
          .map((member) => member.changePercent)
          .filter((move): move is number => move !== null);
        const average = Math.round((moves.reduce((sum, move) => sum + move, 0) / moves.length) * 100) / 100;
        const averageShown = numberIn(
          await page
            .locator(`[data-testid="sector-table"] tr[data-index="${first.index}"] [data-testid="sector-average"]`)
            .textContent(),
        );
        // Minute refreshes may move it a little between the answer read and the cell read.
        check(
          Math.abs(averageShown - average) <= 0.011,
          `${first.index} Avg % shows ${averageShown}, its rows give ${average}`,
        );
        console.log(`# ${first.index} Avg %: shown ${averageShown}, mean of its rows ${average}`);
        await page.getByRole('button', { name: `Show the constituents of ${first.index}` }).click();
        await page.getByTestId(`constituents-${first.token}`).waitFor({ state: 'visible' });
        check(
          (await page.locator(`[data-testid="constituents-${first.token}"] tbody tr[data-symbol]`).count()) > 0,
          `${first.index} opened with no constituents`,
        );
        await checkChartsPainted(page, 2);
        await saveScreenshot(page, 'sector-stock-light');
        await checkPhoneWidth(page, 'sector-stock');

        // Index Top 10: points = weight/100 × move/100 × the index's previous close, for the heaviest stock.
        await openPage(page, `${server.baseUrl}/pages/top-constituents`);
        await checkColumns(page, 'contribution-table', [
          'Symbol',
          'Weight %',
          'CHG %',
          'Points',
          'Running Sum (points)',
        ]);
        check(
          (await page.locator('[data-testid="contribution-table"] tbody tr[data-symbol]').count()) === 10,
          'Index Top 10 does not list 10 stocks',
        );
        const symbol = await page
          .locator('[data-testid="contribution-table"] tbody tr[data-symbol]')
          .first()
          .getAttribute('data-symbol');
        const heaviest = `tr[data-symbol="${symbol}"]`;
        const weight = numberIn(await cellText(page, 'contribution-table', heaviest, 'Weight %'));
        const move = numberIn(await cellText(page, 'contribution-table', heaviest, 'CHG %'));
        const pointsShown = numberIn(await cellText(page, 'contribution-table', heaviest, 'Points'));
        const nifty = (await answerOf(page, sectorsOf, 'get_index_sector')).find(
          (entry) => entry.index === 'NIFTY 50',
        )!;
        const previousClose = nifty.close! / (1 + nifty.changePercent! / 100);
        const pointsExpected = (weight / 100) * (move / 100) * previousClose;
        // The shown weight and move are rounded to two decimals, so allow for that.
        check(
          Math.abs(pointsShown - pointsExpected) <= 0.5,
          `${symbol} points show ${pointsShown}, w × r × prev close gives ${pointsExpected.toFixed(2)}`,
        );
        console.log(
          `# ${symbol} points: shown ${pointsShown}, from weight, move and previous close ${pointsExpected.toFixed(2)}`,
        );
        await page.getByRole('button', { name: '5', exact: true }).click();
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="contribution-table"] tbody tr[data-symbol]').length === 5,
        );
        await checkChartsPainted(page, 2);
        await useColorMode(page, 'dark');
        await page.reload();
        await checkChartsPainted(page, 2);
        await saveScreenshot(page, 'top-constituents-dark');
        await useColorMode(page, 'light');
        await checkPhoneWidth(page, 'top-constituents');

        // New Highs/New Lows: a candle's Net New High Low = its new highs − new lows; the group filter changes them.
        const breadthOf = watchAnswer<BreadthPoint[]>(page, 'get_spot_cumulative');
        await openPage(page, `${server.baseUrl}/pages/highs-lows`);
        await checkColumns(page, 'highs-lows-table', [
          'Time',
          'New Highs',
          'New Lows',
          'Net New High Low',
          'Cumulative Net',
        ]);
        const breadth = await answerOf(page, breadthOf, 'get_spot_cumulative');
        const firstRowT = await page
          .locator('[data-testid="highs-lows-table"] tbody tr[data-t]')
          .first()
          .getAttribute('data-t');
        const candle = breadth.find((point) => String(point.t) === firstRowT);
        check(candle !== undefined, `the candle ${firstRowT} is not in the answer`);
        const extremesNetShown = numberIn(
          await cellText(page, 'highs-lows-table', `tr[data-t="${firstRowT}"]`, 'Net New High Low'),
        );
        check(
          extremesNetShown === candle.newHighs - candle.newLows,
          `Net New High Low shows ${extremesNetShown}, the answer gives ${candle.newHighs - candle.newLows}`,
        );
        console.log(
          `# highs-lows ${firstRowT}: net shown ${extremesNetShown} = ${candle.newHighs} − ${candle.newLows}`,
        );
        await checkChartsPainted(page, 1);
        const filtered = page.waitForResponse((response) => response.url().includes('filter=nifty'));
        await page.getByLabel('Stocks').selectOption('nifty');
        await filtered;
        await saveScreenshot(page, 'highs-lows-light');
        await checkPhoneWidth(page, 'highs-lows');

        // Highs/Lows Heatmap: a stock × candle grid; Sort High List puts the stocks with the most new highs first.
        // The order line names the first five with their new highs/new lows. Early in a session (one candle, which
        // sets the range) every count is 0 and the order stays by name, so the case checks the order, not a change.
        await openPage(page, `${server.baseUrl}/pages/highs-lows-heatmap`);
        await page.getByRole('heading', { name: 'Highs/Lows Heatmap' }).waitFor({ state: 'visible' });
        await checkChartsPainted(page, 1);
        const sortHigh = page.getByRole('button', { name: 'Sort High List' });
        await sortHigh.click();
        await page.waitForFunction(
          () =>
            Array.from(document.querySelectorAll('button[aria-pressed="true"]')).some(
              (button) => button.textContent?.trim() === 'Sort High List',
            ) && (document.querySelector('[data-testid="heatmap-order"]')?.textContent ?? '').includes('('),
        );
        const orderLine = (await page.getByTestId('heatmap-order').textContent()) ?? '';
        const firstFive = [...orderLine.matchAll(/([A-Z0-9&-]+) \((\d+)\/(\d+)\)/g)].map((m) => ({
          symbol: m[1] ?? '',
          highs: Number(m[2]),
        }));
        check(firstFive.length > 0, `the order line names no stock: ${orderLine}`);
        check(
          firstFive.every((row, i) => i === 0 || (firstFive[i - 1]?.highs ?? 0) >= row.highs),
          `Sort High List does not put the most new highs first: ${orderLine}`,
        );
        console.log(`# heatmap by new highs: ${firstFive.map((row) => `${row.symbol} ${row.highs}`).join(', ')}`);
        await saveScreenshot(page, 'highs-lows-heatmap-light');
        await checkPhoneWidth(page, 'highs-lows-heatmap');

        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
