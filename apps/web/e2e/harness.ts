/**
 * What the browser tests and the screenshot script share: Chromium's location and flags, a throw-away server on a
 * free port, and a verified user registered through the API and the server's development outbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Debian's Chromium, driven through playwright-core. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Chromium flags for a quiet, headless run without a sandbox (containers). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** How long a starting server may take to answer /healthz. */
// A loaded shared machine can take longer than a minute to open a new PGlite database; E2E_HEALTH_TIMEOUT_MS raises the wait.
export const HEALTH_TIMEOUT_MS = Number(process.env['E2E_HEALTH_TIMEOUT_MS'] ?? 60_000);

/** How long a stopping server may take before it is killed. */
export const SERVER_STOP_TIMEOUT_MS = 10_000;

/** Default time limit of one browser action or wait. */
export const ACTION_TIMEOUT_MS = 15_000;

/** Throws `message` unless `condition` holds. */
export function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** The first line of an error's message (Playwright appends a call log). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  // Playwright messages carry a multi-line call log; the first line says what went wrong.
  return text.split('\n')[0] ?? text;
}

/** Runs a command to completion, keeping its output to show only if it fails. */
export function runCommand(command: string, args: readonly string[]): Promise<void> {
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
export function findFreePort(): Promise<number> {
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
export interface ServerProcess {
  child: ChildProcess;
  output: string[];
}

/** Starts apps/server on `port` with its data in `dataDir`, keeping the tail of its output. */
export function startServer(port: number, dataDir: string, env: Record<string, string> = {}): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    // Several cases log in from this one address; the per-address login limit (5/min) has its own API test.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '100',
      ...env,
    },
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

/** True once the process has exited or been killed. */
export function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Waits until the server answers /healthz with 200; fails with its output when it exits or takes too long. */
export async function waitForHealthy(baseUrl: string, server: ServerProcess): Promise<void> {
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
export async function stopServer(server: ServerProcess): Promise<void> {
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

/** One mail of the server's development outbox, as much of it as the cases read. */
export interface MailboxEntry {
  to: string;
  subject: string;
  links: string[];
}

/** True when `value` is one mail of the dev outbox. */
export function isMailboxEntry(value: unknown): value is MailboxEntry {
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
export async function linkFromMailbox(baseUrl: string, to: string, pathname: string): Promise<string> {
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

/** Registers and verifies a new user through the API (as a new user would, minus the typing); returns the login. */
export async function registerVerifiedUser(baseUrl: string, tag: string): Promise<{ email: string; password: string }> {
  const email = `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'correct-horse-battery-staple';
  const registered = await fetch(`${baseUrl}/api/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Asha', lastName: 'Rao', mobile: '+919876543210', email, password }),
  });
  check(registered.ok, `POST /api/v1/user answered ${registered.status}`);
  const link = new URL(await linkFromMailbox(baseUrl, email, '/authentication/confirm-mail'));
  const verified = await fetch(`${baseUrl}/api/v1/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: link.searchParams.get('token') }),
  });
  check(verified.ok, `POST /api/v1/verify-email answered ${verified.status}`);
  return { email, password };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Today in India as the app writes dates ('DD-MMM-YYYY'): the app marks a notice as seen for that day. */
export function istToday(now: number = Date.now()): string {
  // India is UTC+05:30 all year.
  const ist = new Date(now + 330 * 60_000);
  const day = String(ist.getUTCDate()).padStart(2, '0');
  return `${day}-${MONTHS[ist.getUTCMonth()] ?? ''}-${ist.getUTCFullYear()}`;
}
