/// <reference lib="dom" />
/**
 * `npm run screenshots`: captures this app's own pages with the simulated market for the feature catalogues and
 * the landing page's slideshow, and writes them as optimised WebP images.
 *
 * Uses the server at SCREENSHOTS_BASE_URL when set (it must serve the built app and its dev mailbox to this
 * machine); otherwise builds the web app and starts a throw-away server on a free port. A new user is registered,
 * verified through the dev mailbox, given the Discover trial and logged in through the login page, as a visitor
 * would. Then:
 * - every catalogue feature whose page is registered is captured to apps/web/public/features/<id>.webp and listed
 *   in src/features/catalogue/data/feature-screenshots.json (a feature whose page has not landed keeps text only);
 * - ten screens are captured for the slideshow (feature pages first, then the other pages of the app) to
 *   apps/web/public/slideshow/ and listed in src/features/landing/data/slideshow.json.
 * Images no longer listed are removed. Rerun it whenever a page lands or changes.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DISCOVER_CATALOGUE } from '../apps/web/src/features/catalogue/data/discover-features';
import { QUIKTRADE_CATALOGUE } from '../apps/web/src/features/catalogue/data/quiktrade-features';
import {
  ACTION_TIMEOUT_MS,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  REPO_ROOT,
  check,
  findFreePort,
  istToday,
  registerVerifiedUser,
  runCommand,
  startServer,
  stopServer,
  waitForHealthy,
  type ServerProcess,
} from '../apps/web/e2e/harness';

const WEB = join(REPO_ROOT, 'apps/web');
const FEATURES_DIR = join(WEB, 'public/features');
const SLIDESHOW_DIR = join(WEB, 'public/slideshow');
const FEATURE_MANIFEST = join(WEB, 'src/features/catalogue/data/feature-screenshots.json');
const SLIDESHOW_MANIFEST = join(WEB, 'src/features/landing/data/slideshow.json');

/** The browser window the pages are captured in, and the size the images are written at. */
const VIEWPORT = { width: 1440, height: 900 };
const IMAGE = { width: 1280, height: 800 };
const WEBP_QUALITY = 0.8;
const SLIDE_COUNT = 10;
/** Time for charts and tables to draw after the network has gone quiet. */
const SETTLE_MS = 1500;

/** A screen of the app for the slideshow when there are fewer than ten feature pages. */
interface Screen {
  path: string;
  caption: string;
  /** localStorage settings to capture it with (dark mode, a navigation style). */
  settings?: Record<string, string>;
}

const OTHER_SCREENS: readonly Screen[] = [
  { path: '/pages/holiday-list', caption: 'Holiday List' },
  { path: '/discover/features', caption: 'Discover features' },
  { path: '/discover/pricing', caption: 'Discover pricing' },
  { path: '/quiktrade/features', caption: 'QuikTrade features' },
  { path: '/subscriptions', caption: 'My Subscriptions' },
  {
    path: '/pages/holiday-list',
    caption: 'Holiday List in dark mode',
    settings: { isDark: 'true', navbarStyle: 'inverted' },
  },
  { path: '/quiktrade/pricing', caption: 'QuikTrade pricing' },
  { path: '/profile', caption: 'My Profile' },
  { path: '/refer', caption: 'Refer & Earn' },
  { path: '/contact-us', caption: 'Contact Us' },
];

/** One written image: where the app loads it from and its size. */
interface WrittenImage {
  src: string;
  width: number;
  height: number;
}

/** Settings every capture starts from: light, left to right, and today's popups and banners already dismissed. */
function baseSettings(): Record<string, string> {
  const today = istToday();
  return {
    isDark: 'false',
    isRTL: 'false',
    isFluid: 'false',
    navbarPosition: 'vertical',
    navbarStyle: 'transparent',
    isNavbarVerticalCollapsed: 'false',
    'mobile-view-popup': JSON.stringify({ isPopup: false }),
    offersBannerClosed: today,
    marketHolidayNotice: today,
    planExpiryNotice: today,
  };
}

async function applySettings(page: Page, settings: Record<string, string>): Promise<void> {
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, settings);
}

/** Opens `path` and returns its PNG, or null when the app sends it to the 404 page (its page has not landed). */
async function capture(page: Page, baseUrl: string, path: string): Promise<Buffer | null> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname === '/errors/404') return null;
  await page.waitForTimeout(SETTLE_MS);
  return page.screenshot({ type: 'png', animations: 'disabled' });
}

/** Re-encodes a PNG as a WebP of the image size, in Chromium (no image library needed). */
async function toWebp(converter: Page, png: Buffer): Promise<Buffer> {
  const base64 = await converter.evaluate(
    async ({ data, width, height, quality }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (context === null) throw new Error('no 2D canvas');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, width, height);
      return canvas.toDataURL('image/webp', quality).split(',')[1] ?? '';
    },
    { data: png.toString('base64'), width: IMAGE.width, height: IMAGE.height, quality: WEBP_QUALITY },
  );
  check(base64.length > 0, 'Chromium produced no WebP');
  return Buffer.from(base64, 'base64');
}

