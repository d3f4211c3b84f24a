// How the simulated market builds each index. The reference lists NIFTY 50 and NIFTY BANK constituents but no
// weights, and no constituents for SENSEX, NIFTY NEXT 50 or NIFTY MIDCAP SELECT; the weights and lists below are
// approximate late-2025 figures, used only to make index values move like cap-weighted baskets of the simulated
// stocks. Every index level is scaled to an approximate level at the model's reference date; indices without a
// basket among the F&O stocks (media, PSU groups, MNCs) follow their own factor path.
import type { Sector } from '@fnodesk/domain';
import { FNO_STOCKS, INDICES, NIFTY_50_CONSTITUENTS, NIFTY_BANK_CONSTITUENTS } from '@fnodesk/domain';

/** One stock of an index basket with its weight (any positive scale; baskets are normalised). */
export interface BasketMember {
  symbol: string;
  weight: number;
}

/** How one index is simulated. */
export interface IndexModel {
  /** Permanent underlying id (domain's index id). */
  id: number;
  /** Index level at the model's reference date when every factor is at its mean. */
  referenceLevel: number;
  /** Cap-weighted basket of F&O stocks, or null for an index with its own factor path. */
  basket: readonly BasketMember[] | null;
  /** Sensitivity to the market factor of an index with its own path. */
  marketBeta: number;
  /** Implied volatility relative to NIFTY's at the same India VIX (for index options). */
  volatilityScale: number;
}

/** Approximate NIFTY 50 weights in per cent (late 2025). */
export const NIFTY_50_WEIGHTS: Readonly<Record<string, number>> = {
  HDFCBANK: 13.0,
  RELIANCE: 8.6,
  ICICIBANK: 8.4,
  INFY: 4.9,
  BHARTIARTL: 4.7,
  LT: 3.9,
  ITC: 3.4,
  SBIN: 3.2,
  AXISBANK: 3.0,
  TCS: 2.9,
  KOTAKBANK: 2.7,
  'M&M': 2.6,
  BAJFINANCE: 2.3,
  HINDUNILVR: 1.9,
  ETERNAL: 1.9,
  MARUTI: 1.8,
  SUNPHARMA: 1.6,
  HCLTECH: 1.5,
  NTPC: 1.4,
  TITAN: 1.3,
  BEL: 1.3,
  ULTRACEMCO: 1.2,
  TATASTEEL: 1.2,
  POWERGRID: 1.1,
  TMPV: 1.0,
  ADANIPORTS: 1.0,
  BAJAJFINSV: 1.0,
  HINDALCO: 1.0,
  INDIGO: 1.0,
  ASIANPAINT: 0.9,
  JIOFIN: 0.9,
  GRASIM: 0.9,
  JSWSTEEL: 0.9,
  'BAJAJ-AUTO': 0.9,
  TRENT: 0.8,
  ONGC: 0.8,
  SHRIRAMFIN: 0.8,
  TECHM: 0.8,
  EICHERMOT: 0.8,
  COALINDIA: 0.7,
  CIPLA: 0.7,
  NESTLEIND: 0.7,
  SBILIFE: 0.7,
  HDFCLIFE: 0.7,
  DRREDDY: 0.6,
  APOLLOHOSP: 0.6,
  MAXHEALTH: 0.6,
  WIPRO: 0.6,
  ADANIENT: 0.6,
  TATACONSUM: 0.5,
};

/** Approximate NIFTY BANK weights in per cent (from 31-Dec-2025, 14 names). */
export const NIFTY_BANK_WEIGHTS: Readonly<Record<string, number>> = {
  HDFCBANK: 19.0,
  ICICIBANK: 14.0,
  SBIN: 10.0,
  KOTAKBANK: 9.0,
  AXISBANK: 9.0,
  INDUSINDBK: 4.5,
  BANKBARODA: 4.5,
  PNB: 4.5,
  CANBK: 4.5,
  FEDERALBNK: 4.3,
  IDFCFIRSTB: 4.2,
  AUBANK: 4.0,
  UNIONBANK: 4.0,
  YESBANK: 4.5,
};

