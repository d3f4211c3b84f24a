// Greeks of a position: the per-unit greeks times the signed quantity (+ for BUY, − for SELL, in units of the
// underlying, i.e. lots × lot size). The spec's sign rules for strategy cells follow from that: a bought CE has
// positive delta and a bought PE negative delta (the per-unit delta carries the CE/PE sign); selling flips every
// sign; long options are long gamma and vega and pay theta.

import type { CallPut, OptionGreeks } from './black-76';

/** Buy or sell, as an order's transaction type says it. */
export type OptionPositionSide = 'BUY' | 'SELL';

/** Greeks of a position in rupees per unit move (no price field: a position has a value, not a price). */
export interface PositionGreeks {
  delta: number;
  gamma: number;
  theta: number;
  vega: number;
  rho: number;
}

/** The signs the spec gives for a strategy cell: +1 or −1 per greek for a side and option kind. */
export interface PositionGreekSigns {
  delta: 1 | -1;
  gamma: 1 | -1;
  vega: 1 | -1;
  theta: 1 | -1;
}

/** Quantity with the position's sign: +quantity for BUY, −quantity for SELL (quantity in units, not lots). */
export function signedOptionQuantity(side: OptionPositionSide, quantity: number): number {
  return side === 'BUY' ? quantity : -quantity;
}

/** Position greeks: per-unit greeks times the signed quantity. */
export function positionGreeks(unit: OptionGreeks, side: OptionPositionSide, quantity: number): PositionGreeks {
  const q = signedOptionQuantity(side, quantity);
  return {
    delta: unit.delta * q,
    gamma: unit.gamma * q,
    theta: unit.theta * q,
    vega: unit.vega * q,
    rho: unit.rho * q,
  };
}

/** The spec's sign table: delta BUY CE +, BUY PE −, SELL CE −, SELL PE +; gamma and vega BUY +, SELL −; theta BUY −, SELL +. */
export function positionGreekSigns(side: OptionPositionSide, callPut: CallPut): PositionGreekSigns {
  const s = side === 'BUY' ? 1 : -1;
  const kind = callPut === 'CE' ? 1 : -1;
  return { delta: s * kind === 1 ? 1 : -1, gamma: s === 1 ? 1 : -1, vega: s === 1 ? 1 : -1, theta: s === 1 ? -1 : 1 };
}

/** One leg of a strategy for `sumPositionGreeks`. */
export interface OptionPositionLeg {
  greeks: OptionGreeks;
  side: OptionPositionSide;
  quantity: number;
}

/** Net greeks of several legs (a strategy): the sum of each leg's position greeks. */
export function sumPositionGreeks(legs: readonly OptionPositionLeg[]): PositionGreeks {
  const total: PositionGreeks = { delta: 0, gamma: 0, theta: 0, vega: 0, rho: 0 };
  for (const leg of legs) {
    const q = signedOptionQuantity(leg.side, leg.quantity);
    total.delta += leg.greeks.delta * q;
    total.gamma += leg.greeks.gamma * q;
    total.theta += leg.greeks.theta * q;
    total.vega += leg.greeks.vega * q;
    total.rho += leg.greeks.rho * q;
  }
  return total;
}
