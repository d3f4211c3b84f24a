import { Writable } from 'node:stream';
import type { FeedTick } from '@fnodesk/contracts';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { createFakeClock, istInstant, type FakeClock } from '@fnodesk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../platform/logger';
import { createIngestRepository, type IngestRepository } from './ingest.repository';
import { createTickIngest, type TickIngest } from './tick-ingest';

// Kite tokens: a NFO future and the NIFTY 50 index (no volume, no OI).
const FUTURE = 13_238_786;
const NIFTY = 256_265;
const DAY = '2026-11-19';
const HOUR = 3_600_000;
const at = (time: string, seconds = 0) => istInstant(DAY, time) + seconds * 1_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let database: TestDatabase;
let repository: IngestRepository;
let clock: FakeClock;
let lines: string[];
const logger = () =>
  createLogger(
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createIngestRepository(database.db);
});

afterAll(async () => {
  await database.destroy();
});

beforeEach(async () => {
  await database.db.execute(sql`delete from ingested_candles_1m`);
  await database.db.execute(sql`delete from ingested_oi_snapshots`);
  await database.db.execute(sql`delete from ingested_candle_days`);
  clock = createFakeClock(at('09:15'));
  lines = [];
});

async function stored(token: number, from: number, to: number) {
  return (await repository.minuteCandles([token], from, to)).get(token) ?? [];
}

/** One tick of each instrument every second from `start` for `seconds`, the future's vt growing by 10 a second. */
function feed(ingest: TickIngest, start: number, seconds: number, vtAtStart = 0): void {
  for (let s = 0; s < seconds; s++) {
    const ts = start + s * 1_000;
    const ticks: FeedTick[] = [
      { token: FUTURE, ts, lp: 24_100 + (s % 7) * 0.05, vt: vtAtStart + (s + 1) * 10, atp: 24_099.5, oi: 1_000 + s },
      { token: NIFTY, ts, lp: 24_000 + (s % 3) },
    ];
    ingest.sink(ticks);
  }
}

