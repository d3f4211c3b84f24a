/**
 * Broker linking as a new user meets it: a trial user links Paper Trading from the broker-login page, sees it
 * 'Logged In' on the Broker List, gets live prices on Quick Charts, and after logging it out an open Quick Charts tab
 * falls back to the delayed tier without a reload. Also screenshots the broker pages in light and dark.
 */
import { paperBrokerId } from '@fnodesk/contracts';
import type { Page } from 'playwright-core';
import { check } from '../harness';
import {
  openPage,
  saveScreenshot,
  sessionHeaders,
  signedInUser,
  skipDailyNotices,
  useColorMode,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';

const BROKER_LOGIN_WARNING = 'Login with your broker for real time prices';

/** The first chart's LTP, watched until it has changed `times` times; fails after `withinMs`. */
async function ltpChanges(page: Page, times: number, withinMs: number): Promise<string[]> {
  const ltp = page.getByTestId('quick-chart-ltp').first();
  const seen: string[] = [];
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    const text = (await ltp.textContent()) ?? '';
    if (text !== '–' && text !== '' && seen.at(-1) !== text) seen.push(text);
    if (seen.length > times) return seen;
    await page.waitForTimeout(150);
  }
  throw new Error(`the LTP changed ${Math.max(0, seen.length - 1)} times in ${withinMs / 1000} s (${seen.join(', ')})`);
}

/** The broker pages, each with what shows it has rendered. */
function brokerPages(
  userName: string,
): readonly { name: string; path: string; ready: (page: Page) => Promise<void> }[] {
  const heading = (name: string) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();
  return [
    { name: 'broker-login', path: '/authentication/broker-login', ready: heading('Login With Your Broker Account') },
    { name: 'broker-list', path: '/trading/broker-accounts', ready: heading('Broker List') },
    {
      name: 'new-broker-account',
      path: '/authentication/new-broker-account',
      ready: heading('Open a broker account of your choice.'),
    },
    {
      name: 'broker-setup-zerodha',
      path: `/broker-setup?userName=${userName}&type=zerodha`,
      ready: heading('Zerodha account setup'),
    },
    { name: 'zerodha-config', path: '/zerodha-config', ready: heading('Zerodha Configuration') },
  ];
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'brokers-paper-trading-live-then-delayed',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        // Broker logins come back to PUBLIC_URL, which defaults to http://localhost:<port>: browse on that origin so
        // the session stored by the login page is there when the callback arrives.
        const base = server.baseUrl.replace('127.0.0.1', 'localhost');
        const page = await newPage();
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await signedInUser(page, base, 'brokers', true);
        const { userid } = await sessionHeaders(page);
        const brokerId = paperBrokerId(userid ?? '');

        await openPage(page, `${base}/authentication/broker-login`);
        await page.getByRole('heading', { name: 'Login With Your Broker Account' }).waitFor();
        await page.getByRole('button', { name: 'Paper Trading' }).click();
        await page.waitForURL((url) => url.pathname === '/trading/broker-accounts', { timeout: 30_000 });
        await page.getByText(`Broker Account – ${brokerId} logged in successfully`).waitFor();
        const row = page.getByRole('row', { name: /Paper Trade/ });
        await row.getByText('Logged In', { exact: true }).waitFor();

        // A second tab, opened before the logout, gets live prices.
        const charts = await newPage();
        const chartProblems = watchForProblems(charts);
        await skipDailyNotices(charts);
        await openPage(charts, `${base}/pages/charts`);
        await charts.locator('[data-testid="quick-chart-ltp"][data-mode="live"]').first().waitFor({ timeout: 30_000 });
        const live = await ltpChanges(charts, 2, 15_000);
        console.log(`# live LTP after the Paper Trading login: ${live.join(' → ')}`);
        await charts.evaluate(() => Object.assign(window, { brokersCaseDocument: 'before-logout' }));

        // Logging out on the Broker List puts the open chart back in the delayed tier, without a reload.
        await page.bringToFront();
        await page.getByRole('button', { name: `Log out ${brokerId}` }).click();
        await page.getByText(`Broker Account – ${brokerId} logged out successfully`).waitFor();
        await row.getByText('Logged Out', { exact: true }).waitFor();
        const loggedOutAt = Date.now();

        await charts.bringToFront();
        await charts
          .getByRole('region', { name: 'Chart 1' })
          .getByText(BROKER_LOGIN_WARNING)
          .waitFor({ timeout: 30_000 });
        console.log(`# delayed banner ${((Date.now() - loggedOutAt) / 1000).toFixed(1)} s after the logout`);
        check(
          (await charts.locator('[data-testid="quick-chart-ltp"][data-mode="live"]').count()) === 0,
          'the chart still shows live data after the broker logout',
        );
        check(
          (await charts.evaluate(() => (window as unknown as { brokersCaseDocument?: string }).brokersCaseDocument)) ===
            'before-logout',
          'the chart page reloaded',
        );
        check(problems.length === 0, problems.join('; '));
        check(chartProblems.length === 0, chartProblems.join('; '));
        await charts.close();
      });
    },
  },
  {
    name: 'brokers-pages-light-and-dark',
    async run({ baseUrl, newPage }) {
      const light = await newPage();
      const problems = watchForProblems(light);
      await skipDailyNotices(light);
      await signedInUser(light, baseUrl, 'broker-pages', true);
      const pages = brokerPages('AB1234');
      for (const target of pages) {
        await openPage(light, `${baseUrl}${target.path}`);
        await target.ready(light);
        await saveScreenshot(light, `brokers-${target.name}-light`);
      }
      await light.close();

      const dark = await newPage();
      await useColorMode(dark, 'dark');
      await skipDailyNotices(dark);
      for (const target of pages) {
        await openPage(dark, `${baseUrl}${target.path}`);
        await target.ready(dark);
        check((await dark.locator('html').getAttribute('data-bs-theme')) === 'dark', `${target.name} is not dark`);
        await saveScreenshot(dark, `brokers-${target.name}-dark`);
      }
      check(problems.length === 0, problems.join('; '));
    },
  },
];
