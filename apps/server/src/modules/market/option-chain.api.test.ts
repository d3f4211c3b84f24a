import {
  AggregatedOiSchema,
  OptionChainSchema,
  SpotSchema,
  StockAtmStraddlePlotSchema,
  StockAtmStraddlesSchema,
  StraddleSchema,
  TokenCandlesListSchema,
} from '@fnodesk/contracts';
import { contractInstrumentToken, istDateOf, istInstant, spotInstrumentToken } from '@fnodesk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveTierDataClient, type DataClient } from '../../../test/market-data-client';

// The test clock: Fri 20-Nov-2026 09:30 IST (live tier). NIFTY's monthly expires Mon 23-Nov, its next weekly Tue 1-Dec.
let c: DataClient;
const NOW = istInstant('2026-11-20', '09:30');
const LAKH = 100_000;

beforeAll(async () => {
  c = await liveTierDataClient('option-chain');
});

afterAll(async () => {
  await c.t.close();
});

const chainOf = (query: string) => c.data(OptionChainSchema, `option_chain?${query}`);

describe('option_chain', () => {
  it('centres the chosen number of strikes on the ATM strike nearest the future', async () => {
    const chain = await chainOf('name=NIFTY&expiry=2026-11-23&strikes=11');
    expect(chain.at).toBe(NOW);
    expect(chain.rows).toHaveLength(11);
    expect(chain.rows[5]!.strike).toBe(chain.atmStrike);
    expect(Math.abs(chain.atmStrike! - chain.summary.futures!)).toBeLessThanOrEqual(25);
    expect(chain.rows.every((row, i) => i === 0 || row.strike - chain.rows[i - 1]!.strike === 50)).toBe(true);
    const future = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-23', strike: null });
    expect(chain.futToken).toBe(future);
    expect(chain.spotToken).toBe(spotInstrumentToken('NIFTY'));
  });

  it('lists optData as the CE and PE of each strike shown (spec option instrument)', async () => {
    const chain = await chainOf('name=NIFTY&expiry=2026-11-23&strikes=3');
    expect(chain.optData).toHaveLength(6);
    expect(chain.optData[0]).toEqual({
      tradingName: `NIFTY26NOV${chain.rows[0]!.strike}CE`,
      strikePrice: chain.rows[0]!.strike,
      instrumentType: 'CE',
      instrumentToken: chain.rows[0]!.ce.token,
      lotSize: 65,
      expiry: '2026-11-23',
    });
    expect(chain.optData.map((o) => o.instrumentType)).toEqual(['CE', 'PE', 'CE', 'PE', 'CE', 'PE']);
  });

  it('gives a plausible chain: PCR, IV, greeks, Syn Fut and max pain', async () => {
    const chain = await chainOf('name=NIFTY&expiry=2026-11-23&strikes=15');
    const { summary } = chain;
    expect(summary.pcr).toBeGreaterThan(0.3);
    expect(summary.pcr).toBeLessThan(3);
    expect(summary.pcr).toBeCloseTo(summary.putOi / summary.callOi, 2);
    expect(Math.abs(summary.syntheticFuture! - summary.futures!) / summary.futures!).toBeLessThan(0.005);
    expect(summary.futures!).toBeGreaterThan(summary.spot!);
    expect(summary.maxPainStrike! % 50).toBe(0);
    for (const row of chain.rows) {
      for (const leg of [row.ce, row.pe]) {
        expect(leg.iv!).toBeGreaterThan(5);
        expect(leg.iv!).toBeLessThan(60);
        expect(leg.gamma!).toBeGreaterThan(0);
        expect(leg.vega!).toBeGreaterThan(0);
        expect(leg.theta!).toBeLessThan(0);
        expect(leg.oi!).toBeGreaterThan(0);
      }
      expect(row.ce.delta!).toBeGreaterThan(0);
      expect(row.ce.delta!).toBeLessThan(1);
      expect(row.pe.delta!).toBeLessThan(0);
      expect(row.pe.delta!).toBeGreaterThan(-1);
      // Each leg's volatility is solved from its own price against one forward: CE and PE of a strike sit a few
      // tenths of a vol point apart, never more than a point and a half.
      expect(Math.abs(row.ce.iv! - row.pe.iv!)).toBeLessThan(1.5);
      expect(row.pcr).toBeCloseTo(row.pe.oi! / row.ce.oi!, 1);
    }
    const deltas = chain.rows.map((row) => row.ce.delta!);
    expect(deltas.every((d, i) => i === 0 || d < deltas[i - 1]!)).toBe(true);
    expect(chain.daysToExpiry).toBeGreaterThan(3);
    expect(chain.daysToExpiry).toBeLessThan(4);
    expect(chain.strikesListed).toBeGreaterThan(chain.rows.length);
  });

  it('ATM NIFTY weekly options carry OI in lakhs, and the weekly prices off its synthetic future', async () => {
    const chain = await chainOf('name=NIFTY&expiry=2026-12-01&strikes=1');
    const [atm] = chain.rows;
    expect(atm!.ce.oi!).toBeGreaterThan(LAKH);
    expect(atm!.pe.oi!).toBeGreaterThan(LAKH);
    expect(atm!.ce.oi!).toBeLessThan(500 * LAKH);
    expect(chain.forward).toBe(chain.summary.syntheticFuture);
  });

  it('says a weekly asked for by the Futures basis is centred on its own synthetic future', async () => {
    const weekly = await chainOf('name=NIFTY&expiry=2026-12-01&strikes=3&atm=Futures');
    expect(weekly.atmBasis).toBe('SynFut');
    expect(Math.abs(weekly.atmStrike! - weekly.summary.syntheticFuture!)).toBeLessThanOrEqual(25);
  });

  it('OI change over 15 minutes, 30 minutes, 1 hour and 4 hours, summed into totals', async () => {
    const chain = await chainOf('name=NIFTY&expiry=2026-11-23&strikes=5');
    for (const window of ['15m', '30m', '1h', '4h'] as const) {
      expect(chain.oiChangeTotals[window].ce).not.toBeNull();
      for (const row of chain.rows) expect(row.ce.oiChangeByWindow[window]).not.toBeNull();
    }
  });

  it('centres on spot or on the synthetic future when asked, an even count with one more above', async () => {
    const spot = await c.data(SpotSchema, 'spot?name=NIFTY');
    const bySpot = await chainOf('name=NIFTY&expiry=2026-11-23&strikes=4&atm=Spot');
    expect(bySpot.atmBasis).toBe('Spot');
    expect(Math.abs(bySpot.atmStrike! - spot.lp)).toBeLessThanOrEqual(25);
    expect(bySpot.rows.map((r) => r.strike)).toEqual([-1, 0, 1, 2].map((i) => bySpot.atmStrike! + 50 * i));
    const bySyn = await chainOf('name=NIFTY&expiry=2026-12-01&strikes=3&atm=SynFut');
    expect(Math.abs(bySyn.atmStrike! - bySyn.summary.syntheticFuture!)).toBeLessThanOrEqual(25);
  });

  it('serves stock and BSE chains too', async () => {
    const reliance = await chainOf('name=RELIANCE&expiry=2026-11-23&strikes=5');
    expect(reliance.rows).toHaveLength(5);
    expect(reliance.summary.pcr).toBeGreaterThan(0);
    const sensex = await chainOf('name=SENSEX&expiry=2026-11-26&strikes=5');
    expect(sensex.optData[0]!.lotSize).toBe(20);
    expect(sensex.rows.every((row, i) => i === 0 || row.strike - sensex.rows[i - 1]!.strike === 100)).toBe(true);
  });

  it('answers the same chain within a minute', async () => {
    expect(await chainOf('name=NIFTY&expiry=2026-11-23&strikes=7')).toEqual(
      await chainOf('name=NIFTY&expiry=2026-11-23&strikes=7'),
    );
  });

  it.each([
    ['strikes above 15', 'name=NIFTY&expiry=2026-11-23&strikes=16', 'strikes'],
    ['strikes of 0', 'name=NIFTY&expiry=2026-11-23&strikes=0', 'strikes'],
    ['a fractional strikes', 'name=NIFTY&expiry=2026-11-23&strikes=2.5', 'strikes'],
    ['an unknown ATM basis', 'name=NIFTY&expiry=2026-11-23&atm=Mid', 'atm'],
    ['an expired expiry', 'name=NIFTY&expiry=2026-11-17', 'expiry'],
    ['a stock with a weekly date', 'name=RELIANCE&expiry=2026-12-01', 'expiry'],
    ['no name', 'expiry=2026-11-23', 'name'],
  ])('rejects %s naming the field', async (_label, query, field) => {
    const res = await c.get(`option_chain?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field });
  });
});

describe('get_aggregated_oi', () => {
  it('sums call and put OI of the strikes around ATM per candle', async () => {
    const oi = await c.data(
      AggregatedOiSchema,
      `get_aggregated_oi?token=${spotInstrumentToken('NIFTY')}&type=15m&from=2026-11-19&to=2026-11-19&expiry=2026-11-23&strike=10`,
    );
    // The F&O session runs 09:15–15:40: 26 fifteen-minute candles, the last one ten minutes long.
    expect(oi.points).toHaveLength(26);
    expect(oi.points[0]!.t).toBe(istInstant('2026-11-19', '09:15'));
    for (const point of oi.points) {
      expect(point.callOi).toBeGreaterThan(10 * LAKH);
      expect(point.putOi).toBeGreaterThan(10 * LAKH);
      expect(point.pcr).toBeCloseTo(point.putOi / point.callOi, 2);
    }
  });

  it('serves the history of an expiry after it has expired, and refuses a non-expiry', async () => {
    const past = await c.data(
      AggregatedOiSchema,
      `get_aggregated_oi?token=${spotInstrumentToken('NIFTY')}&type=1h&from=2026-11-16&to=2026-11-17&expiry=2026-11-17&strike=5`,
    );
    expect(past.points.length).toBeGreaterThan(5);
    expect(past.points.every((p) => istDateOf(p.t) <= '2026-11-17')).toBe(true);
    const res = await c.get(
      `get_aggregated_oi?token=${spotInstrumentToken('NIFTY')}&type=1h&from=2026-11-16&to=2026-11-17&expiry=2026-11-18`,
    );
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'expiry' });
  });

  it('refuses the token of an index without options', async () => {
    const res = await c.get(
      `get_aggregated_oi?token=${spotInstrumentToken('NIFTY AUTO')}&type=1h&from=2026-11-16&to=2026-11-17&expiry=2026-11-23`,
    );
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'token' });
  });
});

describe('straddle', () => {
  it('adds the CE and PE closes of one strike per candle', async () => {
    const straddle = await c.data(
      StraddleSchema,
      'straddle?instrument=NIFTY&expiry=2026-12-01&strike_price=25000&from=2026-11-19&to=2026-11-19&type=5m',
    );
    const candles = await c.data(
      TokenCandlesListSchema,
      `candles?tokens=${straddle.ceToken},${straddle.peToken}&resolution=5m&from=2026-11-19&to=2026-11-19`,
    );
    expect(straddle.points).toHaveLength(candles[0]!.candles.length);
    straddle.points.forEach((point, i) => {
      expect(point.ce).toBe(candles[0]!.candles[i]!.c);
      expect(point.pe).toBe(candles[1]!.candles[i]!.c);
      expect(point.value).toBeCloseTo(point.ce + point.pe, 2);
    });
  });

  it('defaults to one-minute points and refuses a strike off the grid', async () => {
    const straddle = await c.data(
      StraddleSchema,
      'straddle?instrument=NIFTY&expiry=2026-12-01&strike_price=25000&from=2026-11-19T09:15&to=2026-11-19T09:44',
    );
    expect(straddle.points).toHaveLength(30);
    const res = await c.get(
      'straddle?instrument=NIFTY&expiry=2026-12-01&strike_price=25010&from=2026-11-19&to=2026-11-19',
    );
    expect(res.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', field: 'strike_price' });
  });
});

describe('stock_atm_straddle and its plot', () => {
  it('gives every F&O stock its near-month ATM straddle as a share of spot', async () => {
    const { rows, at } = await c.data(StockAtmStraddlesSchema, 'stock_atm_straddle');
    expect(at).toBe(NOW);
    expect(rows.length).toBeGreaterThan(150);
    for (const row of rows) {
      expect(row.straddle).toBeCloseTo(row.ce + row.pe, 1);
      expect(row.percentOfSpot).toBeGreaterThan(0.2);
      expect(row.percentOfSpot).toBeLessThan(25);
    }
    const reliance = rows.find((row) => row.symbol === 'RELIANCE')!;
    expect(Math.abs(reliance.strike - reliance.spot) / reliance.spot).toBeLessThan(0.03);
  });

  it('at a past session it is taken at that session’s close', async () => {
    const { at } = await c.data(StockAtmStraddlesSchema, 'stock_atm_straddle?date=2026-11-18');
    expect(at).toBe(istInstant('2026-11-18', '15:39'));
  });

  it('the plot follows the strike nearest spot candle by candle', async () => {
    const plot = await c.data(
      StockAtmStraddlePlotSchema,
      'stock_atm_straddle_plot?name=RELIANCE&expiry=2026-11-23&type=30m&from=2026-11-16&to=2026-11-19',
    );
    expect(plot.points.length).toBeGreaterThan(40);
    const strikes = new Set(plot.points.map((p) => p.strike));
    for (const point of plot.points) {
      const nearest = [...strikes].every((k) => Math.abs(point.spot - point.strike) <= Math.abs(point.spot - k));
      expect(nearest).toBe(true);
      expect(point.straddle).toBeCloseTo(point.ce + point.pe, 1);
    }
  });
});
