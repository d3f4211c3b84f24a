/**
 * Browser tests of the built web app against the real server.
 *
 * Builds apps/web, starts apps/server on a free port with a throw-away data directory, drives Debian's Chromium
 * through playwright-core, and prints one `ok - <name>` / `not ok - <name>: <error>` line per case, then
 * `N passed, N failed`. Screenshots go to apps/web/e2e/artifacts/<name>.png. Exit code 1 when anything failed.
 *
 * Run from the repository root: `node --import tsx apps/web/e2e/run.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page, type Response as PageResponse } from 'playwright-core';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ARTIFACTS_DIR = join(REPO_ROOT, 'apps/web/e2e/artifacts');
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const HEALTH_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 10_000;
const ACTION_TIMEOUT_MS = 15_000;

const HOME_HEADING = 'Discover Opportunities and Trade';
const NOT_FOUND_TEXT = "The page you're looking for is not found";

/** What a case gets: the server's base URL and a fresh browser context of its own. */
interface CaseContext {
  baseUrl: string;
  context: BrowserContext;
  /** Opens a page; the last one still open is screenshotted when the case ends. */
  newPage: () => Promise<Page>;
}

interface BrowserCase {
  /** Also the screenshot's file name, so kebab-case. */
  name: string;
  run(ctx: CaseContext): Promise<void>;
}

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Playwright messages carry a multi-line call log; the first line says what went wrong.
  return text.split('\n')[0] ?? text;
}

/** Runs a command to completion, keeping its output to show only if it fails. */
function runCommand(command: string, args: readonly string[]): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}\n${output.join('')}`));
    });
  });
}

/** Asks the OS for a free TCP port on the loopback interface. */
function findFreePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address !== null && typeof address === 'object') resolvePromise(address.port);
        else reject(new Error('could not determine a free port'));
      });
    });
  });
}

/** A running server process and the tail of what it printed (shown when it fails to come up). */
interface ServerProcess {
  child: ChildProcess;
  output: string[];
}

function startServer(port: number, dataDir: string): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[server] ${chunk.toString()}`);
  });
  return { child, output };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitForHealthy(baseUrl: string, server: ServerProcess): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (hasExited(server.child)) {
      throw new Error(
        `server exited (${server.child.exitCode ?? server.child.signalCode}):\n${server.output.join('')}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /healthz answered ${response.status}`;
    } catch (error) {
      lastProblem = describeError(error);
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  throw new Error(
    `server not healthy within ${HEALTH_TIMEOUT_MS / 1000} s (${lastProblem}):\n${server.output.join('')}`,
  );
}

/** Sends SIGTERM to the server's PID and waits for it to exit; SIGKILL if it does not stop in time. */
async function stopServer(server: ServerProcess): Promise<void> {
  const { child } = server;
  if (child.pid === undefined || hasExited(child)) return;
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()));
  process.kill(child.pid, 'SIGTERM');
  const stopped = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((wake) => setTimeout(() => wake(false), SERVER_STOP_TIMEOUT_MS)),
  ]);
  if (!stopped && !hasExited(child)) {
    process.stderr.write(`server (pid ${child.pid}) ignored SIGTERM for ${SERVER_STOP_TIMEOUT_MS} ms; killing it\n`);
    process.kill(child.pid, 'SIGKILL');
    await exited;
  }
}

/** Saves a full-page screenshot to artifacts/<name>.png, with CSS animations finished so images are stable. */
async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(ARTIFACTS_DIR, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Navigates and fails with the server's answer when the document itself is not a 2xx (e.g. a 403 or 404). */
async function openPage(page: Page, url: string): Promise<PageResponse> {
  const response = await page.goto(url);
  check(response !== null, `no response for ${url}`);
  if (!response.ok()) {
    const body = (await response.text()).slice(0, 200);
    throw new Error(`GET ${new URL(url).pathname} answered ${response.status()}: ${body}`);
  }
  return response;
}

async function homeHeadingVisible(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor({ state: 'visible' });
}

async function colorMode(page: Page): Promise<string | null> {
  return page.locator('html').getAttribute('data-bs-theme');
}

/** One mail of the server's development outbox, as much of it as the cases read. */
interface MailboxEntry {
  to: string;
  subject: string;
  links: string[];
}

function isMailboxEntry(value: unknown): value is MailboxEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry['to'] === 'string' &&
    typeof entry['subject'] === 'string' &&
    Array.isArray(entry['links']) &&
    entry['links'].every((link) => typeof link === 'string')
  );
}

