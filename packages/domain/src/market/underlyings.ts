// One lookup over indices and F&O stocks: what a derivatives root (NIFTY, BANKNIFTY, RELIANCE, …) trades on, how
// its strikes are spaced and whether it has weekly options.
import type { Exchange, Venue } from './exchanges';
import { derivativesExchangeOf } from './exchanges';
import type { FnoStockReference } from './fno-stocks';
import { FNO_STOCKS } from './fno-stocks';
import type { IndexReference } from './indices';
import { INDICES } from './indices';

/** A root that has futures and options, with what the rest of the platform needs to know about it. */
export interface DerivativesUnderlying {
  root: string;
  kind: 'index' | 'stock';
  /** Permanent id used in instrument tokens. */
  id: number;
  venue: Venue;
  /** Segment of its futures and options (NFO or BFO). */
  exchange: Exchange;
  /** Segment of its spot price (NSE or BSE). */
  spotExchange: Exchange;
  /** Index strike step; null for stocks, whose steps vary by price and are set by the exchange per contract. */
  strikeStep: number | null;
  weeklyOptions: boolean;
}

const INDEX_BY_ROOT = new Map<string, IndexReference>();
const INDEX_BY_NAME = new Map<string, IndexReference>();
for (const index of INDICES) {
  if (index.derivatives) INDEX_BY_ROOT.set(index.derivatives.root, index);
  INDEX_BY_NAME.set(index.displayName, index);
  INDEX_BY_NAME.set(index.tradingSymbol, index);
}
const STOCK_BY_SYMBOL = new Map<string, FnoStockReference>(FNO_STOCKS.map((stock) => [stock.symbol, stock]));
const BY_ID = new Map<number, IndexReference | FnoStockReference>([
  ...INDICES.map((index) => [index.id, index] as const),
  ...FNO_STOCKS.map((stock) => [stock.id, stock] as const),
]);

const UNDERLYINGS = new Map<string, DerivativesUnderlying>();
for (const index of INDICES) {
  const d = index.derivatives;
  if (!d) continue;
  UNDERLYINGS.set(d.root, {
    root: d.root,
    kind: 'index',
    id: index.id,
    venue: index.exchange,
    exchange: d.exchange,
    spotExchange: index.exchange,
    strikeStep: d.strikeStep,
    weeklyOptions: d.weeklyOptions,
  });
}
for (const stock of FNO_STOCKS) {
  UNDERLYINGS.set(stock.symbol, {
    root: stock.symbol,
    kind: 'stock',
    id: stock.id,
    venue: 'NSE',
    exchange: derivativesExchangeOf('NSE'),
    spotExchange: 'NSE',
    strikeStep: null,
    weeklyOptions: false,
  });
}

/** The derivatives underlying with this root (index root or stock symbol), or null if unknown. */
export function findDerivativesUnderlying(root: string): DerivativesUnderlying | null {
  return UNDERLYINGS.get(root) ?? null;
}

/** The derivatives underlying with this root; throws a RangeError if unknown. */
export function derivativesUnderlying(root: string): DerivativesUnderlying {
  const underlying = UNDERLYINGS.get(root);
  if (!underlying) throw new RangeError(`Unknown derivatives underlying: ${root}`);
  return underlying;
}

/** Every derivatives root: the indices with derivatives, then the F&O stocks. */
export function derivativesRoots(): readonly string[] {
  return [...UNDERLYINGS.keys()];
}

/** The index whose derivatives use this root (e.g. BANKNIFTY → NIFTY BANK), or null. */
export function findIndexByRoot(root: string): IndexReference | null {
  return INDEX_BY_ROOT.get(root) ?? null;
}

/** The index with this display name or feed trading symbol (e.g. 'NIFTY FINANCIAL SERVICES' or 'NIFTY FIN SERVICE'). */
export function findIndexByName(name: string): IndexReference | null {
  return INDEX_BY_NAME.get(name) ?? null;
}

/** The F&O stock with this NSE symbol, or null. */
export function findFnoStock(symbol: string): FnoStockReference | null {
  return STOCK_BY_SYMBOL.get(symbol) ?? null;
}

/** The permanent underlying id of an index root, index name or stock symbol; throws a RangeError if unknown. */
export function underlyingIdOf(rootOrName: string): number {
  const id = UNDERLYINGS.get(rootOrName)?.id ?? INDEX_BY_NAME.get(rootOrName)?.id;
  if (id === undefined) throw new RangeError(`Unknown underlying: ${rootOrName}`);
  return id;
}

/** The index or stock with a permanent underlying id, or null. */
export function underlyingById(id: number): IndexReference | FnoStockReference | null {
  return BY_ID.get(id) ?? null;
}
