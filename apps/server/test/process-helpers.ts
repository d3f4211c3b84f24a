import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

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
  const proc = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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

/** Ends a child we started, by its PID, if it is still running. */
export function stop(child: Child | undefined): void {
  if (child?.proc.pid && child.proc.exitCode === null && child.proc.signalCode === null) {
    child.proc.kill('SIGKILL');
  }
}
