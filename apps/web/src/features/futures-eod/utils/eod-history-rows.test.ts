import { decodeInstrumentToken, nextMonthlyExpiries, istInstant } from '@fnodesk/domain';
import type { DataResponse } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { eodHistoryRows, futureTokensOf, monthFutureTokens } from './eod-history-rows';

const [novExpiry] = nextMonthlyExpiries('NIFTY', istInstant('2026-11-02', '12:00'), 1).map((e) => e.date);

describe('the near, next and far months of a session', () => {
  it('keep the expiring contract as the near month on its expiry day and roll the day after', () => {
    const onExpiry = monthFutureTokens('NIFTY', novExpiry!);
    expect(decodeInstrumentToken(onExpiry[0]).expiry).toBe(novExpiry);
    const dayAfter = monthFutureTokens('NIFTY', '2026-11-26');
    expect(dayAfter[0]).toBe(onExpiry[1]);
    expect(dayAfter[1]).toBe(onExpiry[2]);
  });

  it('lists each future of a range once', () => {
    expect(futureTokensOf('NIFTY', ['2026-11-17', '2026-11-18', '2026-11-26'])).toHaveLength(4);
  });
});

describe('futures EOD history rows', () => {
  const [near, next, far] = monthFutureTokens('NIFTY', '2026-11-17');
  const fao = (token: number, c: number, oi: number): DataResponse<'get_fao_eod'>[number] => ({
    token,
    tradingSymbol: String(token),
    name: 'NIFTY',
    expiry: null,
    rows: [
      {
        t: 0,
        o: c,
        h: c,
        l: c,
        c,
        v: 5_000,
        atp: c,
        oi,
        date: '2026-11-17',
        changePercent: 0.5,
        oiChange: 100,
        oiChangePercent: 1,
        buildUp: 'Long Build-up',
      },
    ],
  });
  const cash: DataResponse<'get_cash_market_eod'> = [
    {
      token: 1,
      tradingSymbol: 'NIFTY 50',
      name: 'NIFTY',
      rows: [
        {
          t: 0,
          o: 1,
          h: 1,
          l: 1,
          c: 25_900,
          v: 0,
          atp: 0,
          oi: 0,
          date: '2026-11-17',
          changePercent: 0.4,
          turnoverCrore: 0,
          deliveryQuantity: null,
          deliveryPercent: null,
        },
      ],
    },
  ];
  const [row] = eodHistoryRows(
    'NIFTY',
    [fao(near, 26_000, 600), fao(next, 26_150, 300), fao(far, 26_300, 100)],
    cash,
    (d) => d,
  );

  it('basis = near future − spot', () => {
    expect(row!.basis).toBe(100);
  });

  it('rollover % = (next + far OI) ÷ all three months’ OI; roll cost % = next over near', () => {
    expect(row!.rolloverPercent).toBe(40);
    expect(row!.rollCostPercent).toBeCloseTo((100 * 150) / 26_000, 10);
  });

  it('takes OI, its change and the build-up from the near month', () => {
    expect(row).toMatchObject({ oi: 600, oiChange: 100, buildUp: 'LB', nearOi: 600, nextOi: 300, farOi: 100 });
  });
});
