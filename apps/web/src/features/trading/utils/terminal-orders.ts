// The orders the QuikTrade terminal sends (trading.md §5.1, §5.3): one click on a chain, a straddle or strangle pair,
// and the one-click position adjustments. Pure: prices come in, order lines go out.
import type { OrderLineInput, PositionView, TradingExchange, TradingMode } from '@fnodesk/contracts';
import type { OrderSequence, ResolvedTradeDefaults } from './terminal-settings';

/** A contract the terminal can trade, with its last price. */
export interface TerminalContract {
  exchange: TradingExchange;
  tradingSymbol: string;
  lotSize: number;
  tickSize: number;
  ltp: number | null;
}

/** Buy or sell. */
export type Side = 'BUY' | 'SELL';

const roundToTick = (price: number, tick: number) => Math.round(price / tick) * tick;
const twoDecimals = (value: number) => Math.round(value * 100) / 100;

/**
 * The line of one click: the default product, validity and slice; MARKET with automatic protection, or LIMIT priced
 * the buffer through the last price ("LMT (MPT)": a buy above, a sell below); the General Setting's stop and target
 * points around the price (a sell's stop above it). Without a price a LIMIT falls back to MARKET.
 */
export function clickLine(
  contract: TerminalContract,
  side: Side,
  lots: number,
  defaults: ResolvedTradeDefaults,
  mode: TradingMode,
): OrderLineInput {
  const { ltp, tickSize } = contract;
  const limit = defaults.orderType === 'LIMIT' && ltp !== null && ltp > 0;
  const direction = side === 'BUY' ? 1 : -1;
  const price = limit
    ? twoDecimals(
        Math.max(tickSize, roundToTick(ltp * (1 + (direction * defaults.marketProtectionPercent) / 100), tickSize)),
      )
    : null;
  const reference = price ?? ltp;
  const target =
    reference !== null && defaults.targetPoints !== null
      ? twoDecimals(reference + direction * defaults.targetPoints)
      : null;
  const stop =
    reference !== null && defaults.stopLossPoints !== null
      ? twoDecimals(reference - direction * defaults.stopLossPoints)
      : null;
  return {
    exchange: contract.exchange,
    tradingSymbol: contract.tradingSymbol,
    product: defaults.product,
    validity: defaults.validity,
    orderType: limit ? 'LIMIT' : 'MARKET',
    transactionType: side,
    quantity: lots * contract.lotSize,
    mode,
    ...(price === null ? { marketProtection: -1 } : { price }),
    ...(defaults.sliceLots === null ? {} : { sliceLot: defaults.sliceLots }),
    ...(target !== null && target > 0 ? { takeProfit: { price: target } } : {}),
    ...(stop !== null && stop > 0 ? { stopLoss: { price: stop } } : {}),
  };
}

/** Lines in the configured order: buys first (a hedge before the short, for margin), sells first, or as entered. */
export function sequenceLines<T extends { transactionType: Side }>(lines: readonly T[], sequence: OrderSequence): T[] {
  if (sequence === 'as-entered') return [...lines];
  const first: Side = sequence === 'buys-first' ? 'BUY' : 'SELL';
  return [
    ...lines.filter((line) => line.transactionType === first),
    ...lines.filter((l) => l.transactionType !== first),
  ];
}

/** The strike step of a chain: the smallest gap between listed strikes (NIFTY 50, BANKNIFTY 100, …). */
export function strikeStep(strikes: readonly number[]): number | null {
  const sorted = [...new Set(strikes)].sort((a, b) => a - b);
  let step: number | null = null;
  for (let i = 1; i < sorted.length; i += 1) {
    const gap = (sorted[i] ?? 0) - (sorted[i - 1] ?? 0);
    if (gap > 0 && (step === null || gap < step)) step = gap;
  }
  return step;
}

/** One strangle row: the call `i` steps above ATM and the put `i` steps below. */
export interface StrangleRow<T> {
  offset: number;
  ceStrike: number;
  peStrike: number;
  ce: T;
  pe: T;
}

/**
 * Strangle rows ATM ± i·step for i = 0…count−1 (row 0 is the straddle), with the instrument's real step from its
 * listed strikes; a row whose call or put is not listed is left out.
 */
