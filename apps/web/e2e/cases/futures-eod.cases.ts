/**
 * The futures end-of-day pages (Futures EOD Analysis, Futures EOD) in a browser against a real server with an
 * always-open simulated market: the brief's columns, figures checked against the answers the page received (the
 * 5-day average volume and delivery % of a row, a period's spot and basis), the chips and the period switch
 * changing what is shown, the instrument icon opening the history, 375 px without sideways scrolling, dark mode,
 * no console errors or CSP violations.
 */
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
import { answerOf, cellText, checkColumns, checkPhoneWidth, numberIn, watchAnswer } from '../page-answers';

interface CashEodSet {
  name: string;
  rows: { date: string; c: number; v: number; deliveryPercent: number | null }[];
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'futures-eod',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const cashOf = watchAnswer<CashEodSet[]>(page, 'get_cash_market_eod');
        await skipDailyNotices(page);
        await signedInUser(page, server.baseUrl, 'futures-eod', true);

        // Futures EOD Analysis: the brief's columns; a stock row's 5-day average volume and delivery % from the
        // cash answer the page received.
        await openPage(page, `${server.baseUrl}/pages/futures-eod-analysis`);
        await page.getByRole('heading', { name: 'Futures EOD Analysis' }).waitFor({ state: 'visible' });
        const table = 'futures-eod-analysis-table';
        await checkColumns(page, table, [
          'Date',
          'Sector',
          'Instrument',
          'Price history',
          '5-day volume history',
          '5-day delivery % history',
          'Spot LTP',
          'Spot LTP change %',
          'Futures LTP',
          'Futures LTP change %',
          'Spot volume',
          'Spot volume change %',
          '5-day average volume',
          'Delivery %',
        ]);
        const cash = await answerOf(page, cashOf, 'get_cash_market_eod');
        const date = await page.getByLabel('Date', { exact: true }).inputValue();
        const stock = cash.find((set) => set.name === 'RELIANCE');
        check(stock !== undefined, 'RELIANCE is not in the cash answer');
        const at = stock.rows.findIndex((row) => row.date === date);
        check(at >= 5, `fewer than five sessions before ${date}`);
        const before = stock.rows.slice(at - 5, at);
        const averageExpected = Math.round(before.reduce((sum, row) => sum + row.v, 0) / 5);
        await page.getByTestId(table).getByLabel('Filter Instrument').fill('RELIANCE');
        const row = 'tr[data-symbol="RELIANCE"]';
        await page.locator(`[data-testid="${table}"] tbody ${row}`).waitFor({ state: 'visible' });
        const averageShown = numberIn(await cellText(page, table, row, '5-day average volume'));
        check(
          Math.abs(averageShown - averageExpected) <= 1,
          `RELIANCE 5D AVG VOL shows ${averageShown}, the answer gives ${averageExpected}`,
        );
        const deliveryShown = numberIn(await cellText(page, table, row, 'Delivery %'));
        const deliveryExpected = stock.rows[at]!.deliveryPercent!;
        check(
          Math.abs(deliveryShown - deliveryExpected) <= 0.005,
          `RELIANCE DEL % shows ${deliveryShown}, the answer gives ${deliveryExpected}`,
        );
        console.log(
          `# RELIANCE ${date}: 5D AVG VOL shown ${averageShown}, from the answer ${averageExpected}; DEL % shown ${deliveryShown}, from the answer ${deliveryExpected}`,
        );
        await page.getByTestId(table).getByLabel('Filter Instrument').fill('');

        // The Price Losers chip keeps only the falls.
        const rows = page.locator(`[data-testid="${table}"] tbody tr[data-symbol]`);
        await page.getByRole('button', { name: 'Price Losers' }).click();
        await page.getByTestId('futures-eod-analysis-rule').filter({ hasText: 'biggest fall first' }).waitFor();
        const firstLoser = numberIn(await cellText(page, table, 'tr[data-symbol]', 'Spot LTP change %'));
        check(firstLoser < 0, `the first Price Loser changed ${firstLoser}%`);
        check((await rows.count()) > 0, 'no Price Loser shown');
        await saveScreenshot(page, 'futures-eod-analysis-light');
        await checkPhoneWidth(page, 'futures-eod-analysis');

        // The instrument's icon opens its history on Futures EOD: the spot of the latest session from the answer,
        // the basis = Fut − Spot as shown.
        await page.getByRole('button', { name: 'All', exact: true }).click();
        const symbol = await rows.first().getAttribute('data-symbol');
        check(symbol !== null, 'no row to open');
        await page.getByRole('link', { name: `${symbol} end-of-day history` }).click();
        await page.waitForURL((url) => url.pathname === '/pages/futures-eod');
        await page.getByRole('heading', { name: 'Futures EOD' }).waitFor({ state: 'visible' });
        const history = 'futures-eod-table';
        await checkColumns(page, history, [
          'Date',
          'Spot',
          'Spot change %',
          'Near-month future',
          'Basis (future − spot)',
          'Near-month OI',
          'OI change',
          'OI change %',
          'Near-month volume',
          'Delivery % (spot)',
          'Build-up',
          'Rollover %',
          'Roll cost %',
        ]);
        check(
          (await page.getByLabel('Instrument', { exact: true }).inputValue()) === symbol,
          `the history is not of ${symbol}`,
        );
        await page.waitForFunction(() => document.querySelectorAll('[data-chart-state="painted"]').length >= 2, null, {
          timeout: 30_000,
        });
        const spotSet = (await answerOf(page, cashOf, 'get_cash_market_eod')).find((set) => set.name === symbol);
        check(spotSet !== undefined, `${symbol} is not in the history's cash answer`);
        const latest = spotSet.rows.at(-1)!;
        const latestRow = `tr[data-date="${latest.date}"]`;
        const spotShown = numberIn(await cellText(page, history, latestRow, 'Spot'));
        check(Math.abs(spotShown - latest.c) <= 0.005, `Spot shows ${spotShown}, the answer gives ${latest.c}`);
        const futShown = numberIn(await cellText(page, history, latestRow, 'Near-month future'));
        const basisShown = numberIn(await cellText(page, history, latestRow, 'Basis (future − spot)'));
        check(
          Math.abs(basisShown - (futShown - spotShown)) <= 0.011,
          `Basis shows ${basisShown} for Fut ${futShown} and Spot ${spotShown}`,
        );
        console.log(`# ${symbol} ${latest.date}: Spot shown ${spotShown}, from the answer ${latest.c}`);
        // Weekly periods: fewer rows than sessions.
        const dailyRows = await page.locator(`[data-testid="${history}"] tbody tr[data-date]`).count();
        await page.getByRole('button', { name: '1W' }).click();
        await page.waitForFunction(
          (count) => document.querySelectorAll('[data-testid="futures-eod-table"] tbody tr[data-date]').length < count,
          dailyRows,
          { timeout: 30_000 },
        );
        await useColorMode(page, 'dark');
        await page.reload();
        await checkColumns(page, history, ['Spot']);
        await saveScreenshot(page, 'futures-eod-dark');
        await useColorMode(page, 'light');
        await checkPhoneWidth(page, 'futures-eod');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
