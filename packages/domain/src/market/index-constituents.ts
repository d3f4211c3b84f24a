// Constituents of NIFTY 50 (as of 18-Sep-2026, with NSE's industry) and NIFTY BANK (14 names from 31-Dec-2025).
// The reference gives no weights, so none are listed.
import type { Sector } from './fno-stocks';

/** A NIFTY 50 constituent with its NSE industry. */
export interface Nifty50Constituent {
  symbol: string;
  industry: Sector;
}

/** NIFTY 50 (INDIGO and MAXHEALTH replaced HEROMOTOCO and INDUSINDBK on 30-Sep-2025, NSE FAOP69835). */
export const NIFTY_50_CONSTITUENTS: readonly Nifty50Constituent[] = [
  { symbol: 'AXISBANK', industry: 'Financial Services' },
  { symbol: 'BAJFINANCE', industry: 'Financial Services' },
  { symbol: 'BAJAJFINSV', industry: 'Financial Services' },
  { symbol: 'HDFCBANK', industry: 'Financial Services' },
  { symbol: 'HDFCLIFE', industry: 'Financial Services' },
  { symbol: 'ICICIBANK', industry: 'Financial Services' },
  { symbol: 'JIOFIN', industry: 'Financial Services' },
  { symbol: 'KOTAKBANK', industry: 'Financial Services' },
  { symbol: 'SBILIFE', industry: 'Financial Services' },
  { symbol: 'SHRIRAMFIN', industry: 'Financial Services' },
  { symbol: 'SBIN', industry: 'Financial Services' },
  { symbol: 'HCLTECH', industry: 'Information Technology' },
  { symbol: 'INFY', industry: 'Information Technology' },
  { symbol: 'TCS', industry: 'Information Technology' },
  { symbol: 'TECHM', industry: 'Information Technology' },
  { symbol: 'WIPRO', industry: 'Information Technology' },
  { symbol: 'BAJAJ-AUTO', industry: 'Automobile & Auto Components' },
  { symbol: 'EICHERMOT', industry: 'Automobile & Auto Components' },
  { symbol: 'M&M', industry: 'Automobile & Auto Components' },
  { symbol: 'MARUTI', industry: 'Automobile & Auto Components' },
  { symbol: 'TMPV', industry: 'Automobile & Auto Components' },
  { symbol: 'COALINDIA', industry: 'Oil Gas & Consumable Fuels' },
  { symbol: 'ONGC', industry: 'Oil Gas & Consumable Fuels' },
  { symbol: 'RELIANCE', industry: 'Oil Gas & Consumable Fuels' },
  { symbol: 'HINDUNILVR', industry: 'FMCG' },
  { symbol: 'ITC', industry: 'FMCG' },
  { symbol: 'NESTLEIND', industry: 'FMCG' },
  { symbol: 'TATACONSUM', industry: 'FMCG' },
  { symbol: 'APOLLOHOSP', industry: 'Healthcare' },
  { symbol: 'CIPLA', industry: 'Healthcare' },
  { symbol: 'DRREDDY', industry: 'Healthcare' },
  { symbol: 'MAXHEALTH', industry: 'Healthcare' },
  { symbol: 'SUNPHARMA', industry: 'Healthcare' },
  { symbol: 'ADANIENT', industry: 'Metals & Mining' },
  { symbol: 'HINDALCO', industry: 'Metals & Mining' },
  { symbol: 'JSWSTEEL', industry: 'Metals & Mining' },
  { symbol: 'TATASTEEL', industry: 'Metals & Mining' },
  { symbol: 'NTPC', industry: 'Power' },
  { symbol: 'POWERGRID', industry: 'Power' },
  { symbol: 'GRASIM', industry: 'Construction Materials' },
  { symbol: 'ULTRACEMCO', industry: 'Construction Materials' },
  { symbol: 'LT', industry: 'Construction' },
  { symbol: 'ASIANPAINT', industry: 'Consumer Durables' },
  { symbol: 'TITAN', industry: 'Consumer Durables' },
  { symbol: 'ETERNAL', industry: 'Consumer Services' },
  { symbol: 'TRENT', industry: 'Consumer Services' },
  { symbol: 'ADANIPORTS', industry: 'Services' },
  { symbol: 'INDIGO', industry: 'Services' },
  { symbol: 'BEL', industry: 'Capital Goods' },
  { symbol: 'BHARTIARTL', industry: 'Telecommunication' },
];

/** NIFTY BANK from 31-Dec-2025: twelve earlier names plus UNIONBANK and YESBANK (NSE FAOP71586). */
export const NIFTY_BANK_CONSTITUENTS: readonly string[] = [
  'HDFCBANK',
  'ICICIBANK',
  'SBIN',
  'KOTAKBANK',
  'AXISBANK',
  'INDUSINDBK',
  'BANKBARODA',
  'PNB',
  'CANBK',
  'FEDERALBNK',
  'IDFCFIRSTB',
  'AUBANK',
  'UNIONBANK',
  'YESBANK',
];
