import { createFakeClock } from '@fnodesk/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrikeEntry } from '../utils/strike-layout';
import { StrikeInfoTable } from './strike-info-table';

const entry: StrikeEntry = {
  strike: 24_500,
  callToken: 1,
  putToken: 2,
  callSymbol: 'NIFTY26NOV24500CE',
  putSymbol: 'NIFTY26NOV24500PE',
  lotSize: 65,
  // The chain snapshot: call 152.05 (+12.05 on a close of 140), put 100 (+10).
  row: {
    strike: 24_500,
    ce: legOf(1, 'NIFTY26NOV24500CE', { ltp: 152.05, ltpChange: 12.05 }),
    pe: legOf(2, 'NIFTY26NOV24500PE', { ltp: 100, ltpChange: 10 }),
    pcr: null,
  },
  atm: true,
};

type Leg = NonNullable<StrikeEntry['row']>['ce'];

function legOf(token: number, tradingSymbol: string, quote: { ltp: number; ltpChange: number }): Leg {
  return {
    token,
    tradingSymbol,
    atp: null,
    ltpChangePercent: null,
    oi: 100_000,
    oiChange: 0,
    oiChangePercent: 0,
    volume: 1_000,
    iv: 12,
    delta: null,
    gamma: null,
    theta: null,
    vega: null,
    rho: null,
    oiChangeByWindow: { '15m': null, '30m': null, '1h': null, '4h': null },
    ...quote,
  };
}

function figures(name: string): string[] {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  return within(row!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('the strike figures beside the charts', () => {
  it('outside the live tier, the LTP is the last candle’s close, and its change is from the previous close', () => {
    const closes = new Map([[1, 149]]);
    render(
      <StrikeInfoTable
        entry={entry}
        tickOf={() => undefined}
        live={false}
        clock={createFakeClock(0)}
        lastCloseOf={(token) => closes.get(token)}
      />,
    );
    // The call's chart ends at 149.00; the put has no candles yet, so its LTP is the chain's.
    expect(figures('LTP')).toEqual(['149.00', '100.00']);
    expect(figures('Chg')).toEqual(['+9.00', '+10.00']);
  });

  it('without candles, the LTP is the chain snapshot’s', () => {
    render(<StrikeInfoTable entry={entry} tickOf={() => undefined} live={false} clock={createFakeClock(0)} />);
    expect(figures('LTP')).toEqual(['152.05', '100.00']);
  });
});
