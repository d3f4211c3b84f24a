import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Candle, CandleTick } from './candle-builder';
import { CandleBuilder, bucketRange, foldCandles } from './candle-builder';
import type { Exchange } from './exchanges';
import type { IsoDate } from './ist-time';
import { addCalendarDays, istInstant, MINUTE_MS } from './ist-time';
import { sessionOn } from './market-calendar';
import type { Resolution } from './resolutions';
import { RESOLUTIONS, candleBucketStart } from './resolutions';
import { fixedSeed } from './test/fixed-seed';

const at = (date: IsoDate, time: string, seconds = 0): number => istInstant(date, time) + seconds * 1000;
const hhmm = (instant: number): string => new Date(instant + 19_800_000).toISOString().slice(11, 16);
const dateOf = (instant: number): string => new Date(instant + 19_800_000).toISOString().slice(0, 10);
const TOKEN = 101;
const SEED = 31_415;

/** A builder of the given resolutions over one exchange, with every closed candle collected per resolution. */
function collecting(resolutions: readonly Resolution[], exchange: Exchange = 'NFO') {
  const closed = new Map<string, Candle[]>();
  const builder = new CandleBuilder({
    resolutions,
    exchangeOf: () => exchange,
    onClose: (token, resolution, candle) => {
      const key = `${token}|${resolution}`;
      closed.set(key, [...(closed.get(key) ?? []), candle]);
    },
  });
  const of = (resolution: Resolution, token = TOKEN) => closed.get(`${token}|${resolution}`) ?? [];
  return { builder, of };
}

/** One tick a minute (at :30) through every minute of a session. */
function sessionTicks(date: IsoDate, token = TOKEN): CandleTick[] {
  const session = sessionOn(date, 'NFO');
  if (!session) throw new Error(`no session on ${date}`);
  const ticks: CandleTick[] = [];
  let vt = 0;
  for (let t = session.open; t < session.close; t += MINUTE_MS) {
    vt += 10;
    ticks.push({ token, ts: t + 30_000, lp: 100 + ((t / MINUTE_MS) % 7), vt, atp: 101, oi: 5_000 });
  }
  return ticks;
}

