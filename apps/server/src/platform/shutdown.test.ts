import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createShutdown, withDeadline } from './shutdown';

const silent = createLogger(
  'silent',
  new Writable({
    write: (_c, _e, done) => done(),
  }),
);

describe('shutdown', () => {
  it('runs the steps once, in order, and carries on past a failing step', async () => {
    const ran: string[] = [];
    const shutdown = createShutdown(silent, [
      { name: 'http', run: async () => void ran.push('http') },
      {
        name: 'bus',
        run: async () => {
          ran.push('bus');
          throw new Error('bus refused');
        },
      },
      { name: 'database', run: async () => void ran.push('database') },
    ]);
    const [a, b] = await Promise.all([shutdown(), shutdown()]);
    expect(ran).toEqual(['http', 'bus', 'database']);
    expect(a).toBe(false);
    expect(b).toBe(false);
  });

  it('forces the step at the deadline and still waits for it to end', async () => {
    let finish: () => void = () => undefined;
    const work = new Promise<void>((resolve) => (finish = resolve));
    let forced = false;
    const done = withDeadline(work, 20, () => {
      forced = true;
      finish();
    });
    await done;
    expect(forced).toBe(true);
  });

  it('does not force a step that ends in time', async () => {
    let forced = false;
    await withDeadline(Promise.resolve(), 1_000, () => (forced = true));
    expect(forced).toBe(false);
  });
});
