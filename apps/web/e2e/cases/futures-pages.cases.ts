/**
 * The futures scanners and pulse pages (Market Movers, Futures Dashboard, Advance/Decline, Pre-Market) in a browser
 * against a real server with an always-open simulated market, one delayed-tier login shared: each shows the brief's
 * columns, one figure checked against the answer the page itself received, a control that changes what is shown,
 * no sideways scrolling at 375 px, and no console errors or CSP violations. A live-tier case checks Market Movers'
 * prices move without a reload.
 */
import type { FeedTick, OptionChain } from '@fnodesk/contracts';
import type { Page } from 'playwright-core';
import {
  liveTierUser,
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

const numberIn = (text: string | null) => Number((text ?? '').replace(/[,+%₹\s]|Cr/g, ''));

/** Keeps the last answer of a data operation the page received. */
function watchAnswer<T>(page: Page, op: string, only: (url: string) => boolean = () => true): () => T | null {
  let latest: T | null = null;
  page.on('response', (response) => {
    if (!response.url().includes(`/data/v1/${op}`) || !only(response.url()) || !response.ok()) return;
    void response
      .json()
      .then((body: { data: T }) => {
        latest = body.data;
      })
      .catch(() => undefined);
  });
  return () => latest;
}

/** Retries a comparison across refreshes: the shown figure against the one computed from the page's answer. */
async function checkFigure(
  page: Page,
  what: string,
  read: () => Promise<{ shown: number; expected: number } | null>,
  tolerance = 0.005,
): Promise<void> {
  let last: { shown: number; expected: number } | null = null;
  for (let attempt = 0; attempt < 6; attempt++) {
    last = await read();
    if (last !== null && Math.abs(last.shown - last.expected) <= tolerance + 1e-9) {
      console.log(`# ${what}: shown ${last.shown}, from the answer ${last.expected.toFixed(4)}`);
      return;
    }
    await page.waitForTimeout(1_000);
  }
  throw new Error(`${what}: shown ${last?.shown}, the answer gives ${last?.expected}`);
}

async function headerTitles(page: Page, table: string): Promise<string[]> {
  return page
    .locator(`[data-testid="${table}"] thead th[title]`)
    .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('title') ?? ''));
}

async function waitForRows(page: Page, selector: string, atLeast: number): Promise<void> {
  await page.waitForFunction(
    ([query, wanted]) => document.querySelectorAll(query).length >= wanted,
    [selector, atLeast] as const,
    { timeout: 30_000 },
  );
}

/** At a phone's width the page itself never scrolls sideways (tables scroll in their boxes). */
async function checkPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 376, `${name} scrolls sideways at 375 px (${width} px wide)`);
  await saveScreenshot(page, `${name}-375px`);
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The shown values of one column of Market Movers, by column id. */
async function columnValues(page: Page, column: string): Promise<number[]> {
  const index = await page
    .locator('[data-testid="market-movers-table"] thead tr:not(.data-table-groups) th')
    .evaluateAll((cells, id) => cells.findIndex((cell) => cell.getAttribute('data-column') === id), column);
  check(index >= 0, `Market Movers shows no ${column} column`);
  return page
    .locator(`[data-testid="market-movers-table"] tbody tr[data-symbol] > :nth-child(${index + 1})`)
    .evaluateAll((cells) => cells.map((cell) => Number((cell.textContent ?? '').replace(/[,+%]/g, ''))));
}

const pct = (tick: FeedTick) => ((tick.lp - (tick.c ?? tick.lp)) / (tick.c ?? tick.lp)) * 100;