describe('candle builder: bucket boundaries', () => {
  it('starts intraday candles at the session open for every resolution, 75m at 09:15, 10:30, 11:45, 13:00, 14:15', () => {
    const intraday = RESOLUTIONS.filter((r) => !['1D', '1W', '1M'].includes(r));
    const { builder, of } = collecting(intraday);
    builder.addAll(sessionTicks('2026-07-31'));
    builder.closeAll();
    expect(of('75m').map((c) => hhmm(c.t))).toEqual(['09:15', '10:30', '11:45', '13:00', '14:15']);
    expect(of('1h').map((c) => hhmm(c.t))).toEqual(['09:15', '10:15', '11:15', '12:15', '13:15', '14:15', '15:15']);
    expect(of('2h').map((c) => hhmm(c.t))).toEqual(['09:15', '11:15', '13:15', '15:15']);
    expect(of('1m')).toHaveLength(375);
    for (const resolution of intraday) {
      const candles = of(resolution);
      // Every candle starts where candleBucketStart puts its minutes, and every session minute is in one candle.
      const expected = new Set(sessionTicks('2026-07-31').map((tick) => candleBucketStart(tick.ts, resolution, 'NFO')));
      expect(candles.map((c) => c.t)).toEqual([...expected]);
      expect(candles.reduce((sum, c) => sum + c.v, 0)).toBe(3_750);
    }
  });

  it('puts pre-open ticks in the first candle and post-close ticks in the last, until midnight', () => {
    const { builder, of } = collecting(['1m', '75m']);
    builder.add({ token: TOKEN, ts: at('2026-07-31', '09:08'), lp: 100 });
    builder.add({ token: TOKEN, ts: at('2026-07-31', '09:15', 20), lp: 104 });
    builder.add({ token: TOKEN, ts: at('2026-07-31', '15:29', 50), lp: 99 });
    builder.add({ token: TOKEN, ts: at('2026-07-31', '15:45'), lp: 98 });
    expect(builder.current(TOKEN, '1m')).toMatchObject({ t: at('2026-07-31', '15:29'), o: 99, c: 98, l: 98 });
    builder.add({ token: TOKEN, ts: at('2026-08-03', '09:15'), lp: 97 });
    expect(of('1m').map((c) => [hhmm(c.t), c.o, c.c])).toEqual([
      ['09:15', 100, 104],
      ['15:29', 99, 98],
    ]);
    expect(of('75m').map((c) => [dateOf(c.t), hhmm(c.t), c.o, c.h, c.c])).toEqual([
      ['2026-07-31', '09:15', 100, 104, 104],
      ['2026-07-31', '14:15', 99, 99, 98],
    ]);
  });

  it('gives the instants sharing a bucket: pre-open in the first, the evening in the last, whole days for 1D', () => {
    const first = bucketRange(at('2026-07-31', '09:20'), '15m', 'NFO');
    expect([first.start, first.lo, first.hi]).toEqual([
      at('2026-07-31', '09:15'),
      at('2026-07-31', '00:00'),
      at('2026-07-31', '09:30'),
    ]);
    const last = bucketRange(at('2026-07-31', '15:20'), '2h', 'NFO');
    expect([last.start, last.lo, last.hi]).toEqual([
      at('2026-07-31', '15:15'),
      at('2026-07-31', '15:15'),
      at('2026-08-01', '00:00'),
    ]);
    const day = bucketRange(at('2026-07-31', '12:00'), '1D', 'NFO');
    expect([day.start, day.lo, day.hi]).toEqual([
      at('2026-07-31', '09:15'),
      at('2026-07-31', '00:00'),
      at('2026-08-01', '00:00'),
    ]);
  });

  it('builds 1D by session, 1W from the first session of the week (Monday 26-Jan-2026 a holiday), 1M by month', () => {
    const { builder, of } = collecting(['1D', '1W', '1M']);
    // Thu 22-Jan to Tue 3-Feb 2026: the budget's Sunday session of 1-Feb opens February.
    const dates: IsoDate[] = [];
    for (let d: IsoDate = '2026-01-22'; d <= '2026-02-03'; d = addCalendarDays(d, 1)) {
      if (sessionOn(d, 'NFO')) dates.push(d);
    }
    expect(dates).not.toContain('2026-01-26');
    dates.forEach((date, i) => {
      const open = sessionOn(date, 'NFO')!.open;
      builder.add({ token: TOKEN, ts: open + 60_000, lp: 100 + i, vt: 1_000 });
      builder.add({ token: TOKEN, ts: open + 120_000, lp: 200 + i, vt: 1_500, oi: 10 + i });
    });
    builder.closeAll();
    expect(of('1D').map((c) => dateOf(c.t))).toEqual(dates);
    expect(of('1D').every((c) => c.v === 1_500)).toBe(true);
    expect(of('1W').map((c) => [dateOf(c.t), hhmm(c.t)])).toEqual([
      ['2026-01-19', '09:15'],
      ['2026-01-27', '09:15'],
      ['2026-02-02', '09:15'],
    ]);
    const budgetOpen = sessionOn('2026-02-01', 'NFO')!.open;
    expect(of('1M').map((c) => c.t)).toEqual([at('2026-01-01', '09:15'), budgetOpen]);
    // Tue 27-Jan to the budget's Sunday session: five sessions.
    expect(of('1W')[1]).toMatchObject({ o: 102, c: 206, v: 7_500, oi: 16 });
    expect(candleBucketStart(at('2026-01-26', '12:00'), '1W', 'NFO')).toBe(at('2026-01-27', '09:15'));
  });

  it('starts May 2026’s month candle on Monday 4-May (1-May a holiday, then a weekend)', () => {
    const { builder, of } = collecting(['1M']);
    builder.add({ token: TOKEN, ts: at('2026-04-30', '10:00'), lp: 1 });
    builder.add({ token: TOKEN, ts: at('2026-05-04', '10:00'), lp: 2 });
    builder.add({ token: TOKEN, ts: at('2026-06-01', '10:00'), lp: 3 });
    expect(of('1M').map((c) => c.t)).toEqual([at('2026-04-01', '09:15'), at('2026-05-04', '09:15')]);
  });
});