// The server writes links with its public URL; the browser's session lives on the origin the cases use.

/** Waits for a mail to `to` in the dev outbox with a link to `pathname` and returns that link on `baseUrl`. */
async function linkFromMailbox(baseUrl: string, to: string, pathname: string): Promise<string> {
  const deadline = Date.now() + ACTION_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/dev/mailbox.json`);
    check(response.ok, `GET /dev/mailbox.json answered ${response.status}`);
    const entries: unknown = await response.json();
    check(Array.isArray(entries), '/dev/mailbox.json is not an array');
    for (const entry of entries) {
      if (!isMailboxEntry(entry) || entry.to !== to) continue;
      const link = entry.links.map((candidate) => new URL(candidate)).find((url) => url.pathname === pathname);
      if (link !== undefined) return `${baseUrl}${link.pathname}${link.search}`;
    }
    await new Promise((wake) => setTimeout(wake, 250));
  }
  throw new Error(`no mail to ${to} with a link to ${pathname} within ${ACTION_TIMEOUT_MS / 1000} s`);
}

/** Makes every page of `page` load in the given colour mode, as a returning visitor who chose it would see it. */
async function useColorMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  await page.addInitScript((isDark) => window.localStorage.setItem('isDark', isDark), String(mode === 'dark'));
}

/** Collects console errors, uncaught errors, CSP violations and failed responses not matching `expectedFailures`. */
function watchForProblems(page: Page, expectedFailures: readonly RegExp[] = []): string[] {
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
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
    });
  });
  return problems;
}

async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('user'));
}

// A well-formed token (43 url-safe characters) that no mail ever carried.
const UNKNOWN_TOKEN = 'A'.repeat(43);

/** The account screens reachable without a session, with the heading that shows each has rendered. */
const ACCOUNT_SCREENS: readonly { name: string; path: string; heading: string }[] = [
  { name: 'login', path: '/authentication/login', heading: 'Login' },
  { name: 'register', path: '/authentication/register', heading: 'Register' },
  { name: 'forgot-password', path: '/authentication/forgot-password', heading: 'Forgot Password?' },
  { name: 'reset-password', path: `/authentication/reset-password?token=${UNKNOWN_TOKEN}`, heading: 'Reset Password' },
  {
    name: 'confirm-mail',
    path: `/authentication/confirm-mail?token=${UNKNOWN_TOKEN}`,
    heading: 'Verification Unsucessfull !',
  },
  { name: 'logout', path: '/authentication/logout', heading: 'See you again!' },
];

const CASES: readonly BrowserCase[] = [
  {
    name: 'home-renders',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openPage(page, `${baseUrl}/`);
      await homeHeadingVisible(page);
      await page.getByRole('heading', { name: 'Our Products' }).waitFor({ state: 'visible' });
      check((await page.title()) === 'FNO Desk', `title is "${await page.title()}"`);
    },
  },
  {
    name: 'unknown-route-shows-404',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await openPage(page, `${baseUrl}/no/such/page`);
      await page.waitForURL(`${baseUrl}/errors/404`);
      await page.getByText(NOT_FOUND_TEXT, { exact: true }).waitFor({ state: 'visible' });
      await saveScreenshot(page, 'not-found-page');

      await page.getByRole('link', { name: 'Take me home' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await homeHeadingVisible(page);
    },
  },
  {
    name: 'dark-mode-persists',
    async run({ baseUrl, context, newPage }) {
      const page = await newPage();
      await openPage(page, `${baseUrl}/`);
      await homeHeadingVisible(page);
      check((await colorMode(page)) === 'light', `a first visit starts in ${await colorMode(page)} mode`);
      await saveScreenshot(page, 'home-light');

      await page.getByRole('button', { name: 'Switch to dark mode' }).click();
      check((await colorMode(page)) === 'dark', 'the toggle did not switch to dark mode');
      await page.reload();
      await homeHeadingVisible(page);
      await page.locator('html[data-bs-theme="dark"]').waitFor({ state: 'attached' });
      check(
        (await page.evaluate(() => window.localStorage.getItem('isDark'))) === 'true',
        'isDark is not "true" in localStorage',
      );
      await saveScreenshot(page, 'home-dark');

      // The saved mode must apply before the app's code runs (theme-boot.js), or a dark user sees a white flash.
      const bootOnly = await context.newPage();
      await bootOnly.route('**/assets/**', (route) => route.abort());
      await bootOnly.goto(`${baseUrl}/`);
      check((await colorMode(bootOnly)) === 'dark', 'theme-boot.js did not apply dark mode before the app loaded');
      await bootOnly.close();

      await page.getByRole('button', { name: 'Switch to light mode' }).click();
      await page.reload();
      await homeHeadingVisible(page);
      check(
        (await colorMode(page)) === 'light',
        `after switching back and reloading the page is ${await colorMode(page)}`,
      );
    },
  },
  {
    name: 'account-lifecycle',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      const problems = watchForProblems(page);
      const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
      const password = 'correct-horse-battery-staple';

      await openPage(page, `${baseUrl}/authentication/register`);
      await page.getByLabel('First Name').fill('Asha');
      await page.getByLabel('Last Name').fill('Rao');
      await page.getByLabel('Email address').fill(email);
      await page.getByLabel('WhatsApp Number').fill('9876543210');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(password);
      await page.getByLabel(/I accept the/).check();
      await page.getByRole('button', { name: 'Register' }).click();
      await page.getByRole('heading', { name: 'Registration Success' }).waitFor({ state: 'visible' });
      await page.getByText('Please check your email !').waitFor({ state: 'visible' });
      await page.getByText(email).waitFor({ state: 'visible' });
      await saveScreenshot(page, 'register-success-light');

      const confirmLink = await linkFromMailbox(baseUrl, email, '/authentication/confirm-mail');
      await openPage(page, confirmLink);
      await page.getByRole('heading', { name: 'Verification Sucessfull !' }).waitFor({ state: 'visible' });
      await page.getByText(/^Your Account has been /).waitFor({ state: 'visible' });
      await saveScreenshot(page, 'confirm-mail-success-light');

      await page.getByRole('link', { name: 'Go to Login' }).click();
      await page.waitForURL(`${baseUrl}/authentication/login`);
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL((url) => url.pathname !== '/authentication/login');
      const session: unknown = JSON.parse((await storedSession(page)) ?? 'null');
      check(
        typeof session === 'object' && session !== null && 'isLoggedIn' in session && session.isLoggedIn === true,
        'no signed-in session stored under "user" after login',
      );

      await openPage(page, `${baseUrl}/profile`);
      await page.getByRole('heading', { name: 'My Profile' }).waitFor({ state: 'visible' });
      const firstName = await page.getByLabel('First Name').inputValue();
      const lastName = await page.getByLabel('Last Name').inputValue();
      check(firstName === 'Asha' && lastName === 'Rao', `the profile shows "${firstName} ${lastName}"`);
      check((await page.getByLabel('E-mail').inputValue()) === email, 'the profile shows another e-mail');
      await page.getByRole('cell', { name: 'Logged in' }).first().waitFor({ state: 'visible' });
      check((await page.title()) === 'My Profile - FNO Desk', `title is "${await page.title()}"`);
      await saveScreenshot(page, 'profile-light');
      await page.evaluate(() => window.localStorage.setItem('isDark', 'true'));
      await page.reload();
      await page.getByRole('heading', { name: 'My Profile' }).waitFor({ state: 'visible' });
      await page.getByRole('cell', { name: 'Logged in' }).first().waitFor({ state: 'visible' });
      check((await colorMode(page)) === 'dark', 'the profile did not load in dark mode');
      await saveScreenshot(page, 'profile-dark');
      await page.evaluate(() => window.localStorage.setItem('isDark', 'false'));

      await page.getByRole('link', { name: 'Logout' }).click();
      await page.getByRole('heading', { name: 'See you again!' }).waitFor({ state: 'visible' });
      check((await storedSession(page)) === null, 'the session is still stored after logout');

      await page.goto(`${baseUrl}/profile`);
      await page.waitForURL(`${baseUrl}/landing`);
      await homeHeadingVisible(page);
      check(problems.length === 0, problems.join('; '));
    },
  },
  {
    name: 'account-screens-light-and-dark',
    async run({ context, baseUrl }) {
      for (const mode of ['light', 'dark'] as const) {
        const page = await context.newPage();
        await useColorMode(page, mode);
        // The unknown token is refused by design: that refusal is the confirm-mail screen being shot.
        const problems = watchForProblems(page, [/\/api\/v1\/verify-email$/]);
        for (const screen of ACCOUNT_SCREENS) {
          await openPage(page, `${baseUrl}${screen.path}`);
          await page
            .getByRole('heading', { level: 1, name: screen.heading, exact: true })
            .waitFor({ state: 'visible' });
          check((await colorMode(page)) === mode, `${screen.name} loaded in ${await colorMode(page)} mode`);
          await saveScreenshot(page, `${screen.name}-${mode}`);
        }
        check(problems.length === 0, problems.join('; '));
        await page.close();
      }
    },
  },
  {
    name: 'login-single-column-on-mobile',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      await page.setViewportSize({ width: 390, height: 844 });
      await openPage(page, `${baseUrl}/authentication/login`);
      await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor({ state: 'visible' });
      check(!(await page.locator('.auth-panel').isVisible()), 'the side panel shows on a phone-sized screen');
      await page.getByRole('link', { name: 'Get started!' }).waitFor({ state: 'visible' });
      check(
        await page.getByRole('button', { name: 'Next' }).isDisabled(),
        'Next is enabled before the e-mail and password are filled',
      );
      await saveScreenshot(page, 'login-mobile-light');
    },
  },
  {
    name: 'home-has-no-console-errors',
    async run({ baseUrl, newPage }) {
      const page = await newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()} for ${response.url()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`);
        });
      });

      const response = await openPage(page, `${baseUrl}/`);
      const csp = (await response?.headerValue('content-security-policy')) ?? '';
      check(csp.includes("script-src 'self'"), `the page is not served under the CSP (header: "${csp}")`);
      await homeHeadingVisible(page);
      await page.waitForLoadState('networkidle');
      // Let the headline rotate at least once so a re-render is covered too.
      await page.waitForTimeout(2_500);
      check(problems.length === 0, problems.join('; '));
    },
  },
];

