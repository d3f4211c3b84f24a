/**
 * The premium-symbol pages (pages brief G6: straddle-adv, strangle-adv, custom-strangle) in a browser against a real
 * server with an always-open simulated market, one login for all: the charted pair's premium checked as CE + PE of
 * the chain answer the page received, the chart's last candle found in the strategy-ch answer it drew, a resolution
 * change drawing fewer candles, a strangle submitted with its own CE and PE strikes, the custom strangle's P&L
 * recomputed from the candles answer, usable at 375 px, no console errors.
 */
import type { OptionChain } from '@fnodesk/contracts';
import type { Page } from 'playwright-core';
import {
  logInThroughPage,
  openPage,
  saveScreenshot,
  signedInUser,
  skipDailyNotices,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check, registerVerifiedUser } from '../harness';
import { grantBrokerSession, type RestartableServer } from '../live-tier-fixture';

interface ChartAnswer {
  data: { candles: { t: number; c: number }[] };
}
interface CandlesAnswer {
  data: { token: number; candles: { t: number; c: number }[] }[];
}

/** Keeps every successful answer whose URL contains `marker`. */
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

const numberIn = (text: string | null) => Number((text ?? '').replace(/[₹,+]/g, ''));

/** The card of the charted pair = its CE LTP + PE LTP in a chain answer the page received (retried over refreshes). */
async function checkPairCard(
  page: Page,
  testId: string,
  ce: number,
  pe: number,
  chains: () => { data: OptionChain }[],
) {
  let shown = NaN;
  let sums: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    shown = numberIn(await page.getByTestId(testId).textContent());
    sums = chains().flatMap(({ data }) => {
      const call = data.rows.find((row) => row.strike === ce)?.ce.ltp;
      const put = data.rows.find((row) => row.strike === pe)?.pe.ltp;
      return call == null || put == null ? [] : [Math.round((call + put) * 100) / 100];
    });
    if (sums.some((sum) => Math.abs(sum - shown) < 0.006)) break;
    await page.waitForTimeout(1_000);
  }
  check(
    sums.some((sum) => Math.abs(sum - shown) < 0.006),
    `${testId}: ${ce} CE + ${pe} PE shown ${shown}, answers give ${sums.join(', ')}`,
  );
  return shown;
}

/**
 * The chart's last served candle is a candle of a strategy-ch answer, and a candle forming from live ticks is not
 * older than it (retried over refreshes: an answer's body may still be parsing); returns how many candles it drew.
 */
async function checkLastCandle(page: Page, prefix: string, charts: () => ChartAnswer[]): Promise<number> {
  const last = page.getByTestId(`${prefix}-last-candle`);
  await last.waitFor({ state: 'visible', timeout: 30_000 });
  const read = async () => {
    const [t, c, live, servedT, servedC, count] = await Promise.all(
      ['data-t', 'data-c', 'data-live', 'data-served-t', 'data-served-c', 'data-count'].map((name) =>
        last.getAttribute(name),
      ),
    );
    return {
      t: Number(t),
      c: Number(c),
      live: live === 'true',
      servedT: Number(servedT),
      servedC: Number(servedC),
      count: Number(count),
    };
  };
  let shown = await read();
  let found = false;
  for (let attempt = 0; attempt < 5 && !found; attempt++) {
    if (attempt > 0) {
      await page.waitForTimeout(1_000);
      shown = await read();
    }
    const { servedT, servedC } = shown;
    found = charts().some((answer) =>
      answer.data.candles.some((candle) => candle.t === servedT && candle.c === servedC),
    );
  }
  check(found, `${prefix}: last served candle ${shown.servedC} at ${shown.servedT} is in no strategy-ch answer`);
  if (shown.live) {
    check(
      shown.t >= shown.servedT,
      `${prefix}: the live candle at ${shown.t} is older than the served ${shown.servedT}`,
    );
  } else {
    check(
      shown.t === shown.servedT && shown.c === shown.servedC,
      `${prefix}: shows ${shown.c} at ${shown.t}, not its last served candle`,
    );
  }
  return shown.count;
}

