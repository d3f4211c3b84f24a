// Statutory and broker charges on F&O trades (Zerodha's schedule with the 2026 rates; reference trading.md §3).
//
// Rounding rule (the contract note's): every component is computed unrounded from turnover; GST is 18 % of the
// unrounded brokerage + exchange transaction charge (IPFT included, as Zerodha bills it) + SEBI fee; each component
// is then shown rounded to the paisa (half away from zero) and the total is the paisa-rounded sum of the unrounded
// components. That is how the worked examples come out: example A's GST is 18 % × 44.863 = 8.08 (not 18 % of the
// rounded 44.86 = 8.07) and its total ₹63.86 (the rounded parts add up to 63.87). Charges over several fills of one
// trade (`tradeCharges`) add the unrounded parts and round once.
//
// In F&O nothing depends on intraday (MIS) versus overnight (NRML): STT, stamp duty and the rest apply alike (the
// intraday/delivery split matters only in cash equities, which this schedule does not cover).
import type { IsoDate } from '../market/ist-time';
import { findDerivativesUnderlying } from '../market/underlyings';
import type { TradedContract, TransactionType } from './trading-types';

/** Charge rates in force from a date (fractions of turnover unless named per crore). */
export interface ChargeRates {
  effectiveFrom: IsoDate;
  /** Brokerage per executed order: futures min(cap, pct × order turnover); options a flat cap. */
  brokerageCap: number;
  brokerageFuturesFraction: number;
  /** STT on the sell side (futures on notional, options on premium). */
  sttFuturesSell: number;
  sttOptionsSell: number;
  /** STT on an exercised in-the-money long option, on its intrinsic (settlement) value. */
  sttExercise: number;
  /** NSE transaction charges, each side, plus the investor protection fund (IPFT) per crore. */
  nseFuturesTxn: number;
  nseOptionsTxn: number;
  nseFuturesIpftPerCrore: number;
  nseOptionsIpftPerCrore: number;
  /** BSE options transaction charges per crore of premium (futures carry none). */
  bseIndexOptionsPerCrore: number;
  bseOtherOptionsPerCrore: number;
  sebiPerCrore: number;
  /** Stamp duty, buy side only. */
  stampFuturesBuy: number;
  stampOptionsBuy: number;
  gst: number;
  /** A broker's auto square-off of an MIS position, per order, before GST. */
  autoSquareOffFee: number;
}

const CRORE = 10_000_000;

const OCT_2024: ChargeRates = {
  effectiveFrom: '2024-10-01',
  brokerageCap: 20,
  brokerageFuturesFraction: 0.0003,
  sttFuturesSell: 0.0002,
  sttOptionsSell: 0.001,
  sttExercise: 0.00125,
  nseFuturesTxn: 0.0000173,
  nseOptionsTxn: 0.0003503,
  nseFuturesIpftPerCrore: 10,
  nseOptionsIpftPerCrore: 50,
  bseIndexOptionsPerCrore: 3250,
  bseOtherOptionsPerCrore: 500,
  sebiPerCrore: 10,
  stampFuturesBuy: 0.00002,
  stampOptionsBuy: 0.00003,
  gst: 0.18,
  autoSquareOffFee: 50,
};

// NSE FA73061: from 1-Mar-2026 the IPFT is folded into one rate (₹183/cr futures, ₹3,553/cr options premium).
const MAR_2026: ChargeRates = {
  ...OCT_2024,
  effectiveFrom: '2026-03-01',
  nseFuturesTxn: 0.0000183,
  nseOptionsTxn: 0.0003553,
  nseFuturesIpftPerCrore: 0,
  nseOptionsIpftPerCrore: 0,
};

// Budget 2026: STT 0.05 % on futures, 0.15 % on option premium and on exercised intrinsic value, for trades from
// 1-Apr-2026.
const APR_2026: ChargeRates = {
  ...MAR_2026,
  effectiveFrom: '2026-04-01',
  sttFuturesSell: 0.0005,
  sttOptionsSell: 0.0015,
  sttExercise: 0.0015,
};

/** Charge rates oldest first; a trade uses the last row in force on its date (earlier dates use the first row). */
export const CHARGE_RATES: readonly ChargeRates[] = [OCT_2024, MAR_2026, APR_2026];

