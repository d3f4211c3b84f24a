import type { PositionView } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { dayFiguresOf, exitLineOf, livePnl, totalPnl } from './position-mtm';

const long: PositionView = {
  id: 'p1',
  mode: 'paper',
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26DEC24000CE',
  instrumentToken: 1,
  product: 'MIS',
  quantity: 130,
  lotSize: 65,
  averagePrice: 100,
  lastPrice: 101,
  buyQuantity: 130,
  sellQuantity: 0,
  buyValue: 13_000,
  sellValue: 0,
  realisedPnl: 50,
  unrealisedPnl: 130,
  pnl: 180,
  charges: 20,
  netPnl: 160,
  protection: { target: null, stopLoss: null, trailingStop: null, triggered: false },
};

describe('live MTM of positions', () => {
  it('marks a long at (LTP − avg) × qty on top of what was realised', () => {
    expect(livePnl(long, 105)).toEqual({ ltp: 105, unrealised: 650, pnl: 700, net: 680 });
  });

  it('marks a short the other way round', () => {
    expect(livePnl({ ...long, quantity: -65, realisedPnl: 0 }, 90).unrealised).toBe(650);
  });

  it("keeps the server's figures without a tick", () => {
    expect(livePnl(long, undefined)).toEqual({ ltp: 101, unrealised: 130, pnl: 180, net: 160 });
  });

  it('adds up the positions', () => {
    expect(totalPnl([livePnl(long, 105), livePnl(long, undefined)])).toEqual({ pnl: 880, unrealised: 780, net: 840 });
  });

  it('exits a long with a MARKET SELL of its quantity, a short with a BUY, a closed one not at all', () => {
    expect(exitLineOf(long)).toMatchObject({ transactionType: 'SELL', quantity: 130, orderType: 'MARKET' });
    expect(exitLineOf({ ...long, quantity: -65 })).toMatchObject({ transactionType: 'BUY', quantity: 65 });
    expect(exitLineOf({ ...long, quantity: 0 })).toBeNull();
  });
});

describe('the day view of positions', () => {
  it('shows what was bought and sold, each at its average (value ÷ quantity)', () => {
    const traded = { ...long, buyQuantity: 195, buyValue: 19_890, sellQuantity: 65, sellValue: 7_150, quantity: 130 };
    expect(dayFiguresOf(traded)).toEqual({ buyQuantity: 195, buyAverage: 102, sellQuantity: 65, sellAverage: 110 });
  });

  it('has no average for a side that did not trade', () => {
    expect(dayFiguresOf(long)).toEqual({ buyQuantity: 130, buyAverage: 100, sellQuantity: 0, sellAverage: null });
  });
});
