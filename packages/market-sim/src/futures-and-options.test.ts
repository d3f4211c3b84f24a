import type { EpochMs, IsoDate } from '@fnodesk/domain';
import {
  contractInstrumentToken,
  impliedVolatility,
  istInstant,
  nextMonthlyExpiries,
  spotInstrumentToken,
  tradingDaysBetween,
  yearFractionToExpiry,
} from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { createMarketSim } from './market-sim';
import { OPTION_DISCOUNT_RATE } from './price-engine';

const NOW = istInstant('2026-11-18', '11:30');
const sim = createMarketSim({ seed: 5, now: NOW });
const NIFTY = spotInstrumentToken('NIFTY');

// Closing instants of the sessions of October and November 2026 (before each session's F&O close).
const SESSIONS = tradingDaysBetween('2026-10-01', '2026-11-17', 'NFO');
const closeOf = (date: IsoDate): EpochMs => istInstant(date, '15:29');

function niftyFuture(at: EpochMs): number {
  const expiry = nextMonthlyExpiries('NIFTY', at, 1)[0]!;
  return contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: expiry.date, strike: null });
}

describe('futures', () => {
  it('trade above spot before expiry, by tens to ~150 points in the near month', () => {
    for (const date of SESSIONS) {
      const at = closeOf(date);
      const basis = sim.quote(niftyFuture(at), at)!.lp - sim.quote(NIFTY, at)!.lp;
      expect(basis).toBeGreaterThan(0);
      expect(basis).toBeLessThan(220);
    }
    // With about a month to go the premium is large; two days before expiry it is small.
    const afterExpiry = closeOf('2026-10-28');
    const lastDays = closeOf('2026-11-19');
    expect(sim.quote(niftyFuture(afterExpiry), afterExpiry)!.lp - sim.quote(NIFTY, afterExpiry)!.lp).toBeGreaterThan(
      60,
    );
    expect(sim.quote(niftyFuture(lastDays), lastDays)!.lp - sim.quote(NIFTY, lastDays)!.lp).toBeLessThan(40);
  });

  it('settle at the index close when F&O trades past the cash close (from 3-Aug-2026)', () => {
    const expiry = '2026-10-27';
    const token = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry, strike: null });
    const last = sim.candles(token, '1m', istInstant(expiry, '15:39'), istInstant(expiry, '15:39') + 59_000)[0]!;
    const close = sim.daily(NIFTY, istInstant(expiry, '00:00'), istInstant(expiry, '23:00'))[0]!.c;
    expect(Math.abs(last.c - close)).toBeLessThanOrEqual(0.05 + close * 1e-5);
  });

  it('converge to spot at expiry', () => {
    for (const expiry of ['2026-06-30', '2026-10-27']) {
      const token = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry, strike: null });
      const minute = istInstant(expiry, '15:29');
      const future = sim.candles(token, '1m', minute, minute + 59_000)[0]!;
      const spot = sim.candles(NIFTY, '1m', minute, minute + 59_000)[0]!;
      expect(Math.abs(future.c - spot.c) / spot.c).toBeLessThan(0.0003);
      // After its expiry a contract keeps its final state and trades no more.
      expect(
        sim.candles(token, '1m', istInstant(expiry, '16:00'), istInstant(expiry, '16:00') + 86_400_000 * 3),
      ).toEqual([]);
    }
  });

  it('keep three serial months, with open interest rolling to the next month before expiry', () => {
    const months = sim.futureExpiries('NIFTY', NOW);
    expect(months).toHaveLength(3);
    expect(months.every((month) => month.series === 'monthly')).toBe(true);
    const rollover = sim.eod.rollover('2026-11-23').find((row) => row.root === 'NIFTY')!;
    const early = sim.eod.rollover('2026-11-03').find((row) => row.root === 'NIFTY')!;
    expect(rollover.rolloverPercent).toBeGreaterThan(60);
    expect(early.rolloverPercent).toBeLessThan(25);
    // NIFTY near-month futures OI around 16 M units (market-facts §8).
    expect(early.nearOpenInterest).toBeGreaterThan(8_000_000);
    expect(early.nearOpenInterest).toBeLessThan(30_000_000);
  });
});