/** The charge rates in force on a trade date. */
export function chargeRatesOn(date: IsoDate, table: readonly ChargeRates[] = CHARGE_RATES): ChargeRates {
  let inForce = table[0];
  if (!inForce) throw new RangeError('The charge-rate table is empty');
  for (const row of table) if (row.effectiveFrom <= date) inForce = row;
  return inForce;
}

/** One fill (or a whole order's fills at one average price) to be charged. */
export interface ChargeableFill {
  contract: Pick<TradedContract, 'root' | 'kind'>;
  /** NFO or BFO; decides the exchange's transaction-charge schedule. */
  exchange: 'NFO' | 'BFO';
  side: TransactionType;
  /** Units (lots × lot size). */
  quantity: number;
  /** Rupees per unit: the futures price or the option premium. */
  price: number;
  /** IST trade date: picks the rates. */
  date: IsoDate;
}

/** Charges in rupees, each rounded to the paisa; `total` is the rounded sum of the unrounded parts. */
export interface ChargeBreakdown {
  /** Premium (options) or notional (futures) traded. */
  turnover: number;
  brokerage: number;
  stt: number;
  exchangeTransaction: number;
  sebi: number;
  stampDuty: number;
  gst: number;
  total: number;
}

/** What an order has already been charged, so that brokerage stays once per executed order across its fills. */
export interface OrderChargeHistory {
  /** Turnover of the order's earlier fills. */
  turnover: number;
  /** Brokerage already charged to the order. */
  brokerage: number;
}

interface RawCharges {
  turnover: number;
  brokerage: number;
  stt: number;
  exchangeTransaction: number;
  sebi: number;
  stampDuty: number;
  gst: number;
}

const NO_HISTORY: OrderChargeHistory = { turnover: 0, brokerage: 0 };

/**
 * Charges on one fill. Brokerage is per executed order: pass the order's earlier fills in `history` and this fill
 * carries only the brokerage its order has not paid yet (futures: min(₹20, 0.03 % of the order's turnover so far)).
 */
export function fillCharges(
  fill: ChargeableFill,
  history: OrderChargeHistory = NO_HISTORY,
  rates: readonly ChargeRates[] = CHARGE_RATES,
): ChargeBreakdown {
  return present(rawFillCharges(fill, history, chargeRatesOn(fill.date, rates)));
}

/**
 * Charges on a trade made of several orders' fills (e.g. a buy and the sell that closes it), each fill a separate
 * executed order; parts are added unrounded and rounded once, as on a contract note.
 */
export function tradeCharges(
  fills: readonly ChargeableFill[],
  rates: readonly ChargeRates[] = CHARGE_RATES,
): ChargeBreakdown {
  const sum: RawCharges = { turnover: 0, brokerage: 0, stt: 0, exchangeTransaction: 0, sebi: 0, stampDuty: 0, gst: 0 };
  for (const fill of fills) {
    const raw = rawFillCharges(fill, NO_HISTORY, chargeRatesOn(fill.date, rates));
    sum.turnover += raw.turnover;
    sum.brokerage += raw.brokerage;
    sum.stt += raw.stt;
    sum.exchangeTransaction += raw.exchangeTransaction;
    sum.sebi += raw.sebi;
    sum.stampDuty += raw.stampDuty;
    sum.gst += raw.gst;
  }
  return present(sum);
}

/**
 * STT on an exercised in-the-money long option (0.15 % of the intrinsic value × quantity from 1-Apr-2026); no
 * brokerage or other charges are due on cash settlement.
 */
export function exerciseCharges(
  exercise: { intrinsicValue: number; quantity: number; date: IsoDate },
  rates: readonly ChargeRates[] = CHARGE_RATES,
): ChargeBreakdown {
  assertQuantity(exercise.quantity);
  if (!(exercise.intrinsicValue >= 0)) throw new RangeError(`Not an intrinsic value: ${exercise.intrinsicValue}`);
  const r = chargeRatesOn(exercise.date, rates);
  const value = exercise.intrinsicValue * exercise.quantity;
  return present({
    turnover: value,
    brokerage: 0,
    stt: value * r.sttExercise,
    exchangeTransaction: 0,
    sebi: 0,
    stampDuty: 0,
    gst: 0,
  });
}

