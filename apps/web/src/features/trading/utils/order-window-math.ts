// The order window's arithmetic (spec §2.7, §5): target and stop loss as points, percentage or price, reward-to-risk
// multiples and position size from the account's risk settings. Prices land on the tick with the domain's rounding
// (spec §5: rounded up to a multiple of the tick size); slicing and the §5 rules are the domain's.
import { roundPriceUpToTick } from '@fnodesk/domain';

/** Buy or sell. */
export type OrderSide = 'BUY' | 'SELL';

/** Which exit an amount describes. */
export type ExitKind = 'target' | 'stopLoss';

/** How the user typed an exit: a distance in points, a percentage of the entry, or the price itself. */
export type ExitUnit = 'points' | 'percent' | 'price';

/** One exit in all three units (percentage to 2 decimals, spec §2.7). */
export interface ExitLevel {
  points: number;
  percent: number;
  price: number;
}

/** Reward multiples the window offers (spec §2.7). */
export const REWARD_MULTIPLES = [1, 1.5, 2] as const;

/** One of the offered reward multiples. */
export type RewardMultiple = (typeof REWARD_MULTIPLES)[number];

// A target sits above the entry for a buy and below it for a sell; a stop loss the other way round.
function exitDirection(kind: ExitKind, side: OrderSide): 1 | -1 {
  const up = (kind === 'target') === (side === 'BUY');
  return up ? 1 : -1;
}

/** Rounds to 2 decimals (how percentages are shown). */
export function roundTo2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/**
 * The exit's price, points and percentage from what the user typed in one unit. The price is rounded up to the tick;
 * points and percentage are then taken from that price, so the three always agree.
 */
export function exitLevelFrom(
  kind: ExitKind,
  side: OrderSide,
  entry: number,
  unit: ExitUnit,
  value: number,
  tickSize: number,
): ExitLevel {
  const direction = exitDirection(kind, side);
  let rawPrice: number;
  switch (unit) {
    case 'price':
      rawPrice = value;
      break;
    case 'points':
      rawPrice = entry + direction * value;
      break;
    case 'percent':
      rawPrice = entry + (direction * entry * value) / 100;
      break;
  }
  const price = roundPriceUpToTick(Math.max(rawPrice, 0), tickSize);
  const points = roundTo2(direction * (price - entry));
  const percent = entry > 0 ? roundTo2((points / entry) * 100) : 0;
  return { points, percent, price };
}

/** Reward divided by risk for an entry, target and stop loss; null when there is no risk to divide by. */
export function rewardToRisk(side: OrderSide, entry: number, target: number, stopLoss: number): number | null {
  const reward = exitDirection('target', side) * (target - entry);
  const risk = exitDirection('stopLoss', side) * (stopLoss - entry);
  if (!(risk > 0)) return null;
  return roundTo2(reward / risk);
}

/** The target price that makes the reward `multiple` times the risk to the stop loss (1R, 1.5R, 2R). */
export function targetForMultiple(
  side: OrderSide,
  entry: number,
  stopLoss: number,
  multiple: number,
  tickSize: number,
): number {
  const risk = Math.abs(entry - stopLoss);
  return exitLevelFrom('target', side, entry, 'points', risk * multiple, tickSize).price;
}

/** Take Trade when the reward-to-risk reaches the ideal, No Trade (red) below it (spec §2.7). */
export type TradeSignal = 'Take Trade' | 'No Trade';

/** The trade signal for a reward-to-risk against the account's ideal; null without a reward-to-risk. */
export function tradeSignal(ratio: number | null, idealRewardToRisk: number): TradeSignal | null {
  if (ratio === null) return null;
  return ratio < idealRewardToRisk ? 'No Trade' : 'Take Trade';
}

/** The account figures the risk read-out uses (spec §2.7, §3). */
export interface RiskInputs {
  /** Positions allowed at once (default 1). */
  maxPositions: number;
  /** Positions already open. */
  positionsTaken: number;
  /** Percentage of the capital per trade that may be lost. */
  riskPercentagePerTrade: number;
  /** A fixed amount that may be lost per trade; used instead of the percentage when above 0. */
  riskPerTradeAmount: number;
  /** Cash available to trade (`equity.available.cash`). */
  availableCash: number;
}

/** What the risk settings allow for one order. */
export interface PositionSizing {
  /** Capital for this trade: the available cash shared among the positions still allowed. */
  capitalPerTrade: number;
  /** Rupees this trade may lose at its stop loss. */
  riskAmount: number;
  /** The order's loss at its stop over the allowed loss; above 1 is too large (shown red). */
  positionSize: number | null;
  /** The most whole lots whose loss at the stop stays within the allowed loss. */
  maxLots: number | null;
  /** `maxLots` in units. */
  maxQty: number | null;
}

/**
 * Position size from the risk settings. The capital per trade is the available cash over the positions still
 * allowed (at least one); the allowed loss is the fixed amount when set, else the percentage of that capital; the
 * order's loss is its quantity times the distance from entry to stop loss.
 */
export function positionSizing(
  risk: RiskInputs,
  entry: number,
  stopLoss: number | null,
  quantity: number,
  lotSize: number,
): PositionSizing {
  const positionsLeft = Math.max(1, risk.maxPositions - risk.positionsTaken);
  const capitalPerTrade = roundTo2(Math.max(0, risk.availableCash) / positionsLeft);
  const riskAmount = roundTo2(
    risk.riskPerTradeAmount > 0 ? risk.riskPerTradeAmount : (capitalPerTrade * risk.riskPercentagePerTrade) / 100,
  );
  const perUnitRisk = stopLoss === null ? 0 : Math.abs(entry - stopLoss);
  if (!(perUnitRisk > 0) || !(riskAmount > 0)) {
    return { capitalPerTrade, riskAmount, positionSize: null, maxLots: null, maxQty: null };
  }
  const maxLots = Math.floor(riskAmount / (perUnitRisk * lotSize) + 1e-9);
  return {
    capitalPerTrade,
    riskAmount,
    positionSize: roundTo2((quantity * perUnitRisk) / riskAmount),
    maxLots,
    maxQty: maxLots * lotSize,
  };
}
