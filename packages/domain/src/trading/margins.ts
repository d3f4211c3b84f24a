// SPAN-like margins for futures and options (reference trading.md §2.3, our paper-margin model).
//
// Per underlying, on the net book:
// - SPAN: the worst loss over 16 scenarios — price moves of 0, ±⅓, ±⅔ and ±1 price scan range (PSR), each with
//   volatility up and down, plus ±2 PSR at 35 % weight (SPAN's extreme moves) — less the value of long options
//   (already paid for as premium), floored by a short-option minimum on net short options. The PSR is the higher of
//   3σ (one day) and 7 % for indices (NSE's floor since 2018), 3.5σ and 10 % for stocks; a book holding futures
//   is scanned over two days (PSR × √2), as futures margins are.
// - Exposure (ELM): a share of the notional of every future and short option (indices 2 %, stocks the higher of
//   5 % and 1.5σ), +2 % on short index options on their expiry day (NSE, from 20-Nov-2024).
// - Premium: long options pay their premium up front; no credit is given for premium a short would receive.
// Magnitudes this reproduces (NIFTY lot 65 near 25,000): a short ATM option ≈ ₹1.3–1.5 L a lot, a future ≈ 12 % of
// notional, a 4-leg iron condor far below its legs' sum.
import type { EpochMs } from '../market/ist-time';
import { clockTimeMinutes, istDateOf } from '../market/ist-time';
import { sessionTimesInForce } from '../market/market-calendar';
import { findDerivativesUnderlying } from '../market/underlyings';
import { black76Price } from '../options/black-76';
import { optionExpiryEpochMs, yearFractionToExpiry } from '../options/expiry-time';
import { roundPaise } from './charges';
import type { TradedContract, TransactionType } from './trading-types';
import { sideSign } from './trading-types';

/** The underlying's price (spot or near future) and at-the-money implied volatility (a fraction, 0.14 = 14 %). */
export interface UnderlyingMarket {
  price: number;
  volatility: number;
}

/** Tunable margin parameters (fractions). */
export interface MarginParameters {
  indexPsrFloor: number;
  stockPsrFloor: number;
  indexPsrSigmas: number;
  stockPsrSigmas: number;
  /** Futures are scanned over this many days (PSR × √days). */
  futuresHorizonDays: number;
  /** Volatility scan: absolute floor and share of the volatility, whichever is larger. */
  volatilityScanFloor: number;
  volatilityScanShare: number;
  /** Weight of the two ±2 PSR scenarios. */
  extremeMoveWeight: number;
  indexExposure: number;
  stockExposureFloor: number;
  stockExposureSigmas: number;
  /** Additional exposure on short index options on their expiry day. */
  expiryDayShortOptionExposure: number;
  /** Short-option minimum: a share of the underlying's notional per net short option unit. */
  shortOptionMinimum: number;
  riskFreeRate: number;
  /** Volatility assumed when the market gives none for an underlying. */
  fallbackVolatility: number;
}

/** Defaults of the paper-margin model. */
export const DEFAULT_MARGIN_PARAMETERS: MarginParameters = {
  indexPsrFloor: 0.07,
  stockPsrFloor: 0.1,
  indexPsrSigmas: 3,
  stockPsrSigmas: 3.5,
  futuresHorizonDays: 2,
  volatilityScanFloor: 0.04,
  volatilityScanShare: 0.25,
  extremeMoveWeight: 0.35,
  indexExposure: 0.02,
  stockExposureFloor: 0.05,
  stockExposureSigmas: 1.5,
  expiryDayShortOptionExposure: 0.02,
  shortOptionMinimum: 0.03,
  riskFreeRate: 0.065,
  fallbackVolatility: 0.15,
};

/** The market a margin is computed against. */
export interface MarginMarket {
  /** Instant of the computation (time to expiry, expiry-day rules). */
  asOf: EpochMs;
  /** By derivatives root. A root without an entry uses the leg's own price (futures) or strike (options). */
  underlyings: Readonly<Record<string, UnderlyingMarket>>;
  parameters?: Partial<MarginParameters>;
}

/** One order or position line. */
export interface MarginLeg {
  contract: TradedContract;
  side: TransactionType;
  /** Units (lots × lot size). */
  quantity: number;
  /** Order price, or LTP for MARKET orders and positions: the option premium for options. */
  price: number;
}

