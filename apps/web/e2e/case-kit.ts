/**
 * What every browser case needs: the case shape, page helpers and sign-in shortcuts. `run.ts` runs the cases it
 * holds itself and every `cases/*.cases.ts` module's exported `cases`, so a feature adds its browser tests in a file
 * of its own.
 */
import { join } from 'node:path';
import type { BrowserContext, Page, Response as PageResponse } from 'playwright-core';
import { REPO_ROOT, check, istToday, registerVerifiedUser } from './harness';
import { grantBrokerSession, startRealTimeServer, type RestartableServer } from './live-tier-fixture';

/** Where screenshots go. */
export const ARTIFACTS_DIR = join(REPO_ROOT, 'apps/web/e2e/artifacts');

/** What a case gets: the server's base URL and a fresh browser context of its own. */
export interface CaseContext {
  baseUrl: string;
  context: BrowserContext;
  /** Opens a page; the last one still open is screenshotted when the case ends. */
  newPage: () => Promise<Page>;
}

export interface BrowserCase {
  /** Also the screenshot's file name, so kebab-case. */
  name: string;
  run(ctx: CaseContext): Promise<void>;
}

/** Saves a full-page screenshot to artifacts/<name>.png, with CSS animations finished so images are stable. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Navigates and fails with the server's answer when the document itself is not a 2xx (e.g. a 403 or 404). */
export async function openPage(page: Page, url: string): Promise<PageResponse> {
  const response = await page.goto(url);
  check(response !== null, `no response for ${url}`);
  if (!response.ok()) {
    const body = (await response.text()).slice(0, 200);
    throw new Error(`GET ${new URL(url).pathname} answered ${response.status()}: ${body}`);
  }
  return response;
}

export async function colorMode(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-bs-theme');
}

/** Makes every page of `page` load in the given colour mode, as a returning visitor who chose it would see it. */
export async function useColorMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((isDark) => window.localStorage.setItem('isDark', isDark), String(mode === 'dark'));
}

/** Stores `mode` as the colour mode of an open page and reloads it, waiting until the page shows that theme. */
export async function switchColorMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.evaluate((isDark) => window.localStorage.setItem('isDark', isDark), String(mode === 'dark'));
  await page.reload();
  await page.waitForFunction((theme) => document.documentElement.dataset['bsTheme'] === theme, mode);
}

/** Collects console errors, uncaught errors, CSP violations and failed responses not matching `expectedFailures`. */
export function watchForProblems(page: Page, expectedFailures: readonly RegExp[] = []): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium logs every failed response too; those are judged below, by URL.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on('response', (response) => {
    const expected = expectedFailures.some((pattern) => pattern.test(response.url()));
    if (response.status() >= 400 && !expected) problems.push(`HTTP ${response.status()} for ${response.url()}`);
  });
  page.on('pageerror', (error) => {
    // The first frames say where: a library's message alone ("Value is null") does not.
    const frames = (error.stack ?? '')
      .split('\n')
      .slice(1, 4)
      .map((frame) => frame.trim())
      .join(' < ');
    problems.push(`page error: ${error.message}${frames === '' ? '' : ` (${frames})`}`);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  return problems;
}

export async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('user'));
}

/** Logs in through the login page and waits until it has moved on. */
export async function logInThroughPage(page: Page, baseUrl: string, login: { email: string; password: string }) {
  if (new URL(page.url()).pathname !== '/authentication/login') await openPage(page, `${baseUrl}/authentication/login`);
  await page.getByLabel('E-mail').fill(login.email);
  await page.getByLabel('Password').fill(login.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL((url) => url.pathname !== '/authentication/login');
}

/** The signed-in session's API headers, read from the page's storage. */
export async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const stored: unknown = JSON.parse((await storedSession(page)) ?? 'null');
  check(typeof stored === 'object' && stored !== null, 'no session stored');
  const session = stored as { userID?: unknown; loginSecret?: unknown };
  return { userid: String(session.userID), secret: String(session.loginSecret) };
}

/** Stores `settings` in localStorage before any of the page's scripts run, on every load. */
export async function presetStorage(page: Page, settings: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, settings);
}

/** Marks today's market-holiday and plan-expiry notices as seen, so only the popups a case is about can open. */
export async function skipDailyNotices(page: Page): Promise<void> {
  await presetStorage(page, { marketHolidayNotice: istToday(), planExpiryNotice: istToday() });
}

/** Registers a verified user and logs in through the login page, landing wherever the app then goes. */
export async function signedInUser(page: Page, baseUrl: string, tag: string, trial: boolean) {
  const login = await registerVerifiedUser(baseUrl, tag);
  if (trial) {
    const answer = await fetch(`${baseUrl}/api/v1/user-login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
    });
    const { data } = (await answer.json()) as { data: { userID: string; loginSecret: string } };
    const started = await fetch(`${baseUrl}/api/v1/start-user-trial?product_type=d`, {
      headers: { userid: data.userID, secret: data.loginSecret },
    });
    check(started.ok, `starting the trial answered ${started.status}`);
  }
  await logInThroughPage(page, baseUrl, login);
  return login;
}

/** Runs `body` with a real-time server of its own (always-open market), deleted afterwards. */
export async function withRealTimeServer(
  body: (server: RestartableServer) => Promise<void>,
  env: Record<string, string> = {},
): Promise<void> {
  const server = await startRealTimeServer(env);
  try {
    await body(server);
  } finally {
    await server.dispose();
  }
}

/**
 * Signs a trial user in on a page of its own and (test-only fixture) gives them a Paper Trading session, which puts
 * them in the live tier. The sign-in page is closed first, so nothing of it talks to the server while that restarts;
 * the session stays in the context's storage.
 */
export async function liveTierUser(newPage: () => Promise<Page>, server: RestartableServer, tag: string) {
  const signingIn = await newPage();
  const login = await signedInUser(signingIn, server.baseUrl, tag, true);
  await signingIn.close();
  await grantBrokerSession(server, login.email);
  return login;
}
