import type { PositionView } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  addLine,
  clickLine,
  exitLine,
  positionsToExit,
  reverseLine,
  sequenceLines,
  shiftLines,
  shiftedStrike,
  strangleRows,
  strikeStep,
  type TerminalContract,
} from './terminal-orders';
import { resolveTradeDefaults, TERMINAL_DEFAULTS } from './terminal-settings';

const CALL: TerminalContract = {
  exchange: 'NFO',
  tradingSymbol: 'NIFTY26DEC24000CE',
  lotSize: 65,
  tickSize: 0.05,
  ltp: 100,
};
const defaults = resolveTradeDefaults(null, 'NIFTY', null);

function shortCall(overrides: Partial<PositionView> = {}): PositionView {
  return {
    id: 'p1',
    mode: 'paper',
    exchange: 'NFO',
    tradingSymbol: 'NIFTY26DEC24000CE',
    instrumentToken: 1,
    product: 'MIS',
    quantity: -130,
    lotSize: 65,
    averagePrice: 100,
    lastPrice: 100,
    buyQuantity: 0,
    sellQuantity: 130,
    buyValue: 0,
    sellValue: 13_000,
    realisedPnl: 0,
    unrealisedPnl: 0,
    pnl: 0,
    charges: 0,
    netPnl: 0,
    protection: { target: null, stopLoss: null, trailingStop: null, triggered: false },
    ...overrides,
  };
}

describe('one click', () => {
  it('places the default lots at market with automatic protection', () => {
    expect(clickLine(CALL, 'BUY', 2, defaults, 'paper')).toMatchObject({
      orderType: 'MARKET',
      quantity: 130,
      marketProtection: -1,
      product: 'MIS',
      mode: 'paper',
    });
  });

  it('prices a LIMIT click the buffer through the last price: a buy above, a sell below, on the tick', () => {
    const limit = resolveTradeDefaults(
      { ...TERMINAL_DEFAULTS, orderType: 'LIMIT', marketProtectionPercent: 2.5 },
      'NIFTY',
      null,
    );
    expect(clickLine({ ...CALL, ltp: 101.3 }, 'BUY', 1, limit, 'paper').price).toBe(103.85);
    expect(clickLine({ ...CALL, ltp: 101.3 }, 'SELL', 1, limit, 'paper').price).toBe(98.75);
  });

  it('attaches the stop below and the target above a buy, mirrored for a sell', () => {
    const points = resolveTradeDefaults({ ...TERMINAL_DEFAULTS, stopLossPoints: 10, targetPoints: 20 }, 'NIFTY', null);
    expect(clickLine(CALL, 'BUY', 1, points, 'paper')).toMatchObject({
      takeProfit: { price: 120 },
      stopLoss: { price: 90 },
    });
    expect(clickLine(CALL, 'SELL', 1, points, 'paper')).toMatchObject({
      takeProfit: { price: 80 },
      stopLoss: { price: 110 },
    });
  });

  it('uses the expiry override over the underlying override over the account defaults', () => {
    const settings = {
      ...TERMINAL_DEFAULTS,
      overrides: {
        NIFTY: { quantityLots: 3, orderType: 'MARKET' as const, product: 'MIS' as const, validity: 'DAY' as const },
        'NIFTY:2026-12-29': {
          quantityLots: 5,
          orderType: 'MARKET' as const,
          product: 'NRML' as const,
          validity: 'DAY' as const,
          orderSequence: 'sells-first' as const,
        },
      },
    };
    expect(resolveTradeDefaults(settings, 'NIFTY', '2026-12-29')).toMatchObject({
      lotsPerClick: 5,
      product: 'NRML',
      orderSequence: 'sells-first',
    });
    expect(resolveTradeDefaults(settings, 'NIFTY', '2027-01-05').lotsPerClick).toBe(3);
    expect(resolveTradeDefaults(settings, 'BANKNIFTY', null).lotsPerClick).toBe(1);
  });
});

