import type { DataResponse } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { applyEodChip, EOD_CHIPS, eodAnalysisRows, eodSessions } from './eod-analysis-rows';

const DATES = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17'];

const candle = (c: number, v: number, oi = 0) => ({ t: 0, o: c, h: c, l: c, c, v, atp: c, oi });

function fao(name: string, closes: number[]): DataResponse<'get_fao_eod'>[number] {
  return {
    token: name.length,
    tradingSymbol: `${name}26NOVFUT`,
    name,
    expiry: '2026-11-24',
    rows: closes.map((c, i) => ({
      ...candle(c, 1_000, 10_000 + i),
      date: DATES[i]!,
      changePercent: i === 0 ? null : (100 * (c - closes[i - 1]!)) / closes[i - 1]!,
      oiChange: i === 0 ? null : 1,
      oiChangePercent: i === 0 ? null : 0.01,
      buildUp: 'Long Build-up' as const,
    })),
  };
}

function cash(name: string, closes: number[], volumes: number[], delivery: number[]) {
  return {
    token: name.length + 100,
    tradingSymbol: name,
    name,
    rows: closes.map((c, i) => ({
      ...candle(c, volumes[i]!),
      date: DATES[i]!,
      changePercent: i === 0 ? null : (100 * (c - closes[i - 1]!)) / closes[i - 1]!,
      turnoverCrore: 1,
      deliveryQuantity: Math.round((volumes[i]! * delivery[i]!) / 100),
      deliveryPercent: delivery[i]!,
    })),
  };
}

const FAO = [fao('RELIANCE', [100, 101, 102, 103, 104, 110]), fao('TCS', [50, 50, 50, 50, 50, 45])];
const CASH = [
  cash('RELIANCE', [100, 101, 102, 103, 104, 110], [100, 100, 100, 100, 100, 250], [40, 40, 40, 40, 40, 30]),
  cash('TCS', [50, 50, 50, 50, 50, 45], [100, 100, 100, 100, 100, 150], [40, 40, 40, 40, 40, 65]),
];
const ROLLOVER = {
  date: '2026-11-17',
  rows: [
    {
      root: 'RELIANCE',
      nearExpiry: '2026-11-24',
      nearOpenInterest: 1,
      nextOpenInterest: 4,
      farOpenInterest: 0,
      rolloverPercent: 80,
      rolloverCostPercent: 0.5,
    },
    {
      root: 'TCS',
      nearExpiry: '2026-11-24',
      nearOpenInterest: 1,
      nextOpenInterest: 1,
      farOpenInterest: 0,
      rolloverPercent: 50,
      rolloverCostPercent: 0.4,
    },
  ],
};

describe('futures EOD analysis rows', () => {
  const rows = eodAnalysisRows(FAO, CASH, ROLLOVER, '2026-11-17');
  const reliance = rows.find((row) => row.symbol === 'RELIANCE')!;
  const tcs = rows.find((row) => row.symbol === 'TCS')!;

  it('lists the sessions of the answers, oldest first', () => {
    expect(eodSessions(FAO)).toEqual(DATES);
  });

  it('joins the future, the spot with its sector and the rollover of the chosen session', () => {
    expect(reliance).toMatchObject({
      sector: 'Oil Gas & Consumable Fuels',
      spotLtp: 110,
      futLtp: 110,
      rolloverPercent: 80,
    });
    expect(reliance.spotVolumeChangePercent).toBe(150);
    expect(reliance.averageVolume).toBe(100);
    expect(reliance.priceHistory).toEqual([100, 101, 102, 103, 104, 110]);
    expect(reliance.volumeHistory).toEqual([100, 100, 100, 100, 250]);
  });

  it('Volume Spike keeps volume ≥ 2 × the 5-session average, biggest multiple first', () => {
    expect(
      applyEodChip(
        rows,
        EOD_CHIPS.find((c) => c.id === 'volume-spike')!,
      ).map((r) => r.symbol),
    ).toEqual(['RELIANCE']);
    expect(tcs.volumeSpike).toBe(false);
  });

  it('High Delivery keeps delivery % ≥ 1.5 × its 5-session average', () => {
    expect(
      applyEodChip(
        rows,
        EOD_CHIPS.find((c) => c.id === 'high-delivery')!,
      ).map((r) => r.symbol),
    ).toEqual(['TCS']);
  });

  it('High Rollover keeps rollover ≥ 75 % in the expiry week only', () => {
    // 17-Nov is not in the week of the 24-Nov expiry.
    expect(reliance.highRollover).toBe(false);
    const expiryWeek = eodAnalysisRows(
      FAO,
      CASH,
      { ...ROLLOVER, rows: ROLLOVER.rows.map((r) => ({ ...r, nearExpiry: '2026-11-19' })) },
      '2026-11-17',
    );
    expect(
      applyEodChip(
        expiryWeek,
        EOD_CHIPS.find((c) => c.id === 'high-rollover')!,
      ).map((r) => r.symbol),
    ).toEqual(['RELIANCE']);
  });

  it('Price Gainers and Losers split by the spot change, biggest move first', () => {
    expect(applyEodChip(rows, EOD_CHIPS[0]!).map((r) => r.symbol)).toEqual(['RELIANCE']);
    expect(applyEodChip(rows, EOD_CHIPS[1]!).map((r) => r.symbol)).toEqual(['TCS']);
  });

  it('ignores a rollover answer of another session', () => {
    expect(
      eodAnalysisRows(FAO, CASH, { ...ROLLOVER, date: '2026-11-16' }, '2026-11-17')[0]!.rolloverPercent,
    ).toBeNull();
  });
});