/** Approximate SENSEX constituents (BSE's 30 largest names; not in the reference). */
export const SENSEX_CONSTITUENTS: readonly string[] = [
  'HDFCBANK',
  'RELIANCE',
  'ICICIBANK',
  'INFY',
  'BHARTIARTL',
  'LT',
  'ITC',
  'SBIN',
  'AXISBANK',
  'TCS',
  'KOTAKBANK',
  'M&M',
  'BAJFINANCE',
  'HINDUNILVR',
  'ETERNAL',
  'MARUTI',
  'SUNPHARMA',
  'HCLTECH',
  'NTPC',
  'TITAN',
  'BEL',
  'ULTRACEMCO',
  'TATASTEEL',
  'POWERGRID',
  'TMPV',
  'ADANIPORTS',
  'BAJAJFINSV',
  'ASIANPAINT',
  'TRENT',
  'TECHM',
];

/** Approximate NIFTY NEXT 50 constituents among the F&O stocks (not in the reference). */
export const NIFTY_NEXT_50_CONSTITUENTS: readonly string[] = [
  'ABB',
  'ADANIENSOL',
  'ADANIGREEN',
  'ADANIPOWER',
  'AMBUJACEM',
  'BAJAJHLDNG',
  'BANKBARODA',
  'BOSCHLTD',
  'BPCL',
  'BRITANNIA',
  'CANBK',
  'CGPOWER',
  'CHOLAFIN',
  'DIVISLAB',
  'DLF',
  'DMART',
  'GAIL',
  'GODREJCP',
  'HAL',
  'HAVELLS',
  'HEROMOTOCO',
  'HINDZINC',
  'HYUNDAI',
  'ICICIGI',
  'ICICIPRULI',
  'INDHOTEL',
  'INDUSINDBK',
  'IOC',
  'IRFC',
  'JINDALSTEL',
  'JSWENERGY',
  'LICI',
  'LODHA',
  'LTM',
  'MOTHERSON',
  'NAUKRI',
  'PFC',
  'PIDILITIND',
  'PNB',
  'RECLTD',
  'SHREECEM',
  'SIEMENS',
  'SOLARINDS',
  'SWIGGY',
  'TATAPOWER',
  'TORNTPHARM',
  'TVSMOTOR',
  'UNITDSPR',
  'VBL',
  'VEDL',
];

/** Approximate NIFTY MIDCAP SELECT constituents (25; not in the reference). */
export const NIFTY_MIDCAP_SELECT_CONSTITUENTS: readonly string[] = [
  'AUBANK',
  'ASHOKLEY',
  'AUROPHARMA',
  'BHARATFORG',
  'BSE',
  'COFORGE',
  'CONCOR',
  'CUMMINSIND',
  'DIXON',
  'FEDERALBNK',
  'GODREJPROP',
  'HDFCAMC',
  'HINDPETRO',
  'IDFCFIRSTB',
  'INDUSTOWER',
  'JUBLFOOD',
  'LUPIN',
  'MARICO',
  'MPHASIS',
  'PERSISTENT',
  'PIIND',
  'POLYCAB',
  'SAIL',
  'VOLTAS',
  'YESBANK',
];

const PSU_BANKS = ['SBIN', 'BANKBARODA', 'PNB', 'CANBK', 'UNIONBANK', 'BANKINDIA', 'INDIANB'];
const PRIVATE_BANKS = [
  'HDFCBANK',
  'ICICIBANK',
  'KOTAKBANK',
  'AXISBANK',
  'INDUSINDBK',
  'FEDERALBNK',
  'IDFCFIRSTB',
  'AUBANK',
  'YESBANK',
  'BANDHANBNK',
  'RBLBANK',
];
const DEFENCE = ['BEL', 'HAL', 'BDL', 'MAZDOCK', 'COCHINSHIP', 'SOLARINDS'];
const CAPITAL_MARKETS = [
  'BSE',
  'CDSL',
  'MCX',
  'ANGELONE',
  'CAMS',
  'KFINTECH',
  'HDFCAMC',
  'NUVAMA',
  '360ONE',
  'MOTILALOFS',
  'NAM-INDIA',
  'IEX',
];

