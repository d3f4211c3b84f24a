import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, healthy, run, runTs, stop, until, type Child } from './process-helpers';

const dir = mkdtempSync(join(tmpdir(), 'fnodesk-server-'));
let current: Child | undefined;

afterAll(() => {
  stop(current);
  rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('starts on embedded defaults, stops cleanly on SIGTERM and restarts on the same data', async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dir, LOG_LEVEL: 'info', HOST: '127.0.0.1' };
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      current = runTs('apps/server/src/main.ts', env);
      const child = current;
      const started = Date.now();
      await until(() => healthy(port), 60_000, 'health');
      const restartMs = Date.now() - started;
      expect(child.output()).toContain(`FNO Desk is running at http://127.0.0.1:${port}`);
      const body = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as {
        data: { database: { ok: boolean; driver: string }; bus: { ok: boolean; driver: string } };
      };
      expect(body.data.database).toMatchObject({ ok: true, driver: 'pglite' });
      expect(body.data.bus).toMatchObject({ ok: true, driver: 'memory' });

      const stopping = Date.now();
      child.proc.kill(signal);
      expect(await child.exited, child.output()).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
      expect(child.output()).toMatch(/"step":"database".*shutdown step done/);
      expect(restartMs).toBeLessThan(30_000);
    }
  });

  it('runs under `npm start` and stops cleanly when npm itself gets SIGTERM', async () => {
    const port = await freePort();
    current = run('npm', ['start'], { PORT: String(port), DATA_DIR: dir, HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const child = current;
    await until(() => healthy(port), 90_000, 'health');
    child.proc.kill('SIGTERM');
    expect(await child.exited, child.output()).toBe(0);
    expect(child.output()).toMatch(/"step":"database".*shutdown step done/);
    expect(await healthy(port)).toBe(false);
  });

  it('keeps serving and still stops cleanly after its stdout reader has gone', async () => {
    const port = await freePort();
    current = runTs('apps/server/src/main.ts', { PORT: String(port), DATA_DIR: dir, HOST: '127.0.0.1' });
    const child = current;
    child.proc.stdout?.destroy();
    await until(() => healthy(port), 60_000, 'health');
    for (let i = 0; i < 20; i++) expect(await healthy(port)).toBe(true);
    child.proc.kill('SIGTERM');
    expect(await child.exited, child.output()).toBe(0);
  });

  it('refuses to start on a bad variable and names it', async () => {
    current = runTs('apps/server/src/main.ts', { PORT: 'not-a-port', DATA_DIR: dir });
    expect(await current.exited).toBe(1);
    expect(current.output()).toContain('PORT');
    expect(current.output()).toContain('FNO Desk cannot start');
  });
});