/** The strike pair the page's symbol names ("NIFTY … 25600 CE + 25500 PE"). */
async function symbolStrikes(page: Page, prefix: string): Promise<[number, number]> {
  const text = (await page.getByTestId(`${prefix}-symbol`).textContent()) ?? '';
  const match = /([\d,]+) CE \+ ([\d,]+) PE/.exec(text);
  check(match !== null, `${prefix}: symbol ${text}`);
  return [numberIn(match[1]!), numberIn(match[2]!)];
}

async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 376, `${name} scrolls sideways at 375 px (${width} px wide)`);
  await saveScreenshot(page, `${name}-375px`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

async function apiLogin(baseUrl: string, login: { email: string; password: string }): Promise<Record<string, string>> {
  const answer = await fetch(`${baseUrl}/api/v1/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const { data } = (await answer.json()) as { data: { userID: string; loginSecret: string } };
  return { userid: data.userID, secret: data.loginSecret };
}

interface MarginsAnswer {
  data: { initial: { total: number }; final: { total: number } };
}

/**
 * The builder's orders on Paper Trading: from the option chain's link, an iron condor from the template, its margin
 * (hedged) and hedge benefit checked against the fetch-basket-margins answer, added to the basket and executed as
 * four orders, which the Orders page lists as completed; then the re-centring simulator run over 20 sessions.
 */
async function builderOrders(server: RestartableServer, newPage: () => Promise<Page>) {
  const base = server.baseUrl;
  const login = await registerVerifiedUser(base, 'strategy-orders');
  let headers = await apiLogin(base, login);
  for (const product of ['d', 'qt']) {
    const started = await fetch(`${base}/api/v1/start-user-trial?product_type=${product}`, { headers });
    check(started.ok, `the ${product} trial answered ${started.status}`);
  }
  await grantBrokerSession(server, login.email);
  headers = await apiLogin(base, login);
  const brokers = (await (await fetch(`${base}/api/v1/brokers`, { headers })).json()) as {
    data: { brokers: { id: string }[] };
  };
  const paper = brokers.data.brokers[0];
  check(paper !== undefined, 'no Paper Trading account');
  const enabled = await fetch(`${base}/api/v1/brokers/${paper.id}`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ quickTrade: true }),
  });
  check(enabled.ok, `enabling trading answered ${enabled.status}`);

  const page = await newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  const problems = watchForProblems(page);
  const margins = watchAnswers<MarginsAnswer>(page, '/fetch-basket-margins');
  const charts = watchAnswers<ChartAnswer>(page, '/data/v1/strategy-ch?');
  await openPage(page, `${base}/authentication/login`);
  await skipDailyNotices(page);
  await logInThroughPage(page, base, login);

  // The option chain's link opens the builder on its instrument and expiry.
  await openPage(page, `${base}/pages/option-chain`);
  const link = page.getByRole('link', { name: 'Strategy builder' });
  await link.waitFor({ timeout: 30_000 });
  const href = (await link.getAttribute('href')) ?? '';
  check(/instrument=\w+&expiry=\d{4}-\d{2}-\d{2}/.test(href), `the builder link carries ${href}`);
  await link.click();
  await page.waitForURL(/\/pages\/strategy-chart\?/);
  await page.waitForFunction(() => document.querySelectorAll('tbody tr[data-strike]').length > 0, null, {
    timeout: 30_000,
  });
  await page.getByLabel('Template').selectOption('Iron Condor');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="strategy-legs"] tbody tr').length === 4);
  await page.waitForFunction(
    () => /\d/.test(document.querySelector('[data-testid="strategy-margin"]')?.textContent ?? ''),
    null,
    {
      timeout: 30_000,
    },
  );
  const required = numberIn(await page.getByTestId('strategy-margin').textContent());
  const initial = numberIn(await page.getByTestId('strategy-margin-initial').textContent());
  const benefit = numberIn(await page.getByTestId('strategy-hedge-benefit').textContent());
  const answer = margins().find((m) => Math.abs(Math.round(m.data.final.total) - required) <= 1);
  check(answer !== undefined, `margin ${required} is in no fetch-basket-margins answer`);
  check(Math.abs(Math.round(answer.data.initial.total) - initial) <= 1, `initial ${initial} ≠ the answer's`);
  check(Math.abs(initial - required - benefit) <= 1, `hedge benefit ${benefit} ≠ ${initial} − ${required}`);
  check(required < initial, `a hedged iron condor needs less margin (${required}) than its legs (${initial})`);
  console.log(`# iron condor margin ${required}, without hedge ${initial}, benefit ${benefit}`);

  // The built strategy as a chart symbol: its premium candles from a strategy-ch answer.
  await page.getByLabel('Premium chart (the strategy as a chart symbol)').check();
  const premiumCandles = await checkLastCandle(page, 'strategy-chart', charts);
  check(premiumCandles > 0, 'the strategy chart drew no candles');
  console.log(`# iron condor premium chart: ${premiumCandles} candles from strategy-ch`);

  // Execute: the four legs into the basket, then the basket's Execute places them on Paper Trading.
  await page.getByRole('button', { name: 'Execute', exact: true }).click();
  const basket = page.getByTestId('basket');
  await basket.waitFor();
  check((await basket.getByTestId('basket-line').count()) === 4, 'the basket does not hold four legs');
  await page.getByRole('dialog').getByRole('button', { name: 'Execute', exact: true }).click();
  await basket.waitFor({ state: 'detached', timeout: 20_000 });
  await openPage(page, `${base}/trading/orders`);
  await page.getByRole('button', { name: /^Completed \(4\)/ }).waitFor({ timeout: 30_000 });
  console.log('# iron condor executed: four completed orders');

  // The re-centring simulator over the last 20 sessions.
  await openPage(page, `${base}/pages/strategy-chart`);
  await page.getByTestId('recentring-panel').waitFor({ timeout: 30_000 });
  await page.getByLabel('Move (points)').fill('50');
  await page.getByRole('button', { name: 'Simulate', exact: true }).click();
  await page.getByTestId('recentring-table').waitFor({ timeout: 30_000 });
  const sessions = await page.locator('[data-testid="recentring-table"] tbody tr').count();
  check(sessions === 20, `the simulator shows ${sessions} sessions`);
  console.log(
    `# recentring simulator: ${sessions} sessions, net ${await page.getByTestId('recentring-net').textContent()}`,
  );
  await checkPhoneWidth(page, 'strategy-chart-orders');
  check(problems.length === 0, problems.join('; '));
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'strategy-builder-orders',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => builderOrders(server, newPage));
    },
  },
  {
    name: 'strategy-premium-pages',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        const chains = watchAnswers<{ data: OptionChain }>(page, '/data/v1/option_chain?');
        const charts = watchAnswers<ChartAnswer>(page, '/data/v1/strategy-ch?');
        const candles = watchAnswers<CandlesAnswer>(page, '/data/v1/candles?');
        await skipDailyNotices(page);
        await signedInUser(page, server.baseUrl, 'strategy-premium', true);

        // Straddle Advanced: the ATM straddle charted as one symbol.
        await openPage(page, `${server.baseUrl}/pages/straddle-adv`);
        await page.getByTestId('straddle-adv-symbol').waitFor({ state: 'visible', timeout: 30_000 });
        const [strike, same] = await symbolStrikes(page, 'straddle-adv');
        check(strike === same, `a straddle has one strike: ${strike} / ${same}`);
        const premium = await checkPairCard(page, 'straddle-adv-ltp', strike, strike, chains);
        const oneMinute = await checkLastCandle(page, 'straddle-adv', charts);
        await page.waitForFunction(() => document.querySelector('[data-testid="straddle-adv-chart"] canvas') !== null);
        console.log(`# straddle-adv ${strike} = CE + PE: ${premium}, ${oneMinute} candles at 1m`);
        await saveScreenshot(page, 'straddle-adv-light');
        // A longer resolution draws fewer candles, again from an answer.
        await page.getByLabel('Resolution', { exact: true }).selectOption('5m');
        await page.waitForFunction(
          (before) =>
            Number(document.querySelector('[data-testid="straddle-adv-last-candle"]')?.getAttribute('data-count')) <
            before,
          oneMinute,
          { timeout: 30_000 },
        );
        await checkLastCandle(page, 'straddle-adv', charts);
        await checkPhoneWidth(page, 'straddle-adv');

        // Strangle Advanced: another CE and PE strike, submitted.
        await openPage(page, `${server.baseUrl}/pages/strangle-adv`);
        await page.getByTestId('strangle-adv-symbol').waitFor({ state: 'visible', timeout: 30_000 });
        const chain = chains().at(-1)!.data;
        const centre = chain.rows.findIndex((row) => row.strike === chain.atmStrike);
        const ce = chain.rows[centre + 1]!.strike;
        const pe = chain.rows[centre - 3]!.strike;
        await page.getByLabel('CE Strike').selectOption(String(ce));
        await page.getByLabel('PE Strike').selectOption(String(pe));
        await page.getByRole('button', { name: 'Submit', exact: true }).click();
        await page.waitForFunction(
          (text) => document.querySelector('[data-testid="strangle-adv-symbol"]')?.textContent?.includes(text),
          ` CE + `,
        );
        const [shownCe, shownPe] = await symbolStrikes(page, 'strangle-adv');
        check(shownCe === ce && shownPe === pe, `strangle-adv charts ${shownCe}/${shownPe}, submitted ${ce}/${pe}`);
        const strangle = await checkPairCard(page, 'strangle-adv-ltp', ce, pe, chains);
        await checkLastCandle(page, 'strangle-adv', charts);
        console.log(`# strangle-adv ${ce}/${pe} = CE + PE: ${strangle}`);
        await checkPhoneWidth(page, 'strangle-adv');

        // Custom Strangle: sold 1:2 from 09:20, P&L recomputed from the legs' candles answer.
        await openPage(page, `${server.baseUrl}/pages/custom-strangle`);
        await page.getByLabel('Ratio (CE:PE lots)').selectOption('1:2');
        const pnl = page.getByTestId('custom-strangle-entry-pnl');
        await pnl.waitFor({ state: 'visible', timeout: 30_000 });
        await checkLastCandle(page, 'custom-strangle', charts);
        const [entryT, lastT, shownPnl] = await Promise.all([
          pnl.getAttribute('data-entry-t'),
          pnl.getAttribute('data-t'),
          pnl.getAttribute('data-pnl'),
        ]);
        const lot = chains().at(-1)!.data.optData[0]!.lotSize;
        const expected = candles()
          .filter((answer) => answer.data.length === 2)
          .map((answer) => {
            const at = (leg: number, t: string | null) => answer.data[leg]!.candles.find((k) => k.t === Number(t))?.c;
            const [ce0, pe0, ce1, pe1] = [at(0, entryT), at(1, entryT), at(0, lastT), at(1, lastT)];
            return ce0 === undefined || pe0 === undefined || ce1 === undefined || pe1 === undefined
              ? null
              : -lot * (ce1 - ce0 + 2 * (pe1 - pe0));
          })
          .filter((value): value is number => value !== null);
        check(
          expected.some((value) => Math.abs(value - Number(shownPnl)) < 1e-6),
          `custom-strangle P&L ${shownPnl}; the candles answers give ${expected.join(', ')}`,
        );
        console.log(`# custom-strangle sold 1:2 P&L since entry: ${shownPnl}`);
        await saveScreenshot(page, 'custom-strangle-light');
        await checkPhoneWidth(page, 'custom-strangle');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
