// The order window's state (spec §2.7, §4.2, §9): what the user typed, kept as text so a half-typed number stays on
// screen, and everything the window shows computed from it by one pure function.
import type { Instrument, OrderType } from '@fnodesk/contracts';
import type { OpenOrderWindow } from '../../../lib/trading/order-window-context';
import {
  derivativesUnderlying,
  effectiveSliceLots,
  roundPriceUpToTick,
  sliceOrder,
  validateOrderLine,
  type Exchange,
  type OrderInstrument,
  type OrderLine,
  type OrderRuleCode,
  type OrderSlice,
} from '@fnodesk/domain';
import {
  exitLevelFrom,
  positionSizing,
  rewardToRisk,
  targetForMultiple,
  tradeSignal,
  type ExitLevel,
  type ExitUnit,
  type OrderSide,
  type PositionSizing,
  type RiskInputs,
  type TradeSignal,
} from './order-window-math';

/** The spec's numeric order types: 1 Market, 2 Limit, 3 SL, 4 SL-M. */
export type OrderTypeCode = 1 | 2 | 3 | 4;

/** Kite's name of each numeric order type. */
export const ORDER_TYPE_NAMES = { 1: 'MARKET', 2: 'LIMIT', 3: 'SL', 4: 'SL-M' } as const;

/** Kite's order type names. */
export type OrderTypeName = (typeof ORDER_TYPE_NAMES)[OrderTypeCode];

/** Which price fields an order type enables (spec §2.7). */
export function orderTypeFields(code: OrderTypeCode): { price: boolean; trigger: boolean } {
  return { price: code === 2 || code === 3, trigger: code === 3 || code === 4 };
}

/** Options on NSE (since Sep-2021) and every BSE segment refuse SL-M orders (reference trading.md §1.3). */
export function slmAllowed(instrument: Pick<Instrument, 'instrumentType' | 'exchange'>): boolean {
  const isOption = instrument.instrumentType === 'CE' || instrument.instrumentType === 'PE';
  return !isOption && !instrument.exchange.startsWith('B');
}

/** Products: MIS and the long-term one, CNC for NSE cash and NRML otherwise (spec §3). */
export type Product = 'MIS' | 'NRML' | 'CNC';

/** The long-term product of an instrument's exchange (spec §3). */
export function longTermProduct(instrument: Pick<Instrument, 'exchange'>): Product {
  return instrument.exchange === 'NSE' ? 'CNC' : 'NRML';
}

/** Order variety. */
export type Variety = 'regular' | 'amo';
/** Order validity. */
export type Validity = 'DAY' | 'IOC';

/** One exit as typed: its unit and the text in that unit (empty = not set). */
export interface ExitInput {
  unit: ExitUnit;
  text: string;
}

/** What the window holds. */
export interface OrderWindowDraft {
  mode: 'create' | 'modify';
  /** The broker's order id being modified (Modify mode). */
  orderId: string | null;
  instrument: Instrument;
  side: OrderSide;
  orderType: OrderTypeCode;
  variety: Variety;
  validity: Validity;
  product: Product;
  lotText: string;
  sliceLotText: string;
  priceText: string;
  triggerText: string;
  tag: string;
  target: ExitInput;
  stopLoss: ExitInput;
}

/** The spec §9 defaults: BUY, MIS, DAY, regular, lot 1, market order. */
export const ORDER_DEFAULTS = {
  side: 'BUY',
  product: 'MIS',
  validity: 'DAY',
  variety: 'regular',
  lots: 1,
} as const;

/** The slice lot a freeze allows by default (freeze ÷ lot size), or the whole order when no freeze is published. */
export function defaultSliceLots(instrument: Pick<Instrument, 'volumeFreeze' | 'lotSize'>, lots: number): number {
  return effectiveSliceLots(0, instrument.volumeFreeze, instrument.lotSize) ?? Math.max(1, lots);
}

function priceText(value: number | null, tickSize: number): string {
  return value === null || !(value > 0) ? '' : String(roundPriceUpToTick(value, tickSize));
}

