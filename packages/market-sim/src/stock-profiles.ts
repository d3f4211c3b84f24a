// What kind of stock each F&O stock is in the simulated market: price level, market beta, own volatility, growth
// and liquidity. Profiles do not depend on the seed, so RELIANCE is the same sort of stock in every simulation;
// the seed only changes its path.
import type { FnoStockReference, Sector } from '@fnodesk/domain';
import { FNO_STOCKS, roundPriceToNearestTick } from '@fnodesk/domain';
import { NIFTY_50_WEIGHTS, NIFTY_NEXT_50_CONSTITUENTS, capWeight } from './index-baskets';
import { hashOf, normalOf, streamKey, STREAM, uniformOf } from './seeded-noise';
import { STOCK_REFERENCE_PRICES } from './stock-reference-prices';

/** A simulated stock's fixed characteristics. */
export interface StockProfile {
  id: number;
  symbol: string;
  sector: Sector;
  /** Position of the sector in {@link SECTORS} (the sector factor it loads on). */
  sectorIndex: number;
  /** Lot size of the April-2026 snapshot. */
  lotSize: number;
  /** Price at the model's reference date (a real close of that day, see stock-reference-prices.ts). */
  referencePrice: number;
  beta: number;
  sectorLoading: number;
  /** Daily standard deviation of the stock's own (idiosyncratic) return. */
  ownVolatility: number;
  /** Long-run growth of the price, as a continuously compounded yearly rate. */
  growth: number;
  /** Typical cash-market turnover per session, in ₹ crore. */
  turnoverCrore: number;
  /** Weight proxy for baskets and liquidity (the NIFTY 50 weight for its members). */
  capWeight: number;
}

/** Every sector of the F&O stock list, in a fixed order (the sector factors). */
export const SECTORS: readonly Sector[] = [...new Set(FNO_STOCKS.map((stock) => stock.sector))].sort();

// Typical betas of Indian sectors to the broad market.
const SECTOR_BETA: Readonly<Partial<Record<Sector, number>>> = {
  'Financial Services': 1.1,
  'Information Technology': 0.8,
  'Metals & Mining': 1.3,
  FMCG: 0.6,
  Healthcare: 0.65,
  Power: 1.15,
  Realty: 1.4,
  'Capital Goods': 1.2,
  'Oil Gas & Consumable Fuels': 0.95,
  'Consumer Durables': 0.9,
  Telecommunication: 0.85,
};

const NEXT_50 = new Set(NIFTY_NEXT_50_CONSTITUENTS);
const PROFILE_KEY = streamKey(0, STREAM.stockProfile);

function profileOf(stock: FnoStockReference): StockProfile {
  const draw = (n: number) => normalOf(hashOf(PROFILE_KEY, stock.id, n));
  const large = stock.symbol in NIFTY_50_WEIGHTS;
  const ownBase = large ? 0.008 : NEXT_50.has(stock.symbol) ? 0.012 : 0.016;
  const weight = capWeight(stock.symbol);
  return {
    id: stock.id,
    symbol: stock.symbol,
    sector: stock.sector,
    sectorIndex: SECTORS.indexOf(stock.sector),
    lotSize: stock.lotSize,
    referencePrice: roundPriceToNearestTick(referencePriceOf(stock.symbol)),
    beta: clamp((SECTOR_BETA[stock.sector] ?? 1) + 0.12 * draw(1), 0.4, 1.7),
    sectorLoading: clamp(1 + 0.2 * draw(2), 0.5, 1.5),
    ownVolatility: ownBase * clamp(1 + 0.18 * draw(3), 0.7, 1.4),
    growth: clamp(0.08 + (large ? 0.018 : 0.035) * draw(4), 0.02, 0.18),
    turnoverCrore:
      (large ? 300 + 250 * weight : 120 + 200 * weight) * (0.6 + 0.8 * uniformOf(hashOf(PROFILE_KEY, stock.id, 5))),
    capWeight: weight,
  };
}

function referencePriceOf(symbol: string): number {
  const price = STOCK_REFERENCE_PRICES[symbol];
  if (price === undefined) throw new RangeError(`No reference price for ${symbol}`);
  return price;
}

function clamp(value: number, low: number, high: number): number {
  return value < low ? low : value > high ? high : value;
}

/** Profiles of every F&O stock, in the order of the F&O stock list. */
export const STOCK_PROFILES: readonly StockProfile[] = FNO_STOCKS.map(profileOf);

const PROFILE_BY_SYMBOL = new Map(STOCK_PROFILES.map((profile) => [profile.symbol, profile]));
const PROFILE_BY_ID = new Map(STOCK_PROFILES.map((profile) => [profile.id, profile]));

/** The profile of an F&O stock, or null for an unknown symbol. */
export function stockProfile(symbol: string): StockProfile | null {
  return PROFILE_BY_SYMBOL.get(symbol) ?? null;
}

/** The profile of an F&O stock by its underlying id, or null. */
export function stockProfileById(id: number): StockProfile | null {
  return PROFILE_BY_ID.get(id) ?? null;
}

// NSE sets stock strike intervals per contract from the underlying's price band and revises them often (the
// reference lists the circulars but not the tables). This ladder of round intervals by price reproduces the usual
// spacing: ₹1 for a ₹40 stock, ₹5 for SBIN near ₹1,000, ₹10 for RELIANCE near ₹1,500, ₹20 for TCS near ₹3,200,
// ₹50 for ₹6,000, ₹100 for ₹15,000, ₹500 above ₹25,000.
const STRIKE_INTERVALS: readonly (readonly [number, number])[] = [
  [25, 0.5],
  [50, 1],
  [100, 1],
  [250, 2.5],
  [500, 5],
  [1_200, 5],
  [2_500, 10],
  [5_000, 20],
  [12_000, 50],
  [25_000, 100],
];

/** Strike interval of a stock's options for an underlying price. */
export function stockStrikeStep(price: number): number {
  for (const [below, step] of STRIKE_INTERVALS) if (price < below) return step;
  return 500;
}