/** Margin figures in rupees, rounded to the paisa. */
export interface MarginFigures {
  span: number;
  exposure: number;
  /** Premium paid for long options. */
  optionPremium: number;
  total: number;
}

/** A basket's margins as Kite's basket endpoint reports them. */
export interface BasketMargin {
  /** The legs' margins added up as if each stood alone. */
  initial: MarginFigures;
  /** The basket margined as one book (with open positions when asked): hedges offset each other. */
  final: MarginFigures;
  /** Each leg alone. */
  orders: MarginFigures[];
}

/** Options of `basketMargin`. */
export interface BasketMarginOptions {
  /** Net the basket against open positions: `final` is then the book's margin after the basket less before it. */
  considerPositions?: boolean;
  positions?: readonly MarginLeg[];
}

/** The margin one order needs on its own: SPAN + exposure for futures and short options, premium for long options. */
export function orderMargin(leg: MarginLeg, market: MarginMarket): MarginFigures {
  return present(portfolioMarginRaw([leg], market));
}

/** The margin of a book of legs margined together (hedge benefit across legs of the same underlying). */
export function portfolioMargin(legs: readonly MarginLeg[], market: MarginMarket): MarginFigures {
  return present(portfolioMarginRaw(legs, market));
}

/** Basket margins: initial (legs alone, added), final (margined together, optionally with positions) and per order. */
export function basketMargin(
  legs: readonly MarginLeg[],
  market: MarginMarket,
  options: BasketMarginOptions = {},
): BasketMargin {
  const orders = legs.map((leg) => portfolioMarginRaw([leg], market));
  const initial = orders.reduce(addRaw, ZERO);
  let final = portfolioMarginRaw(legs, market);
  const positions = options.considerPositions ? (options.positions ?? []) : [];
  if (positions.length > 0) {
    const before = portfolioMarginRaw(positions, market);
    const after = portfolioMarginRaw([...positions, ...legs], market);
    // Premium of positions was paid when they were opened; only the basket's own premium is new.
    const premium = final.optionPremium;
    final = {
      span: after.span - before.span,
      exposure: after.exposure - before.exposure,
      optionPremium: premium,
      total: Math.max(0, after.span + after.exposure - before.span - before.exposure) + premium,
    };
  }
  return { initial: present(initial), final: present(final), orders: orders.map(present) };
}

interface RawMargin {
  span: number;
  exposure: number;
  optionPremium: number;
  total: number;
}

const ZERO: RawMargin = { span: 0, exposure: 0, optionPremium: 0, total: 0 };

function addRaw(a: RawMargin, b: RawMargin): RawMargin {
  return {
    span: a.span + b.span,
    exposure: a.exposure + b.exposure,
    optionPremium: a.optionPremium + b.optionPremium,
    total: a.total + b.total,
  };
}

function portfolioMarginRaw(legs: readonly MarginLeg[], market: MarginMarket): RawMargin {
  const p = { ...DEFAULT_MARGIN_PARAMETERS, ...market.parameters };
  const byRoot = new Map<string, MarginLeg[]>();
  for (const leg of legs) {
    assertLeg(leg);
    const list = byRoot.get(leg.contract.root) ?? [];
    list.push(leg);
    byRoot.set(leg.contract.root, list);
  }
  let sum = ZERO;
  for (const [root, rootLegs] of byRoot) sum = addRaw(sum, underlyingMargin(root, rootLegs, market, p));
  return sum;
}

// One prepared leg: signed units, value today under the model, and how to value it in a scenario.
interface PreparedLeg {
  signedUnits: number;
  kind: TradedContract['kind'];
  strike: number;
  years: number;
  value: number;
}

