import { describe, expect, it } from 'vitest';
import { DailyFactorModel, VOLATILITY_INDEX_ID } from './daily-factor-model';
import { INDEX_MODELS } from './index-baskets';
import { SessionGrid } from './session-grid';
import { STOCK_PROFILES } from './stock-profiles';

const NIFTY = 1;
const grid = new SessionGrid();
grid.ensureThrough('2026-12-31');
const first2026 = grid.indexAtOrAfter('2026-01-01');
const last2026 = grid.indexAtOrBefore('2026-12-31');

function modelFor(seed: number): DailyFactorModel {
  const model = new DailyFactorModel(seed, grid);
  model.ensure(last2026);
  return model;
}

function dailyReturns(model: DailyFactorModel, id: number, from: number, to: number): number[] {
  const returns: number[] = [];
  for (let k = from; k <= to; k++) returns.push(Math.log(model.close(id, k) / model.close(id, k - 1)));
  return returns;
}

function standardDeviation(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}

describe('daily factor model', () => {
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
  const models = seeds.map(modelFor);

  it('keeps NIFTY around 24–26k through 2026 (yearly average 22–28k, never beyond 19–31k)', () => {
    for (const model of models) {
      const closes = Array.from({ length: last2026 - first2026 + 1 }, (_, i) => model.close(NIFTY, first2026 + i));
      const average = closes.reduce((a, b) => a + b, 0) / closes.length;
      expect(average).toBeGreaterThan(22_000);
      expect(average).toBeLessThan(28_000);
      expect(Math.min(...closes)).toBeGreaterThan(19_000);
      expect(Math.max(...closes)).toBeLessThan(31_000);
    }
  });

  it('gives NIFTY a daily volatility of about 0.7–0.8 % (market-facts §8): on average over seeds, and per year', () => {
    const sigmas = models.map((model) => standardDeviation(dailyReturns(model, NIFTY, first2026, last2026)));
    const average = sigmas.reduce((a, b) => a + b, 0) / sigmas.length;
    expect(average).toBeGreaterThan(0.0068);
    expect(average).toBeLessThan(0.0082);
    // Single years vary as real ones do (calm years near 0.6 %, a year with a crash near 1 %).
    for (const sigma of sigmas) {
      expect(sigma).toBeGreaterThan(0.005);
      expect(sigma).toBeLessThan(0.011);
    }
  });

  it('keeps India VIX mostly within 10–22 and never absurd', () => {
    for (const model of models) {
      const levels: number[] = [];
      for (let k = grid.indexAtOrAfter('2016-01-01'); k <= last2026; k++) levels.push(model.vix(k));
      levels.sort((a, b) => a - b);
      expect(levels[Math.floor(levels.length * 0.05)]!).toBeGreaterThan(9.4);
      expect(levels[Math.floor(levels.length * 0.95)]!).toBeLessThan(23);
      expect(levels[0]!).toBeGreaterThanOrEqual(9);
      expect(levels[levels.length - 1]!).toBeLessThanOrEqual(38);
    }
  });

  it('raises India VIX when the market falls (the leverage effect)', () => {
    const model = models[0]!;
    let covariance = 0;
    for (let k = first2026 - 500; k <= last2026; k++) {
      covariance += model.marketMove(k) * Math.log(model.vix(k) / model.vix(k - 1));
    }
    expect(covariance).toBeLessThan(0);
  });

  it('makes NIFTY exactly its cap-weighted constituents at every open and close', () => {
    const model = models[0]!;
    const basket = INDEX_MODELS.get(NIFTY)!.basket!;
    const level = INDEX_MODELS.get(NIFTY)!.referenceLevel;
    const total = basket.reduce((sum, member) => sum + member.weight, 0);
    for (const k of [first2026, first2026 + 77, last2026]) {
      let close = 0;
      let open = 0;
      for (const member of basket) {
        const profile = STOCK_PROFILES.find((stock) => stock.symbol === member.symbol)!;
        const holding = (level * member.weight) / total / profile.referencePrice;
        close += holding * model.close(profile.id, k);
        open += holding * model.open(profile.id, k);
      }
      expect(model.close(NIFTY, k)).toBeCloseTo(close, 6);
      expect(model.open(NIFTY, k)).toBeCloseTo(open, 6);
    }
  });

  it('correlates bank stocks with NIFTY BANK and NIFTY more than with an unrelated sector', () => {
    const model = models[1]!;
    const hdfc = STOCK_PROFILES.find((stock) => stock.symbol === 'HDFCBANK')!.id;
    const bank = dailyReturns(model, 2, first2026, last2026);
    const hdfcReturns = dailyReturns(model, hdfc, first2026, last2026);
    const vix = dailyReturns(model, VOLATILITY_INDEX_ID, first2026, last2026);
    const nifty = dailyReturns(model, NIFTY, first2026, last2026);
    expect(correlation(bank, hdfcReturns)).toBeGreaterThan(0.6);
    expect(correlation(nifty, vix)).toBeLessThan(-0.3);
  });

  it('is a pure function of the seed: a second walk gives identical values', () => {
    const again = modelFor(1);
    for (const k of [0, 1000, last2026]) {
      expect(again.close(NIFTY, k)).toBe(models[0]!.close(NIFTY, k));
      expect(again.open(300, k)).toBe(models[0]!.open(300, k));
    }
  });

  it('gives at least ten years of daily history', () => {
    expect(last2026 - grid.indexAtOrAfter('2016-01-01')).toBeGreaterThan(2_400);
    expect(models[0]!.close(NIFTY, 0)).toBeGreaterThan(4_000);
  });
});

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  const meanA = a.reduce((x, y) => x + y, 0) / n;
  const meanB = b.reduce((x, y) => x + y, 0) / n;
  let cov = 0;
  let varA = 0;
  let varB = 0;
  for (let i = 0; i < n; i++) {
    cov += (a[i]! - meanA) * (b[i]! - meanB);
    varA += (a[i]! - meanA) ** 2;
    varB += (b[i]! - meanB) ** 2;
  }
  return cov / Math.sqrt(varA * varB);
}
