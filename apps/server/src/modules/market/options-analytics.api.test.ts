import { GammaExposureSchema, IvHistorySchema, IvTermStructureSchema, OptionChainSchema } from '@fnodesk/contracts';
import { istInstant } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';

// The test clock: Fri 20-Nov-2026 09:30 IST (live tier). NIFTY's monthly expires Mon 23-Nov.
let c: DataClient;
const NOW = istInstant('2026-11-20', '09:30');

beforeAll(async () => {
  c = await liveTierDataClient('options-analytics');
});

afterAll(async () => {
  await c.t.close();
});

describe('gex', () => {
  it('signs call GEX positive and put GEX negative, nets them per strike and over the chain', async () => {
    const gex = await c.data(GammaExposureSchema, 'gex?name=NIFTY&expiry=2026-11-23');
    expect(gex.at).toBe(NOW);
    expect(gex.strikes.length).toBeGreaterThan(20);
    for (const row of gex.strikes) {
      expect(row.callGex).toBeGreaterThanOrEqual(0);
      expect(row.putGex).toBeLessThanOrEqual(0);
      expect(Math.abs(row.netGex - (row.callGex + row.putGex))).toBeLessThanOrEqual(1);
    }
    const sum = gex.strikes.reduce((total, row) => total + row.netGex, 0);
    expect(Math.abs(gex.netGex - sum)).toBeLessThanOrEqual(gex.strikes.length);
    expect(gex.regime).toBe(gex.netGex > 0 ? 'range' : gex.netGex < 0 ? 'trend' : 'neutral');
  });

  it('computes a strike’s GEX as γ × OI × S² × 1 % from the chain the same minute serves', async () => {
    const gex = await c.data(GammaExposureSchema, 'gex?name=NIFTY&expiry=2026-11-23');
    const chain = await c.data(OptionChainSchema, 'option_chain?name=NIFTY&expiry=2026-11-23&strikes=1');
    const row = chain.rows[0]!;
    const strike = gex.strikes.find((candidate) => candidate.strike === row.strike)!;
    const spot = chain.summary.spot!;
    const expected = row.ce.gamma! * row.ce.oi! * spot * spot * 0.01;
    // The chain rounds gamma to 7 decimals: agree within that rounding.
    expect(Math.abs(strike.callGex - expected) / expected).toBeLessThan(0.01);
    expect(strike.ceOi).toBe(row.ce.oi);
  });

  it('puts the walls at the largest call and put GEX, and the flip within ±10 % of spot', async () => {
    const gex = await c.data(GammaExposureSchema, 'gex?name=NIFTY&expiry=2026-11-23');
    const maxCall = gex.strikes.reduce((best, row) => (row.callGex > best.callGex ? row : best));
    const maxPut = gex.strikes.reduce((best, row) => (row.putGex < best.putGex ? row : best));
    expect(gex.callWall).toBe(maxCall.strike);
    expect(gex.putWall).toBe(maxPut.strike);
    if (gex.flip !== null) expect(Math.abs(gex.flip / gex.spot! - 1)).toBeLessThanOrEqual(0.1);
  });

  it('draws net GEX at each quarter hour of the session up to the minute served', async () => {
    const gex = await c.data(GammaExposureSchema, 'gex?name=NIFTY&expiry=2026-11-23');
    expect(gex.history.map((point) => point.t)).toEqual([istInstant('2026-11-20', '09:15'), NOW]);
    expect(gex.history.at(-1)!.flip).toBe(gex.flip);
  });

  it('answers 400 for an expiry that is not listed and an unknown underlying', async () => {
    const unlisted = await c.get('gex?name=NIFTY&expiry=2026-11-21');
    expect(unlisted.status).toBe(400);
    expect(unlisted.body.errorCode).toBe('VALIDATION_FAILED');
    expect((await c.get('gex?name=NOPE&expiry=2026-11-23')).status).toBe(400);
  });
});

describe('iv_history', () => {
  it('gives one ATM IV per closed session, oldest first, on an expiry at least two days away', async () => {
    const history = await c.data(IvHistorySchema, 'iv_history?name=NIFTY&days=30');
    expect(history.points.length).toBeGreaterThan(25);
    expect(history.points.length).toBeLessThanOrEqual(30);
    expect(history.points.at(-1)!.date).toBe('2026-11-19');
    for (const [i, point] of history.points.entries()) {
      if (i > 0) expect(point.date > history.points[i - 1]!.date).toBe(true);
      expect(point.iv).toBeGreaterThan(5);
      expect(point.iv).toBeLessThan(60);
      expect(Date.parse(point.expiry) - Date.parse(point.date)).toBeGreaterThanOrEqual(86_400_000);
      expect(Math.abs(point.forward / point.close! - 1)).toBeLessThan(0.03);
    }
  });

  it('refuses a look-back outside 20 to 500 sessions', async () => {
    expect((await c.get('iv_history?name=NIFTY&days=5')).status).toBe(400);
  });
});

describe('iv_term_structure', () => {
  it('gives the ATM IV of every listed expiry, nearest first, matching the chain’s ATM IV', async () => {
    const term = await c.data(IvTermStructureSchema, 'iv_term_structure?name=NIFTY');
    expect(term.at).toBe(NOW);
    expect(term.points.length).toBeGreaterThan(3);
    expect(term.points.every((p, i) => i === 0 || p.daysToExpiry > term.points[i - 1]!.daysToExpiry)).toBe(true);
    const near = term.points.find((point) => point.expiry === '2026-11-23')!;
    const chain = await c.data(OptionChainSchema, 'option_chain?name=NIFTY&expiry=2026-11-23&strikes=15');
    const row = chain.rows.find((candidate) => candidate.strike === near.strike)!;
    expect(Math.abs(near.iv! - (row.ce.iv! + row.pe.iv!) / 2)).toBeLessThan(1.5);
  });
});