async function writeImage(dir: string, publicPath: string, name: string, webp: Buffer): Promise<WrittenImage> {
  await writeFile(join(dir, name), webp);
  return { src: `${publicPath}/${name}`, width: IMAGE.width, height: IMAGE.height };
}

/** Removes images in `dir` that the manifest no longer lists. */
async function removeStale(dir: string, keep: ReadonlySet<string>): Promise<void> {
  for (const file of await readdir(dir)) {
    if (file.endsWith('.webp') && !keep.has(file)) await rm(join(dir, file));
  }
}

async function logIn(context: BrowserContext, baseUrl: string): Promise<Page> {
  const login = await registerVerifiedUser(baseUrl, 'screenshots');
  const answer = await fetch(`${baseUrl}/api/v1/user-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  const session = ((await answer.json()) as { data: { userID: string; loginSecret: string } }).data;
  // The Discover trial, so every analysis page opens with the simulated market's data.
  const trial = await fetch(`${baseUrl}/api/v1/start-user-trial?product_type=d`, {
    headers: { userid: session.userID, secret: session.loginSecret },
  });
  check(trial.ok, `starting the trial answered ${trial.status}`);

  const page = await context.newPage();
  await page.goto(`${baseUrl}/authentication/login`);
  await applySettings(page, baseSettings());
  await page.getByLabel('E-mail').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL((url) => url.pathname !== '/authentication/login');
  return page;
}

async function main(): Promise<void> {
  let server: ServerProcess | null = null;
  let dataDir: string | null = null;
  let baseUrl = process.env['SCREENSHOTS_BASE_URL']?.replace(/\/+$/, '');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    if (baseUrl === undefined) {
      console.log('Building the web app and starting a server…');
      await runCommand('npm', ['run', 'build', '--workspace', '@fnodesk/web']);
      const port = await findFreePort();
      baseUrl = `http://127.0.0.1:${port}`;
      dataDir = await mkdtemp(join(tmpdir(), 'fnodesk-screenshots-'));
      server = startServer(port, dataDir);
      await waitForHealthy(baseUrl, server);
    }
    const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const page = await logIn(context, baseUrl);
    const converter = await context.newPage();

    await mkdir(FEATURES_DIR, { recursive: true });
    await mkdir(SLIDESHOW_DIR, { recursive: true });

    const features: Record<string, WrittenImage> = {};
    const slides: (WrittenImage & { caption: string })[] = [];
    for (const feature of [...DISCOVER_CATALOGUE.features, ...QUIKTRADE_CATALOGUE.features]) {
      if (feature.page === undefined) continue;
      await applySettings(page, baseSettings());
      const png = await capture(page, baseUrl, feature.page);
      if (png === null) {
        console.log(`- ${feature.name}: ${feature.page} has not landed; text only`);
        continue;
      }
      const webp = await toWebp(converter, png);
      features[feature.id] = await writeImage(FEATURES_DIR, '/features', `${feature.id}.webp`, webp);
      if (slides.length < SLIDE_COUNT) {
        slides.push({
          ...(await writeImage(SLIDESHOW_DIR, '/slideshow', `${slides.length + 1}.webp`, webp)),
          caption: feature.name,
        });
      }
      console.log(`✓ ${feature.name}: ${feature.page}`);
    }
    for (const screen of OTHER_SCREENS) {
      if (slides.length >= SLIDE_COUNT) break;
      await applySettings(page, { ...baseSettings(), ...screen.settings });
      const png = await capture(page, baseUrl, screen.path);
      if (png === null) continue;
      const webp = await toWebp(converter, png);
      slides.push({
        ...(await writeImage(SLIDESHOW_DIR, '/slideshow', `${slides.length + 1}.webp`, webp)),
        caption: screen.caption,
      });
      console.log(`✓ slideshow: ${screen.caption}`);
    }

    await writeFile(FEATURE_MANIFEST, `${JSON.stringify(features, null, 2)}\n`);
    await writeFile(SLIDESHOW_MANIFEST, `${JSON.stringify(slides, null, 2)}\n`);
    await removeStale(FEATURES_DIR, new Set(Object.keys(features).map((id) => `${id}.webp`)));
    await removeStale(SLIDESHOW_DIR, new Set(slides.map((slide) => slide.src.split('/').pop() ?? '')));
    console.log(`${Object.keys(features).length} feature screenshots, ${slides.length} slideshow screenshots written.`);
  } finally {
    await browser.close();
    if (server !== null) await stopServer(server);
    if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