/** What a draft is opened with: the resolved instrument and the rest of the request. */
export type OpenDraftRequest = Omit<OpenOrderWindow, 'instrumentToken' | 'instrument'> & { instrument: Instrument };

const CODE_OF: Readonly<Record<OrderType, OrderTypeCode>> = { MARKET: 1, LIMIT: 2, SL: 3, 'SL-M': 4 };

/** A fresh window for an instrument (CREATE), or one holding an existing order (Modify). */
export function openDraft(request: OpenDraftRequest): OrderWindowDraft {
  const { instrument } = request;
  const base: OrderWindowDraft = {
    mode: 'create',
    orderId: null,
    instrument,
    side: request.side ?? ORDER_DEFAULTS.side,
    orderType: 1,
    variety: ORDER_DEFAULTS.variety,
    validity: ORDER_DEFAULTS.validity,
    product: ORDER_DEFAULTS.product,
    lotText: String(ORDER_DEFAULTS.lots),
    sliceLotText: String(defaultSliceLots(instrument, ORDER_DEFAULTS.lots)),
    priceText: '',
    triggerText: '',
    tag: '',
    target: { unit: 'points', text: '' },
    stopLoss: { unit: 'points', text: '' },
  };
  const order = request.order;
  if (order === undefined) return base;
  const lots = Math.max(1, Math.round(order.quantity / instrument.lotSize));
  return {
    ...base,
    mode: 'modify',
    orderId: order.orderId,
    orderType: CODE_OF[order.orderType],
    product: order.product,
    validity: order.validity,
    variety: order.variety,
    lotText: String(lots),
    sliceLotText: String(defaultSliceLots(instrument, lots)),
    priceText: priceText(order.price, instrument.tickSize),
    triggerText: priceText(order.triggerPrice, instrument.tickSize),
  };
}

/** Changes the window accepts. */
export type OrderWindowAction =
  | { type: 'side'; side: OrderSide }
  | { type: 'toggleSide' }
  | { type: 'orderType'; orderType: OrderTypeCode; marketPrice: number | null }
  | { type: 'variety'; variety: Variety }
  | { type: 'validity'; validity: Validity }
  | { type: 'product'; product: Product }
  | { type: 'lot'; text: string }
  | { type: 'quantity'; text: string }
  | { type: 'sliceLot'; text: string }
  | { type: 'price'; text: string }
  | { type: 'trigger'; text: string }
  | { type: 'tag'; text: string }
  | { type: 'exit'; kind: 'target' | 'stopLoss'; unit: ExitUnit; text: string }
  | { type: 'exitUnit'; kind: 'target' | 'stopLoss'; unit: ExitUnit; level: ExitLevel | null }
  | { type: 'multiple'; multiple: number; entry: number; stopLoss: number };

