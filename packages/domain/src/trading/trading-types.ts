// Words every trading module shares: sides, order types, products and the contract an order is for.
import type { ContractKind } from '../market/trading-symbols';
import type { IsoDate } from '../market/ist-time';

/** Buy or sell, as Kite names the transaction type. */
export type TransactionType = 'BUY' | 'SELL';

/** Kite's order types; the spec's numeric types 1–4 map to them in this order. */
export type OrderType = 'MARKET' | 'LIMIT' | 'SL' | 'SL-M';

/** Product: MIS is intraday (squared off before the close), NRML carries overnight, CNC is cash delivery. */
export type OrderProduct = 'MIS' | 'NRML' | 'CNC';

/** Order validity. */
export type OrderValidity = 'DAY' | 'IOC';

/** Regular orders go to the market now; AMO (after-market orders) wait for the next session's open. */
export type OrderVariety = 'regular' | 'amo';

/** A futures or options contract, as the margin and charge calculators need it. */
export interface TradedContract {
  /** Derivatives root (NIFTY, BANKNIFTY, RELIANCE, …). */
  root: string;
  kind: ContractKind;
  expiry: IsoDate;
  /** Strike in rupees; null for futures. */
  strike: number | null;
}

/** +1 for BUY, −1 for SELL. */
export function sideSign(side: TransactionType): 1 | -1 {
  return side === 'BUY' ? 1 : -1;
}