export function strangleRows<T>(
  strikes: readonly { strike: number; ce: T; pe: T }[],
  atmStrike: number,
  count: number,
): StrangleRow<T>[] {
  const step = strikeStep(strikes.map((row) => row.strike));
  if (step === null) return [];
  const byStrike = new Map(strikes.map((row) => [row.strike, row]));
  const rows: StrangleRow<T>[] = [];
  for (let offset = 0; offset < count; offset += 1) {
    const ceStrike = atmStrike + offset * step;
    const peStrike = atmStrike - offset * step;
    const ce = byStrike.get(ceStrike)?.ce;
    const pe = byStrike.get(peStrike)?.pe;
    if (ce !== undefined && pe !== undefined) rows.push({ offset, ceStrike, peStrike, ce, pe });
  }
  return rows;
}

/** A position's lots (whole lots of its lot size, unsigned). */
export function positionLots(position: Pick<PositionView, 'quantity' | 'lotSize'>): number {
  return Math.abs(position.quantity) / position.lotSize;
}

const sideOf = (position: Pick<PositionView, 'quantity'>): Side => (position.quantity > 0 ? 'BUY' : 'SELL');
const opposite = (side: Side): Side => (side === 'BUY' ? 'SELL' : 'BUY');

function positionLine(position: PositionView, side: Side, quantity: number, mode: TradingMode): OrderLineInput {
  return {
    exchange: position.exchange,
    tradingSymbol: position.tradingSymbol,
    product: position.product,
    orderType: 'MARKET',
    transactionType: side,
    quantity,
    marketProtection: -1,
    mode,
  };
}

/** Add N lots to a position (same side). */
export function addLine(position: PositionView, lots: number, mode: TradingMode): OrderLineInput {
  return positionLine(position, sideOf(position), lots * position.lotSize, mode);
}

/** Exit N lots of a position (never more than it holds). */
export function exitLine(position: PositionView, lots: number, mode: TradingMode): OrderLineInput {
  const quantity = Math.min(lots * position.lotSize, Math.abs(position.quantity));
  return positionLine(position, opposite(sideOf(position)), quantity, mode);
}

/** Reverse a position: one opposite order of twice its size (trading.md §5.1). */
export function reverseLine(position: PositionView, mode: TradingMode): OrderLineInput {
  return positionLine(position, opposite(sideOf(position)), 2 * Math.abs(position.quantity), mode);
}

/** Risk-ON moves a strike into the money (more premium at stake), Risk-OFF out of it. */
export type RiskShift = 'on' | 'off';

/**
 * The strike `steps` strikes into (Risk-ON) or out of (Risk-OFF) the money from `strike` among the listed ones: a
 * call is in the money below its strike, a put above. Null when the chain ends first.
 */
export function shiftedStrike(
  strikes: readonly number[],
  strike: number,
  type: 'CE' | 'PE',
  shift: RiskShift,
  steps: number,
): number | null {
  const sorted = [...new Set(strikes)].sort((a, b) => a - b);
  const index = sorted.indexOf(strike);
  if (index < 0) return null;
  const towardLower = (type === 'CE') === (shift === 'on');
  return sorted[index + (towardLower ? -steps : steps)] ?? null;
}

/**
 * The two legs that move N lots of a position to another strike of the same expiry and type, same side: exit here,
 * enter there — as one request with the hedge (BUY) leg first, so a short is bought back (or a long bought) before
 * the sell.
 */
export function shiftLines(
  position: PositionView,
  target: Pick<TerminalContract, 'exchange' | 'tradingSymbol'>,
  lots: number,
  mode: TradingMode,
): OrderLineInput[] {
  const quantity = Math.min(lots * position.lotSize, Math.abs(position.quantity));
  const exit = positionLine(position, opposite(sideOf(position)), quantity, mode);
  const enter = { ...positionLine(position, sideOf(position), quantity, mode), ...target };
  return sequenceLines([exit, enter], 'buys-first');
}

/** Which options an Exit CE / Exit PE / Exit All closes, by the option type at the end of the trading symbol. */
export function positionsToExit(positions: readonly PositionView[], which: 'CE' | 'PE' | 'all'): PositionView[] {
  return positions.filter(
    (position) => position.quantity !== 0 && (which === 'all' || position.tradingSymbol.endsWith(which)),
  );
}
