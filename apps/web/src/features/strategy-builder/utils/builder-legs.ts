// The strategy builder's legs (pages brief G6, Strategy Chart): picked from the chain by click or from a template,
// turned into the payoff legs `domain` prices, and into the saved-strategy document.
import {
  TradingExchangeSchema,
  type DocumentData,
  type Instrument,
  type OptionChain,
  type OrderLineInput,
} from '@fnodesk/contracts';
import { optionExpiryEpochMs, yearFractionToExpiry, type StrategyPayoffLeg } from '@fnodesk/domain';

/** One leg of the strategy being built. */
export interface BuilderLeg {
  id: string;
  /** The contract's instrument token. */
  token: number;
  kind: 'CE' | 'PE' | 'FUT';
  side: 'BUY' | 'SELL';
  /** Null for the future. */
  strike: number | null;
  lots: number;
  lotSize: number;
  /** Entry price: the leg's LTP when added (or as saved). */
  entry: number;
  /** Implied volatility, per cent a year (null for the future or when the chain has none). */
  iv: number | null;
  expiry: string;
}

/** The templates the builder offers. */
export const STRATEGY_TEMPLATES = [
  'Short Straddle',
  'Short Strangle',
  'Iron Condor',
  'Long Call Butterfly',
  'Bull Call Spread',
  'Bear Put Spread',
  'Call Ratio Spread',
] as const;
/** A template's name. */
export type StrategyTemplate = (typeof STRATEGY_TEMPLATES)[number];

type Pick = [kind: 'CE' | 'PE', side: 'BUY' | 'SELL', offset: number, lots?: number];

// Offsets in strikes from ATM.
const TEMPLATE_PICKS: Readonly<Record<StrategyTemplate, readonly Pick[]>> = {
  'Short Straddle': [
    ['CE', 'SELL', 0],
    ['PE', 'SELL', 0],
  ],
  'Short Strangle': [
    ['CE', 'SELL', 2],
    ['PE', 'SELL', -2],
  ],
  'Iron Condor': [
    ['PE', 'BUY', -4],
    ['PE', 'SELL', -2],
    ['CE', 'SELL', 2],
    ['CE', 'BUY', 4],
  ],
  'Long Call Butterfly': [
    ['CE', 'BUY', -2],
    ['CE', 'SELL', 0, 2],
    ['CE', 'BUY', 2],
  ],
  'Bull Call Spread': [
    ['CE', 'BUY', 0],
    ['CE', 'SELL', 2],
  ],
  'Bear Put Spread': [
    ['PE', 'BUY', 0],
    ['PE', 'SELL', -2],
  ],
  'Call Ratio Spread': [
    ['CE', 'BUY', 0],
    ['CE', 'SELL', 2, 2],
  ],
};

let nextId = 0;
const newId = () => `leg-${(nextId += 1)}`;

function lotSizeOf(chain: OptionChain): number {
  return chain.optData[0]?.lotSize ?? 1;
}

/** A leg of an option in the chain at `strike`, at its LTP (null when the chain has no such strike or price). */
export function optionLeg(
  chain: OptionChain,
  strike: number,
  kind: 'CE' | 'PE',
  side: 'BUY' | 'SELL',
  lots = 1,
): BuilderLeg | null {
  const row = chain.rows.find((candidate) => candidate.strike === strike);
  const quote = row?.[kind === 'CE' ? 'ce' : 'pe'];
  if (quote === undefined || quote.ltp === null) return null;
  return {
    id: newId(),
    token: quote.token,
    kind,
    side,
    strike,
    lots,
    lotSize: lotSizeOf(chain),
    entry: quote.ltp,
    iv: quote.iv,
    expiry: chain.expiry,
  };
}

/** A leg of the chain's future at its last price (null without one). */
export function futureLeg(chain: OptionChain, side: 'BUY' | 'SELL'): BuilderLeg | null {
  const price = chain.summary.futures;
  if (price === null) return null;
  return {
    id: newId(),
    token: chain.futToken,
    kind: 'FUT',
    side,
    strike: null,
    lots: 1,
    lotSize: lotSizeOf(chain),
    entry: price,
    iv: null,
    expiry: chain.expiry,
  };
}

