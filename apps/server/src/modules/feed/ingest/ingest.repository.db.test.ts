import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { foldCandles, istInstant } from '@fnodesk/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createIngestRepository, istDayStart, type IngestRepository, type StoredCandle } from './ingest.repository';

// Kite tokens: NIFTY 50 (indices segment), a NFO contract, a BSE stock.
const NIFTY = 256_265;
const FUTURE = 13_238_786;
const STOCK = 128_083_204;
const DAY = '2026-11-19';
const OPEN = istInstant(DAY, '09:15');
const MINUTE = 60_000;

let database: TestDatabase;
let repository: IngestRepository;

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
});

/** A session of minutes of one token with prices that move, volumes and OI. */
function session(token: number, date = DAY, minutes = 375): StoredCandle[] {
  const open = istInstant(date, '09:15');
  return Array.from({ length: minutes }, (_, i) => {
    const base = 24_000 + ((i * 37) % 200) / 4;
    return {
      token,
      t: open + i * MINUTE,
      o: base,
      h: base + 3.25,
      l: base - 2.5,
      c: base + 0.75,
      v: 1_000 + i,
      atp: 24_010.35,
      oi: 9_000_000 + i * 75,
    };
  });
}

describe('ingest repository (migration 0005)', () => {
  it('stores a batch in one statement, beyond the parameter limit of one row per placeholder', async () => {
    // 8,000 candles × 9 columns would need 72,000 placeholders; unnest takes nine.
    const candles = Array.from({ length: 8_000 }, (_, i) => session(1_000 + (i % 40), DAY, 200)[Math.floor(i / 40)]!);
    await repository.upsertCandles(candles);
    const tokens = Array.from({ length: 40 }, (_, i) => 1_000 + i);
    const stored = await repository.minuteCandles(tokens, OPEN, OPEN + 200 * MINUTE);
    expect([...stored.values()].reduce((sum, list) => sum + list.length, 0)).toBe(8_000);
  });

  it('reads many tokens in one query, per token oldest first, within [from, to), with exact numbers', async () => {
    await repository.upsertCandles([...session(FUTURE), ...session(NIFTY), ...session(STOCK, '2026-11-18')]);
    const from = OPEN + 10 * MINUTE;
    const to = OPEN + 20 * MINUTE;
    const series = await repository.minuteCandles([NIFTY, FUTURE, 42], from, to);
    expect([...series.keys()].sort()).toEqual([NIFTY, FUTURE].sort());
    const nifty = series.get(NIFTY)!;
    expect(nifty.map((c) => c.t)).toEqual(Array.from({ length: 10 }, (_, i) => from + i * MINUTE));
    const { token: _token, ...expected } = session(NIFTY)[10]!;
    expect(nifty[0]).toEqual(expected);
    expect(await repository.minuteCandles([], from, to)).toEqual(new Map());
  });

  it('writes a token’s candles as the JSON the data API sends, number for number as JavaScript would', async () => {
    const candles = [
      {
        t: OPEN,
        o: 24_017.35,
        h: 24_020.05,
        l: 0.05,
        c: 1_234_567.8,
        v: 9_007_199_254,
        atp: 17.333333333333332,
        oi: 0,
      },
      { t: OPEN + MINUTE, o: 0.1, h: 0.30000000000000004, l: 0.05, c: 0.2, v: 0, atp: 0.0001, oi: 12_345_675 },
    ];
    await repository.upsertCandles(candles.map((candle) => ({ token: NIFTY, ...candle })));
    const json = await repository.minuteCandlesJson([NIFTY], OPEN, OPEN + 2 * MINUTE);
    expect(JSON.parse(json.get(NIFTY)!)).toEqual(candles);
    expect(json.get(NIFTY)).toBe(JSON.stringify(candles));
    // A row written before candles carried their JSON is printed from its columns, to the same text.
    await database.db.execute(sql`update ingested_candles_1m set json = null where t = ${OPEN}`);
    // (PostgreSQL writes exponents below 1e-4 and from 1e15 up, e.g. 1e-05; no price, volume or OI is there.)
    expect((await repository.minuteCandlesJson([NIFTY], OPEN, OPEN + 2 * MINUTE)).get(NIFTY)).toBe(
      JSON.stringify(candles),
    );
  });

  it('replaces a candle written again for the same minute (a retried flush changes nothing)', async () => {
    const [first] = session(NIFTY, DAY, 1);
    await repository.upsertCandles([first!]);
    await repository.upsertCandles([first!]);
    await repository.upsertCandles([{ ...first!, c: 24_100.05, v: 1_234 }]);
    const stored = (await repository.minuteCandles([NIFTY], OPEN, OPEN + MINUTE)).get(NIFTY)!;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ c: 24_100.05, v: 1_234 });
  });

  it('aggregates day candles in the database equal to folding the minutes with the candle builder', async () => {
    const minutes = [...session(FUTURE, '2026-11-17'), ...session(FUTURE, '2026-11-18'), ...session(FUTURE)];
    await repository.upsertCandles(minutes);
    const from = istInstant('2026-11-17', '00:00');
    const to = istInstant('2026-11-20', '00:00');
    const days = (await repository.dayCandles([FUTURE], from, to)).get(FUTURE)!;
    expect(days).toHaveLength(3);
    const plain = minutes.map(({ token: _token, ...candle }) => candle);
    expect(foldCandles(days, '1D', 'NFO')).toEqual(foldCandles(plain, '1D', 'NFO'));
    expect(foldCandles(days, '1W', 'NFO')).toEqual(foldCandles(plain, '1W', 'NFO'));
  });

  it('sums the volume stored since an instant per token (what a restart has already counted)', async () => {
    await repository.upsertCandles([...session(NIFTY, DAY, 3), ...session(FUTURE, '2026-11-18', 3)]);
    const volumes = await repository.volumesSince(istInstant(DAY, '00:00'));
    expect(volumes).toEqual(new Map([[NIFTY, 1_000 + 1_001 + 1_002]]));
  });

  it('stores OI snapshots every 3 minutes and reads them back in order', async () => {
    await repository.upsertOiSnapshots([
      { token: FUTURE, t: OPEN + 3 * MINUTE, oi: 9_000_300 },
      { token: FUTURE, t: OPEN, oi: 9_000_150 },
      { token: NIFTY, t: OPEN, oi: 0 },
    ]);
    await repository.upsertOiSnapshots([{ token: FUTURE, t: OPEN, oi: 9_000_225 }]);
    const snapshots = await repository.oiSnapshots([FUTURE], OPEN, OPEN + 10 * MINUTE);
    expect(snapshots.get(FUTURE)?.map((s) => [s.t, s.oi])).toEqual([
      [OPEN, 9_000_225],
      [OPEN + 3 * MINUTE, 9_000_300],
    ]);
  });
});

