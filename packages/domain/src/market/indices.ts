// Indices the platform shows: the seven with derivatives, India VIX, and NSE's sector, thematic and broad indices.
// `tradingSymbol` is the name NSE's and Kite's feeds use (several are shortened, e.g. 'NIFTY FIN SERVICE').
// Each `id` is permanent: it is part of every instrument token of the index and its contracts.
import type { IsoDate } from './ist-time';

/** Kind of index, as NSE groups them. */
export type IndexCategory = 'broad' | 'sectoral' | 'thematic' | 'volatility';

/** A lot size applying to contracts expiring on or after `firstExpiry`. */
export interface LotSizeRevision {
  firstExpiry: IsoDate;
  lotSize: number;
}

/** How an index's futures and options are specified. */
export interface IndexDerivatives {
  /** Root of the trading symbols, e.g. NIFTY in NIFTY26NOVFUT. */
  root: string;
  exchange: 'NFO' | 'BFO';
  strikeStep: number;
  /** True for the one weekly-expiry benchmark each exchange keeps (NIFTY on NSE, SENSEX on BSE). */
  weeklyOptions: boolean;
  /** Lot sizes keyed by expiry, oldest first. */
  lotSizes: readonly LotSizeRevision[];
}

/** An index and, when it has them, its derivatives. */
export interface IndexReference {
  /** Permanent underlying id used in instrument tokens (1–99). */
  id: number;
  displayName: string;
  tradingSymbol: string;
  exchange: 'NSE' | 'BSE';
  category: IndexCategory;
  derivatives: IndexDerivatives | null;
}

// Lot history. SEBI's Nov-2024 rules set contract values of ₹15–20 lakh, applied to contracts listed from
// 20-Nov-2024; keying by expiry approximates that with expiries from that date. The Apr-2025 review applied from
// the 31-Jul-2025 monthly; the Oct-2025 review (NSE FAOP70616) from the first 2026 expiries (the last old-lot
// weekly expired 23-Dec-2025, the last old-lot monthly 30-Dec-2025, the first new-lot weekly 6-Jan-2026).
const SEBI_NOV_2024 = '2024-11-20';
const APR_2025_REVIEW = '2025-07-31';
const OCT_2025_REVIEW = '2026-01-01';
const BEFORE = '2000-01-01';

