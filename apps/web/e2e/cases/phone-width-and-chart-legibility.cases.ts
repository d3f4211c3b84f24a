/**
 * What a new user sees first, at a phone's width and on the chart pages: the landing page, the Option Chain (as its compact
 * list of call LTP · strike · put LTP) and Option Chain Charts never scroll sideways at 375 px (tables and charts scroll in their own boxes); on Option Chain
 * Charts every strike chart's OI line starts below its legend (so the line's 'OI' label is never under it), and the
 * index chart's change is in points, without a rupee sign; logging out from a chain page ends on 'See you again!'.
 */
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

/** The page's own width at 375 px: more than the viewport means the whole page scrolls sideways. */
async function checkNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 376, `${name} scrolls sideways at 375 px (${width} px wide)`);
  await saveScreenshot(page, `${name}-375px`);
}

export const cases: readonly BrowserCase[] = [
  {
    name: 'phone-width-and-chart-legibility',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        const page = await newPage();
        const problems = watchForProblems(page);
        await skipDailyNotices(page);

        // The landing page, signed out, with its broker carousel moving.
        await page.setViewportSize({ width: 375, height: 812 });
        await openPage(page, `${server.baseUrl}/`);
        await page.locator('.broker-carousel').scrollIntoViewIfNeeded();
        await page.waitForTimeout(2_500);
        await checkNoSidewaysScroll(page, 'landing');

        await page.setViewportSize({ width: 1440, height: 900 });
        await signedInUser(page, server.baseUrl, 'phone-width', true);

        // Option Chain Charts at 1440 px: legends clear of the OI lines, the index chart's change in points.
        await openPage(page, `${server.baseUrl}/pages/option-chain-charts`);
        await page.waitForFunction(() => document.querySelectorAll('.occ [data-chart-state="painted"]').length === 7, {
          timeout: 30_000,
        });
        const strikeCharts = await page.$$eval('.occ-strike-row [data-oi-top]', (charts) =>
          charts.map((chart) => {
            const legend = chart.querySelector<HTMLElement>('.candle-chart-legend');
            const top = chart.getBoundingClientRect().top;
            return {
              oiTop: Number(chart.getAttribute('data-oi-top')),
              legendBottom: legend === null || legend.hidden ? 0 : legend.getBoundingClientRect().bottom - top,
              oiText: legend?.textContent ?? '',
            };
          }),
        );
        check(strikeCharts.length === 6, `expected 6 strike charts with an OI line, found ${strikeCharts.length}`);
        for (const chart of strikeCharts) {
          check(
            chart.legendBottom > 0 && chart.oiTop >= chart.legendBottom,
            `an OI line starts at ${chart.oiTop} px, inside the legend (to ${chart.legendBottom} px)`,
          );
          check(/OI [\d,.]+(K|L|Cr)/.test(chart.oiText), `a strike legend shows no OI: ${chart.oiText}`);
        }
        const indexLegend = await page.locator('section[aria-label="Index chart"] .candle-chart-legend').textContent();
        check(indexLegend !== null && !indexLegend.includes('₹'), `the index chart's legend shows ₹: ${indexLegend}`);
        await saveScreenshot(page, 'option-chain-charts-legends');

        // Both chain pages at a phone's width.
        await page.setViewportSize({ width: 375, height: 812 });
        await page.waitForTimeout(300);
        await checkNoSidewaysScroll(page, 'option-chain-charts');
        await openPage(page, `${server.baseUrl}/pages/option-chain`);
        // At a phone's width the chain is the compact list: call LTP · strike · put LTP, the ATM strike marked;
        // tapping a strike opens its other figures.
        const compactRows = page.locator('[data-testid="option-chain-compact"] li[data-strike]');
        await compactRows.first().waitFor();
        check((await compactRows.count()) >= 5, `the compact chain lists ${await compactRows.count()} strikes`);
        const atm = page.locator('[data-testid="option-chain-compact"] li[aria-current="true"]');
        check((await atm.count()) === 1, `the compact chain marks ${await atm.count()} ATM strikes`);
        // The spec's notice that not every screen suits a phone comes first; it is dismissed with Ok.
        const notice = page.getByRole('dialog', { name: 'Notice' });
        const noticeShown = await notice.waitFor({ state: 'visible', timeout: 5_000 }).then(
          () => true,
          () => false,
        );
        if (noticeShown) await notice.getByRole('button', { name: 'Ok' }).click();
        await notice.waitFor({ state: 'hidden' });
        await atm.locator('button.option-chain-compact-row').click();
        const details = atm.locator('.option-chain-compact-details');
        await details.waitFor();
        const detailText = (await details.textContent()) ?? '';
        check(/OI Chg/.test(detailText) && /Volume/.test(detailText), `a tapped strike shows: ${detailText}`);
        await checkNoSidewaysScroll(page, 'option-chain');

        // Logging out from a page holding the feed: the session's revocation (109 on the feed) must not send the
        // user to the login page before the goodbye.
        await page.setViewportSize({ width: 1440, height: 900 });
        await page.getByRole('button', { name: 'User menu' }).click();
        await page.getByRole('link', { name: 'Logout' }).click();
        await page.getByRole('heading', { name: 'See you again!' }).waitFor({ state: 'visible' });
        await page.waitForTimeout(2_000);
        check(page.url().endsWith('/authentication/logout'), `logging out left for ${page.url()}`);

        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