function underlyingMargin(
  root: string,
  legs: readonly MarginLeg[],
  market: MarginMarket,
  p: MarginParameters,
): RawMargin {
  const isIndex = findDerivativesUnderlying(root)?.kind === 'index';
  const given = market.underlyings[root];
  const first = legs[0];
  if (!first) return ZERO;
  const price = given?.price ?? (first.contract.kind === 'FUT' ? first.price : (first.contract.strike ?? first.price));
  const volatility = given?.volatility ?? p.fallbackVolatility;
  const dailySigma = volatility / Math.sqrt(365);
  const hasFutures = legs.some((leg) => leg.contract.kind === 'FUT');
  const psr =
    (isIndex
      ? Math.max(p.indexPsrFloor, p.indexPsrSigmas * dailySigma)
      : Math.max(p.stockPsrFloor, p.stockPsrSigmas * dailySigma)) *
    price *
    (hasFutures ? Math.sqrt(p.futuresHorizonDays) : 1);
  const volScan = Math.max(p.volatilityScanFloor, p.volatilityScanShare * volatility);
  const exposureRate = isIndex ? p.indexExposure : Math.max(p.stockExposureFloor, p.stockExposureSigmas * dailySigma);
  const today = istDateOf(market.asOf);

  const prepared: PreparedLeg[] = [];
  let exposure = 0;
  let optionPremium = 0;
  let longOptionValue = 0;
  let netShortOptionUnits = 0;
  for (const leg of legs) {
    const signedUnits = sideSign(leg.side) * leg.quantity;
    const { kind, strike, expiry } = leg.contract;
    if (kind === 'FUT') {
      prepared.push({ signedUnits, kind, strike: 0, years: 0, value: price });
      exposure += leg.quantity * price * exposureRate;
      continue;
    }
    if (strike === null) throw new RangeError(`An option leg needs a strike: ${root} ${expiry}`);
    const close = clockTimeMinutes(sessionTimesInForce(expiry, 'NFO').normal.close);
    const years = yearFractionToExpiry(market.asOf, optionExpiryEpochMs(expiry, close));
    const value = black76Price(kind, price, strike, years, p.riskFreeRate, volatility);
    prepared.push({ signedUnits, kind, strike, years, value });
    netShortOptionUnits -= signedUnits;
    if (leg.side === 'BUY') {
      optionPremium += leg.quantity * leg.price;
      longOptionValue += leg.quantity * value;
    } else {
      exposure += leg.quantity * price * exposureRate;
      if (isIndex && expiry === today) exposure += leg.quantity * price * p.expiryDayShortOptionExposure;
    }
  }

  let worstLoss = 0;
  const moves = [0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1, -1];
  for (const move of moves) {
    for (const volMove of [volScan, -volScan]) {
      worstLoss = Math.max(worstLoss, scenarioLoss(prepared, price, price + move * psr, volatility + volMove, p));
    }
  }
  for (const move of [2, -2]) {
    const loss = scenarioLoss(prepared, price, price + move * psr, volatility, p) * p.extremeMoveWeight;
    worstLoss = Math.max(worstLoss, loss);
  }
  const shortOptionMinimum = Math.max(0, netShortOptionUnits) * price * p.shortOptionMinimum;
  const span = Math.max(worstLoss - longOptionValue, shortOptionMinimum, 0);
  return { span, exposure, optionPremium, total: span + exposure + optionPremium };
}

// The book's loss (positive) when the underlying moves from `price` to `moved` and volatility becomes `vol`.
function scenarioLoss(
  legs: readonly PreparedLeg[],
  price: number,
  moved: number,
  vol: number,
  p: MarginParameters,
): number {
  const forward = Math.max(moved, price * 1e-6);
  const volatility = Math.max(vol, 0.01);
  let pnl = 0;
  for (const leg of legs) {
    const after =
      leg.kind === 'FUT' ? forward : black76Price(leg.kind, forward, leg.strike, leg.years, p.riskFreeRate, volatility);
    pnl += leg.signedUnits * (after - leg.value);
  }
  return -pnl;
}

function assertLeg(leg: MarginLeg): void {
  if (!Number.isInteger(leg.quantity) || leg.quantity <= 0) throw new RangeError(`Not a quantity: ${leg.quantity}`);
  if (!(leg.price >= 0) || !Number.isFinite(leg.price)) throw new RangeError(`Not a price: ${leg.price}`);
}

function present(raw: RawMargin): MarginFigures {
  return {
    span: roundPaise(raw.span),
    exposure: roundPaise(raw.exposure),
    optionPremium: roundPaise(raw.optionPremium),
    total: roundPaise(raw.total),
  };
}