describe('candle builder: volume, ATP and OI', () => {
  it('takes volume from the cumulative vt: the difference between ticks, the first tick of a day from zero', () => {
    const { builder, of } = collecting(['1m', '1D']);
    const day = '2026-07-30';
    builder.add({ token: TOKEN, ts: at(day, '10:00', 1), lp: 100, vt: 100 });
    builder.add({ token: TOKEN, ts: at(day, '10:00', 20), lp: 101, vt: 250 });
    builder.add({ token: TOKEN, ts: at(day, '10:00', 40), lp: 101, vt: 250 });
    builder.add({ token: TOKEN, ts: at(day, '10:01', 2), lp: 102, vt: 400 });
    builder.add({ token: TOKEN, ts: at(day, '10:01', 30), lp: 102, vt: 900 });
    // The next session's first tick: vt starts again from zero, so its volume is its vt, never negative.
    builder.add({ token: TOKEN, ts: at('2026-07-31', '09:15', 3), lp: 103, vt: 60 });
    expect(of('1m').map((c) => c.v)).toEqual([250, 650]);
    expect(of('1D').map((c) => c.v)).toEqual([900]);
    expect(builder.current(TOKEN, '1D')?.v).toBe(60);
  });

  it('counts from the seeded volume after a restart, and never counts a vt lower than one seen', () => {
    const { builder, of } = collecting(['1m']);
    const day = '2026-07-30';
    builder.seedVolume(TOKEN, 10_000, at(day, '09:15'));
    builder.add({ token: TOKEN, ts: at(day, '11:00', 5), lp: 100, vt: 10_400 });
    builder.add({ token: TOKEN, ts: at(day, '11:00', 6), lp: 100, vt: 10_300 });
    builder.add({ token: TOKEN, ts: at(day, '11:00', 7), lp: 100, vt: 10_450 });
    builder.closeAll();
    expect(of('1m').map((c) => c.v)).toEqual([450]);
  });

  it('takes ATP and OI of the candle’s last tick that carried them; ticks without vt add no volume', () => {
    const { builder } = collecting(['5m']);
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:00'), lp: 100, atp: 99.5, oi: 1_000 });
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:01'), lp: 103, atp: 100.25 });
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:02'), lp: 98, oi: 1_300 });
    expect(builder.current(TOKEN, '5m')).toEqual({
      t: at('2026-07-30', '10:00'),
      o: 100,
      h: 103,
      l: 98,
      c: 98,
      v: 0,
      atp: 100.25,
      oi: 1_300,
    });
  });
});

describe('candle builder: closing and out-of-order ticks', () => {
  it('ignores a tick older than the instrument’s latest, so a closed candle never changes', () => {
    const { builder, of } = collecting(['1m']);
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:00', 10), lp: 100, vt: 10 });
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:01', 10), lp: 101, vt: 20 });
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:00', 50), lp: 500, vt: 15 });
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:01', 5), lp: 1, vt: 18 });
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:02', 0), lp: 102, vt: 30 });
    expect(of('1m')).toEqual([
      { t: at('2026-07-30', '10:00'), o: 100, h: 100, l: 100, c: 100, v: 10, atp: 0, oi: 0 },
      { t: at('2026-07-30', '10:01'), o: 101, h: 101, l: 101, c: 101, v: 10, atp: 0, oi: 0 },
    ]);
  });

  it('closes candles whose bucket has ended by the clock, and ignores late ticks for them', () => {
    const { builder, of } = collecting(['1m', '3m']);
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:00', 10), lp: 100 });
    builder.add({ token: 202, ts: at('2026-07-30', '10:01', 10), lp: 50 });
    expect(builder.closeThrough(at('2026-07-30', '10:01', 30))).toBe(1);
    expect(of('1m').map((c) => c.c)).toEqual([100]);
    builder.add({ token: TOKEN, ts: at('2026-07-30', '10:00', 59), lp: 900 });
    expect(builder.current(TOKEN, '1m')).toBeNull();
    expect(builder.current(TOKEN, '3m')?.h).toBe(100);
    expect(builder.closeThrough(at('2026-07-30', '10:03'))).toBe(3);
    expect(of('3m').map((c) => [c.t, c.c])).toEqual([[at('2026-07-30', '10:00'), 100]]);
    expect(of('3m', 202).map((c) => c.t)).toEqual([at('2026-07-30', '10:00')]);
  });

  it('closes a session’s last candle by the clock at its nominal end, then ignores post-close ticks for it', () => {
    const { builder, of } = collecting(['1m', '75m']);
    builder.add({ token: TOKEN, ts: at('2026-07-30', '15:29', 40), lp: 100 });
    expect(builder.closeThrough(at('2026-07-30', '15:29', 59))).toBe(0);
    expect(builder.closeThrough(at('2026-07-30', '15:30', 2))).toBe(2);
    builder.add({ token: TOKEN, ts: at('2026-07-30', '15:45'), lp: 180 });
    expect(builder.current(TOKEN, '1m')).toBeNull();
    builder.add({ token: TOKEN, ts: at('2026-07-31', '09:15', 1), lp: 101 });
    builder.closeAll();
    expect(of('1m').map((c) => [dateOf(c.t), hhmm(c.t), c.c])).toEqual([
      ['2026-07-30', '15:29', 100],
      ['2026-07-31', '09:15', 101],
    ]);
    expect(of('75m').map((c) => [dateOf(c.t), hhmm(c.t), c.h])).toEqual([
      ['2026-07-30', '14:15', 100],
      ['2026-07-31', '09:15', 101],
    ]);
  });

  it('keeps instruments apart', () => {
    const { builder, of } = collecting(['1m']);
    for (let i = 0; i < 200; i++) {
      builder.add({ token: 1_000 + i, ts: at('2026-07-30', '10:00'), lp: i, vt: i });
    }
    builder.closeAll();
    expect(builder.size).toBe(200);
    expect(of('1m', 1_150)).toEqual([
      { t: at('2026-07-30', '10:00'), o: 150, h: 150, l: 150, c: 150, v: 150, atp: 0, oi: 0 },
    ]);
  });
});