/** A template's legs around the chain's ATM; null when the chain does not reach every strike it needs. */
export function templateLegs(chain: OptionChain, template: StrategyTemplate): BuilderLeg[] | null {
  const centre = chain.rows.findIndex((row) => row.strike === chain.atmStrike);
  if (centre < 0) return null;
  const legs: BuilderLeg[] = [];
  for (const [kind, side, offset, lots] of TEMPLATE_PICKS[template]) {
    const row = chain.rows[centre + offset];
    const leg = row === undefined ? null : optionLeg(chain, row.strike, kind, side, lots ?? 1);
    if (leg === null) return null;
    legs.push(leg);
  }
  return legs;
}

/** The legs as `domain` prices them, time to expiry measured from `at` (epoch ms). */
export function payoffLegs(legs: readonly BuilderLeg[], at: number, fallbackIv: number | null): StrategyPayoffLeg[] {
  return legs.map((leg) => ({
    kind: leg.kind,
    side: leg.side,
    quantity: leg.lots * leg.lotSize,
    strike: leg.strike ?? 0,
    entry: leg.entry,
    volatility: (leg.iv ?? fallbackIv ?? 0) / 100,
    years: yearFractionToExpiry(at, optionExpiryEpochMs(leg.expiry)),
  }));
}

/** The strategy as the document store keeps it. */
export function savedStrategy(name: string, underlying: string, legs: readonly BuilderLeg[]): DocumentData<'strategy'> {
  return {
    name,
    underlying,
    legs: legs.map((leg) => ({
      instrumentType: leg.kind,
      strike: leg.strike,
      expiry: leg.expiry,
      side: leg.side,
      lots: leg.lots,
      price: Math.round(leg.entry * 100) / 100,
    })),
  };
}

/** A saved strategy's legs on the chain shown (its strikes priced from it when the saved entry is missing). */
export function legsOfSaved(saved: DocumentData<'strategy'>, chain: OptionChain): BuilderLeg[] {
  return saved.legs.flatMap((leg) => {
    const fresh =
      leg.instrumentType === 'FUT'
        ? futureLeg(chain, leg.side)
        : leg.strike === null
          ? null
          : optionLeg(chain, leg.strike, leg.instrumentType, leg.side, leg.lots);
    if (fresh === null) return [];
    return [{ ...fresh, lots: leg.lots, entry: leg.price ?? fresh.entry, expiry: leg.expiry }];
  });
}

/** A document key from a strategy's name: letters, digits and dashes. */
export function strategyKey(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return slug === '' ? 'strategy' : slug;
}

/**
 * The strategy's legs as basket lines, each a market order of its lots × lot size on the contract's exchange; null
 * until every leg's contract is known (a basket missing a leg would not be the strategy).
 */
export function strategyOrderLines(
  legs: readonly BuilderLeg[],
  instruments: readonly Instrument[],
  name: (leg: BuilderLeg) => string,
): { displayName: string; line: OrderLineInput }[] | null {
  const byToken = new Map(instruments.map((instrument) => [instrument.instrumentToken, instrument]));
  const lines: { displayName: string; line: OrderLineInput }[] = [];
  for (const leg of legs) {
    const instrument = byToken.get(leg.token);
    const exchange = instrument === undefined ? undefined : TradingExchangeSchema.safeParse(instrument.exchange).data;
    if (instrument === undefined || exchange === undefined) return null;
    lines.push({
      displayName: `${leg.side === 'BUY' ? 'Buy' : 'Sell'} ${name(leg)}`,
      line: {
        exchange,
        tradingSymbol: instrument.tradingSymbol,
        orderType: 'MARKET',
        transactionType: leg.side,
        quantity: leg.lots * instrument.lotSize,
        product: 'NRML',
      },
    });
  }
  return lines.length === 0 ? null : lines;
}

/**
 * A strategy's name as a chart symbol: its saved name, or its legs ("NIFTY S 25600 CE 2026-12-01 + S 25600 PE …"),
 * so its drawings stay with the same legs.
 */
export function strategySymbol(underlying: string, name: string, legs: readonly BuilderLeg[]): string {
  if (name.trim() !== '') return `${underlying} ${name.trim()}`;
  const parts = legs.map(
    (leg) =>
      `${leg.side === 'BUY' ? 'B' : 'S'}${leg.lots > 1 ? ` ${leg.lots}×` : ''} ${leg.strike === null ? 'FUT' : `${leg.strike} ${leg.kind}`} ${leg.expiry}`,
  );
  return `${underlying} ${parts.join(' + ')}`;
}
