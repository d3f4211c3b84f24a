// Calibration of the simulated market against NSE's 2024–26 figures (market-facts §8): a fixed seed, a year of
// history, daily aggregates and sampled days. Each test is named after the rule it checks.
import type { ContractExpiry, IsoDate } from '@fnodesk/domain';
import {
  contractInstrumentToken,
  defaultMarketCalendar,
  impliedVolatility,
  istInstant,
  nearestStrikeIndex,
  nextMonthlyExpiries,
  spotInstrumentToken,
  yearFractionToExpiry,
} from '@fnodesk/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { DailyFactorModel, REFERENCE_DATE } from './daily-factor-model';
import { DERIVATIVES_ROOTS, strikeLadder } from './instrument-master';
import { createMarketSim } from './market-sim';
import type { MarketSim } from './market-sim';
import type { ContractRef } from './price-engine';
import { OPTION_DISCOUNT_RATE, PriceEngine } from './price-engine';
import { SessionGrid } from './session-grid';
import { STOCK_PROFILES } from './stock-profiles';
import { smileVolatility } from './volatility-surface';
import { derivativesProfile } from './derivatives-profiles';
import { derivativesUnderlying } from '@fnodesk/domain';

const SEED = 20261120;
const FIRST: IsoDate = '2025-11-28';
const LAST: IsoDate = '2026-11-27';
const NIFTY_ID = derivativesUnderlying('NIFTY').id;
const SENSEX_ID = derivativesUnderlying('SENSEX').id;
const INDEX_ROOTS = DERIVATIVES_ROOTS.filter((root) => derivativesUnderlying(root).kind === 'index');

let grid: SessionGrid;
let model: DailyFactorModel;
let engine: PriceEngine;
let sim: MarketSim;
let first: number;
let last: number;

beforeAll(() => {
  grid = new SessionGrid(defaultMarketCalendar);
  grid.ensureThrough('2027-01-31');
  model = new DailyFactorModel(SEED, grid);
  engine = new PriceEngine(SEED, model);
  first = grid.indexAtOrAfter(FIRST);
  last = grid.indexAtOrBefore(LAST);
  model.ensure(last + 1);
  sim = createMarketSim({ seed: SEED, now: istInstant(LAST, '15:00') });
  // Two walks of eleven years of sessions: slow on a loaded machine, once for the whole file.
}, 120_000);

function ref(root: string, kind: 'FUT' | 'CE' | 'PE', expiry: IsoDate, strike: number | null): ContractRef {
  const resolved = engine.resolve(contractInstrumentToken({ root, kind, expiry, strike }));
  if (!resolved) throw new Error(`No contract ${root} ${kind} ${expiry} ${strike}`);
  return resolved;
}

/** The NIFTY weekly expiries of the year, as contracts. */
function weeklyExpiries(): ContractExpiry[] {
  const result: ContractExpiry[] = [];
  for (let k = first; k <= last; k++) {
    const expiry = engine.schedule.expiryOn('NIFTY', grid.date(k));
    if (expiry) result.push(expiry);
  }
  return result;
}

/** Contracts traded per strike (CE and PE) of an expiry's whole ladder in session k. */
function strikeVolumes(expiry: ContractExpiry, k: number) {
  const ladder = strikeLadder(engine, 'NIFTY', expiry, k);
  return ladder.strikes.map((strike) => {
    const ce = ref('NIFTY', 'CE', expiry.date, strike);
    const pe = ref('NIFTY', 'PE', expiry.date, strike);
    return {
      strike,
      ce: engine.sessionVolume(ce, k) / ce.lotSize,
      pe: engine.sessionVolume(pe, k) / pe.lotSize,
    };
  });
}