async function runCase(browser: Browser, baseUrl: string, browserCase: BrowserCase): Promise<string | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const pages: Page[] = [];
  const ctx: CaseContext = {
    baseUrl,
    context,
    async newPage() {
      const page = await context.newPage();
      pages.push(page);
      return page;
    },
  };
  let failure: string | null = null;
  try {
    await browserCase.run(ctx);
  } catch (error) {
    failure = describeError(error);
  }
  try {
    const page = pages.filter((candidate) => !candidate.isClosed()).at(-1);
    if (page !== undefined) {
      await saveScreenshot(page, browserCase.name);
    }
  } catch (error) {
    process.stderr.write(`screenshot of ${browserCase.name} failed: ${describeError(error)}\n`);
  }
  await context.close();
  return failure;
}

async function main(): Promise<number> {
  let passed = 0;
  let failed = 0;
  const report = (name: string, failure: string | null) => {
    if (failure === null) {
      passed += 1;
      console.log(`ok - ${name}`);
    } else {
      failed += 1;
      console.log(`not ok - ${name}: ${failure}`);
    }
  };

  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  let dataDir: string | null = null;
  const stopOnSignal = (signal: NodeJS.Signals) => {
    const running = server;
    void (running === null ? Promise.resolve() : stopServer(running)).finally(() => {
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  try {
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await runCommand('npm', ['run', 'build', '--workspace', '@fnodesk/web']);
    const port = await findFreePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    dataDir = await mkdtemp(join(tmpdir(), 'fnodesk-e2e-'));
    server = startServer(port, dataDir);
    await waitForHealthy(baseUrl, server);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

    for (const browserCase of CASES) {
      report(browserCase.name, await runCase(browser, baseUrl, browserCase));
    }
  } catch (error) {
    report('setup', describeError(error));
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  } finally {
    if (browser !== null) await browser.close().catch(() => undefined);
    if (server !== null) await stopServer(server);
    if (dataDir !== null) await rm(dataDir, { recursive: true, force: true });
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  }

  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

process.exitCode = await main();