/** Applies one change. */
export function orderWindowReducer(draft: OrderWindowDraft, action: OrderWindowAction): OrderWindowDraft {
  const { instrument } = draft;
  switch (action.type) {
    case 'side':
      return { ...draft, side: action.side };
    case 'toggleSide':
      return { ...draft, side: draft.side === 'BUY' ? 'SELL' : 'BUY' };
    case 'orderType': {
      const fields = orderTypeFields(action.orderType);
      // SL seeds both its price and its trigger from the market price (spec §2.7).
      const seed = action.orderType === 3 ? priceText(action.marketPrice, instrument.tickSize) : null;
      return {
        ...draft,
        orderType: action.orderType,
        priceText: !fields.price
          ? ''
          : (seed ?? (draft.priceText || priceText(action.marketPrice, instrument.tickSize))),
        triggerText: !fields.trigger
          ? ''
          : (seed ?? (draft.triggerText || priceText(action.marketPrice, instrument.tickSize))),
      };
    }
    case 'variety':
      return { ...draft, variety: action.variety };
    case 'validity':
      return { ...draft, validity: action.validity };
    case 'product':
      // Modify mode keeps the order's product (spec §2.7).
      return draft.mode === 'modify' ? draft : { ...draft, product: action.product };
    case 'lot':
      return { ...draft, lotText: action.text };
    case 'quantity': {
      // Quantity is typed in units and kept as lots; a quantity that is not whole lots leaves the lot empty (invalid).
      const units = Number(action.text);
      const wholeLots = /^\d+$/.test(action.text) && units % instrument.lotSize === 0;
      return { ...draft, lotText: wholeLots ? String(units / instrument.lotSize) : '' };
    }
    case 'sliceLot': {
      // Entering 0 resets the slice to the freeze's default (spec §5).
      if (/^0+$/.test(action.text)) {
        return { ...draft, sliceLotText: String(defaultSliceLots(instrument, Number(draft.lotText) || 1)) };
      }
      return { ...draft, sliceLotText: action.text };
    }
    case 'price':
      return { ...draft, priceText: action.text };
    case 'trigger':
      return { ...draft, triggerText: action.text };
    case 'tag':
      return { ...draft, tag: action.text };
    case 'exit':
      return { ...draft, [action.kind]: { unit: action.unit, text: action.text } };
    case 'exitUnit': {
      // Switching units keeps the same level, shown in the new unit.
      const text =
        action.level === null ? '' : String(action.level[action.unit === 'percent' ? 'percent' : action.unit]);
      return { ...draft, [action.kind]: { unit: action.unit, text } };
    }
    case 'multiple': {
      const target = targetForMultiple(draft.side, action.entry, action.stopLoss, action.multiple, instrument.tickSize);
      return { ...draft, target: { unit: 'price', text: String(target) } };
    }
  }
}

/** Live figures the window reads besides what was typed. */
export interface OrderWindowContext {
  /** The instrument's last price from the feed (or its last known price). */
  ltp: number | null;
  /** The account's risk settings and cash, when loaded. */
  risk: RiskInputs | null;
  /** The account's ideal reward-to-risk (risk settings). */
  idealRewardToRisk: number | null;
  /** Now (epoch ms), from the app's clock. */
  now: number;
}

/** Everything the window shows, computed from the draft. */
export interface OrderWindowView {
  lots: number | null;
  quantity: number | null;
  /** The price the order is judged at: the typed price, else the trigger, else the market price. */
  orderPrice: number | null;
  fields: { price: boolean; trigger: boolean };
  target: ExitLevel | null;
  stopLoss: ExitLevel | null;
  rewardToRisk: number | null;
  signal: TradeSignal | null;
  sizing: PositionSizing | null;
  /** The orders the quantity goes out as (slice lot × lot size, then the remainder). */
  slices: readonly OrderSlice[];
  /** The line as it would be sent (exits only in CREATE mode). */
  line: OrderLine;
  /** Rule messages in field order; any one disables Add To Basket, Buy/Sell and Modify. */
  messages: string[];
}

// Timing rules are the server's: the browser's clock is not the market's (a replayed or always-open market).
const SERVER_TIMED_RULES: ReadonlySet<OrderRuleCode> = new Set([
  'MARKET_CLOSED',
  'AMO_WINDOW_CLOSED',
  'MIS_SQUARED_OFF',
]);

/** Market protection sent with MARKET and SL-M orders: automatic (Kite refuses 0 since 1-Apr-2026). */
export const AUTO_MARKET_PROTECTION = -1;

function parsePrice(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : Number.NaN;
}

// Spec §5: prices are rounded up to a multiple of the tick size.
function onTick(value: number | null, tickSize: number): number | null {
  return value !== null && value > 0 ? roundPriceUpToTick(value, tickSize) : value;
}

// A count typed with anything but digits becomes NaN, so the domain's rule reports it in its own words.
function parseCount(text: string): number {
  return /^\d+$/.test(text) ? Number(text) : Number.NaN;
}

function exitOf(draft: OrderWindowDraft, kind: 'target' | 'stopLoss', entry: number | null): ExitLevel | null {
  const input = draft[kind];
  const value = parsePrice(input.text);
  if (value === null || !(value > 0) || entry === null) return null;
  return exitLevelFrom(kind, draft.side, entry, input.unit, value, draft.instrument.tickSize);
}

