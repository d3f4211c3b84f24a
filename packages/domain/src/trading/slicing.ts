// Order slicing (spec §5): an order larger than the exchange's freeze quantity goes out as several orders of
// slice-lot × lot size each, plus one remainder order.
import { maxLotsPerOrder } from '../market/contract-specs';

/** One child order of a sliced order. */
export interface OrderSlice {
  /** 0-based position in sending order. */
  index: number;
  lots: number;
  /** Units: lots × lot size. */
  quantity: number;
}

/**
 * The slice lot to use: the entered value, or the freeze default (freeze ÷ lot, whole lots) when it is 0 or absent,
 * as the order window resets a 0 entry. Null freeze (not published) means no freeze: the whole order is one slice.
 */
export function effectiveSliceLots(
  entered: number | null | undefined,
  freezeQuantity: number | null,
  lotSize: number,
): number | null {
  if (entered !== undefined && entered !== null && entered !== 0) return entered;
  return freezeQuantity === null ? null : maxLotsPerOrder(freezeQuantity, lotSize);
}

/**
 * Splits an order of `totalLots` into chunks of `sliceLots` lots plus a remainder (e.g. 40 NIFTY lots with slice lot
 * 27 → 27 + 13). A null slice lot sends the order whole.
 */
export function sliceOrder(totalLots: number, sliceLots: number | null, lotSize: number): OrderSlice[] {
  if (!Number.isInteger(totalLots) || totalLots < 1) throw new RangeError(`Not a number of lots: ${totalLots}`);
  if (!Number.isInteger(lotSize) || lotSize < 1) throw new RangeError(`Not a lot size: ${lotSize}`);
  if (sliceLots !== null && (!Number.isInteger(sliceLots) || sliceLots < 1)) {
    throw new RangeError(`Not a slice lot: ${sliceLots}`);
  }
  const chunk = sliceLots ?? totalLots;
  const slices: OrderSlice[] = [];
  for (let done = 0; done < totalLots; done += chunk) {
    const lots = Math.min(chunk, totalLots - done);
    slices.push({ index: slices.length, lots, quantity: lots * lotSize });
  }
  return slices;
}
