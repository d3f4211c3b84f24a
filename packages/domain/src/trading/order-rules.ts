// Checks on an order line before it is sent (spec §5 with its exact messages, then the exchange's and Kite's rules:
// reference trading.md §1.3). Each broken rule gives a stable code, the field it concerns and a message for people;
// all broken rules are reported at once, in field order.
import { isOnTick, lotSizeFor, maxLotsPerOrder, tickSizeFor, volumeFreezeQuantity } from '../market/contract-specs';
import type { Exchange } from '../market/exchanges';
import type { EpochMs, IsoDate } from '../market/ist-time';
import { istDateOf } from '../market/ist-time';
import type { MarketCalendar } from '../market/market-calendar';
import { defaultMarketCalendar } from '../market/market-calendar';
import { derivativesUnderlying } from '../market/underlyings';
import {
  amoAccepted,
  DEFAULT_SQUARE_OFF_MINUTES_BEFORE_CLOSE,
  misSquareOffAt,
  regularOrdersOpen,
} from './trading-hours';
import type {
  OrderType,
  OrderValidity,
  OrderVariety,
  OrderProduct,
  TradedContract,
  TransactionType,
} from './trading-types';

/** Longest tag Kite accepts; longer tags are rejected, not truncated. */
export const MAX_TAG_LENGTH = 20;

/** Stable codes of the order-line rules. */
export const ORDER_RULE_CODES = [
  'QUANTITY_INVALID',
  'QUANTITY_NOT_WHOLE_LOTS',
  'SLICE_LOTS_INVALID',
  'TAG_TOO_LONG',
  'PRODUCT_NOT_ALLOWED',
  'PRICE_REQUIRED',
  'PRICE_INVALID',
  'PRICE_OFF_TICK',
  'PRICE_OUTSIDE_LPP',
  'TRIGGER_REQUIRED',
  'TRIGGER_OFF_TICK',
  'TRIGGER_WRONG_SIDE_OF_LTP',
  'TRIGGER_WRONG_SIDE_OF_PRICE',
  'SL_M_NOT_ALLOWED',
  'MARKET_PROTECTION_REQUIRED',
  'TARGET_WRONG_SIDE',
  'TARGET_OFF_TICK',
  'STOPLOSS_WRONG_SIDE',
  'STOPLOSS_OFF_TICK',
  'MARKET_CLOSED',
  'AMO_WINDOW_CLOSED',
  'AMO_MARKET_NOT_ALLOWED',
  'MIS_SQUARED_OFF',
] as const;

/** A stable order-rule code. */
export type OrderRuleCode = (typeof ORDER_RULE_CODES)[number];

/** One broken rule. */
export interface OrderRuleViolation {
  code: OrderRuleCode;
  /** The order-line field at fault (`quantity`, `price`, `takeProfit.price`, …). */
  field: string;
  message: string;
}

/** An order line as the order window and the API send it (spec §3), quantity in units. */
export interface OrderLine {
  exchange: Exchange;
  variety: OrderVariety;
  validity: OrderValidity;
  product: OrderProduct;
  orderType: OrderType;
  transactionType: TransactionType;
  quantity: number;
  /** Lots per slice; 0, null or absent means the freeze default. */
  sliceLots?: number | null;
  price?: number | null;
  triggerPrice?: number | null;
  tag?: string | null;
  /** −1 (auto) or 1–100 %: mandatory on MARKET and SL-M since 1-Apr-2026. */
  marketProtection?: number | null;
  takeProfit?: { price: number; quantity?: number } | null;
  stopLoss?: { price: number; quantity?: number } | null;
}

/** The contract facts the rules need. */
export interface OrderInstrument {
  contract: TradedContract;
  underlyingKind: 'index' | 'stock';
  lotSize: number;
  tickSize: number;
  /** Units per order the exchange accepts; null when not published (no slicing limit known). */
  freezeQuantity: number | null;
}

/** The moment and market an order is checked against. */
export interface OrderRuleContext {
  now: EpochMs;
  /** Last traded price of the contract, when known (stop triggers are checked against it). */
  ltp: number | null;
  calendar?: MarketCalendar;
  squareOffMinutesBeforeClose?: number;
  /** True when the order only reduces an open position (exits stay allowed after the MIS square-off). */
  reducesPosition?: boolean;
  /**
   * NSE's limit-price-protection reference for options (average trade price of the last 30 s), when known: option
   * limits must lie within ±₹20 of it up to ₹50, within ±40 % above.
   */
  lppReference?: number | null;
}

/** The band of option limit prices NSE's limit price protection accepts around a reference price. */
export function limitPriceProtectionBand(reference: number): { low: number; high: number } {
  const width = reference <= 50 ? 20 : reference * 0.4;
  return { low: Math.max(0, reference - width), high: reference + width };
}

