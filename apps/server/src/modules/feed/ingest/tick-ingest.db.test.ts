import { Writable } from 'node:stream';
import type { FeedTick } from '@fnodesk/contracts';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { createFakeClock, istInstant, sessionOn, type FakeClock } from '@fnodesk/domain';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../platform/logger';
import { createIngestRepository, istDayStart, type IngestRepository } from './ingest.repository';
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

/** The rows of a query (both drivers answer with `rows`). */
async function select<T>(query: SQL): Promise<T[]> {
  const answer: unknown = await database.db.execute(query);
  return (answer as { rows: T[] }).rows;
}

/** Today's row of each token (what a compaction wrote), by token. */
async function todayRows(day = istDayStart(at('12:00'))) {
  const rows = await select<{ token: number; last_t: number; candles: number }>(sql`
    select token::float8 as token, last_t::float8 as last_t, candles from ingested_candle_days where day = ${day}`);
  return new Map(rows.map((row) => [row.token, { lastT: row.last_t, candles: row.candles }]));
}

/** An ingest that writes when told, compacts today every 15 minutes and looks at closed days once a day. */
function compactingIngest(store: IngestRepository = repository) {
  return createTickIngest({
    repository: store,
    clock,
    logger: logger(),
    flushMs: HOUR,
    compactEveryMs: 24 * HOUR,
    compactTodayEveryMs: 15 * 60_000,
  });
}

/**
 * The day's candles of the tokens as the data API reads them, and as the minute rows alone give them. The ingest may compact
 * while the rows are set aside: a row it writes meanwhile is kept rather than the one set aside.
 */
async function readBothWays(tokens: number[], day = istDayStart(at('12:00'))) {
  const json = await repository.minuteCandlesJson(tokens, day, day + 86_400_000);
  const saved = await select<Record<string, unknown>>(sql`select * from ingested_candle_days`);
  await database.db.execute(sql`delete from ingested_candle_days`);
  const fromMinutes = await repository.minuteCandlesJson(tokens, day, day + 86_400_000);
  for (const row of saved) {
    await database.db.execute(sql`
      insert into ingested_candle_days (token, day, first_t, last_t, candles, json, compacted_at)
      values (${row.token}, ${row.day}, ${row.first_t}, ${row.last_t}, ${row.candles}, ${row.json}, ${row.compacted_at})
      on conflict (token, day) do nothing`);
  }
  return { json, fromMinutes };
}

