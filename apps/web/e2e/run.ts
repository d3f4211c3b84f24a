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
