// The order window's input rules (spec §5). Any message disables Add To Basket, Buy/Sell and Modify.
import type { OrderSide } from './order-window-math';

/** Spec §5, exact texts (typos and spacing included); `{price}` is the order price. */
export const ORDER_RULE_MESSAGES = {
  targetAboveForBuy: 'Target price should be greater than {price} price.',
  targetBelowForSell: 'Target price should be less than {price} price.',
  stopBelowForBuy: 'StopLoss price should be less than {price} price.',
  stopAboveForSell: 'StopLoss price should be greater than {price} price.',
} as const;

/** Messages for inputs §5 rules without giving a text; worded here. */
export const INPUT_RULE_MESSAGES = {
  lotDigits: 'Lot must be a whole number of at least 1.',
  sliceDigits: 'Slice lot must be a whole number of at least 1.',
  sliceAboveFreeze: 'Slice lot can be at most {max}.',
  tagTooLong: 'Tag can be at most 20 characters.',
  priceMissing: 'Price must be at least 1.',
  triggerMissing: 'Trigger price must be at least 1.',
} as const;

/** Longest tag an order may carry (spec §5). */
export const MAX_TAG_LENGTH = 20;

function withPrice(template: string, price: number): string {
  return template.replace('{price}', price.toFixed(2));
}

/** The §5 message for a target on the wrong side of the order price, or null when it is fine or not set. */
export function targetRuleMessage(side: OrderSide, orderPrice: number, target: number | null): string | null {
  if (target === null) return null;
  if (side === 'BUY' && !(target > orderPrice)) return withPrice(ORDER_RULE_MESSAGES.targetAboveForBuy, orderPrice);
  if (side === 'SELL' && !(target < orderPrice)) return withPrice(ORDER_RULE_MESSAGES.targetBelowForSell, orderPrice);
  return null;
}

/** The §5 message for a stop loss on the wrong side of the order price, or null when it is fine or not set. */
export function stopLossRuleMessage(side: OrderSide, orderPrice: number, stopLoss: number | null): string | null {
  if (stopLoss === null) return null;
  if (side === 'BUY' && !(stopLoss < orderPrice)) return withPrice(ORDER_RULE_MESSAGES.stopBelowForBuy, orderPrice);
  if (side === 'SELL' && !(stopLoss > orderPrice)) return withPrice(ORDER_RULE_MESSAGES.stopAboveForSell, orderPrice);
  return null;
}

/** True when the text is digits only (no sign, no decimal point) and at least 1 (spec §5, lot and slice lot). */
export function isWholeCount(text: string): boolean {
  return /^\d+$/.test(text) && Number(text) >= 1;
}

/** The message for a lot field, or null. */
export function lotRuleMessage(text: string): string | null {
  return isWholeCount(text) ? null : INPUT_RULE_MESSAGES.lotDigits;
}

/** The message for a slice-lot field against its freeze maximum, or null. */
export function sliceLotRuleMessage(text: string, maxSlice: number): string | null {
  if (!isWholeCount(text)) return INPUT_RULE_MESSAGES.sliceDigits;
  if (Number(text) > maxSlice) return INPUT_RULE_MESSAGES.sliceAboveFreeze.replace('{max}', String(maxSlice));
  return null;
}

/** The message for a tag longer than 20 characters, or null. */
export function tagRuleMessage(tag: string): string | null {
  return tag.length > MAX_TAG_LENGTH ? INPUT_RULE_MESSAGES.tagTooLong : null;
}