/** The facts of a contract from the domain's reference data on a date (lot, tick, freeze in force). */
export function orderInstrumentFacts(contract: TradedContract, date: IsoDate): OrderInstrument {
  return {
    contract,
    underlyingKind: derivativesUnderlying(contract.root).kind,
    lotSize: lotSizeFor(contract.root, contract.expiry),
    tickSize: tickSizeFor(contract.root),
    freezeQuantity: volumeFreezeQuantity(contract.root, date),
  };
}

/** Spec §5: a BUY's target must exceed the order price, a SELL's be below it. */
export function targetSideMessage(side: TransactionType, price: number): string {
  return side === 'BUY'
    ? `Target price should be greater than ${price} price.`
    : `Target price should be less than ${price} price.`;
}

/** Spec §5: a BUY's stop loss must be below the order price, a SELL's above it. */
export function stopLossSideMessage(side: TransactionType, price: number): string {
  return side === 'BUY'
    ? `StopLoss price should be less than ${price} price.`
    : `StopLoss price should be greater than ${price} price.`;
}

/** Every rule the order line breaks (empty when it may be sent). */
export function validateOrderLine(
  line: OrderLine,
  instrument: OrderInstrument,
  context: OrderRuleContext,
): OrderRuleViolation[] {
  const out: OrderRuleViolation[] = [];
  const add = (code: OrderRuleCode, field: string, message: string): void => {
    out.push({ code, field, message });
  };
  const { lotSize, tickSize, freezeQuantity } = instrument;
  const isOption = instrument.contract.kind !== 'FUT';
  const calendar = context.calendar ?? defaultMarketCalendar;

  // Quantity: whole lots, at least one.
  if (!Number.isInteger(line.quantity) || line.quantity < 1) {
    add('QUANTITY_INVALID', 'quantity', 'Lot must be a whole number of at least 1.');
  } else if (line.quantity % lotSize !== 0) {
    add('QUANTITY_NOT_WHOLE_LOTS', 'quantity', `Quantity must be a multiple of the lot size ${lotSize}.`);
  }

  // Slice lot: 1 to freeze ÷ lot (0 means the default, so it is not an error).
  const slice = line.sliceLots;
  if (slice !== undefined && slice !== null && slice !== 0) {
    const max = freezeQuantity === null ? null : maxLotsPerOrder(freezeQuantity, lotSize);
    if (!Number.isInteger(slice) || slice < 1 || (max !== null && slice > max)) {
      add(
        'SLICE_LOTS_INVALID',
        'sliceLots',
        max === null
          ? 'Slice lot must be a whole number of at least 1.'
          : `Slice lot must be a whole number from 1 to ${max}.`,
      );
    }
  }

  if (line.tag !== undefined && line.tag !== null && line.tag.length > MAX_TAG_LENGTH) {
    add('TAG_TOO_LONG', 'tag', `Tag can be at most ${MAX_TAG_LENGTH} characters.`);
  }

  if (line.product === 'CNC') {
    add('PRODUCT_NOT_ALLOWED', 'product', 'Futures and options trade as MIS or NRML, not CNC.');
  }

  // Price and trigger presence and grid.
  const needsPrice = line.orderType === 'LIMIT' || line.orderType === 'SL';
  const needsTrigger = line.orderType === 'SL' || line.orderType === 'SL-M';
  const price = line.price ?? null;
  const trigger = line.triggerPrice ?? null;
  if (needsPrice) {
    if (price === null) add('PRICE_REQUIRED', 'price', `A ${line.orderType} order needs a price.`);
    else if (!(price > 0) || !Number.isFinite(price)) add('PRICE_INVALID', 'price', 'Price must be above 0.');
    else if (!isOnTick(price, tickSize)) {
      add('PRICE_OFF_TICK', 'price', `Price must be a multiple of the tick size ${tickSize}.`);
    } else if (isOption && context.lppReference !== undefined && context.lppReference !== null) {
      const band = limitPriceProtectionBand(context.lppReference);
      if (price < band.low || price > band.high) {
        add(
          'PRICE_OUTSIDE_LPP',
          'price',
          `Price is outside the limit price protection range ${band.low.toFixed(2)} to ${band.high.toFixed(2)}.`,
        );
      }
    }
  }
  if (needsTrigger) {
    if (trigger === null || !(trigger > 0) || !Number.isFinite(trigger)) {
      add('TRIGGER_REQUIRED', 'triggerPrice', `A ${line.orderType} order needs a trigger price above 0.`);
    } else if (!isOnTick(trigger, tickSize)) {
      add('TRIGGER_OFF_TICK', 'triggerPrice', `Trigger price must be a multiple of the tick size ${tickSize}.`);
    } else {
      // Zerodha rejects a stop whose trigger has already been crossed: BUY above LTP, SELL below.
      const ltp = context.ltp;
      if (ltp !== null && line.transactionType === 'BUY' && !(trigger > ltp)) {
        add(
          'TRIGGER_WRONG_SIDE_OF_LTP',
          'triggerPrice',
          `Trigger price for a stop-loss BUY order should be higher than the last traded price ${ltp}.`,
        );
      }
      if (ltp !== null && line.transactionType === 'SELL' && !(trigger < ltp)) {
        add(
          'TRIGGER_WRONG_SIDE_OF_LTP',
          'triggerPrice',
          `Trigger price for a stop-loss SELL order should be lower than the last traded price ${ltp}.`,
        );
      }
      if (line.orderType === 'SL' && price !== null && price > 0) {
        if (line.transactionType === 'BUY' && trigger > price) {
          add(
            'TRIGGER_WRONG_SIDE_OF_PRICE',
            'triggerPrice',
            'Trigger price for a stop-loss BUY order should not be higher than the order price.',
          );
        }
        if (line.transactionType === 'SELL' && trigger < price) {
          add(
            'TRIGGER_WRONG_SIDE_OF_PRICE',
            'triggerPrice',
            'Trigger price for a stop-loss SELL order should not be lower than the order price.',
          );
        }
      }
    }
  }

  // SL-M: banned for options on NSE since 27-Sep-2021, and withdrawn in every BSE segment.
  if (line.orderType === 'SL-M' && (isOption || line.exchange === 'BFO' || line.exchange === 'BSE')) {
    add(
      'SL_M_NOT_ALLOWED',
      'orderType',
      line.exchange === 'BFO' || line.exchange === 'BSE'
        ? 'SL-M orders are not allowed on BSE. Use an SL order.'
        : 'SL-M orders are not allowed for options. Use an SL order.',
    );
  }

  // Market protection: non-zero (−1 auto, or 1–100 %) on MARKET and SL-M API orders since 1-Apr-2026.
  if (line.orderType === 'MARKET' || line.orderType === 'SL-M') {
    const mp = line.marketProtection;
    const valid = mp === -1 || (typeof mp === 'number' && Number.isFinite(mp) && mp >= 1 && mp <= 100);
    if (!valid) {
      add(
        'MARKET_PROTECTION_REQUIRED',
        'marketProtection',
        'Market protection must be -1 (automatic) or from 1 to 100 percent for MARKET and SL-M orders.',
      );
    }
  }

  // Target and stop loss against the order price (spec §5; MARKET orders compare with the market price).
  const reference = price ?? (line.orderType === 'SL-M' ? trigger : context.ltp);
  if (reference !== null && reference > 0) {
    const buy = line.transactionType === 'BUY';
    const target = line.takeProfit?.price;
    if (target !== undefined) {
      if (buy ? !(target > reference) : !(target < reference)) {
        add('TARGET_WRONG_SIDE', 'takeProfit.price', targetSideMessage(line.transactionType, reference));
      } else if (!isOnTick(target, tickSize)) {
        add('TARGET_OFF_TICK', 'takeProfit.price', `Target price must be a multiple of the tick size ${tickSize}.`);
      }
    }
    const stop = line.stopLoss?.price;
    if (stop !== undefined) {
      if (buy ? !(stop < reference) : !(stop > reference)) {
        add('STOPLOSS_WRONG_SIDE', 'stopLoss.price', stopLossSideMessage(line.transactionType, reference));
      } else if (!isOnTick(stop, tickSize)) {
        add('STOPLOSS_OFF_TICK', 'stopLoss.price', `StopLoss price must be a multiple of the tick size ${tickSize}.`);
      }
    }
  }

  // Timing: regular orders in the session, AMOs outside Zerodha's blocked window, MIS only until the square-off.
  if (line.variety === 'regular') {
    if (!regularOrdersOpen(context.now, line.exchange, calendar)) {
      add('MARKET_CLOSED', 'variety', 'The market is closed. Place an after-market order (AMO) instead.');
    }
  } else {
    if (!amoAccepted(context.now, line.exchange, calendar)) {
      add('AMO_WINDOW_CLOSED', 'variety', 'After-market orders are not accepted while the market is open.');
    }
    if (line.orderType === 'MARKET' && isOption && instrument.underlyingKind === 'index') {
      add('AMO_MARKET_NOT_ALLOWED', 'orderType', 'MARKET after-market orders are not allowed for index options.');
    }
  }
  if (line.product === 'MIS' && line.variety === 'regular' && context.reducesPosition !== true) {
    const squareOff = misSquareOffAt(
      istDateOf(context.now),
      line.exchange,
      context.squareOffMinutesBeforeClose ?? DEFAULT_SQUARE_OFF_MINUTES_BEFORE_CLOSE,
      calendar,
    );
    if (squareOff !== null && context.now >= squareOff && regularOrdersOpen(context.now, line.exchange, calendar)) {
      add('MIS_SQUARED_OFF', 'product', 'MIS orders are not accepted after the intraday square-off. Use NRML.');
    }
  }
  return out;
}