const STOCK_SYMBOLS = new Set(FNO_STOCKS.map((stock) => stock.symbol));
const NEXT_50 = new Set(NIFTY_NEXT_50_CONSTITUENTS);
const MIDCAP_SELECT = new Set(NIFTY_MIDCAP_SELECT_CONSTITUENTS);

/**
 * A free-float market-cap proxy for weighting baskets: the NIFTY 50 weight for its members, smaller fixed weights
 * for NIFTY NEXT 50 and MIDCAP SELECT names, and a small weight for the rest.
 */
export function capWeight(symbol: string): number {
  return NIFTY_50_WEIGHTS[symbol] ?? (NEXT_50.has(symbol) ? 0.6 : MIDCAP_SELECT.has(symbol) ? 0.35 : 0.2);
}

function weighted(symbols: Iterable<string>): BasketMember[] {
  const members: BasketMember[] = [];
  for (const symbol of new Set(symbols)) {
    if (STOCK_SYMBOLS.has(symbol)) members.push({ symbol, weight: capWeight(symbol) });
  }
  return members;
}

function ofSectors(...sectors: Sector[]): BasketMember[] {
  const wanted = new Set<Sector>(sectors);
  return weighted(FNO_STOCKS.filter((stock) => wanted.has(stock.sector)).map((stock) => stock.symbol));
}

const NIFTY_50_BASKET: BasketMember[] = NIFTY_50_CONSTITUENTS.map(({ symbol }) => ({
  symbol,
  weight: NIFTY_50_WEIGHTS[symbol] ?? 0.5,
}));
const BANK_BASKET: BasketMember[] = NIFTY_BANK_CONSTITUENTS.map((symbol) => ({
  symbol,
  weight: NIFTY_BANK_WEIGHTS[symbol] ?? 4,
}));
const FINANCIAL_SERVICES = ofSectors('Financial Services')
  .sort((a, b) => b.weight - a.weight)
  .slice(0, 20);
const HEALTHCARE = ofSectors('Healthcare');
const NIFTY_50_SYMBOLS = new Set(NIFTY_50_CONSTITUENTS.map(({ symbol }) => symbol));

interface IndexSpec {
  level: number;
  basket: BasketMember[] | null;
  beta?: number;
  vol?: number;
}