export const cases: readonly BrowserCase[] = [
  {
    name: 'futures-pages-delayed',
    async run({ newPage }) {
      await withRealTimeServer(
        async (server) => {
          const page = await newPage();
          await page.setViewportSize({ width: 1440, height: 900 });
          const problems = watchForProblems(page);
          const futureTicks = watchAnswer<FeedTick[]>(page, 'get_all_future_ticks');
          const preOpen = watchAnswer<{ tradingSymbol: string; iep: number; prevClose: number }[]>(
            page,
            'get_pre_market_ticks',
          );
          const niftyChain = watchAnswer<OptionChain>(page, 'option_chain?', (url) => url.includes('name=NIFTY&'));
          await skipDailyNotices(page);
          await signedInUser(page, server.baseUrl, 'futures-pages', true);

          // Market Movers: the brief's columns, LTP PCHG from the page's own ticks, a chip and a filter.
          await openPage(page, `${server.baseUrl}/pages/fno-stocks`);
          await waitForRows(page, '[data-testid="market-movers-table"] tbody tr[data-symbol]', 20);
          const titles = await headerTitles(page, 'market-movers-table');
          for (const title of [
            'Symbol',
            'Sector',
            'Lot size',
            'LTP',
            'LTP change',
            'LTP change %',
            'OI',
            'OI change',
          ]) {
            check(titles.includes(title), `Market Movers has no ${title} column: ${titles.join(', ')}`);
          }
          for (const title of [
            'OI change %',
            'Volume',
            'ATP',
            'Day open',
            'Day high',
            'Day low',
            'Open = High / Low',
          ]) {
            check(titles.includes(title), `Market Movers has no ${title} column: ${titles.join(', ')}`);
          }
          // Long tables draw only the rows in view: the symbol filter brings RELIANCE into it.
          await page.getByLabel('Filter Symbol').fill('RELIANCE');
          await waitForRows(page, '[data-testid="market-movers-table"] tbody tr[data-symbol="RELIANCE"]', 1);
          await checkFigure(page, 'RELIANCE LTP PCHG = (LTP − close) ÷ close', async () => {
            const row = page.locator('[data-testid="market-movers-table"] tbody tr[data-symbol="RELIANCE"]');
            const token = Number(await row.getAttribute('data-token'));
            const tick = futureTicks()?.find((entry) => entry.token === token);
            if (tick === undefined) return null;
            const index = titles.indexOf('LTP change %');
            const shown = numberIn(await row.locator(`> :nth-child(${index + 1})`).textContent());
            return { shown, expected: Math.round(pct(tick) * 100) / 100 };
          });
          await page.getByLabel('Filter Symbol').fill('');
          await page.getByRole('button', { name: 'Price Gainers' }).click();
          await page.waitForTimeout(300);
          const gains = await columnValues(page, 'ltpChangePercent');
          check(
            gains.every((value) => value > 0),
            `Price Gainers shows a fall: ${gains.join(', ')}`,
          );
          check(
            gains.every((value, i) => i === 0 || value <= gains[i - 1]!),
            'Price Gainers is not ordered biggest gain first',
          );
          await page.getByRole('button', { name: 'All', exact: true }).click();
          if (gains.length === 0) {
            // Delayed data in a session's pre-open minutes: no future has traded since the previous close, so none
            // may show a rise.
            await page.waitForTimeout(300);
            const all = await columnValues(page, 'ltpChangePercent');
            check(
              all.length > 0 && all.every((value) => value <= 0),
              `Price Gainers is empty beside ${all.join(', ')}`,
            );
            console.log(
              `# Price Gainers empty: the delayed market is in its pre-open (${all.length} futures unchanged)`,
            );
          }
          await page.getByLabel('Filter LTP change %').fill('<0');
          await page.waitForTimeout(300);
          // A filter that let rows through would keep an unchanged or rising future; some future may have fallen by now
          // or not (the pre-open minutes of a gap-up session), so an empty list passes.
          const falls = await columnValues(page, 'ltpChangePercent');
          check(
            falls.every((value) => value < 0),
            `the "<0" filter keeps a rise or an unchanged price: ${falls.join(', ')}`,
          );
          await page.getByLabel('Filter LTP change %').fill('');
          await page.getByLabel('Group', { exact: true }).selectOption('banknifty');
          await page.waitForFunction(
            () => document.querySelectorAll('[data-testid="market-movers-table"] tbody tr[data-symbol]').length <= 14,
          );
          await page.getByLabel('Group', { exact: true }).selectOption('all');
          await saveScreenshot(page, 'market-movers-light');
          await checkPhoneWidth(page, 'market-movers');

          // Futures Dashboard: twelve cards; the top OI value is OI × LTP from the page's ticks; Top 10 shows more.
          await openPage(page, `${server.baseUrl}/pages/future-dashboard`);
          await waitForRows(page, '[data-testid^="dashboard-card-"]', 12);
          await waitForRows(page, '[data-testid="dashboard-card-active-oi"] li[data-symbol]', 5);
          await checkFigure(page, 'top OI value = OI × LTP (₹ crore)', async () => {
            const item = page.locator('[data-testid="dashboard-card-active-oi"] li[data-symbol]').first();
            const token = Number(await item.getAttribute('data-token'));
            const tick = futureTicks()?.find((entry) => entry.token === token);
            if (tick?.oi === undefined) return null;
            const shown = numberIn(await item.locator('.font-monospace').textContent());
            return { shown, expected: Math.round(((tick.oi * tick.lp) / 1e7) * 100) / 100 };
          });
          await page.getByRole('button', { name: '10', exact: true }).click();
          await waitForRows(page, '[data-testid="dashboard-card-active-volume"] li[data-symbol]', 10);
          await checkPhoneWidth(page, 'future-dashboard');

          // Advance/Decline: A/D from the counts, advances from the page's ticks, a group that narrows the cards.
          await openPage(page, `${server.baseUrl}/pages/advance-decline`);
          await waitForRows(page, '[data-testid="sector-card"]', 5);
          await page.locator('[data-chart-state="painted"]').first().waitFor({ state: 'attached', timeout: 30_000 });
          const readCounts = () =>
            page.evaluate(() =>
              ['advances', 'declines', 'ad-ratio'].map(
                (id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '',
              ),
            );
          const [, declinesText = '', ratioText = ''] = await readCounts();
          if (numberIn(declinesText) === 0) {
            // No stock has fallen (delayed data in a pre-open minute): the ratio has no value and shows a dash.
            check(ratioText === '–', `A/D shows ${ratioText} with no declines`);
            console.log('# A/D with no declines: –');
          } else {
            await checkFigure(page, 'A/D = advances ÷ declines', async () => {
              const [advances, declines, shown] = (await readCounts()).map(numberIn) as [number, number, number];
              return declines === 0 ? null : { shown, expected: Math.round((advances / declines) * 100) / 100 };
            });
          }
          const allStocks = await page.locator('[data-testid="sector-card"] tbody tr[data-symbol]').count();
          await page.getByLabel('Group', { exact: true }).selectOption('banknifty');
          await page.waitForFunction(
            (before) => {
              const count = document.querySelectorAll('[data-testid="sector-card"] tbody tr[data-symbol]').length;
              return count > 0 && count < before;
            },
            allStocks,
            { timeout: 30_000 },
          );
          await checkPhoneWidth(page, 'advance-decline');
          await useColorMode(page, 'dark');
          await page.reload();
          await waitForRows(page, '[data-testid="sector-card"]', 1);
          await saveScreenshot(page, 'advance-decline-dark');
          await useColorMode(page, 'light');

          // Index Watch: five indices; NIFTY's PCR is the one in the chain answer; unticking an index drops its tile.
          await openPage(page, `${server.baseUrl}/pages/dashboard`);
          await waitForRows(page, '[data-testid="index-tile"]', 5);
          await checkFigure(page, 'NIFTY PCR = the chain answer’s put OI ÷ call OI', async () => {
            const pcr = niftyChain()?.summary.pcr;
            if (pcr === undefined || pcr === null) return null;
            const shown = numberIn(
              await page
                .locator('[data-testid="index-tile"][data-index="NIFTY"] [data-testid="index-pcr"]')
                .textContent(),
            );
            return { shown, expected: Math.round(pcr * 100) / 100 };
          });
          await page.getByLabel('SENSEX', { exact: true }).uncheck();
          await page.waitForFunction(() => document.querySelectorAll('[data-testid="index-tile"]').length === 4);
          await checkPhoneWidth(page, 'index-watch');

          // Trade Finder: eight charts of the ranked futures, each titled with the move in the page's ticks; Next pages on.
          await openPage(page, `${server.baseUrl}/pages/trade-finder`);
          await waitForRows(page, '[data-testid="trade-finder-chart"][data-loaded="true"]', 8);
          await checkFigure(page, 'the first chart’s % move = (LTP − close) ÷ close of its future', async () => {
            const chart = page.locator('[data-testid="trade-finder-chart"]').first();
            const symbol = await chart.getAttribute('data-symbol');
            const instruments = await page.evaluate(async (name) => {
              const stored = JSON.parse(window.localStorage.getItem('user') ?? '{}') as {
                userID?: string;
                loginSecret?: string;
              };
              const answer = await fetch('/data/v1/get_all_future_instruments', {
                headers: { userid: String(stored.userID), secret: String(stored.loginSecret) },
              });
              const body = (await answer.json()) as {
                data: { instrumentToken: number; name: string; expiry: string }[];
              };
              return body.data.filter((entry) => entry.name === name).sort((a, b) => a.expiry.localeCompare(b.expiry));
            }, symbol);
            const tick = futureTicks()?.find((entry) => entry.token === instruments[0]?.instrumentToken);
            if (tick === undefined) return null;
            const shown = numberIn((await chart.locator('h2 span').textContent())?.replace(/[()]/g, '') ?? null);
            return { shown, expected: Math.round(pct(tick) * 100) / 100 };
          });
          const firstPage = await page
            .locator('[data-testid="trade-finder-chart"]')
            .first()
            .getAttribute('data-symbol');
          await page.getByRole('button', { name: 'Next', exact: true }).click();
          await page.getByTestId('trade-finder-page').filter({ hasText: /^2 \// }).waitFor({ state: 'visible' });
          const secondPage = await page
            .locator('[data-testid="trade-finder-chart"]')
            .first()
            .getAttribute('data-symbol');
          check(secondPage !== firstPage, 'Next shows the same charts');
          await checkPhoneWidth(page, 'trade-finder');

          // Pre-Market: the gap of a stock from the page's own quotes, and the futures tab.
          await openPage(page, `${server.baseUrl}/pages/pre-market`);
          await waitForRows(page, '[data-testid="pre-market-table"] tbody tr[data-symbol]', 20);
          await page.getByTestId('implied-open').first().waitFor({ state: 'visible' });
          await page.getByLabel('Filter Symbol').fill('RELIANCE');
          await waitForRows(page, '[data-testid="pre-market-table"] tbody tr[data-symbol="RELIANCE"]', 1);
          await checkFigure(page, 'RELIANCE gap % = IEP ÷ previous close − 1', async () => {
            const reliance = preOpen()?.find((entry) => entry.tradingSymbol === 'RELIANCE');
            if (reliance === undefined) return null;
            const row = page.locator('[data-testid="pre-market-table"] tbody tr[data-symbol="RELIANCE"]');
            // Cells after the symbol: sector, previous close, IEP, gap %.
            const shown = numberIn(await row.locator('td').nth(3).textContent());
            return { shown, expected: Math.round((reliance.iep / reliance.prevClose - 1) * 10_000) / 100 };
          });
          // The tab buttons sit under their label 'Show' (the side navigation has a Futures group too).
          await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Futures' }).click();
          await waitForRows(page, '[data-testid="pre-market-futures-table"] tbody tr[data-symbol]', 20);
          await checkPhoneWidth(page, 'pre-market');

          check(problems.length === 0, problems.join('; '));
        },
        // A replay from 11:00 of the session whatever the hour: these pages rank and filter moves, and in the pre-open
        // minutes of delayed data nothing has moved yet.
        { MARKET_CLOCK: 'replay', MARKET_REPLAY_FROM: '11:00' },
      );
    },
  },
  {
    name: 'market-movers-live',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'movers-live');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/pages/fno-stocks`);
        await waitForRows(page, '[data-testid="market-movers-table"] tbody tr[data-symbol]', 20);
        await page.getByText(/^Live/).first().waitFor({ state: 'visible', timeout: 30_000 });
        check((await page.getByTestId('page-banner').count()) === 0, 'a live-tier user sees a tier banner');
        const before = (await columnValues(page, 'ltp')).join(',');
        await page.waitForFunction(
          (first) => {
            const table = document.querySelector('[data-testid="market-movers-table"]');
            const heads = Array.from(table?.querySelectorAll('thead tr:not(.data-table-groups) th') ?? []);
            const index = heads.findIndex((cell) => cell.getAttribute('data-column') === 'ltp');
            const now = Array.from(table?.querySelectorAll(`tbody tr[data-symbol] > :nth-child(${index + 1})`) ?? [])
              .map((cell) => Number((cell.textContent ?? '').replace(/[,+%]/g, '')))
              .join(',');
            return now !== first;
          },
          before,
          { timeout: 20_000 },
        );
        console.log('# Market Movers prices moved without a reload');
        await saveScreenshot(page, 'market-movers-live');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
