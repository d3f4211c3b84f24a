// How liquid each derivatives root is in the simulated market: traded contracts, open interest, how many strikes
// are listed and how tight the quotes are. Index figures follow market-facts §8 (NIFTY near-month futures OI about
// 16 M units ≈ 2.4 lakh lots; near-ATM weekly NIFTY strikes near expiry 7–9 M units ≈ 1 lakh lots; one-tick
// spreads on near-ATM NIFTY options) and NSE's 2024–26 volumes (NIFTY near-month futures 23–44k contracts a day;
// the busiest weekly strike 3–6 million contracts on expiry-week days); the other indices and the stocks are
// scaled from their turnover.
import type { Venue } from '@fnodesk/domain';
import { derivativesUnderlying, findIndexByRoot } from '@fnodesk/domain';
import { INDEX_MODELS } from './index-baskets';
import { stockProfile } from './stock-profiles';

/** Liquidity and listing figures of one derivatives root. */
export interface DerivativesProfile {
  root: string;
  /** Underlying id (the price series the contracts follow). */
  seriesId: number;
  venue: Venue;
  kind: 'index' | 'stock';
  /** Contracts traded per session in the near-month future. */
  futureVolume: number;
  /** Open interest of the near-month future, in contracts. */
  futureOpenInterest: number;
  /** Contracts traded per session at the ATM strike of the nearest expiry (each of CE and PE). */
  optionVolume: number;
  /** Open interest, in contracts, at the busiest strike of the nearest expiry in its final days. */
  optionOpenInterest: number;
  /** Strikes listed on each side of the price range seen since the expiry was listed. */
  strikesPerSide: number;
  /**
   * For the widest index ladders: how far below the lowest and above the highest price since listing strikes run,
   * as fractions of the price (null: `strikesPerSide` strikes).
   */
  strikeSpan: { below: number; above: number } | null;
  /** Strike interval and strikes each side of ATM of long-dated (quarterly, half-yearly) options. */
  longDatedStrikes: { step: number; perSide: number } | null;
  /** Implied volatility relative to the index's India VIX reading (indices). */
  volatilityScale: number;
  /** Put-skew slope of the volatility surface per standard deviation of moneyness. */
  skew: number;
  /** Quoted spread of the most liquid options, in ticks. */
  optionSpreadTicks: number;
  /** Quoted spread of the near-month future, in ticks. */
  futureSpreadTicks: number;
}

interface IndexLiquidity {
  strikeSpan?: { below: number; above: number };
  longDatedStrikes?: { step: number; perSide: number };
  futureVolume: number;
  futureOpenInterest: number;
  optionVolume: number;
  optionOpenInterest: number;
  strikesPerSide: number;
  optionSpreadTicks: number;
  futureSpreadTicks: number;
}

const INDEX_LIQUIDITY: Readonly<Record<string, IndexLiquidity>> = {
  NIFTY: {
    // NSE lists NIFTY weeklies from about 22 % below to 20 % above the price; long-dated strikes every 1,500
    // points, five each side of ATM (NSE FAOP71819).
    strikeSpan: { below: 0.22, above: 0.2 },
    longDatedStrikes: { step: 1_500, perSide: 5 },
    futureVolume: 33_000,
    futureOpenInterest: 240_000,
    optionVolume: 1_300_000,
    optionOpenInterest: 130_000,
    strikesPerSide: 50,
    optionSpreadTicks: 1,
    futureSpreadTicks: 2,
  },
  BANKNIFTY: {
    longDatedStrikes: { step: 1_000, perSide: 5 },
    futureVolume: 20_000,
    futureOpenInterest: 80_000,
    optionVolume: 150_000,
    optionOpenInterest: 30_000,
    strikesPerSide: 40,
    optionSpreadTicks: 2,
    futureSpreadTicks: 4,
  },
  FINNIFTY: {
    futureVolume: 5_000,
    futureOpenInterest: 10_000,
    optionVolume: 20_000,
    optionOpenInterest: 5_000,
    strikesPerSide: 40,
    optionSpreadTicks: 3,
    futureSpreadTicks: 6,
  },
  MIDCPNIFTY: {
    futureVolume: 8_000,
    futureOpenInterest: 20_000,
    optionVolume: 30_000,
    optionOpenInterest: 10_000,
    strikesPerSide: 40,
    optionSpreadTicks: 2,
    futureSpreadTicks: 4,
  },
  NIFTYNXT50: {
    futureVolume: 1_000,
    futureOpenInterest: 2_000,
    optionVolume: 2_000,
    optionOpenInterest: 500,
    strikesPerSide: 30,
    optionSpreadTicks: 10,
    futureSpreadTicks: 20,
  },
  SENSEX: {
    strikeSpan: { below: 0.15, above: 0.15 },
    futureVolume: 2_000,
    futureOpenInterest: 10_000,
    optionVolume: 800_000,
    optionOpenInterest: 35_000,
    strikesPerSide: 50,
    optionSpreadTicks: 2,
    futureSpreadTicks: 10,
  },
  BANKEX: {
    futureVolume: 300,
    futureOpenInterest: 2_000,
    optionVolume: 5_000,
    optionOpenInterest: 1_000,
    strikesPerSide: 40,
    optionSpreadTicks: 6,
    futureSpreadTicks: 20,
  },
};

const STOCK_STRIKES_PER_SIDE = 12;
const PROFILES = new Map<string, DerivativesProfile>();

/** Liquidity profile of a derivatives root (index root or stock symbol); throws a RangeError if unknown. */
export function derivativesProfile(root: string): DerivativesProfile {
  const known = PROFILES.get(root);
  if (known) return known;
  const underlying = derivativesUnderlying(root);
  let profile: DerivativesProfile;
  if (underlying.kind === 'index') {
    const liquidity = INDEX_LIQUIDITY[root];
    const index = findIndexByRoot(root);
    if (!liquidity || !index) throw new RangeError(`No liquidity profile for ${root}`);
    profile = {
      root,
      seriesId: underlying.id,
      venue: underlying.venue,
      kind: 'index',
      ...liquidity,
      strikeSpan: liquidity.strikeSpan ?? null,
      longDatedStrikes: liquidity.longDatedStrikes ?? null,
      volatilityScale: INDEX_MODELS.get(index.id)?.volatilityScale ?? 1,
      skew: -0.08,
    };
  } else {
    const stock = stockProfile(root);
    if (!stock) throw new RangeError(`No stock profile for ${root}`);
    // Stock futures turn over about 1.5× the cash market; a contract is worth about ₹6.5 lakh.
    const contractValue = stock.referencePrice * stock.lotSize;
    const futureVolume = Math.max(200, Math.round((stock.turnoverCrore * 1e7 * 1.5) / contractValue));
    profile = {
      root,
      seriesId: underlying.id,
      venue: 'NSE',
      kind: 'stock',
      futureVolume,
      futureOpenInterest: Math.round(futureVolume * 0.8),
      optionVolume: Math.round(futureVolume * 1.2),
      optionOpenInterest: Math.max(100, Math.round(futureVolume * 0.12)),
      strikesPerSide: STOCK_STRIKES_PER_SIDE,
      strikeSpan: null,
      longDatedStrikes: null,
      volatilityScale: 1,
      skew: -0.04,
      optionSpreadTicks: stock.capWeight >= 1 ? 2 : 4,
      futureSpreadTicks: stock.capWeight >= 1 ? 1 : 3,
    };
  }
  PROFILES.set(root, profile);
  return profile;
}
