/**
 * Pages on the market kit follow the prices and the clock of the market they show: the option chain's ATM row and
 * Syn Fut move with the live future (`MARKET_CLOCK=always`), and Option Chain Charts goes live on a replayed session
 * (`MARKET_CLOCK=replay`) with 'Last Updated' on the replay's time, the time the server's data is served at.
 */
import type { Page } from 'playwright-core';
import {
  liveTierUser,
  openPage,
  skipDailyNotices,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

const TABLE_ROWS = '[data-testid="option-chain-table"] tbody tr[data-strike]';

/** The first number in a text written the Indian way ('26,008.45 +12.30 (0.05%)' → 26008.45). */
function firstNumber(text: string | null): number {
  const match = /-?[\d,]+(\.\d+)?/.exec(text ?? '');
  check(match !== null, `no number in '${text ?? ''}'`);
  return Number(match[0].replace(/,/g, ''));
}

/** The chain as shown at one instant: the strikes, the ATM row, the future price and Syn Fut. */
async function chainShown(page: Page) {
  const shown = await page.evaluate((selector) => {
    const rows = Array.from(document.querySelectorAll(selector));
    return {
      strikes: rows.map((row) => Number(row.getAttribute('data-strike'))),
      atm: rows.find((row) => row.getAttribute('aria-current') === 'true')?.getAttribute('data-strike') ?? null,
      future: document.querySelector('[data-testid="option-chain-future"]')?.textContent ?? null,
      synFut: document.querySelector('[data-testid="option-chain-syn-fut"]')?.textContent ?? null,
      spot: document.querySelector('[data-testid="option-chain-spot"]')?.textContent ?? null,
      basis: document.querySelector('.option-chain-summary')?.getAttribute('data-atm-basis') ?? null,
    };
  }, TABLE_ROWS);
  // The price the ATM is taken from: the future, or for a weekly (no future of its own) its synthetic future.
  const basisPrice =
    shown.basis === 'SynFut'
      ? firstNumber(shown.synFut)
      : shown.basis === 'Spot'
        ? firstNumber(shown.spot)
        : firstNumber(shown.future);
  return { ...shown, atm: Number(shown.atm), basisPrice, synFut: shown.synFut };
}

/** 'h:mm:ss' on a 12-hour clock → seconds since 12 o'clock. */
function clockSeconds(text: string): number {
  const [h, m, s] = text.split(':').map(Number);
  return ((h ?? 0) % 12) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/** An instant's IST time as seconds since 12 o'clock (the 12-hour clock 'Last Updated' shows). */
function istClockSeconds(instant: number): number {
  const ist = new Date(instant + 5.5 * 3_600_000);
  return (ist.getUTCHours() % 12) * 3600 + ist.getUTCMinutes() * 60 + ist.getUTCSeconds();
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'option-chain-live-atm-follows-future',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'chain-atm');
        const page = await newPage();
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/pages/option-chain`);
        await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 11, TABLE_ROWS, {
          timeout: 30_000,
        });
        await page.getByText(/^Live/).first().waitFor({ state: 'visible', timeout: 30_000 });

        // For 20 s the ATM row is the shown strike nearest the live basis price (the future by default; a weekly's
        // own synthetic future, as it has no future), and Syn Fut moves with the ticks rather than standing at the
        // minute's answer.
        const synFuts = new Set<string | null>();
        const until = Date.now() + 20_000;
        let checks = 0;
        while (Date.now() < until) {
          const chain = await chainShown(page);
          const step = (chain.strikes[1] ?? 0) - (chain.strikes[0] ?? 0);
          check(step > 0, `strikes ${chain.strikes.join(', ')}`);
          const nearest = chain.strikes.reduce((best, strike) =>
            Math.abs(strike - chain.basisPrice) < Math.abs(best - chain.basisPrice) ? strike : best,
          );
          // A tick may land between reading the row and the price: the ATM is the nearest strike or, on the
          // boundary, its neighbour.
          check(
            chain.atm === nearest || Math.abs(chain.atm - chain.basisPrice) <= step / 2 + step * 0.05,
            `ATM ${chain.atm} while the ${chain.basis ?? 'basis'} price is ${chain.basisPrice} (nearest shown strike ${nearest})`,
          );
          synFuts.add(chain.synFut);
          checks += 1;
          await page.waitForTimeout(1_000);
        }
        console.log(`# ATM followed the live basis price in ${checks} reads; Syn Fut took ${synFuts.size} values`);
        check(synFuts.size > 1, `Syn Fut stayed at ${[...synFuts].join('')} for 20 s of live ticks`);
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
  {
    name: 'option-chain-charts-live-under-replay',
    async run({ newPage }) {
      await withRealTimeServer(
        async (server) => {
          await liveTierUser(newPage, server, 'occ-replay');
          const page = await newPage();
          await page.setViewportSize({ width: 1400, height: 900 });
          const problems = watchForProblems(page);
          await skipDailyNotices(page);
          await openPage(page, `${server.baseUrl}/pages/option-chain-charts`);

          // A replayed session is a trading market: the live tier goes live over the feed.
          const status = page.locator('[data-testid="option-chain-charts-status"][data-mode="live"]');
          await status.waitFor({ timeout: 30_000 });
          await status.getByText('Live (Replay)').waitFor({ state: 'visible', timeout: 10_000 });

          // 'Last Updated' is on the replay's clock: the time the server's data is served at, not the wall clock.
          const spot = await page.evaluate(async () => {
            const session = JSON.parse(localStorage.getItem('user') ?? '{}') as {
              userID?: string;
              loginSecret?: string;
            };
            const response = await fetch('/data/v1/spot?name=NIFTY', {
              headers: { userid: session.userID ?? '', secret: session.loginSecret ?? '' },
            });
            return ((await response.json()) as { data: { ts: number } }).data.ts;
          });
          await page.waitForTimeout(2_000);
          const text = (await status.textContent()) ?? '';
          const match = /Last Updated: (\d{1,2}:\d{2}:\d{2})/.exec(text);
          check(match !== null, `no 'Last Updated' in '${text}'`);
          const shown = clockSeconds(match[1]!);
          const fromServer = istClockSeconds(spot);
          const apart = Math.min(Math.abs(shown - fromServer), 43_200 - Math.abs(shown - fromServer));
          console.log(
            `# Last Updated ${match[1]}; the server's replay instant ${fromServer} s past 12, wall ${istClockSeconds(Date.now())}`,
          );
          check(
            apart <= 90,
            `'Last Updated' ${match[1]} is not on the replay's clock (${apart} s from the server's data)`,
          );
          check(problems.length === 0, problems.join('; '));
        },
        { MARKET_CLOCK: 'replay' },
      );
    },
  },
];