describe('candle builder: folding 1-minute candles', () => {
  // Dates around a weekend, a holiday (Thu 2-Oct-2026) and a month end.
  const DATES: IsoDate[] = ['2026-09-29', '2026-09-30', '2026-10-01', '2026-10-02', '2026-10-03', '2026-10-05'];

  const tickStream = fc
    .array(
      fc.record({
        day: fc.integer({ min: 0, max: DATES.length - 1 }),
        // From 09:00 (pre-open) to 16:00 (after the close), in seconds.
        second: fc.integer({ min: 9 * 3600, max: 16 * 3600 }),
        lp: fc.integer({ min: 1, max: 100_000 }).map((p) => p / 20),
        volume: fc.integer({ min: 0, max: 5_000 }),
        atp: fc.option(
          fc.integer({ min: 1, max: 100_000 }).map((p) => p / 20),
          { nil: undefined },
        ),
        oi: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: undefined }),
        withVolume: fc.boolean(),
      }),
      { minLength: 1, maxLength: 300 },
    )
    .map((raw) => {
      const sorted = [...raw].sort((a, b) => a.day - b.day || a.second - b.second);
      const ticks: CandleTick[] = [];
      let day = -1;
      let vt = 0;
      for (const r of sorted) {
        if (r.day !== day) vt = 0;
        day = r.day;
        vt += r.volume;
        ticks.push({
          token: TOKEN,
          ts: istInstant(DATES[r.day]!, '00:00') + r.second * 1000,
          lp: r.lp,
          ...(r.withVolume ? { vt } : {}),
          ...(r.atp !== undefined ? { atp: r.atp } : {}),
          ...(r.oi !== undefined ? { oi: r.oi } : {}),
        });
      }
      return ticks;
    });

  it('candles built from a tick stream equal candles folded from its 1-minute candles, at every resolution', () => {
    fc.assert(
      fc.property(tickStream, (ticks) => {
        const { builder, of } = collecting(RESOLUTIONS);
        builder.addAll(ticks);
        builder.closeAll();
        const minutes = of('1m');
        for (const resolution of RESOLUTIONS) {
          expect(foldCandles(minutes, resolution, 'NFO')).toEqual(of(resolution));
        }
        const total = ticks.reduce((max, tick) => Math.max(max, tick.vt ?? 0), 0);
        expect(of('1D').reduce((sum, c) => sum + c.v, 0)).toBeGreaterThanOrEqual(total);
      }),
      fixedSeed(SEED, 60),
    );
  });

  it('folds stored minutes of a session into the chart’s candles', () => {
    const { builder, of } = collecting(['1m', '15m']);
    builder.addAll(sessionTicks('2026-07-31'));
    builder.closeAll();
    const folded = foldCandles(of('1m'), '15m', 'NFO');
    expect(folded).toHaveLength(25);
    expect(folded).toEqual(of('15m'));
    expect(folded[0]).toMatchObject({ t: at('2026-07-31', '09:15'), v: 150, atp: 101, oi: 5_000 });
  });
});