describe('tick ingest', () => {
  it('stores each closed minute and, every 3 minutes, the OI; the minute in progress waits', async () => {
    const ingest = createTickIngest({ repository, clock, logger: logger(), flushMs: HOUR, lateMs: 2_000 });
    await ingest.start();
    feed(ingest, at('09:15'), 4 * 60 + 30);
    clock.set(at('09:19', 31));
    await ingest.flush();
    const stored = await repository.minuteCandles([FUTURE, NIFTY], at('09:00'), at('10:00'));
    expect(stored.get(FUTURE)?.map((c) => c.t)).toEqual([at('09:15'), at('09:16'), at('09:17'), at('09:18')]);
    expect(stored.get(FUTURE)?.[1]).toEqual({
      t: at('09:16'),
      o: 24_100 + (60 % 7) * 0.05,
      h: 24_100 + 6 * 0.05,
      l: 24_100,
      c: 24_100 + (119 % 7) * 0.05,
      v: 600,
      atp: 24_099.5,
      oi: 1_119,
    });
    expect(stored.get(NIFTY)?.every((c) => c.v === 0 && c.oi === 0)).toBe(true);
    const oi = await repository.oiSnapshots([FUTURE], at('09:00'), at('10:00'));
    expect(oi.get(FUTURE)?.map((s) => [s.t, s.oi])).toEqual([[at('09:15'), 1_179]]);
    expect(ingest.stats()).toMatchObject({ ticks: 540, candlesWritten: 8, snapshotsWritten: 2, pending: 0 });
    await ingest.stop();
  });

  it('flushes on its timer, and on stop writes what has closed but not the minute in progress', async () => {
    const ingest = createTickIngest({ repository, clock, logger: logger(), flushMs: 1_000 });
    await ingest.start();
    feed(ingest, at('09:15'), 60);
    clock.set(at('09:16', 1));
    await settle();
    expect(await stored(FUTURE, at('09:15'), at('09:17'))).toHaveLength(0);
    // The timer due at 09:16:02 closes 09:15 (over at 09:16:00, two seconds allowed for late ticks) and writes it.
    clock.advance(1_000);
    await vi.waitFor(async () => expect(await stored(FUTURE, at('09:15'), at('09:17'))).toHaveLength(1));
    // 09:17:00's tick closes 09:16; stop writes it, and nothing is written after stop.
    feed(ingest, at('09:16'), 61);
    await ingest.stop();
    clock.set(at('09:18', 3));
    await settle();
    expect((await stored(FUTURE, at('09:15'), at('09:20'))).map((c) => c.t)).toEqual([at('09:15'), at('09:16')]);
    expect(clock.pending()).toBe(0);
  });

  it('after a restart counts volume from what the session already stored, not from zero', async () => {
    const first = createTickIngest({ repository, clock, logger: logger(), flushMs: HOUR });
    await first.start();
    feed(first, at('09:15'), 120);
    clock.set(at('09:17', 5));
    await first.stop();
    // The future's vt reached 1,200 in two stored minutes. The next process starts at 09:20, by when vt is 1,500.
    const second = createTickIngest({ repository, clock, logger: logger(), flushMs: HOUR });
    clock.set(at('09:20'));
    await second.start();
    feed(second, at('09:20'), 60, 1_490);
    clock.set(at('09:21', 5));
    await second.stop();
    const minute = (await repository.minuteCandles([FUTURE], at('09:20'), at('09:21'))).get(FUTURE)!;
    // 300 traded while no process ran (counted in the first minute after the restart) + 590 in the minute.
    expect(minute[0]?.v).toBe(890);
    const stored = (await repository.minuteCandles([FUTURE], at('09:00'), at('10:00'))).get(FUTURE)!;
    expect(stored.reduce((sum, c) => sum + c.v, 0)).toBe(2_090);
  });

  it('keeps closed candles through a database failure, logs it once and writes them on a later flush', async () => {
    let failures = 2;
    const flaky: IngestRepository = {
      ...repository,
      async upsertCandles(candles) {
        if (candles.length > 0 && failures-- > 0) throw new Error('connection terminated');
        return repository.upsertCandles(candles);
      },
    };
    const ingest = createTickIngest({ repository: flaky, clock, logger: logger(), flushMs: HOUR });
    await ingest.start();
    feed(ingest, at('09:15'), 61);
    clock.set(at('09:16', 3));
    await ingest.flush();
    feed(ingest, at('09:16', 1), 60);
    clock.set(at('09:17', 3));
    await ingest.flush();
    expect(ingest.stats().pending).toBeGreaterThan(0);
    await ingest.flush();
    const stored = await repository.minuteCandles([FUTURE, NIFTY], at('09:15'), at('09:20'));
    expect(stored.get(FUTURE)?.map((c) => c.t)).toEqual([at('09:15'), at('09:16')]);
    expect(ingest.stats()).toMatchObject({ pending: 0, dropped: 0 });
    const errors = lines.filter((line) => line.includes('could not store candles'));
    expect(errors).toHaveLength(1);
    expect(lines.some((line) => line.includes('candle storage recovered'))).toBe(true);
    await ingest.stop();
  });

  it('bounds what it keeps while the database is down, dropping the oldest', async () => {
    const down: IngestRepository = {
      ...repository,
      upsertCandles: () => Promise.reject(new Error('database is down')),
    };
    const ingest = createTickIngest({ repository: down, clock, logger: logger(), flushMs: HOUR, maxPending: 3 });
    await ingest.start();
    feed(ingest, at('09:15'), 181);
    clock.set(at('09:18', 3));
    await ingest.flush();
    // Six minutes closed (three for each instrument) and two OI snapshots; the three oldest minutes are dropped.
    expect(ingest.stats()).toMatchObject({ dropped: 3, candlesWritten: 0, pending: 3 + 2 });
    await ingest.stop();
  });

  it('compacts the closed days of the last week at start, and a day again when its minutes come late', async () => {
    const previous = (date: string, token: number) =>
      Array.from({ length: 30 }, (_, i) => {
        const t = istInstant(date, '09:15') + i * 60_000;
        return { token, t, o: 100, h: 101, l: 99, c: 100.5, v: 10, atp: 100.2, oi: 0 };
      });
    await repository.upsertCandles([...previous('2026-11-17', FUTURE), ...previous('2026-11-18', NIFTY)]);
    const ingest = createTickIngest({ repository, clock, logger: logger(), flushMs: HOUR, compactEveryMs: HOUR });
    await ingest.start();
    await ingest.compact();
    expect(await repository.compactedDays(istInstant('2026-11-12', '00:00'))).toEqual([
      istInstant('2026-11-17', '00:00'),
      istInstant('2026-11-18', '00:00'),
    ]);
    const whole = async () =>
      JSON.parse(
        (await repository.minuteCandlesJson([NIFTY], istInstant('2026-11-18', '09:15'), at('00:00'))).get(NIFTY)!,
      ) as { t: number }[];
    expect(await whole()).toHaveLength(30);

    // A tick of a closed day reaches the ingest late (a replay after an outage): its minute is stored and the
    // day compacted again, so reading the day from its row shows it.
    ingest.sink([{ token: NIFTY, ts: istInstant('2026-11-18', '15:00'), lp: 24_000 }]);
    await ingest.flush();
    await ingest.compact();
    expect((await whole()).at(-1)?.t).toBe(istInstant('2026-11-18', '15:00'));
    expect(lines.filter((line) => line.includes('compacted a closed day'))).toHaveLength(2);
    await ingest.stop();
  });
});
