import type { Resolution } from '@fnodesk/domain';
import {
  candleBucketStart,
  contractInstrumentToken,
  istDateOf,
  istInstant,
  spotInstrumentToken,
} from '@fnodesk/domain';
import { describe, expect, it, vi } from 'vitest';
import type { Candle } from './candle-series';
import { createMarketSim } from './market-sim';
import { PriceEngine } from './price-engine';

const SEED = 11;
const NOW = istInstant('2026-11-18', '11:30');
const sim = createMarketSim({ seed: SEED, now: NOW });
const later = createMarketSim({ seed: SEED, now: istInstant('2026-11-25', '10:00') });

const NIFTY = spotInstrumentToken('NIFTY');
const RELIANCE = spotInstrumentToken('RELIANCE');
const niftyFuture = sim.futures(NOW, 'near').find((instrument) => instrument.name === 'NIFTY')!.instrumentToken;
const weekly = sim.optionExpiries('NIFTY', NOW)[0]!.date;
const atm = Math.round(sim.spot('NIFTY', NOW)!.lp / 50) * 50;
const atmCall = contractInstrumentToken({ root: 'NIFTY', kind: 'CE', expiry: weekly, strike: atm });
const atmPut = contractInstrumentToken({ root: 'NIFTY', kind: 'PE', expiry: weekly, strike: atm });
const TOKENS = [NIFTY, niftyFuture, atmCall, atmPut, RELIANCE];

describe('history is a pure function of (seed, instrument, time)', () => {
  it('returns identical candles for the same seed, instrument and range, whenever and in whatever order asked', () => {
    const from = istInstant('2026-11-16', '09:15');
    const to = istInstant('2026-11-17', '15:40');
    const first = TOKENS.map((token) => sim.candles(token, '1m', from, to));
    const second = [...TOKENS].reverse().map((token) => later.candles(token, '1m', from, to));
    expect(second.reverse()).toEqual(first);
    expect(later.candles(atmCall, '5m', from, to)).toEqual(sim.candles(atmCall, '5m', from, to));
    expect(first[0]!.length).toBe(2 * 375);
  });

  // Builds two fresh markets (eleven years of daily history each): seconds on a loaded machine.
  it(
    'gives options the same candles in whatever order they are priced, across strikes, sides and expiries',
    {
      timeout: 60_000,
    },
    () => {
      // Options of one underlying, expiry and listing share parts of their OI; pricing them in opposite orders makes
      // different options compute those parts first. The range is one session, a weekly expiry day: the shared parts
      // are per session, so a second session would only repeat the same check.
      const from = istInstant('2026-11-17', '09:15');
      const to = istInstant('2026-11-17', '15:40');
      const expiries = sim.optionExpiries('NIFTY', from).slice(0, 3);
      const options = expiries.flatMap(({ date }) =>
        [-2, 0, 3].flatMap((i) =>
          (['CE', 'PE'] as const).map((kind) =>
            contractInstrumentToken({ root: 'NIFTY', kind, expiry: date, strike: atm + 50 * i }),
          ),
        ),
      );
      const forward = createMarketSim({ seed: SEED, now: NOW });
      const backward = createMarketSim({ seed: SEED, now: NOW });
      const first = options.map((token) => forward.candles(token, '1m', from, to));
      const second = [...options].reverse().map((token) => backward.candles(token, '1m', from, to));
      expect(second.reverse()).toEqual(first);
      expect(first.every((candles) => candles.length > 0 && candles.every((candle) => candle.oi > 0))).toBe(true);
    },
  );

  it('differs between seeds', () => {
    const other = createMarketSim({ seed: SEED + 1, now: NOW });
    expect(other.spot('NIFTY', NOW)!.lp).not.toBe(sim.spot('NIFTY', NOW)!.lp);
  });

  it('computes any past range on demand, years back', () => {
    const minutes = sim.candles(NIFTY, '1m', istInstant('2017-05-10', '09:15'), istInstant('2017-05-10', '15:30'));
    expect(minutes).toHaveLength(375);
    const days = sim.daily(NIFTY, istInstant('2016-03-01', '00:00'), istInstant('2016-03-31', '23:59'));
    expect(days.length).toBeGreaterThan(18);
    expect(days.every((day) => day.l <= Math.min(day.o, day.c) && day.h >= Math.max(day.o, day.c))).toBe(true);
  });

  it('computes only the sessions a range holds: a day asked from midnight does not price the session before', () => {
    // A fresh market, so nothing of the previous session is cached already.
    const fresh = createMarketSim({ seed: SEED + 7, now: NOW });
    const minuteBars = vi.spyOn(PriceEngine.prototype, 'minuteBars');
    try {
      const day = fresh.candles(atmCall, '1m', istInstant('2026-11-17', '00:00'), istInstant('2026-11-17', '23:59'));
      expect(day).toHaveLength(385);
      const sessions = new Set(minuteBars.mock.calls.map(([, k]) => k));
      expect(sessions.size).toBe(1);
    } finally {
      minuteBars.mockRestore();
    }
  });

  it('keeps 1-minute history for every instrument over the last 30 sessions', () => {
    const from = istInstant('2026-10-06', '09:15');
    for (const token of [NIFTY, RELIANCE, spotInstrumentToken('INDIA VIX'), spotInstrumentToken('NIFTY IT')]) {
      const candles = sim.candles(token, '1m', from, NOW);
      const sessions = new Set(candles.map((candle) => istDateOf(candle.t)));
      expect(sessions.size).toBeGreaterThanOrEqual(30);
    }
  });
});