describe('compacted days (migrations 0008, 0009)', () => {
  const PREVIOUS = '2026-11-18';
  const TODAY = '2026-11-20';
  /** When the closed days are compacted: after they are over. */
  const later = { now: istInstant(TODAY, '09:00') };
  const tokens = [NIFTY, FUTURE, STOCK];
  const ranges = (): [string, number, number][] => [
    ['one whole session', istInstant(DAY, '09:15'), istInstant(DAY, '15:30')],
    ['the whole day', istInstant(DAY, '00:00'), istInstant('2026-11-20', '00:00')],
    ['three days to now', istInstant(PREVIOUS, '09:15'), istInstant(TODAY, '11:00')],
    ['starting inside a day', istInstant(DAY, '10:07'), istInstant(TODAY, '10:00')],
    ['ending inside a day', istInstant(PREVIOUS, '00:00'), istInstant(DAY, '13:01')],
    ['today only', istInstant(TODAY, '09:15'), istInstant(TODAY, '15:30')],
  ];

  beforeEach(async () => {
    // Two closed days, and today's minutes so far; STOCK has no minutes on PREVIOUS.
    await repository.upsertCandles([
      ...session(NIFTY, PREVIOUS),
      ...session(FUTURE, PREVIOUS),
      ...tokens.flatMap((token) => session(token, DAY)),
      ...tokens.flatMap((token) => session(token, TODAY, 100)),
    ]);
  });

  it('reads the same candles from compacted days as from the minutes, for ranges on and off day boundaries', async () => {
    const before = await Promise.all(ranges().map(([, from, to]) => repository.minuteCandlesJson(tokens, from, to)));
    expect(await repository.compactDay(istDayStart(istInstant(PREVIOUS, '12:00')), later)).toBe(2);
    expect(await repository.compactDay(istDayStart(istInstant(DAY, '12:00')), later)).toBe(3);
    expect(await repository.compactedDays(istInstant(PREVIOUS, '00:00'))).toEqual([
      istInstant(PREVIOUS, '00:00'),
      istInstant(DAY, '00:00'),
    ]);
    const after = await Promise.all(ranges().map(([, from, to]) => repository.minuteCandlesJson(tokens, from, to)));
    ranges().forEach(([name], i) => expect(after[i], name).toEqual(before[i]));
    // And they are the candles: one session's 375, in time order.
    const session375 = JSON.parse(after[0]!.get(STOCK)!) as { t: number }[];
    expect(session375.map((c) => c.t)).toEqual(session(STOCK).map((c) => c.t));
  });

  it('reads a compacted day from its row, not from the minutes', async () => {
    await repository.compactDay(istDayStart(istInstant(DAY, '12:00')), later);
    // With the minutes gone, a whole-session range still answers; a range inside the day then finds nothing.
    await database.db.execute(sql`delete from ingested_candles_1m where t < ${istInstant(TODAY, '00:00')}`);
    const [, from, to] = ranges()[0]!;
    expect(JSON.parse((await repository.minuteCandlesJson([NIFTY], from, to)).get(NIFTY)!)).toHaveLength(375);
    expect((await repository.minuteCandlesJson([NIFTY], from + MINUTE, to)).get(NIFTY)).toBeUndefined();
  });

  it("writes a token's day again when its minutes change after the day was compacted", async () => {
    const day = istDayStart(istInstant(DAY, '12:00'));
    await repository.compactDay(day, later);
    const late = { ...session(FUTURE)[374]!, c: 99_999.95 };
    await repository.upsertCandles([late]);
    expect(await repository.compactDay(day, { ...later, tokens: [FUTURE] })).toBe(1);
    const [, from, to] = ranges()[0]!;
    const candles = JSON.parse((await repository.minuteCandlesJson([FUTURE], from, to)).get(FUTURE)!) as {
      c: number;
    }[];
    expect(candles.at(-1)!.c).toBe(99_999.95);
    expect(await repository.compactDay(day, { ...later, tokens: [] })).toBe(0);
  });

  it('reads today compacted so far and the minutes written after its row the same as from the minutes', async () => {
    // Today's row is written at 10:55 from the 100 minutes up to 10:54; the session then goes on to 11:44.
    const today = istDayStart(istInstant(TODAY, '12:00'));
    await repository.compactDay(istDayStart(istInstant(DAY, '12:00')), later);
    expect(await repository.compactDay(today, { now: istInstant(TODAY, '10:55') })).toBe(3);
    await repository.upsertCandles(tokens.flatMap((token) => session(token, TODAY, 150).slice(100)));
    // Both drivers answer with `rows`.
    const answer: unknown = await database.db.execute(sql`
      select distinct last_t::float8 as last_t, candles from ingested_candle_days where day = ${today}`);
    expect((answer as { rows: unknown[] }).rows).toEqual([{ last_t: istInstant(TODAY, '10:54'), candles: 100 }]);

    const todayRanges: [string, number, number][] = [
      ...ranges(),
      ['today, the whole day', today, today + 86_400_000],
      ['today, ending after its row', istInstant(TODAY, '09:15'), istInstant(TODAY, '11:20')],
      ['today, ending inside its row', istInstant(TODAY, '09:15'), istInstant(TODAY, '10:30')],
      ['today, ending at its row’s last minute', istInstant(TODAY, '09:15'), istInstant(TODAY, '10:55')],
      ['today, starting inside its row', istInstant(TODAY, '10:00'), istInstant(TODAY, '15:30')],
      ['today, starting after its row', istInstant(TODAY, '11:00'), istInstant(TODAY, '15:30')],
      ['two days to midnight', istInstant(DAY, '00:00'), today + 86_400_000],
    ];
    const compacted = await Promise.all(
      todayRanges.map(([, from, to]) => repository.minuteCandlesJson(tokens, from, to)),
    );
    await database.db.execute(sql`delete from ingested_candle_days`);
    const minutes = await Promise.all(
      todayRanges.map(([, from, to]) => repository.minuteCandlesJson(tokens, from, to)),
    );
    todayRanges.forEach(([name], i) => expect(compacted[i], name).toEqual(minutes[i]));
    const whole = JSON.parse(compacted[todayRanges.length - 1]!.get(FUTURE)!) as { t: number }[];
    expect(whole).toHaveLength(375 + 150);
  });

  it('reads today’s row for the minutes it holds and the minute rows only after its last', async () => {
    const today = istDayStart(istInstant(TODAY, '12:00'));
    await repository.compactDay(today, { now: istInstant(TODAY, '10:55') });
    await repository.upsertCandles(session(NIFTY, TODAY, 150).slice(100));
    // With the minutes the row holds gone, the session still answers whole: from the row, then the later minutes.
    await database.db.execute(sql`delete from ingested_candles_1m where t <= ${istInstant(TODAY, '10:54')}`);
    const candles = JSON.parse(
      (await repository.minuteCandlesJson([NIFTY], today, today + 86_400_000)).get(NIFTY)!,
    ) as { t: number }[];
    expect(candles.map((c) => c.t)).toEqual(session(NIFTY, TODAY, 150).map((c) => c.t));
  });

  it('answers a page of closed, compacted sessions with one query, and today’s with one more for its last minutes', async () => {
    const day = istDayStart(istInstant(DAY, '12:00'));
    const today = istDayStart(istInstant(TODAY, '12:00'));
    await repository.compactDay(day, later);
    await repository.compactDay(today, { now: istInstant(TODAY, '10:55') });
    await repository.upsertCandles(tokens.flatMap((token) => session(token, TODAY, 150).slice(100)));
    let queries = 0;
    const counted = createIngestRepository(
      new Proxy(database.db, {
        get(target, key, receiver) {
          const value: unknown = Reflect.get(target, key, receiver);
          if (key !== 'execute' || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            queries++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      }),
    );
    const closed = await counted.minuteCandlesJson(tokens, day, day + 86_400_000);
    expect(queries).toBe(1);
    expect(JSON.parse(closed.get(NIFTY)!)).toHaveLength(375);
    queries = 0;
    const todaySoFar = await counted.minuteCandlesJson(tokens, today, today + 86_400_000);
    expect(queries).toBeLessThanOrEqual(2);
    expect(JSON.parse(todaySoFar.get(NIFTY)!)).toHaveLength(150);
  });

  it('counts a day as compacted only when each of its rows was written after the day was over', async () => {
    const day = istDayStart(istInstant(DAY, '12:00'));
    const dayEnd = day + 86_400_000;
    await repository.compactDay(day, { now: istInstant(DAY, '15:31') });
    expect(await repository.compactedDays(day)).toEqual([]);
    await repository.compactDay(day, { now: dayEnd, tokens: [NIFTY, FUTURE] });
    expect(await repository.compactedDays(day)).toEqual([]);
    await repository.compactDay(day, { now: dayEnd, tokens: [STOCK] });
    expect(await repository.compactedDays(day)).toEqual([day]);
  });
});