describe('options', () => {
  const weekly = sim.optionExpiries('NIFTY', NOW)[0]!;

  it('list NIFTY weeklies, monthlies and long-dated expiries, and monthlies only for BANKNIFTY (plus quarterlies) and stocks', () => {
    const expiries = sim.optionExpiries('NIFTY', NOW);
    expect(expiries.length).toBeGreaterThanOrEqual(6 + 11);
    expect(expiries.some((expiry) => expiry.series === 'weekly')).toBe(true);
    // Three serial months, then the quarterlies (March, June, September 2027).
    expect(sim.optionExpiries('BANKNIFTY', NOW).map((expiry) => expiry.date)).toEqual([
      '2026-11-23',
      '2026-12-29',
      '2027-01-25',
      '2027-03-30',
      '2027-06-29',
      '2027-09-28',
    ]);
    expect(sim.optionExpiries('RELIANCE', NOW)).toHaveLength(3);
    expect(sim.optionExpiries('SENSEX', NOW).some((expiry) => expiry.series === 'weekly')).toBe(true);
  });

  it('keep the NIFTY weekly PCR between 0.6 and 1.4', { timeout: 60_000 }, () => {
    // Every other session of the last four weeks, over the 25 strikes each side of the money.
    for (const date of SESSIONS.slice(-16).filter((_, i) => i % 2 === 0)) {
      const at = closeOf(date);
      const nearest = sim.optionExpiries('NIFTY', at)[0]!;
      const chain = sim.optionChain('NIFTY', nearest.date, at, 25)!;
      expect(chain.pcr).toBeGreaterThan(0.6);
      expect(chain.pcr).toBeLessThan(1.4);
    }
  });

  it('hold lakhs of contracts at near-ATM NIFTY weekly strikes near expiry, most at round strikes', () => {
    const day = '2026-11-20';
    const at = closeOf(day);
    const nearest = sim.optionExpiries('NIFTY', at)[0]!;
    const chain = sim.optionChain('NIFTY', nearest.date, at)!;
    const lot = 65;
    const atmRow = chain.rows.find((row) => row.strike === chain.atmStrike)!;
    expect((atmRow.ce.oi + atmRow.pe.oi) / lot).toBeGreaterThan(100_000);
    const busiestCall = chain.rows.reduce((best, row) => (row.ce.oi > best.ce.oi ? row : best));
    const busiestPut = chain.rows.reduce((best, row) => (row.pe.oi > best.pe.oi ? row : best));
    expect(busiestCall.ce.oi / lot).toBeGreaterThan(100_000);
    expect(busiestCall.ce.oi / lot).toBeLessThan(600_000);
    // The call wall is above the price and the put wall below it, both on round strikes.
    expect(busiestCall.strike).toBeGreaterThan(chain.spot.lp);
    expect(busiestPut.strike).toBeLessThan(chain.spot.lp);
    expect(busiestCall.strike % 100).toBe(0);
    expect(busiestPut.strike % 100).toBe(0);
  });

  it('build open interest through an expiry’s life', () => {
    const expiry = sim.optionExpiries('NIFTY', istInstant('2026-10-28', '16:00'))[3]!;
    const days = tradingDaysBetween('2026-10-29', expiry.date, 'NFO');
    // The round strikes around where the market is late in the expiry's life.
    const centre = Math.round(sim.spot('NIFTY', closeOf(days[days.length - 2]!))!.lp / 500) * 500;
    const tokens = [centre - 500, centre, centre + 500].flatMap((strike) =>
      (['CE', 'PE'] as const).map((kind) =>
        contractInstrumentToken({ root: 'NIFTY', kind, expiry: expiry.date, strike }),
      ),
    );
    const total = (at: EpochMs) => tokens.reduce((sum, token) => sum + sim.quote(token, at)!.oi!, 0);
    const early = total(closeOf(days[1]!));
    const late = total(closeOf(days[days.length - 2]!));
    expect(late).toBeGreaterThan(3 * early);
  });

  it('keep OI unchanged overnight: a session opens with the previous close’s OI', () => {
    const token = contractInstrumentToken({ root: 'NIFTY', kind: 'CE', expiry: weekly.date, strike: 26_000 });
    const previousClose = sim.candles(
      token,
      '1m',
      istInstant('2026-11-17', '15:39'),
      istInstant('2026-11-17', '15:40'),
    );
    const firstMinute = sim.candles(token, '1m', istInstant('2026-11-18', '09:15'), istInstant('2026-11-18', '09:15'));
    expect(Math.abs(firstMinute[0]!.oi - previousClose.at(-1)!.oi)).toBeLessThanOrEqual(65);
    expect(sim.quote(token, istInstant('2026-11-18', '09:05'))!.oi).toBe(previousClose.at(-1)!.oi);
  });

  it('are priced off the future with a put skew: Syn Fut near the forward, IV near India VIX', () => {
    const monthly = sim.optionExpiries('NIFTY', NOW).find((expiry) => expiry.series === 'monthly')!;
    const chain = sim.optionChain('NIFTY', monthly.date, NOW, 10)!;
    expect(Math.abs(chain.syntheticFuture - chain.future.lp) / chain.future.lp).toBeLessThan(0.001);
    const years = yearFractionToExpiry(NOW, monthly.expiresAt);
    const forward = chain.future.lp;
    const iv = (kind: 'CE' | 'PE', strike: number) => {
      const row = chain.rows.find((candidate) => candidate.strike === strike)!;
      const price = kind === 'CE' ? row.ce.lp : row.pe.lp;
      return impliedVolatility(kind, price, forward, strike, years, OPTION_DISCOUNT_RATE);
    };
    const atm = chain.atmStrike;
    const vix = sim.spot('INDIA VIX', NOW)!.lp;
    const atmVol = iv('CE', atm);
    expect(atmVol).toBeGreaterThan(0.06);
    expect(atmVol).toBeLessThan(0.3);
    expect(Math.abs(atmVol * 100 - vix)).toBeLessThan(0.35 * vix);
    // Below the money (puts) volatility is dearer than above it (calls).
    expect(iv('PE', atm - 500)).toBeGreaterThan(iv('CE', atm + 500));
  });

  it('never trade below one tick and keep calls falling and puts rising with the strike', () => {
    const chain = sim.optionChain('NIFTY', weekly.date, NOW)!;
    for (let i = 1; i < chain.rows.length; i++) {
      expect(chain.rows[i]!.ce.lp).toBeLessThanOrEqual(chain.rows[i - 1]!.ce.lp);
      expect(chain.rows[i]!.pe.lp).toBeGreaterThanOrEqual(chain.rows[i - 1]!.pe.lp);
    }
    expect(chain.rows.every((row) => row.ce.lp >= 0.05 && row.pe.lp >= 0.05)).toBe(true);
  });

  it('store the synthetic future once per minute', () => {
    const from = istInstant('2026-11-18', '09:15');
    const points = sim.syntheticFutures('NIFTY', weekly.date, from, istInstant('2026-11-18', '11:14'));
    expect(points).toHaveLength(120);
    expect(points.every((point, i) => point.t === from + i * 60_000)).toBe(true);
    const future = sim.quote(niftyFuture(NOW), istInstant('2026-11-18', '11:14') + 59_000)!.lp;
    expect(Math.abs(points.at(-1)!.value - future) / future).toBeLessThan(0.003);
  });

  it('aggregate call and put OI per candle, and straddles per candle', () => {
    const from = istInstant('2026-11-18', '09:15');
    const oi = sim.aggregatedOi('NIFTY', weekly.date, '15m', from, NOW, 10);
    expect(oi.length).toBe(sim.candles(NIFTY, '15m', from, NOW).length);
    expect(oi.every((point) => point.callOi > 0 && point.putOi > 0 && point.pcr > 0.3 && point.pcr < 2)).toBe(true);
    const atm = sim.optionChain('NIFTY', weekly.date, NOW, 0)!.rows[0]!.strike;
    const straddle = sim.straddle('NIFTY', weekly.date, atm, '5m', from, NOW);
    expect(straddle.length).toBeGreaterThan(20);
    expect(straddle.every((point) => Math.abs(point.value - point.ce - point.pe) < 0.001)).toBe(true);
  });

  it('price stock ATM straddles at a plausible share of spot', () => {
    const straddles = sim.stockAtmStraddles(NOW);
    expect(straddles.length).toBeGreaterThan(200);
    for (const row of straddles) {
      expect(row.percentOfSpot).toBeGreaterThan(0.3);
      expect(row.percentOfSpot).toBeLessThan(25);
    }
  });
});