/** A repository that counts the compactions of today it is asked for. */
function counting(): { repository: IngestRepository; compactions: () => number } {
  let compactions = 0;
  return {
    repository: {
      ...repository,
      compactDay(day, options) {
        if (day === istDayStart(at('12:00'))) compactions++;
        return repository.compactDay(day, options);
      },
    },
    compactions: () => compactions,
  };
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

  it('compacts today’s minutes so far on its timer, and only when minutes were written since', async () => {
    const { repository: watched, compactions } = counting();
    const ingest = compactingIngest(watched);
    await ingest.start();
    await ingest.compact();
    expect(compactions()).toBe(0);
    feed(ingest, at('09:15'), 5 * 60);
    clock.set(at('09:20', 3));
    await ingest.flush();
    expect(await todayRows()).toEqual(new Map());

    // The timer due at 09:30 writes each instrument's row of today: its five minutes so far.
    clock.set(at('09:30'));
    await vi.waitFor(async () => expect((await todayRows()).get(FUTURE)).toEqual({ lastT: at('09:19'), candles: 5 }));
    expect((await todayRows()).get(NIFTY)).toEqual({ lastT: at('09:19'), candles: 5 });
    const { json, fromMinutes } = await readBothWays([FUTURE, NIFTY]);
    expect(json).toEqual(fromMinutes);
    await ingest.compact();
    expect(compactions()).toBe(1);

    // Nothing written since: the 09:45 run writes nothing.
    clock.set(at('09:45', 1));
    await settle();
    await ingest.compact();
    expect(compactions()).toBe(1);

    // Minutes written again: the 10:00 run writes the rows again, through the last of them.
    feed(ingest, at('09:45', 1), 2 * 60);
    clock.set(at('09:47', 3));
    await ingest.flush();
    clock.set(at('10:00'));
    await vi.waitFor(async () => expect((await todayRows()).get(FUTURE)).toEqual({ lastT: at('09:46'), candles: 7 }));
    await ingest.stop();
  });

  it('compacts today once more as soon as the last minutes of the day’s sessions are written', async () => {
    // NIFTY follows NSE (closes 15:30), the future NFO (closes 15:40 from 3-Aug-2026): the day's sessions end at 15:40.
    const end = Math.max(sessionOn(DAY, 'NSE')!.close, sessionOn(DAY, 'NFO')!.close);
    expect(end).toBe(at('15:40'));
    clock.set(at('15:25'));
    const ingest = createTickIngest({
      repository,
      clock,
      logger: logger(),
      flushMs: HOUR,
      compactEveryMs: 24 * HOUR,
      compactTodayEveryMs: 24 * HOUR,
    });
    await ingest.start();
    await ingest.compact();
    for (let s = 0; s < 15 * 60; s++) {
      const ts = at('15:25') + s * 1_000;
      ingest.sink([
        { token: FUTURE, ts, lp: 24_100 + (s % 7) * 0.05, vt: (s + 1) * 10, atp: 24_099.5, oi: 1_000 + s },
        ...(ts < at('15:30') ? [{ token: NIFTY, ts, lp: 24_000 + (s % 3) }] : []),
      ]);
    }
    // At 15:35 NSE is over but NFO is not: no compaction yet.
    clock.set(at('15:35', 3));
    await ingest.flush();
    await settle();
    expect(await todayRows()).toEqual(new Map());
    // The flush that writes 15:39 (two seconds after 15:40) starts the compaction.
    clock.set(at('15:40', 2));
    await ingest.flush();
    await vi.waitFor(async () =>
      expect(await todayRows()).toEqual(
        new Map([
          [FUTURE, { lastT: at('15:39'), candles: 15 }],
          [NIFTY, { lastT: at('15:29'), candles: 5 }],
        ]),
      ),
    );
    await ingest.stop();
  });

  it('compacts a day again when a minute at or before its row’s last is written late', async () => {
    // An earlier process stored NIFTY's minutes 09:15 to 09:44 and compacted them into today's row at 09:45.
    const minutes = Array.from({ length: 30 }, (_, i) => {
      const t = at('09:15') + i * 60_000;
      return { token: NIFTY, t, o: 100, h: 101, l: 99, c: 100.5, v: 0, atp: 0, oi: 0 };
    });
    await repository.upsertCandles(minutes);
    await repository.compactDay(istDayStart(at('12:00')), { now: at('09:45') });
    clock.set(at('09:50'));
    const ingest = compactingIngest();
    await ingest.start();
    // The look at closed days that start begins is over before the rows are set aside below.
    await ingest.compact();
    // This process's feed replays a tick of 09:20 (a minute the row holds) at another price.
    ingest.sink([{ token: NIFTY, ts: at('09:20', 10), lp: 24_321.5 }]);
    await ingest.flush();
    const before = await readBothWays([NIFTY]);
    expect(before.json).not.toEqual(before.fromMinutes);
    clock.set(at('10:05'));
    // Watched without touching the rows (readBothWays sets them aside, which would race the compaction).
    await vi.waitFor(
      async () => {
        const rows = await select<{ json: string }>(sql`
          select json from ingested_candle_days where token = ${NIFTY} and day = ${istDayStart(at('12:00'))}`);
        expect(rows[0]?.json).toContain('24321.5');
      },
      { timeout: 10_000 },
    );
    const { json, fromMinutes } = await readBothWays([NIFTY]);
    expect(json).toEqual(fromMinutes);
    const candles = JSON.parse((await readBothWays([NIFTY])).json.get(NIFTY)!) as { t: number; c: number }[];
    expect(candles.find((c) => c.t === at('09:20'))?.c).toBe(24_321.5);
    await ingest.stop();
  });

  it('completes a day whose row was written while it went on, once the day is over', async () => {
    const first = compactingIngest();
    await first.start();
    feed(first, at('09:15'), 5 * 60);
    clock.set(at('09:20', 3));
    await first.flush();
    clock.set(at('09:30'));
    await vi.waitFor(async () => expect((await todayRows()).get(NIFTY)?.lastT).toBe(at('09:19')));
    // Five more minutes are written, and the process stops before its next compaction.
    feed(first, at('09:30'), 5 * 60 + 1);
    clock.set(at('09:35', 3));
    await first.stop();
    expect((await todayRows()).get(NIFTY)?.lastT).toBe(at('09:19'));

    // The next process starts the next morning: the partial row is written again, whole.
    clock.set(istInstant('2026-11-20', '08:00'));
    const next = createTickIngest({ repository, clock, logger: logger(), flushMs: HOUR });
    await next.start();
    await next.compact();
    expect((await todayRows()).get(NIFTY)).toEqual({ lastT: at('09:34'), candles: 10 });
    expect(await repository.compactedDays(istDayStart(at('12:00')))).toEqual([istDayStart(at('12:00'))]);
    await next.stop();
  });
});