/** The contract facts the domain's order rules need, from an instrument of the market-data API. */
export function orderInstrumentOf(instrument: Instrument): OrderInstrument {
  const kind =
    instrument.instrumentType === 'CE' || instrument.instrumentType === 'PE' ? instrument.instrumentType : 'FUT';
  let underlyingKind: OrderInstrument['underlyingKind'] = 'stock';
  try {
    underlyingKind = derivativesUnderlying(instrument.name).kind;
  } catch {
    // An underlying missing from the reference data is treated as a stock (the stricter rules).
  }
  return {
    contract: { root: instrument.name, kind, expiry: instrument.expiry ?? '', strike: instrument.strike },
    underlyingKind,
    lotSize: instrument.lotSize,
    tickSize: instrument.tickSize,
    freezeQuantity: instrument.volumeFreeze,
  };
}

/** Computes what the window shows. */
export function viewOf(draft: OrderWindowDraft, context: OrderWindowContext): OrderWindowView {
  const { instrument } = draft;
  const fields = orderTypeFields(draft.orderType);
  const lotsTyped = parseCount(draft.lotText);
  const lots = Number.isInteger(lotsTyped) && lotsTyped >= 1 ? lotsTyped : null;
  const quantity = lots === null ? null : lots * instrument.lotSize;
  const price = fields.price ? onTick(parsePrice(draft.priceText), instrument.tickSize) : null;
  const triggerPrice = fields.trigger ? onTick(parsePrice(draft.triggerText), instrument.tickSize) : null;
  const orderPrice =
    price !== null && price > 0 ? price : triggerPrice !== null && triggerPrice > 0 ? triggerPrice : context.ltp;

  const showExits = draft.mode === 'create';
  const target = showExits ? exitOf(draft, 'target', orderPrice) : null;
  const stopLoss = showExits ? exitOf(draft, 'stopLoss', orderPrice) : null;
  const orderType = ORDER_TYPE_NAMES[draft.orderType];
  const line: OrderLine = {
    exchange: instrument.exchange as Exchange,
    variety: draft.variety,
    validity: draft.validity,
    product: draft.product,
    orderType,
    transactionType: draft.side,
    quantity: quantity ?? lotsTyped,
    sliceLots: parseCount(draft.sliceLotText),
    price,
    triggerPrice,
    tag: draft.tag === '' ? null : draft.tag,
    marketProtection: orderType === 'MARKET' || orderType === 'SL-M' ? AUTO_MARKET_PROTECTION : null,
    takeProfit: target === null ? null : { price: target.price },
    stopLoss: stopLoss === null ? null : { price: stopLoss.price },
  };
  // The rules judge a market order's exits against the live price.
  const violations = validateOrderLine(line, orderInstrumentOf(instrument), { now: context.now, ltp: context.ltp });
  const messages = violations.filter((v) => !SERVER_TIMED_RULES.has(v.code)).map((v) => v.message);

  const ratio =
    orderPrice !== null && target !== null && stopLoss !== null
      ? rewardToRisk(draft.side, orderPrice, target.price, stopLoss.price)
      : null;
  const sizing =
    context.risk !== null && orderPrice !== null && quantity !== null
      ? positionSizing(context.risk, orderPrice, stopLoss?.price ?? null, quantity, instrument.lotSize)
      : null;
  const sliceTyped = parseCount(draft.sliceLotText);
  const sliceLots = Number.isInteger(sliceTyped) && sliceTyped >= 1 ? sliceTyped : null;
  return {
    lots,
    quantity,
    orderPrice,
    fields,
    target,
    stopLoss,
    rewardToRisk: ratio,
    signal: context.idealRewardToRisk === null ? null : tradeSignal(ratio, context.idealRewardToRisk),
    sizing,
    slices: lots === null || sliceLots === null ? [] : sliceOrder(lots, sliceLots, instrument.lotSize),
    line,
    messages,
  };
}