describe('market calibration (seed 20261120, Dec-2025 to Nov-2026)', () => {
  it('peaks option volume at the money: deep ITM calls ≤ 5 % of ATM, busiest weekly strike ≥ 1.5 M contracts in expiry week, top 10 strikes 30–45 % of the chain', () => {
    const expiries = weeklyExpiries().filter((_, i) => i % 6 === 0);
    expect(expiries.length).toBeGreaterThanOrEqual(8);
    let atmCalls = 0;
    let deepItmCalls = 0;
    let deepItmStrikes = 0;
    for (const expiry of expiries) {
      const k = grid.indexOf(expiry.date);
      for (const day of [k - 1, k]) {
        const rows = strikeVolumes(expiry, day);
        const spot = model.open(NIFTY_ID, day);
        const atm =
          rows[
            nearestStrikeIndex(
              rows.map((row) => row.strike),
              spot,
            )
          ]!;
        atmCalls += atm.ce;
        for (const row of rows) {
          if (row.strike <= spot * 0.98) {
            deepItmCalls += row.ce;
            deepItmStrikes++;
          }
        }
        const totals = rows.map((row) => row.ce + row.pe).sort((a, b) => b - a);
        const chain = totals.reduce((sum, value) => sum + value, 0);
        expect(totals[0]!).toBeGreaterThanOrEqual(1_500_000);
        const topTen = totals.slice(0, 10).reduce((sum, value) => sum + value, 0) / chain;
        expect(topTen).toBeGreaterThanOrEqual(0.3);
        expect(topTen).toBeLessThanOrEqual(0.45);
      }
    }
    const atmAverage = atmCalls / (2 * expiries.length);
    expect(deepItmCalls / deepItmStrikes / atmAverage).toBeLessThanOrEqual(0.05);
  });

  it('anchors every stock to its reference close and NIFTY to 26,130 at the end of 2025', () => {
    const k = grid.indexAtOrBefore(REFERENCE_DATE);
    for (const profile of STOCK_PROFILES) {
      const ratio = model.close(profile.id, k) / profile.referencePrice;
      expect(ratio, profile.symbol).toBeGreaterThanOrEqual(0.85);
      expect(ratio, profile.symbol).toBeLessThanOrEqual(1.15);
    }
    expect(Math.abs(model.close(NIFTY_ID, k) / 26_130 - 1)).toBeLessThan(0.01);
    // Prices come from the market, not from lot sizes: SBIN near ₹1,000, not ₹6.5 lakh / 750 = ₹867.
    expect(STOCK_PROFILES.find((profile) => profile.symbol === 'SBIN')!.referencePrice).toBeGreaterThan(900);
  });

  it('gives FIIs 5–15 % of index-futures longs, DIIs the largest share of stock-futures shorts', () => {
    const days = sim.eod.participantOpenInterest(FIRST, LAST);
    expect(days.length).toBeGreaterThan(240);
    for (const day of days) {
      const share = day.rows.FII.futureIndexLong / day.total.futureIndexLong;
      expect(share).toBeGreaterThanOrEqual(0.05);
      expect(share).toBeLessThanOrEqual(0.15);
      expect(day.rows.DII.futureStockShort / day.total.futureStockShort).toBeGreaterThan(0.35);
      expect(day.total.futureStockLong).toBeGreaterThan(5_000_000);
    }
  });

  it('turns the call wing up: call IV ÷ ATM IV at +2σ within 1.0–1.15, with the put skew kept', () => {
    const atm = 0.12;
    const years = 7 / 365;
    const forward = 26_000;
    const at = (sigmas: number) => forward * Math.exp(sigmas * atm * Math.sqrt(years));
    const skew = derivativesProfile('NIFTY').skew;
    const plusTwo = smileVolatility(atm, at(2), forward, years, skew) / atm;
    expect(plusTwo).toBeGreaterThanOrEqual(1.0);
    expect(plusTwo).toBeLessThanOrEqual(1.15);
    expect(smileVolatility(atm, at(3), forward, years, skew) / atm).toBeGreaterThan(1.2);
    expect(smileVolatility(atm, at(-2), forward, years, skew) / atm).toBeGreaterThan(1.2);
  });

  it('keeps total index option OI within 0.5–2× the participant file’s', () => {
    for (let k = first + 7; k <= last; k += 60) {
      const at = grid.session(k, 'NSE').derivativesClose - 60_000;
      let contracts = 0;
      for (const root of INDEX_ROOTS) {
        for (const expiry of engine.schedule.optionExpiries(root, at)) {
          for (const strike of strikeLadder(engine, root, expiry, k).strikes) {
            for (const kind of ['CE', 'PE'] as const) {
              const option = ref(root, kind, expiry.date, strike);
              contracts += engine.sessionOi(option, k) / option.lotSize;
            }
          }
        }
      }
      const file = sim.eod.participantOpenInterest(grid.date(k), grid.date(k))[0]!.total;
      const ratio = contracts / (file.optionIndexCallLong + file.optionIndexPutLong);
      expect(ratio).toBeGreaterThanOrEqual(0.5);
      expect(ratio).toBeLessThanOrEqual(2);
    }
  });

  it('trades 15–60k NIFTY near-month futures a day, with each month its own order book', () => {
    const volumes: number[] = [];
    for (let k = first; k <= last; k++) {
      const expiry = nextMonthlyExpiries('NIFTY', grid.open(k), 1)[0]!;
      const future = ref('NIFTY', 'FUT', expiry.date, null);
      volumes.push(engine.sessionVolume(future, k) / future.lotSize);
    }
    volumes.sort((a, b) => a - b);
    expect(volumes[Math.floor(volumes.length * 0.1)]!).toBeGreaterThanOrEqual(15_000);
    expect(volumes[Math.floor(volumes.length * 0.9)]!).toBeLessThanOrEqual(60_000);
    const at = istInstant('2026-11-18', '11:30');
    const depths = sim
      .futures(at, 'all')
      .filter((future) => future.name === 'NIFTY')
      .map(
        (future) =>
          sim
            .quote(future.instrumentToken, at)!
            .depth?.buy.map((level) => level.q)
            .join(',') ?? '',
      );
    expect(depths).toHaveLength(3);
    expect(new Set(depths).size).toBe(3);
  });

  it('has fat tails: at least 4 daily gaps of 1 % or more and India VIX reaching 20 within the year', () => {
    let gaps = 0;
    let vixHigh = 0;
    for (let k = first; k <= last; k++) {
      if (Math.abs(model.open(NIFTY_ID, k) / model.close(NIFTY_ID, k - 1) - 1) >= 0.01) gaps++;
      vixHigh = Math.max(vixHigh, model.vix(k));
    }
    expect(gaps).toBeGreaterThanOrEqual(4);
    expect(vixHigh).toBeGreaterThanOrEqual(20);
  });

  it('lists NIFTY weekly strikes from ≤ −20 % to ≥ +15 %, RELIANCE strikes every ₹10, and prices NIFTY and SENSEX futures off one carry', () => {
    const expiry = weeklyExpiries().at(-1)!;
    const k = grid.indexOf(expiry.date) - 2;
    const spot = model.close(NIFTY_ID, k);
    const ladder = strikeLadder(engine, 'NIFTY', expiry, k);
    expect(ladder.strikes[0]!).toBeLessThanOrEqual(spot * 0.8);
    expect(ladder.strikes.at(-1)!).toBeGreaterThanOrEqual(spot * 1.15);
    expect(engine.strikeStepOf('RELIANCE', grid.open(k))).toBe(10);
    for (let j = first; j <= last; j += 5) expect(model.carry(SENSEX_ID, j)).toBe(model.carry(NIFTY_ID, j));
  });

  it('solves call and put IV at a strike apart, by a few tenths of a vol point', () => {
    const at = istInstant('2026-11-18', '11:30');
    const monthly = sim.optionExpiries('NIFTY', at).find((expiry) => expiry.series === 'monthly')!;
    const chain = sim.optionChain('NIFTY', monthly.date, at, 8)!;
    expect(chain.future.expiry).toBe(monthly.date);
    const years = yearFractionToExpiry(at, monthly.expiresAt);
    const gaps = chain.rows.map((row) => {
      const call = impliedVolatility('CE', row.ce.lp, chain.future.lp, row.strike, years, OPTION_DISCOUNT_RATE);
      const put = impliedVolatility('PE', row.pe.lp, chain.future.lp, row.strike, years, OPTION_DISCOUNT_RATE);
      return Math.abs(call - put) * 100;
    });
    const mean = gaps.reduce((sum, gap) => sum + gap, 0) / gaps.length;
    expect(mean).toBeGreaterThanOrEqual(0.1);
    expect(mean).toBeLessThanOrEqual(1);
    // Identical to two decimals at no more than a few strikes.
    expect(gaps.filter((gap) => gap < 0.005).length).toBeLessThanOrEqual(3);
  });

  it('centres a weekly chain on its own synthetic future, not the month’s future', () => {
    const at = istInstant('2026-11-18', '11:30');
    const weekly = sim.optionExpiries('NIFTY', at).find((expiry) => expiry.series === 'weekly')!;
    const chain = sim.optionChain('NIFTY', weekly.date, at, 10)!;
    expect(chain.future.expiry).not.toBe(weekly.date);
    const strikes = chain.rows.map((row) => row.strike);
    expect(chain.atmStrike).toBe(strikes[nearestStrikeIndex(strikes, chain.syntheticFuture)]);
    expect(chain.rows).toHaveLength(21);
    expect(spotInstrumentToken('NIFTY')).toBe(chain.spot.token);
  });
});
