/**
 * Tick Chart in a browser against a real server with an always-open simulated market: without a broker login the
 * page opens the spec's broker-login popup, whose Ok leads to the broker accounts; with one (the live tier) it draws
 * N-tick candles of the trades the trade history answered, and adds the live feed's trades without a reload. No
 * console errors or CSP violations.
 */
import type { Page } from 'playwright-core';
import {
  liveTierUser,
  openPage,
  saveScreenshot,
  signedInUser,
  skipDailyNotices,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';
import { checkPhoneWidth, watchAnswer } from '../page-answers';

/** The figures of the page's summary line: trades, candles, ticks per candle and live trades. */
async function summary(page: Page) {
  const text = (await page.getByTestId('tick-chart-summary').textContent()) ?? '';
  const figure = (pattern: RegExp) => Number((pattern.exec(text)?.[1] ?? 'NaN').replace(/,/g, ''));
  return {
    text,
    trades: figure(/^([\d,]+) trades/),
    candles: figure(/in ([\d,]+) candles/),
    perCandle: figure(/candles of ([\d,]+) trades/),
    live: text.includes('live') ? figure(/; ([\d,]+) live/) : 0,
  };
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'tick-chart',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        // Without a broker login: the popup, and its Ok to the broker accounts.
        const guest = await newPage();
        const guestProblems = watchForProblems(guest);
        await skipDailyNotices(guest);
        await signedInUser(guest, server.baseUrl, 'tick-chart-guest', true);
        await openPage(guest, `${server.baseUrl}/pages/tick-chart`);
        const popup = guest.getByRole('dialog', { name: 'Login with your Broker Account' });
        await popup.waitFor({ state: 'visible' });
        await popup.getByText('Please login with your broker account to view Tick Charts').waitFor();
        await saveScreenshot(guest, 'tick-chart-broker-popup');
        await popup.getByRole('button', { name: 'Ok' }).click();
        await guest.waitForURL((url) => url.pathname === '/trading/broker-accounts');
        check(guestProblems.length === 0, guestProblems.join('; '));
        await guest.close();

        // With one: N-tick candles of the history's trades, then live trades.
        await liveTierUser(newPage, server, 'tick-chart-live');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const tradesOf = watchAnswer<{ trades: unknown[] }>(page, 'raw_ticks');
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/pages/tick-chart`);
        await page.getByTestId('tick-chart-summary').waitFor({ state: 'visible', timeout: 30_000 });
        await page.waitForFunction(() => document.querySelector('[data-chart-state="painted"]') !== null, null, {
          timeout: 30_000,
        });
        await page.getByRole('button', { name: '50', exact: true }).click();
        await page.getByTestId('tick-chart-summary').filter({ hasText: 'candles of 50 trades' }).waitFor();
        const history = tradesOf();
        check(history !== null && history.trades.length > 0, 'the trade history answered no trades');
        const first = await summary(page);
        check(
          first.trades >= history.trades.length,
          `${first.trades} trades shown, the history has ${history.trades.length}`,
        );
        check(
          first.candles === Math.ceil(first.trades / 50),
          `${first.candles} candles of 50 for ${first.trades} trades (${first.text})`,
        );
        console.log(
          `# ${first.trades} trades (history answered ${history.trades.length}) in ${first.candles} candles of 50`,
        );
        // Live trades arrive without a reload.
        await page.waitForFunction(
          () => /; [\d,]+ live/.test(document.querySelector('[data-testid="tick-chart-summary"]')?.textContent ?? ''),
          null,
          { timeout: 30_000 },
        );
        const later = await summary(page);
        check(later.trades > first.trades, `no live trade was added (${first.text} → ${later.text})`);
        // A custom N regroups the same trades.
        await page.getByLabel('Custom ticks per candle').fill('7');
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.getByTestId('tick-chart-summary').filter({ hasText: 'candles of 7 trades' }).waitFor();
        const custom = await summary(page);
        check(custom.candles === Math.ceil(custom.trades / 7), `${custom.candles} candles of 7 for ${custom.trades}`);
        await page.getByRole('button', { name: 'Every trade' }).click();
        await page.getByTestId('tick-chart-tape').locator('tbody tr').first().waitFor();
        await saveScreenshot(page, 'tick-chart-live');
        await checkPhoneWidth(page, 'tick-chart');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