describe('live ticks agree with the candles', () => {
  const minuteStart = istInstant('2026-11-18', '10:07');

  it('keeps every second of a minute inside its 1-minute candle, opening at o and closing at c', () => {
    for (const token of TOKENS) {
      const [candle] = sim.candles(token, '1m', minuteStart, minuteStart + 59_000);
      expect(candle).toBeDefined();
      const prices: number[] = [];
      let lastVolume = -1;
      for (let second = 0; second < 60; second++) {
        const at = minuteStart + second * 1000;
        const tick = sim.quote(token, at)!;
        prices.push(tick.lp);
        expect(tick.lp).toBeGreaterThanOrEqual(candle!.l);
        expect(tick.lp).toBeLessThanOrEqual(candle!.h);
        expect(tick.vt!).toBeGreaterThanOrEqual(lastVolume);
        lastVolume = tick.vt!;
        // The candle as of this second is the minute so far.
        const partial = sim.candles(token, '1m', minuteStart, at).at(-1)!;
        expect(partial.t).toBe(minuteStart);
        expect(partial.o).toBe(candle!.o);
        expect(partial.c).toBe(tick.lp);
        expect(partial.h).toBeLessThanOrEqual(candle!.h);
        expect(partial.l).toBeGreaterThanOrEqual(candle!.l);
        expect(partial.v).toBeLessThanOrEqual(candle!.v);
      }
      expect(prices[0]).toBe(candle!.o);
      expect(prices[59]).toBe(candle!.c);
      expect(Math.max(...prices)).toBe(candle!.h);
      expect(Math.min(...prices)).toBe(candle!.l);
    }
  });

  it('extends history without a gap: the last candle closes at the live price and the day so far matches the tick', () => {
    const at = istInstant('2026-11-18', '13:42') + 17_000;
    for (const token of TOKENS) {
      const tick = sim.quote(token, at)!;
      const minutes = sim.candles(token, '1m', istInstant('2026-11-18', '09:15'), at);
      expect(minutes.at(-1)!.c).toBe(tick.lp);
      expect(minutes.at(-1)!.t).toBe(istInstant('2026-11-18', '13:42'));
      const day = sim.candles(token, '1D', istInstant('2026-11-18', '09:00'), at).at(-1)!;
      expect([day.o, day.h, day.l, day.c, day.v]).toEqual([tick.o, tick.h, tick.l, tick.lp, tick.vt]);
      expect(Math.max(...minutes.map((candle) => candle.h))).toBe(tick.h);
      expect(Math.min(...minutes.map((candle) => candle.l))).toBe(tick.l);
      expect(minutes.reduce((sum, candle) => sum + candle.v, 0)).toBe(tick.vt);
      // Completed minutes never change once the clock moves on.
      const afterwards = sim.candles(token, '1m', istInstant('2026-11-18', '09:15'), istInstant('2026-11-18', '15:40'));
      expect(afterwards.slice(0, minutes.length - 1)).toEqual(minutes.slice(0, -1));
    }
  });

  it('streams the second that just traded: index values every second, and each tick equals the quote', () => {
    const at = istInstant('2026-11-18', '11:30') + 5_000;
    const ticks = sim.liveTicks(at);
    const nifty = ticks.find((tick) => tick.token === NIFTY)!;
    expect(nifty).toEqual(sim.quote(NIFTY, at));
    expect(ticks.length).toBeGreaterThan(200);
    expect(sim.liveTicks(istInstant('2026-11-21', '11:00'))).toEqual([]);
  });

  it('shows the previous close and OI and the session open in every quote', () => {
    const tick = sim.quote(niftyFuture, istInstant('2026-11-18', '12:00'))!;
    const previous = sim.prevDay([niftyFuture], istInstant('2026-11-18', '12:00'))[0]!;
    expect(tick.c).toBe(previous.c);
    expect(tick.prev).toEqual({ lp: previous.c, oi: previous.oi });
    expect(tick.o).toBe(sim.candles(niftyFuture, '1m', istInstant('2026-11-18', '09:15'), NOW)[0]!.o);
    expect(tick.oi!).toBeGreaterThan(0);
    expect(tick.depth!.buy).toHaveLength(5);
  });
});

