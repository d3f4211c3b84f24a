import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { httpClient } from './http-client';

/** Repository root. */
export const ROOT = resolve(import.meta.dirname, '../../..');

/** A child process whose output is collected. */
export interface Child {
  proc: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
}

/** Runs a TypeScript entry point under tsx with the given environment. */
export function runTs(entry: string, env: Record<string, string>): Child {
  return run(process.execPath, ['--import', 'tsx', entry], env);
}

/** Runs a command from the repository root with the given environment, collecting its output. */
export function run(command: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so cleanup can end everything it started (npm runs the server as a child).
    detached: true,
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | string>((done) => proc.on('exit', (code, signal) => done(code ?? signal ?? -1)));
  return { proc, output: () => out, exited };
}

/** Waits until `check` holds, polling every 50 ms. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether the server on `port` of 127.0.0.1 answers its health check (on a connection closed with the answer). */
export async function healthy(port: number): Promise<boolean> {
  try {
    return (await httpClient(`http://127.0.0.1:${port}`)('GET', '/healthz')).status === 200;
  } catch {
    return false;
  }
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Ends a child we started and everything in its process group, if still running. */
export function stop(child: Child | undefined): void {
  const pid = child?.proc.pid;
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/** The environment of a test server process on `port` over the data directory `dir`, always-open market. */
export function serverEnv(port: number, dir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dir,
    HOST: '127.0.0.1',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MARKET_CLOCK: 'always',
  };
}
