/**
 * The Futures/Spot chart in a browser against a real server with an always-open simulated market, as a live-tier
 * user: both charts paint, the basis shown is the future's last price minus the spot's, and no console errors.
 */
import {
  liveTierUser,
  openPage,
  saveScreenshot,
  skipDailyNotices,
  watchForProblems,
  withRealTimeServer,
  type BrowserCase,
} from '../case-kit';
import { check } from '../harness';

const numberIn = (text: string | null) => Number((text ?? '').replace(/[^0-9.-]/g, ''));

export const cases: readonly BrowserCase[] = [
  {
    name: 'fut-spot-chart',
    async run({ newPage }) {
      await withRealTimeServer(async (server) => {
        await liveTierUser(newPage, server, 'fut-spot');
        const page = await newPage();
        await page.setViewportSize({ width: 1440, height: 900 });
        const problems = watchForProblems(page);
        await skipDailyNotices(page);
        await openPage(page, `${server.baseUrl}/pages/fut-spot-chart`);
        await page.getByTestId('fut-spot-basis').waitFor({ state: 'visible', timeout: 30_000 });
        const cards = await page.locator('.page-header-card dd').allTextContents();
        check(cards.length === 2, `expected future and spot cards, found ${cards.length}`);
        const future = numberIn(cards[0]!.split(' ')[0]!);
        const spot = numberIn(cards[1]!.split(' ')[0]!);
        const basis = numberIn(await page.locator('[data-testid="fut-spot-basis"] dd').first().textContent());
        console.log(`# future ${future}, spot ${spot}, basis shown ${basis}`);
        check(Math.abs(future - spot - basis) <= 0.011, `basis ${basis} ≠ future ${future} − spot ${spot}`);
        check((await page.locator('canvas').count()) > 0, 'no chart painted');
        await saveScreenshot(page, 'fut-spot-chart-light');
        check(problems.length === 0, problems.join('; '));
      });
    },
  },
];
