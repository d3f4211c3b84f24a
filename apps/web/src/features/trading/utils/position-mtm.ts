// Live MTM of positions (pages.md G8: MTM = (LTP − avg) × signed qty), on top of what was realised.
import type { OrderLineInput, PositionView } from '@fnodesk/contracts';

/** A position's P&L at a live price. */
export interface LivePnl {
  ltp: number | null;
  unrealised: number;
  /** Realised + unrealised. */
  pnl: number;
  /** After charges. */
  net: number;
}

/** P&L of a position at the feed's price (the server's figures when there is no tick). */
export function livePnl(position: PositionView, ltp: number | undefined): LivePnl {
  if (ltp === undefined) {
    return {
      ltp: position.lastPrice,
      unrealised: position.unrealisedPnl,
      pnl: position.pnl,
      net: position.netPnl,
    };
  }
  const unrealised = (ltp - position.averagePrice) * position.quantity;
  const pnl = position.realisedPnl + unrealised;
  return { ltp, unrealised, pnl, net: pnl - position.charges };
}

/** Totals of several positions. */
export function totalPnl(rows: readonly LivePnl[]): { pnl: number; unrealised: number; net: number } {
  return rows.reduce(
    (sum, row) => ({ pnl: sum.pnl + row.pnl, unrealised: sum.unrealised + row.unrealised, net: sum.net + row.net }),
    { pnl: 0, unrealised: 0, net: 0 },
  );
}

/** The MARKET order that closes an open position (nothing for a closed one). */
export function exitLineOf(position: PositionView): OrderLineInput | null {
  if (position.quantity === 0) return null;
  return {
    exchange: position.exchange,
    tradingSymbol: position.tradingSymbol,
    product: position.product,
    orderType: 'MARKET',
    transactionType: position.quantity > 0 ? 'SELL' : 'BUY',
    quantity: Math.abs(position.quantity),
    marketProtection: -1,
  };
}

/** The day view's figures of a position (Kite's Day tab): what was bought and sold, each at its average price. */
export interface DayFigures {
  buyQuantity: number;
  /** Null when nothing was bought. */
  buyAverage: number | null;
  sellQuantity: number;
  /** Null when nothing was sold. */
  sellAverage: number | null;
}

/** Buy and sell quantities of a position with their average prices (value ÷ quantity). */
export function dayFiguresOf(position: PositionView): DayFigures {
  return {
    buyQuantity: position.buyQuantity,
    buyAverage: position.buyQuantity > 0 ? position.buyValue / position.buyQuantity : null,
    sellQuantity: position.sellQuantity,
    sellAverage: position.sellQuantity > 0 ? position.sellValue / position.sellQuantity : null,
  };
}