describe('order sequence', () => {
  const lines = [
    { transactionType: 'SELL' as const, n: 1 },
    { transactionType: 'BUY' as const, n: 2 },
    { transactionType: 'SELL' as const, n: 3 },
  ];
  it('sends buys first, sells first, or as entered, keeping the order within a side', () => {
    expect(sequenceLines(lines, 'buys-first').map((line) => line.n)).toEqual([2, 1, 3]);
    expect(sequenceLines(lines, 'sells-first').map((line) => line.n)).toEqual([1, 3, 2]);
    expect(sequenceLines(lines, 'as-entered').map((line) => line.n)).toEqual([1, 2, 3]);
  });
});

describe('strangle rows', () => {
  const strikes = [23_900, 23_950, 24_000, 24_050, 24_100].map((strike) => ({
    strike,
    ce: `${strike}CE`,
    pe: `${strike}PE`,
  }));
  it('takes the strike step from the listed strikes, not a table of steps', () => {
    expect(strikeStep([24_100, 24_000, 23_900])).toBe(100);
    expect(strikeStep(strikes.map((row) => row.strike))).toBe(50);
  });
  it('pairs the call i steps above ATM with the put i steps below, while both are listed', () => {
    expect(strangleRows(strikes, 24_000, 5).map((row) => [row.ce, row.pe])).toEqual([
      ['24000CE', '24000PE'],
      ['24050CE', '23950PE'],
      ['24100CE', '23900PE'],
    ]);
  });
});

describe('one-click adjustments', () => {
  it('adds to and exits part of a position on its own side, never exiting more than it holds', () => {
    expect(addLine(shortCall(), 1, 'paper')).toMatchObject({ transactionType: 'SELL', quantity: 65 });
    expect(exitLine(shortCall(), 1, 'paper')).toMatchObject({ transactionType: 'BUY', quantity: 65 });
    expect(exitLine(shortCall(), 5, 'paper').quantity).toBe(130);
  });

  it('reverses with one opposite order of twice the position', () => {
    expect(reverseLine(shortCall(), 'paper')).toMatchObject({ transactionType: 'BUY', quantity: 260 });
  });

  it('moves a call into the money below its strike and a put above it', () => {
    const strikes = [23_900, 23_950, 24_000, 24_050, 24_100];
    expect(shiftedStrike(strikes, 24_000, 'CE', 'on', 1)).toBe(23_950);
    expect(shiftedStrike(strikes, 24_000, 'CE', 'off', 2)).toBe(24_100);
    expect(shiftedStrike(strikes, 24_000, 'PE', 'on', 2)).toBe(24_100);
    expect(shiftedStrike(strikes, 24_000, 'PE', 'off', 1)).toBe(23_950);
    expect(shiftedStrike(strikes, 24_100, 'CE', 'off', 1)).toBeNull();
  });

  it('shifts a short strike as two legs, the hedge (buy back) first', () => {
    const legs = shiftLines(shortCall(), { exchange: 'NFO', tradingSymbol: 'NIFTY26DEC24050CE' }, 2, 'paper');
    expect(legs.map((leg) => [leg.transactionType, leg.tradingSymbol, leg.quantity])).toEqual([
      ['BUY', 'NIFTY26DEC24000CE', 130],
      ['SELL', 'NIFTY26DEC24050CE', 130],
    ]);
  });

  it('shifts a long strike with the new buy first', () => {
    const long = shortCall({ quantity: 65 });
    const legs = shiftLines(long, { exchange: 'NFO', tradingSymbol: 'NIFTY26DEC23950CE' }, 1, 'paper');
    expect(legs.map((leg) => [leg.transactionType, leg.tradingSymbol])).toEqual([
      ['BUY', 'NIFTY26DEC23950CE'],
      ['SELL', 'NIFTY26DEC24000CE'],
    ]);
  });

  it('exits calls, puts or everything open', () => {
    const put = shortCall({ id: 'p2', tradingSymbol: 'NIFTY26DEC24000PE' });
    const closed = shortCall({ id: 'p3', quantity: 0 });
    expect(positionsToExit([shortCall(), put, closed], 'CE').map((p) => p.id)).toEqual(['p1']);
    expect(positionsToExit([shortCall(), put, closed], 'all').map((p) => p.id)).toEqual(['p1', 'p2']);
  });
});