describe('OI day high and low on quotes', () => {
  it('are the highest and lowest OI any quote of the session has shown so far, for futures and options only', () => {
    const open = istInstant('2026-11-18', '09:15');
    for (const token of [niftyFuture, atmCall, atmPut]) {
      const seen: number[] = [];
      for (let minute = 0; minute <= 150; minute++) {
        const tick = sim.quote(token, open + minute * 60_000 + 30_000)!;
        seen.push(tick.oi!);
        expect(tick.oiDayHigh).toBe(Math.max(...seen));
        expect(tick.oiDayLow).toBe(Math.min(...seen));
      }
    }
    const spot = sim.quote(NIFTY, open + 3_600_000)!;
    expect(spot).not.toHaveProperty('oiDayHigh');
    expect(spot).not.toHaveProperty('oiDayLow');
  });

  it('start the session at the previous close OI before the open', () => {
    const tick = sim.quote(niftyFuture, istInstant('2026-11-18', '09:05'))!;
    expect(tick.oiDayHigh).toBe(tick.prev!.oi);
    expect(tick.oiDayLow).toBe(tick.prev!.oi);
  });
});

describe('candles', () => {
  const from = istInstant('2026-11-16', '09:15');
  const to = istInstant('2026-11-17', '15:40');

  function aggregate(minutes: readonly Candle[]): Omit<Candle, 't' | 'atp' | 'oi'> {
    return {
      o: minutes[0]!.o,
      h: Math.max(...minutes.map((candle) => candle.h)),
      l: Math.min(...minutes.map((candle) => candle.l)),
      c: minutes.at(-1)!.c,
      v: minutes.reduce((sum, candle) => sum + candle.v, 0),
    };
  }

  it.each(['3m', '5m', '15m', '75m', '1h', '2h'] as Resolution[])(
    'aggregates %s candles from 1-minute candles in buckets counted from the session open',
    (resolution) => {
      for (const token of [NIFTY, atmCall]) {
        const minutes = sim.candles(token, '1m', from, to);
        for (const candle of sim.candles(token, resolution, from, to)) {
          expect(candle.t).toBe(candleBucketStart(candle.t, resolution, 'NFO'));
          const inside = minutes.filter(
            (minute) =>
              candleBucketStart(minute.t, resolution, 'NFO') === candle.t &&
              istDateOf(minute.t) === istDateOf(candle.t),
          );
          expect({ o: candle.o, h: candle.h, l: candle.l, c: candle.c, v: candle.v }).toEqual(aggregate(inside));
          expect(candle.oi).toBe(inside.at(-1)!.oi);
        }
      }
    },
  );

  it('starts 75-minute candles at 09:15, 10:30, 11:45, 13:00 and 14:15', () => {
    const starts = sim.candles(NIFTY, '75m', from, istInstant('2026-11-16', '15:30')).map((candle) => candle.t);
    expect(starts).toEqual(['09:15', '10:30', '11:45', '13:00', '14:15'].map((time) => istInstant('2026-11-16', time)));
  });

  it('makes day candles of whole sessions, equal to their minutes', () => {
    for (const token of [NIFTY, RELIANCE, niftyFuture, atmPut]) {
      const days = sim.candles(token, '1D', from, to);
      expect(days.map((day) => istDateOf(day.t))).toEqual(['2026-11-16', '2026-11-17']);
      for (const day of days) {
        const minutes = sim.candles(token, '1m', day.t, day.t + 6.5 * 3_600_000);
        expect({ o: day.o, h: day.h, l: day.l, c: day.c, v: day.v }).toEqual(aggregate(minutes));
      }
    }
  });

  it('groups weeks from Monday and months by calendar month', () => {
    const weeks = sim.candles(NIFTY, '1W', istInstant('2026-10-01', '00:00'), istInstant('2026-11-13', '16:00'));
    // The week holding 1-Oct (a Thursday) is included whole, from its Monday.
    expect(weeks.map((week) => istDateOf(week.t))).toEqual([
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
    ]);
    const months = sim.candles(NIFTY, '1M', istInstant('2026-01-01', '00:00'), istInstant('2026-06-30', '16:00'));
    expect(months.map((month) => istDateOf(month.t))).toEqual([
      '2026-01-01',
      '2026-02-01',
      '2026-03-02',
      '2026-04-01',
      '2026-05-04',
      '2026-06-01',
    ]);
  });

  it('leaves holidays and weekends out of every candle series (the Budget Sunday session stays)', () => {
    const days = sim
      .daily(NIFTY, istInstant('2026-01-01', '00:00'), istInstant('2026-04-30', '23:59'))
      .map((day) => istDateOf(day.t));
    for (const holiday of [
      '2026-01-15',
      '2026-01-26',
      '2026-03-03',
      '2026-03-26',
      '2026-03-31',
      '2026-04-03',
      '2026-04-14',
    ]) {
      expect(days).not.toContain(holiday);
    }
    expect(days).toContain('2026-02-01');
    expect(days.filter((day) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()))).toEqual(['2026-02-01']);
    for (const token of [NIFTY, RELIANCE]) {
      const minutes = sim.candles(token, '1m', istInstant('2026-01-23', '09:15'), istInstant('2026-01-27', '15:30'));
      expect(new Set(minutes.map((candle) => istDateOf(candle.t)))).toEqual(new Set(['2026-01-23', '2026-01-27']));
    }
  });

  it('puts OI on F&O candles and none on spot candles', () => {
    expect(sim.candles(NIFTY, '5m', from, to).every((candle) => candle.oi === 0 && candle.v === 0)).toBe(true);
    expect(sim.candles(niftyFuture, '5m', from, to).every((candle) => candle.oi > 0 && candle.v > 0)).toBe(true);
    expect(sim.candles(RELIANCE, '5m', from, to).every((candle) => candle.v > 0 && candle.atp > 0)).toBe(true);
  });

  it('trades heaviest at the open and close (U-shaped intraday volume)', () => {
    const minutes = sim.candles(
      niftyFuture,
      '1m',
      istInstant('2026-11-02', '09:15'),
      istInstant('2026-11-13', '15:30'),
    );
    const share = (start: string, end: string) =>
      minutes
        .filter((candle) => {
          const time = new Date(candle.t + 19_800_000).toISOString().slice(11, 16);
          return time >= start && time < end;
        })
        .reduce((sum, candle) => sum + candle.v, 0);
    const midday = share('12:00', '12:30');
    expect(share('09:15', '09:45')).toBeGreaterThan(1.5 * midday);
    expect(share('15:00', '15:30')).toBeGreaterThan(1.2 * midday);
  });
});

