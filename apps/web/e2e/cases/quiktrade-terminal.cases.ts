// The QuikTrade terminal in a real browser against an always-open simulated market, a Pro user with a logged-in
// Paper Trading account: two lots a click set on /pages/setting; the risk disclosure; a one-click buy from the Chain
// with QuikTrade Yes (an order in the orders panel, a position in Positions); a straddle sold from the Straddle tab
// (two orders); Risk-OFF on the short call (two orders, the buy-back first, and the position moves strike); ↑ places
// nothing until ARM is on; F6 exits everything disarmed; the page at 375 px; a second account (an Upstox one, which
// trades on the paper exchange) at multiplier 2 takes twice the first's lots from one fan-out click. Then a Scalper user gets the Upgrade Now popup on the
// Straddle tab.
import type { Page } from 'playwright-core';
import {
  logInThroughPage,
  openPage,
  saveScreenshot,
  skipDailyNotices,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check, registerVerifiedUser } from '../harness';
import { grantBrokerSession } from '../live-tier-fixture';

type Headers = Record<string, string>;

async function apiLogin(baseUrl: string, login: { email: string; password: string }): Promise<Headers> {
  const answer = await fetch(`${baseUrl}/api/v1/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const { data } = (await answer.json()) as { data: { userID: string; loginSecret: string } };
  return { userid: data.userID, secret: data.loginSecret };
}

async function api<T>(baseUrl: string, path: string, headers: Headers, body?: unknown): Promise<T> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : path.startsWith('/api/v1/brokers/') ? 'PUT' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await answer.json()) as { data: T };
  check(answer.ok, `${path} answered ${answer.status}: ${JSON.stringify(json)}`);
  return json.data;
}

/** Buys a QuikTrade plan through the test checkout. */
async function buyPlan(baseUrl: string, headers: Headers, packageId: string): Promise<void> {
  const order = await api<{ order_id: string; amount: number }>(baseUrl, '/api/v1/initiate-subscription', headers, {
    packageId,
  });
  const paid = await api<unknown>(baseUrl, '/api/v1/test-checkout/pay', headers, {
    orderId: order.order_id,
    amount: order.amount,
    cardNumber: '4111 1111 1111 1111',
    expiry: '12/30',
    cvv: '123',
    name: 'Asha Rao',
  });
  await api<unknown>(baseUrl, '/api/v1/subscription-status', headers, paid);
}

/** A user with the Discover trial and a QuikTrade plan. */
async function planUser(baseUrl: string, tag: string, packageId: string) {
  const login = await registerVerifiedUser(baseUrl, tag);
  const headers = await apiLogin(baseUrl, login);
  const started = await fetch(`${baseUrl}/api/v1/start-user-trial?product_type=d`, { headers });
  check(started.ok, `the Discover trial answered ${started.status}`);
  await buyPlan(baseUrl, headers, packageId);
  return login;
}

/** Enables the user's Paper Trading account for trading; its id. */
async function enablePaperAccount(baseUrl: string, login: { email: string; password: string }): Promise<string> {
  const headers = await apiLogin(baseUrl, login);
  const brokers = await api<{ brokers: { id: string }[] }>(baseUrl, '/api/v1/brokers', headers);
  const paper = brokers.brokers[0];
  check(paper !== undefined, 'no Paper Trading account');
  await api<unknown>(baseUrl, `/api/v1/brokers/${paper.id}`, headers, { quickTrade: true });
  return paper.id;
}

/** The orders of one account's book. */
async function ordersOf(baseUrl: string, headers: Headers, accountId: string) {
  const book = await api<{ orders: { id: string; quantity: number; tradingSymbol: string }[] }>(
    baseUrl,
    `/api/v1/brokers/${accountId}/orders`,
    headers,
  );
  return book.orders;
}

async function orderCount(baseUrl: string, headers: Headers, accountId: string): Promise<number> {
  const book = await api<{ orders: unknown[] }>(baseUrl, `/api/v1/brokers/${accountId}/orders`, headers);
  return book.orders.length;
}

async function waitFor(what: string, condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  check(false, `timed out waiting for ${what}`);
}

async function openTerminal(page: Page, baseUrl: string): Promise<void> {
  await openPage(page, `${baseUrl}/pages/trading`);
  const agree = page.getByRole('button', { name: 'I Understand' });
  await agree.waitFor({ timeout: 30_000 });
  await agree.click();
  await agree.waitFor({ state: 'detached' });
}

async function selectTab(page: Page, name: string): Promise<void> {
  await page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('tab', { name, exact: true }))
    .first()
    .click();
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'quiktrade-terminal',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const base = server.baseUrl;
        const pro = await planUser(base, 'qt-pro', 'QT04');
        const scalper = await planUser(base, 'qt-scalper', 'QT01');
        await grantBrokerSession(server, pro.email);
        // A second account for the fan-out: Upstox, which trades on the paper exchange.
        await grantBrokerSession(server, pro.email, { type: 'upstox', name: 'Upstox Two', userName: 'UP2222' });
        await grantBrokerSession(server, scalper.email);
        const accountId = await enablePaperAccount(base, pro);
        await enablePaperAccount(base, scalper);
        const headers = await apiLogin(base, pro);
        const second = (
          await api<{ brokers: { id: string; type: string }[] }>(base, '/api/v1/brokers', headers)
        ).brokers.find((account) => account.type === 'upstox');
        check(second !== undefined, 'no Upstox account');
        const secondId = second.id;
        await api<unknown>(base, `/api/v1/brokers/${secondId}`, headers, { quickTrade: true });

        const page = await newPage();
        // A user's trade settings do not exist until first saved: the document store answers their first reads 404.
        const problems = watchForProblems(page, [/\/api\/v1\/documents\/trade-settings\/[\w.:-]+$/]);
        await openPage(page, `${base}/authentication/login`);
        await skipDailyNotices(page);
        await logInThroughPage(page, base, pro);

        // /pages/setting: two lots a click for NIFTY on this account's paper mode.
        await openPage(page, `${base}/pages/setting`);
        const lotsPerClick = page.getByLabel('Default Qty (lots per click)');
        await lotsPerClick.waitFor({ timeout: 30_000 });
        await lotsPerClick.fill('2');
        await page.getByRole('button', { name: 'Save Default Config' }).click();
        await page.getByText('Settings saved.').first().waitFor();
        await page.getByRole('heading', { name: 'RMS Setting' }).waitFor();

        await openTerminal(page, base);
        await page.getByText('2 lots a click').waitFor();

        // Two accounts enabled: the fan-out is on until the user turns it off; (a) to (e) trade the selected one.
        const fanOutSwitch = page.getByRole('switch', { name: 'Fan-out: 2 accounts' });
        await fanOutSwitch
          .waitFor({ timeout: 30_000 })
          .catch(() => check(false, 'the terminal shows no "Fan-out: 2 accounts" switch'));
        check(await fanOutSwitch.isChecked(), 'the fan-out is not on by default');
        await fanOutSwitch.uncheck();

        // (a) QuikTrade Yes: one click on the ATM put places at once.
        const atmRow = page.locator('[data-testid="terminal-chain-row"][data-atm="true"]');
        await atmRow.waitFor({ timeout: 30_000 });
        await page.getByLabel('QuikTrade', { exact: true }).check();
        const buyPut = atmRow.getByRole('button', { name: /^BUY \d+ PE$/ });
        await page.waitForFunction(
          () => !document.querySelector<HTMLButtonElement>('[data-atm="true"] button[aria-label$=" PE"]')?.disabled,
        );
        await buyPut.click();
        await page.getByText('Order Plased for').first().waitFor();
        await page.locator('[data-testid="terminal-orders"] [data-testid="order-row"]').first().waitFor();
        await selectTab(page, 'Positions');
        await page.getByTestId('terminal-position-row').first().waitFor({ timeout: 20_000 });
        await saveScreenshot(page, 'quiktrade-positions');

        // (b) A straddle sold from the Straddle tab: two orders.
        const beforeStraddle = await orderCount(base, headers, accountId);
        await selectTab(page, 'Straddle');
        const straddleRow = page.locator('[data-testid="terminal-straddle-row"].table-primary');
        await straddleRow.waitFor();
        await straddleRow.getByRole('button', { name: /^SELL straddle / }).click();
        await waitFor(
          'the straddle orders',
          async () => (await orderCount(base, headers, accountId)) === beforeStraddle + 2,
        );
        await saveScreenshot(page, 'quiktrade-straddle');

        // (c) Risk-OFF on the short call: one request of two orders, the buy-back first; the short moves strike.
        await selectTab(page, 'Positions');
        const shortCall = page
          .locator('[data-testid="terminal-position-row"][data-symbol$="CE"][data-side="SELL"]')
          .first();
        await shortCall.waitFor({ timeout: 20_000 });
        const fromSymbol = (await shortCall.getAttribute('data-symbol')) ?? '';
        const shifted = page.waitForResponse((response) => response.url().endsWith('/bulk-orders'));
        await shortCall.getByRole('button', { name: `Risk-OFF 1 ${fromSymbol}` }).click();
        const legs = (
          (await (await shifted).json()) as { data: { orders: { transactionType: string; tradingSymbol: string }[] } }
        ).data.orders;
        check(legs.length === 2, `Risk-OFF placed ${legs.length} orders`);
        check(
          legs[0]?.transactionType === 'BUY' &&
            legs[0].tradingSymbol === fromSymbol &&
            legs[1]?.transactionType === 'SELL',
          `Risk-OFF legs out of order: ${JSON.stringify(legs)}`,
        );
        const toSymbol = legs[1]?.tradingSymbol ?? '';
        check(toSymbol !== fromSymbol && toSymbol.endsWith('CE'), `Risk-OFF moved ${fromSymbol} to ${toSymbol}`);
        await page
          .locator(`[data-testid="terminal-position-row"][data-symbol="${toSymbol}"]`)
          .waitFor({ timeout: 20_000 });

        // (d) ↑ places nothing while disarmed, then places once armed; F6 exits everything armed or not.
        await page.getByRole('heading', { name: 'QuikTrade' }).click();
        const beforeKeys = await orderCount(base, headers, accountId);
        await page.keyboard.press('ArrowUp');
        await page.waitForTimeout(1_500);
        check((await orderCount(base, headers, accountId)) === beforeKeys, '↑ placed an order while disarmed');
        await page.getByLabel('ARM', { exact: true }).check();
        await page.keyboard.press('ArrowUp');
        await waitFor('the armed ↑ order', async () => (await orderCount(base, headers, accountId)) === beforeKeys + 1);
        await page.getByLabel('ARM', { exact: true }).uncheck();
        await page.keyboard.press('F6');
        await page.getByText('No open positions.').waitFor({ timeout: 20_000 });

        // The help overlay lists the keys.
        await page.keyboard.press('?');
        await page.getByRole('dialog').getByText('Exit all positions').waitFor();
        await page.keyboard.press('Escape');

        // Phone width: nothing but the tables scrolls sideways.
        await page.setViewportSize({ width: 375, height: 800 });
        // The app's mobile notice (spec §2.5) opens once at phone width.
        const notice = page
          .getByRole('dialog')
          .filter({ hasText: 'Not all screens are optimized for Mobile viewing.' });
        const noticeShown = await notice.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (noticeShown) {
          await notice.getByRole('button', { name: 'Ok' }).click();
          await notice.waitFor({ state: 'detached' });
        }
        await selectTab(page, 'Chain');
        await atmRow.waitFor();
        const wide = await page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLElement>('body *'))
            .filter(
              (element) =>
                element.getBoundingClientRect().right > window.innerWidth + 1 &&
                element.closest('.table-responsive') === null,
            )
            .slice(0, 8)
            .map((element) => `${element.tagName}.${element.className}`),
        );
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        check(!overflow, `the terminal scrolls sideways at 375 px: ${wide.join(' | ')}`);
        await saveScreenshot(page, 'quiktrade-terminal-375');
        await page.setViewportSize({ width: 1280, height: 900 });

        // The server-side portfolio risk: an MTM stop armed from the terminal's MTM Risk tab.
        await selectTab(page, 'MTM Risk');
        const riskPanel = page.getByTestId('portfolio-risk-panel');
        await riskPanel.getByLabel('MTM stop (₹ loss)').fill('50000');
        await riskPanel.getByRole('button', { name: 'Arm' }).click();
        await riskPanel.getByText('Armed', { exact: true }).waitFor();
        check(
          (await riskPanel.getByLabel('MTM stop (₹ loss)').inputValue()) === '50000',
          'the armed MTM stop is not shown',
        );
        await selectTab(page, 'Chain');

        // (f) Fan-out switched on, the Upstox account's multiplier set to 2 in the terminal: one click places 2 lots on
        // the Paper Trading account and 4 on the Upstox one, and the results name both.
        await fanOutSwitch.check();
        await page.getByRole('button', { name: /^Multipliers/ }).click();
        const multipliers = page.getByRole('dialog').filter({ hasText: 'Fan-out multipliers' });
        const secondMultiplier = multipliers.getByRole('spinbutton', { name: 'Multiplier of Upstox Two (UP2222)' });
        await secondMultiplier
          .waitFor({ timeout: 10_000 })
          .catch(() => check(false, 'the multipliers dialog has no input for the Upstox account'));
        await secondMultiplier.fill('2');
        await secondMultiplier.press('Enter');
        await page
          .getByRole('button', { name: 'Multipliers ×1 ×2' })
          .waitFor({ timeout: 10_000 })
          .catch(() => check(false, 'the saved multiplier does not show on the Multipliers button'));
        await page.keyboard.press('Escape');
        await multipliers.waitFor({ state: 'detached' });
        const seen = new Set(
          [...(await ordersOf(base, headers, accountId)), ...(await ordersOf(base, headers, secondId))].map(
            (o) => o.id,
          ),
        );
        await atmRow.waitFor({ timeout: 30_000 });
        await page.waitForFunction(
          () => !document.querySelector<HTMLButtonElement>('[data-atm="true"] button[aria-label$=" PE"]')?.disabled,
        );
        await atmRow.getByRole('button', { name: /^BUY \d+ PE$/ }).click();
        const results = page.getByTestId('fan-out-results');
        await results.getByText('Fan-out: 2 placed').waitFor({ timeout: 20_000 });
        check(
          (await results.getByTestId(`fan-out-result-${secondId}`).textContent())?.includes('4 lots') === true,
          `the second account's result: ${await results.getByTestId(`fan-out-result-${secondId}`).textContent()}`,
        );
        const fresh = async (id: string) => (await ordersOf(base, headers, id)).filter((o) => !seen.has(o.id));
        const [firstOrders, secondOrders] = [await fresh(accountId), await fresh(secondId)];
        check(
          firstOrders.length === 1 && secondOrders.length === 1,
          `the fan-out placed ${firstOrders.length} and ${secondOrders.length} orders`,
        );
        const firstQty = firstOrders[0]?.quantity ?? 0;
        const secondQty = secondOrders[0]?.quantity ?? 0;
        check(secondQty === 2 * firstQty && firstQty > 0, `quantities ${firstQty} and ${secondQty} are not ×1 and ×2`);
        console.log(`# fan-out: ${firstQty} and ${secondQty} units on Paper Trading and Upstox (paper)`);
        await saveScreenshot(page, 'quiktrade-fan-out');

        // (e) Scalper: the Straddle tab offers the upgrade instead.
        await page.evaluate(() => window.localStorage.removeItem('user'));
        await openPage(page, `${base}/authentication/login`);
        await logInThroughPage(page, base, scalper);
        await openTerminal(page, base);
        await selectTab(page, 'Straddle');
        const popup = page.getByRole('dialog').filter({ hasText: 'Please upgrade to use this feature' });
        await popup.waitFor();
        check((await popup.getByText('Upgrade Now').count()) > 0, 'the popup is not Upgrade Now');
        await saveScreenshot(page, 'quiktrade-scalper-upgrade');

        check(problems.length === 0, `console problems: ${problems.join(' | ')}`);
      });
    },
  },
];
