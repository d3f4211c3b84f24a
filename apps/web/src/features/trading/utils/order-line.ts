// The order window's line in the wire shape of the trading API (contracts' OrderLine).
import type { ModifyOrderRequest, OrderLineInput, TradingExchange } from '@fnodesk/contracts';
import type { OrderWindowDraft, OrderWindowView } from './order-window-state';

/** The line the window sends; null while its lot is not a whole number. */
export function orderLineOf(draft: OrderWindowDraft, view: OrderWindowView): OrderLineInput | null {
  if (view.quantity === null) return null;
  const { line } = view;
  const sliceLot = Number(draft.sliceLotText);
  return {
    exchange: draft.instrument.exchange as TradingExchange,
    tradingSymbol: draft.instrument.tradingSymbol,
    variety: line.variety,
    validity: line.validity,
    product: line.product,
    orderType: line.orderType,
    transactionType: line.transactionType,
    quantity: view.quantity,
    ...(view.fields.price && line.price != null ? { price: line.price } : {}),
    ...(view.fields.trigger && line.triggerPrice != null ? { triggerPrice: line.triggerPrice } : {}),
    ...(line.tag != null ? { tag: line.tag } : {}),
    ...(Number.isInteger(sliceLot) && sliceLot >= 1 ? { sliceLot } : {}),
    ...(line.marketProtection != null ? { marketProtection: line.marketProtection } : {}),
    ...(line.takeProfit != null ? { takeProfit: { price: line.takeProfit.price } } : {}),
    ...(line.stopLoss != null ? { stopLoss: { price: line.stopLoss.price } } : {}),
  };
}

/** The modify request of a line (spec §4.2: the order's new type, quantity, prices and validity). */
export function modifyRequestOf(line: OrderLineInput): ModifyOrderRequest {
  return {
    orderType: line.orderType,
    quantity: line.quantity,
    validity: line.validity ?? 'DAY',
    price: line.price ?? 0,
    triggerPrice: line.triggerPrice ?? 0,
  };
}

/** The price a toast names: the limit price, else the trigger, else the market price the window showed. */
export function toastPriceOf(line: OrderLineInput, ltp: number | null): string {
  const price = line.price ?? line.triggerPrice ?? ltp;
  return price === null || price === undefined ? 'MARKET' : String(price);
}