describe('trades, quotes and pre-open', () => {
  it('prints trades whose sizes add up to the minute volume, with the aggressor at the touch', () => {
    const start = istInstant('2026-11-18', '10:20');
    for (const token of [niftyFuture, atmCall, RELIANCE]) {
      const [minute] = sim.candles(token, '1m', start, start + 59_000);
      const trades = sim.trades(token, start, start + 59_000);
      expect(trades.reduce((sum, trade) => sum + trade.quantity, 0)).toBe(minute!.v);
      for (const trade of trades) {
        expect(trade.bid).toBeLessThan(trade.ask);
        expect(trade.side === 'buy' ? trade.ask : trade.bid).toBe(trade.price);
        expect(trade.price).toBeGreaterThanOrEqual(minute!.l);
        expect(trade.price).toBeLessThanOrEqual(minute!.h);
      }
      expect(new Set(trades.map((trade) => trade.side)).size).toBe(2);
    }
  });

  it('quotes near-ATM NIFTY options one tick wide', () => {
    const chain = sim.optionChain('NIFTY', weekly, NOW, 2)!;
    for (const row of chain.rows) {
      expect(roundPaise(row.ce.ask - row.ce.bid)).toBe(0.05);
      expect(roundPaise(row.pe.ask - row.pe.bid)).toBe(0.05);
    }
    const bank = sim.optionChain('BANKNIFTY', sim.optionExpiries('BANKNIFTY', NOW)[0]!.date, NOW, 2)!;
    expect(bank.rows.some((row) => roundPaise(row.ce.ask - row.ce.bid) > 0.05)).toBe(true);
  });

  // Builds two fresh markets and reads a whole weekly ladder three times: seconds on a loaded machine.
  it(
    'keeps the option quotes warmed for a chain: the chain read at that instant takes them as they are',
    {
      timeout: 60_000,
    },
    () => {
      const at = istInstant('2026-11-18', '13:05');
      const fresh = createMarketSim({ seed: SEED, now: NOW });
      const warmed = createMarketSim({ seed: SEED, now: NOW });
      for (const token of warmed.chainTokens('NIFTY', weekly, at)) warmed.warm(token, at);
      const chain = warmed.optionChain('NIFTY', weekly, at)!;
      // The same quotes as a market that warmed nothing (history is a pure function) ...
      expect(chain).toEqual(fresh.optionChain('NIFTY', weekly, at));
      // ... and the very objects warmed, read again by a second chain at that instant rather than computed again.
      const again = warmed.optionChain('NIFTY', weekly, at)!;
      expect(again.rows.length).toBeGreaterThan(50);
      again.rows.forEach((row, i) => {
        expect(row.ce).toBe(chain.rows[i]!.ce);
        expect(row.pe).toBe(chain.rows[i]!.pe);
      });
      // Another instant has quotes of its own.
      const minuteLater = warmed.optionChain('NIFTY', weekly, at + 60_000)!;
      expect(minuteLater.rows[0]!.ce).not.toBe(chain.rows[0]!.ce);
    },
  );

  it('finds indicative prices in the pre-open and opens at the equilibrium price', () => {
    const during = sim.preOpen(istInstant('2026-11-18', '09:04'));
    const after = sim.preOpen(istInstant('2026-11-18', '09:10'));
    expect(during).toHaveLength(after.length);
    expect(during.every((quote) => !quote.final)).toBe(true);
    expect(after.every((quote) => quote.final)).toBe(true);
    const reliance = after.find((quote) => quote.name === 'RELIANCE')!;
    const firstMinute = sim.candles(
      RELIANCE,
      '1m',
      istInstant('2026-11-18', '09:15'),
      istInstant('2026-11-18', '09:15'),
    )[0]!;
    expect(reliance.iep).toBe(firstMinute.o);
    expect(reliance.prevClose).toBe(sim.quote(RELIANCE, istInstant('2026-11-18', '09:20'))!.c);
    expect(sim.quote(RELIANCE, istInstant('2026-11-18', '09:10'))!.lp).toBe(firstMinute.o);
    expect(
      during.filter((quote) => quote.iep !== after.find((a) => a.token === quote.token)!.iep).length,
    ).toBeGreaterThan(100);
  });

  it("opens the near future when the F&O pre-open's entry closes (09:08), before the cash market's (09:10 from Sep-2026)", () => {
    const open = (token: number) =>
      sim.candles(token, '1m', istInstant('2026-11-18', '09:15'), istInstant('2026-11-18', '09:15'))[0]!.o;
    const previousClose = (token: number) => sim.quote(token, istInstant('2026-11-18', '09:20'))!.c;
    // 09:09: the future stands at its opening price; RELIANCE's order entry is still open.
    expect(sim.quote(niftyFuture, istInstant('2026-11-18', '09:09'))!.lp).toBe(open(niftyFuture));
    expect(sim.quote(niftyFuture, istInstant('2026-11-18', '09:07') + 30_000)!.lp).toBe(previousClose(niftyFuture));
    expect(sim.quote(RELIANCE, istInstant('2026-11-18', '09:09'))!.lp).toBe(previousClose(RELIANCE));
    expect(sim.quote(RELIANCE, istInstant('2026-11-18', '09:10'))!.lp).toBe(open(RELIANCE));
  });

  it('quotes SENSEX from BSE and every other spot from NSE', () => {
    expect(sim.spot('SENSEX', NOW)!.exchange).toBe('BSE');
    expect(sim.spot('BANKEX', NOW)!.exchange).toBe('BSE');
    expect(sim.spot('NIFTY', NOW)!.exchange).toBe('NSE');
    expect(sim.spot('RELIANCE', NOW)!.exchange).toBe('NSE');
    expect(sim.spot('NOSUCH', NOW)).toBeNull();
  });

  it('answers the previous session per token', () => {
    const [previous] = sim.prevDay([NIFTY], NOW);
    const [day] = sim.daily(NIFTY, istInstant('2026-11-17', '00:00'), istInstant('2026-11-17', '23:00'));
    expect(previous).toEqual({ token: NIFTY, ...day });
    expect(sim.prevDay([123], NOW)).toEqual([]);
  });
});

function roundPaise(value: number): number {
  return Math.round(value * 100) / 100;
}