// Levels are approximate closes of 31-Dec-2025 (the model's reference date), keyed by the index's feed symbol.
const SPECS: Readonly<Record<string, IndexSpec>> = {
  'NIFTY 50': { level: 26_130, basket: NIFTY_50_BASKET },
  'NIFTY BANK': { level: 59_500, basket: BANK_BASKET, vol: 1.12 },
  'NIFTY FIN SERVICE': { level: 26_500, basket: FINANCIAL_SERVICES, vol: 1.1 },
  'NIFTY MID SELECT': { level: 13_000, basket: weighted(NIFTY_MIDCAP_SELECT_CONSTITUENTS), vol: 1.3 },
  'NIFTY NEXT 50': { level: 68_000, basket: weighted(NIFTY_NEXT_50_CONSTITUENTS), vol: 1.25 },
  SENSEX: { level: 85_220, basket: weighted(SENSEX_CONSTITUENTS) },
  BANKEX: { level: 63_000, basket: BANK_BASKET, vol: 1.12 },
  'NIFTY AUTO': { level: 25_500, basket: ofSectors('Automobile & Auto Components') },
  'NIFTY FINSRV25 50': { level: 28_500, basket: FINANCIAL_SERVICES },
  'NIFTY FMCG': { level: 55_000, basket: ofSectors('FMCG') },
  'NIFTY IT': { level: 36_000, basket: ofSectors('Information Technology') },
  'NIFTY MEDIA': { level: 1_700, basket: null, beta: 1.1 },
  'NIFTY METAL': { level: 9_600, basket: ofSectors('Metals & Mining') },
  'NIFTY PHARMA': { level: 22_000, basket: HEALTHCARE },
  'NIFTY PSU BANK': { level: 7_200, basket: weighted(PSU_BANKS) },
  'NIFTY PVT BANK': { level: 27_500, basket: weighted(PRIVATE_BANKS) },
  'NIFTY REALTY': { level: 900, basket: ofSectors('Realty') },
  'NIFTY HEALTHCARE': { level: 14_500, basket: HEALTHCARE },
  'NIFTY CONSR DURBL': { level: 37_000, basket: ofSectors('Consumer Durables') },
  'NIFTY OIL AND GAS': { level: 11_500, basket: ofSectors('Oil Gas & Consumable Fuels') },
  'NIFTY MIDSMALL HEALTHCARE': {
    level: 42_000,
    basket: HEALTHCARE.filter((member) => !NIFTY_50_SYMBOLS.has(member.symbol)),
  },
  'NIFTY COMMODITIES': {
    level: 9_000,
    basket: ofSectors('Metals & Mining', 'Chemicals', 'Construction Materials', 'Oil Gas & Consumable Fuels', 'Power'),
  },
  'NIFTY CONSUMPTION': {
    level: 11_500,
    basket: ofSectors('FMCG', 'Consumer Durables', 'Consumer Services', 'Automobile & Auto Components'),
  },
  'NIFTY CPSE': { level: 6_500, basket: null, beta: 1.2 },
  'NIFTY ENERGY': { level: 35_000, basket: ofSectors('Oil Gas & Consumable Fuels', 'Power') },
  'NIFTY INFRA': {
    level: 9_200,
    basket: ofSectors('Construction', 'Construction Materials', 'Power', 'Telecommunication', 'Services'),
  },
  'NIFTY MNC': { level: 29_000, basket: null, beta: 0.75 },
  'NIFTY PSE': { level: 9_800, basket: null, beta: 1.2 },
  'NIFTY SERV SECTOR': {
    level: 33_000,
    basket: ofSectors(
      'Financial Services',
      'Information Technology',
      'Telecommunication',
      'Services',
      'Consumer Services',
    ),
  },
  'NIFTY INDIA DIGITAL': {
    level: 9_000,
    basket: ofSectors('Information Technology', 'Telecommunication', 'Consumer Services'),
  },
  'NIFTY INDIA MANUFACTURING': {
    level: 14_000,
    basket: ofSectors('Automobile & Auto Components', 'Capital Goods', 'Chemicals', 'Healthcare', 'Metals & Mining'),
  },
  'NIFTY INDIA DEFENCE': { level: 8_000, basket: weighted(DEFENCE) },
  'NIFTY CAPITAL MARKETS': { level: 4_300, basket: weighted(CAPITAL_MARKETS) },
  'NIFTY 100': { level: 25_800, basket: weighted([...NIFTY_50_SYMBOLS, ...NIFTY_NEXT_50_CONSTITUENTS]) },
  'NIFTY 200': { level: 14_000, basket: weighted(STOCK_SYMBOLS) },
  'NIFTY 500': { level: 23_000, basket: weighted(STOCK_SYMBOLS) },
};

/** The model of every index except INDIA VIX (which is the volatility process itself), by index id. */
export const INDEX_MODELS: ReadonlyMap<number, IndexModel> = new Map(
  INDICES.filter((index) => index.category !== 'volatility').map((index) => {
    const spec = SPECS[index.tradingSymbol];
    if (!spec) throw new RangeError(`No simulation model for index ${index.tradingSymbol}`);
    const model: IndexModel = {
      id: index.id,
      referenceLevel: spec.level,
      basket: spec.basket,
      marketBeta: spec.beta ?? 1,
      volatilityScale: spec.vol ?? 1,
    };
    return [index.id, model];
  }),
);

/** Stocks of the search filters (spec §2.10) that are not simply "all F&O stocks". */
export const SEARCH_FILTER_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  nifty: NIFTY_50_CONSTITUENTS.map(({ symbol }) => symbol),
  banknifty: NIFTY_BANK_CONSTITUENTS,
  niftynxt50: NIFTY_NEXT_50_CONSTITUENTS,
  sensex: SENSEX_CONSTITUENTS,
  midcpnifty: NIFTY_MIDCAP_SELECT_CONSTITUENTS,
};