/** The fee for a broker's auto square-off of an MIS order (₹50 + 18 % GST = ₹59). */
export function autoSquareOffCharge(date: IsoDate, rates: readonly ChargeRates[] = CHARGE_RATES): ChargeBreakdown {
  const r = chargeRatesOn(date, rates);
  return present({
    turnover: 0,
    brokerage: r.autoSquareOffFee,
    stt: 0,
    exchangeTransaction: 0,
    sebi: 0,
    stampDuty: 0,
    gst: r.autoSquareOffFee * r.gst,
  });
}

/** Gross and net P&L of a closed or marked trade: gross = sell value − buy value, net = gross − charges. */
export interface ProfitAndLoss {
  gross: number;
  charges: number;
  net: number;
}

/** Gross P&L from buy and sell values, and net after the given charges (rounded to the paisa). */
export function profitAndLoss(buyValue: number, sellValue: number, charges: number): ProfitAndLoss {
  const gross = roundPaise(sellValue - buyValue);
  return { gross, charges: roundPaise(charges), net: roundPaise(sellValue - buyValue - charges) };
}

/** Rounds rupees to the paisa, halves away from zero (with a nudge for binary noise such as 10.725). */
export function roundPaise(rupees: number): number {
  const scaled = Math.abs(rupees) * 100;
  const rounded = Math.floor(scaled + 0.5 + 1e-7) / 100;
  return rupees < 0 ? -rounded : rounded;
}

function rawFillCharges(fill: ChargeableFill, history: OrderChargeHistory, r: ChargeRates): RawCharges {
  assertQuantity(fill.quantity);
  if (!(fill.price >= 0) || !Number.isFinite(fill.price)) throw new RangeError(`Not a price: ${fill.price}`);
  const isFuture = fill.contract.kind === 'FUT';
  const turnover = fill.price * fill.quantity;
  const sell = fill.side === 'SELL';

  const orderBrokerage = isFuture
    ? Math.min(r.brokerageCap, r.brokerageFuturesFraction * (history.turnover + turnover))
    : r.brokerageCap;
  const brokerage = Math.max(0, orderBrokerage - history.brokerage);
  const stt = sell ? turnover * (isFuture ? r.sttFuturesSell : r.sttOptionsSell) : 0;
  const exchangeTransaction = exchangeCharge(fill, turnover, r);
  const sebi = (turnover * r.sebiPerCrore) / CRORE;
  const stampDuty = sell ? 0 : turnover * (isFuture ? r.stampFuturesBuy : r.stampOptionsBuy);
  const gst = (brokerage + exchangeTransaction + sebi) * r.gst;
  return { turnover, brokerage, stt, exchangeTransaction, sebi, stampDuty, gst };
}

function exchangeCharge(fill: ChargeableFill, turnover: number, r: ChargeRates): number {
  const isFuture = fill.contract.kind === 'FUT';
  if (fill.exchange === 'NFO') {
    return isFuture
      ? turnover * r.nseFuturesTxn + (turnover * r.nseFuturesIpftPerCrore) / CRORE
      : turnover * r.nseOptionsTxn + (turnover * r.nseOptionsIpftPerCrore) / CRORE;
  }
  if (isFuture) return 0;
  // BSE: SENSEX and BANKEX options pay the index rate; SENSEX50 and stock options the lower one.
  const root = fill.contract.root;
  const indexRate = root === 'SENSEX' || root === 'BANKEX';
  const kind = findDerivativesUnderlying(root)?.kind ?? 'stock';
  const perCrore = indexRate && kind === 'index' ? r.bseIndexOptionsPerCrore : r.bseOtherOptionsPerCrore;
  return (turnover * perCrore) / CRORE;
}

function present(raw: RawCharges): ChargeBreakdown {
  const total = raw.brokerage + raw.stt + raw.exchangeTransaction + raw.sebi + raw.stampDuty + raw.gst;
  return {
    turnover: roundPaise(raw.turnover),
    brokerage: roundPaise(raw.brokerage),
    stt: roundPaise(raw.stt),
    exchangeTransaction: roundPaise(raw.exchangeTransaction),
    sebi: roundPaise(raw.sebi),
    stampDuty: roundPaise(raw.stampDuty),
    gst: roundPaise(raw.gst),
    total: roundPaise(total),
  };
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity <= 0) throw new RangeError(`Not a quantity: ${quantity}`);
}