/** Every index, derivatives first in the instrument-picker order, then the rest by category. */
export const INDICES: readonly IndexReference[] = [
  {
    id: 2,
    displayName: 'NIFTY BANK',
    tradingSymbol: 'NIFTY BANK',
    exchange: 'NSE',
    category: 'sectoral',
    derivatives: {
      root: 'BANKNIFTY',
      exchange: 'NFO',
      strikeStep: 100,
      weeklyOptions: false,
      lotSizes: [
        { firstExpiry: BEFORE, lotSize: 15 },
        { firstExpiry: SEBI_NOV_2024, lotSize: 30 },
        { firstExpiry: APR_2025_REVIEW, lotSize: 35 },
        { firstExpiry: OCT_2025_REVIEW, lotSize: 30 },
      ],
    },
  },
  {
    id: 1,
    displayName: 'NIFTY 50',
    tradingSymbol: 'NIFTY 50',
    exchange: 'NSE',
    category: 'broad',
    derivatives: {
      root: 'NIFTY',
      exchange: 'NFO',
      strikeStep: 50,
      weeklyOptions: true,
      lotSizes: [
        { firstExpiry: BEFORE, lotSize: 25 },
        { firstExpiry: SEBI_NOV_2024, lotSize: 75 },
        { firstExpiry: OCT_2025_REVIEW, lotSize: 65 },
      ],
    },
  },
  {
    id: 3,
    displayName: 'NIFTY FINANCIAL SERVICES',
    tradingSymbol: 'NIFTY FIN SERVICE',
    exchange: 'NSE',
    category: 'sectoral',
    derivatives: {
      root: 'FINNIFTY',
      exchange: 'NFO',
      strikeStep: 50,
      weeklyOptions: false,
      lotSizes: [
        { firstExpiry: BEFORE, lotSize: 25 },
        { firstExpiry: SEBI_NOV_2024, lotSize: 65 },
        { firstExpiry: OCT_2025_REVIEW, lotSize: 60 },
      ],
    },
  },
  {
    id: 4,
    displayName: 'NIFTY MIDCAP SELECT',
    tradingSymbol: 'NIFTY MID SELECT',
    exchange: 'NSE',
    category: 'broad',
    derivatives: {
      root: 'MIDCPNIFTY',
      exchange: 'NFO',
      strikeStep: 25,
      weeklyOptions: false,
      lotSizes: [
        { firstExpiry: BEFORE, lotSize: 50 },
        { firstExpiry: SEBI_NOV_2024, lotSize: 120 },
        { firstExpiry: APR_2025_REVIEW, lotSize: 140 },
        { firstExpiry: OCT_2025_REVIEW, lotSize: 120 },
      ],
    },
  },
  {
    id: 5,
    displayName: 'NIFTY NEXT 50',
    tradingSymbol: 'NIFTY NEXT 50',
    exchange: 'NSE',
    category: 'broad',
    derivatives: {
      root: 'NIFTYNXT50',
      exchange: 'NFO',
      strikeStep: 100,
      weeklyOptions: false,
      lotSizes: [
        { firstExpiry: BEFORE, lotSize: 10 },
        { firstExpiry: SEBI_NOV_2024, lotSize: 25 },
      ],
    },
  },
  {
    id: 6,
    displayName: 'SENSEX',
    tradingSymbol: 'SENSEX',
    exchange: 'BSE',
    category: 'broad',
    derivatives: {
      root: 'SENSEX',
      exchange: 'BFO',
      strikeStep: 100,
      weeklyOptions: true,
      // BSE's 2025–26 reviews are not in the reference; a 30-Apr-2026 bhavcopy row still shows 20.
      lotSizes: [
        { firstExpiry: BEFORE, lotSize: 10 },
        { firstExpiry: SEBI_NOV_2024, lotSize: 20 },
      ],
    },
  },
  {
    id: 7,
    displayName: 'BANKEX',
    tradingSymbol: 'BANKEX',
    exchange: 'BSE',
    category: 'sectoral',
    derivatives: {
      root: 'BANKEX',
      exchange: 'BFO',
      strikeStep: 100,
      weeklyOptions: false,
      lotSizes: [
        { firstExpiry: BEFORE, lotSize: 15 },
        { firstExpiry: SEBI_NOV_2024, lotSize: 30 },
      ],
    },
  },
  { id: 8, displayName: 'INDIA VIX', tradingSymbol: 'INDIA VIX', exchange: 'NSE', ...noDerivatives('volatility') },
  { id: 9, displayName: 'NIFTY AUTO', tradingSymbol: 'NIFTY AUTO', exchange: 'NSE', ...noDerivatives('sectoral') },
  {
    id: 10,
    displayName: 'NIFTY FINANCIAL SERVICES 25/50',
    tradingSymbol: 'NIFTY FINSRV25 50',
    exchange: 'NSE',
    ...noDerivatives('sectoral'),
  },
  { id: 11, displayName: 'NIFTY FMCG', tradingSymbol: 'NIFTY FMCG', exchange: 'NSE', ...noDerivatives('sectoral') },
  { id: 12, displayName: 'NIFTY IT', tradingSymbol: 'NIFTY IT', exchange: 'NSE', ...noDerivatives('sectoral') },
  { id: 13, displayName: 'NIFTY MEDIA', tradingSymbol: 'NIFTY MEDIA', exchange: 'NSE', ...noDerivatives('sectoral') },
  { id: 14, displayName: 'NIFTY METAL', tradingSymbol: 'NIFTY METAL', exchange: 'NSE', ...noDerivatives('sectoral') },
  { id: 15, displayName: 'NIFTY PHARMA', tradingSymbol: 'NIFTY PHARMA', exchange: 'NSE', ...noDerivatives('sectoral') },
  {
    id: 16,
    displayName: 'NIFTY PSU BANK',
    tradingSymbol: 'NIFTY PSU BANK',
    exchange: 'NSE',
    ...noDerivatives('sectoral'),
  },
  {
    id: 17,
    displayName: 'NIFTY PRIVATE BANK',
    tradingSymbol: 'NIFTY PVT BANK',
    exchange: 'NSE',
    ...noDerivatives('sectoral'),
  },
  { id: 18, displayName: 'NIFTY REALTY', tradingSymbol: 'NIFTY REALTY', exchange: 'NSE', ...noDerivatives('sectoral') },
  {
    id: 19,
    displayName: 'NIFTY HEALTHCARE INDEX',
    tradingSymbol: 'NIFTY HEALTHCARE',
    exchange: 'NSE',
    ...noDerivatives('sectoral'),
  },
  {
    id: 20,
    displayName: 'NIFTY CONSUMER DURABLES',
    tradingSymbol: 'NIFTY CONSR DURBL',
    exchange: 'NSE',
    ...noDerivatives('sectoral'),
  },
  {
    id: 21,
    displayName: 'NIFTY OIL & GAS',
    tradingSymbol: 'NIFTY OIL AND GAS',
    exchange: 'NSE',
    ...noDerivatives('sectoral'),
  },
  {
    id: 22,
    displayName: 'NIFTY MIDSMALL HEALTHCARE',
    tradingSymbol: 'NIFTY MIDSMALL HEALTHCARE',
    exchange: 'NSE',
    ...noDerivatives('sectoral'),
  },
  {
    id: 23,
    displayName: 'NIFTY COMMODITIES',
    tradingSymbol: 'NIFTY COMMODITIES',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  {
    id: 24,
    displayName: 'NIFTY INDIA CONSUMPTION',
    tradingSymbol: 'NIFTY CONSUMPTION',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  { id: 25, displayName: 'NIFTY CPSE', tradingSymbol: 'NIFTY CPSE', exchange: 'NSE', ...noDerivatives('thematic') },
  { id: 26, displayName: 'NIFTY ENERGY', tradingSymbol: 'NIFTY ENERGY', exchange: 'NSE', ...noDerivatives('thematic') },
  {
    id: 27,
    displayName: 'NIFTY INFRASTRUCTURE',
    tradingSymbol: 'NIFTY INFRA',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  { id: 28, displayName: 'NIFTY MNC', tradingSymbol: 'NIFTY MNC', exchange: 'NSE', ...noDerivatives('thematic') },
  { id: 29, displayName: 'NIFTY PSE', tradingSymbol: 'NIFTY PSE', exchange: 'NSE', ...noDerivatives('thematic') },
  {
    id: 30,
    displayName: 'NIFTY SERVICES SECTOR',
    tradingSymbol: 'NIFTY SERV SECTOR',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  {
    id: 31,
    displayName: 'NIFTY INDIA DIGITAL',
    tradingSymbol: 'NIFTY INDIA DIGITAL',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  {
    id: 32,
    displayName: 'NIFTY INDIA MANUFACTURING',
    tradingSymbol: 'NIFTY INDIA MANUFACTURING',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  {
    id: 33,
    displayName: 'NIFTY INDIA DEFENCE',
    tradingSymbol: 'NIFTY INDIA DEFENCE',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  {
    id: 34,
    displayName: 'NIFTY CAPITAL MARKETS',
    tradingSymbol: 'NIFTY CAPITAL MARKETS',
    exchange: 'NSE',
    ...noDerivatives('thematic'),
  },
  { id: 35, displayName: 'NIFTY 100', tradingSymbol: 'NIFTY 100', exchange: 'NSE', ...noDerivatives('broad') },
  { id: 36, displayName: 'NIFTY 200', tradingSymbol: 'NIFTY 200', exchange: 'NSE', ...noDerivatives('broad') },
  { id: 37, displayName: 'NIFTY 500', tradingSymbol: 'NIFTY 500', exchange: 'NSE', ...noDerivatives('broad') },
];

function noDerivatives(category: IndexCategory): { category: IndexCategory; derivatives: null } {
  return { category, derivatives: null };
}
