import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight';

/** A read that settles when told to, counting how often it was started. */
function controlledRead<V>() {
  const read = {
    starts: 0,
    settle: (_value: V) => undefined as void,
    fail: (_error: Error) => undefined as void,
    start: () => {
      read.starts += 1;
      return new Promise<V>((resolve, reject) => {
        read.settle = resolve;
        read.fail = reject;
      });
    },
  };
  return read;
}

describe('SingleFlight', () => {
  it('gives every caller that asks while a read is under way that same read', async () => {
    const flights = new SingleFlight<string, number>();
    const read = controlledRead<number>();
    const callers = Array.from({ length: 40 }, () => flights.run('a', read.start));
    expect(read.starts).toBe(1);
    read.settle(7);
    expect(await Promise.all(callers)).toEqual(Array<number>(40).fill(7));
  });

  it('reads each key apart, and reads again once the previous read has settled', async () => {
    const flights = new SingleFlight<string, string>();
    let reads = 0;
    const read = (key: string) => async () => `${key}${++reads}`;
    expect(await Promise.all([flights.run('a', read('a')), flights.run('b', read('b'))])).toEqual(['a1', 'b2']);
    expect(flights.size).toBe(0);
    expect(await flights.run('a', read('a'))).toBe('a3');
  });

  it('hands a failure to every waiting caller and retries on the next call', async () => {
    const flights = new SingleFlight<string, number>();
    const read = controlledRead<number>();
    const callers = [flights.run('a', read.start), flights.run('a', read.start)];
    read.fail(new Error('database unavailable'));
    for (const caller of callers) await expect(caller).rejects.toThrow('database unavailable');
    const retry = flights.run('a', read.start);
    read.settle(1);
    expect(await retry).toBe(1);
    expect(read.starts).toBe(2);
  });

  it('after forget, starts a fresh read for later callers while earlier ones keep theirs', async () => {
    const flights = new SingleFlight<string, string>();
    const first = controlledRead<string>();
    const second = controlledRead<string>();
    const early = flights.run('a', first.start);
    flights.forget('a');
    const late = flights.run('a', second.start);
    const later = flights.run('a', second.start);
    // The first read settling must not end the second one's flight.
    first.settle('old');
    expect(await early).toBe('old');
    expect(flights.run('a', second.start)).toBe(late);
    second.settle('new');
    expect(await Promise.all([late, later])).toEqual(['new', 'new']);
    expect(second.starts).toBe(1);
  });

  it('tells a read whether its key was forgotten while it ran', async () => {
    const flights = new SingleFlight<string, boolean>();
    const read = controlledRead<void>();
    const kept = flights.run('a', async (current) => (await read.start(), current()));
    read.settle();
    expect(await kept).toBe(true);
    const forgotten = flights.run('a', async (current) => (await read.start(), current()));
    flights.forget('a');
    read.settle();
    expect(await forgotten).toBe(false);
  });
});
