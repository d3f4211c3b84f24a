// NSE's F&O stocks (209, the April-2026 contract file after HUDCO, PPLPHARMA, TATATECH and TORNTPOWER left on
// 29-Apr-2026) with their lot sizes in that snapshot. Sectors use NSE's macro-sector names: NIFTY 50 members carry
// NSE's own classification; the rest are placed by their main business. Each `id` is permanent: it is part of
// every instrument token of the stock, so a new stock takes the next free id and ids are never reused. Stocks
// added later in 2026 (GVT&D, RADICO, ATHERENERG, MAHABANK, SAGILITY) are absent because the reference gives no
// lot sizes for them.
import type { IsoDate } from './ist-time';

/** NSE industry (macro-sector) of a stock. */
export type Sector =
  | 'Financial Services'
  | 'Information Technology'
  | 'Automobile & Auto Components'
  | 'Oil Gas & Consumable Fuels'
  | 'FMCG'
  | 'Healthcare'
  | 'Metals & Mining'
  | 'Power'
  | 'Construction Materials'
  | 'Construction'
  | 'Consumer Durables'
  | 'Consumer Services'
  | 'Services'
  | 'Capital Goods'
  | 'Telecommunication'
  | 'Realty'
  | 'Chemicals'
  | 'Textiles';

/** An F&O stock with its lot size in the April-2026 snapshot. */
export interface FnoStockReference {
  /** Permanent underlying id used in instrument tokens (101 and up). */
  id: number;
  symbol: string;
  lotSize: number;
  sector: Sector;
}

/** A lot-size change applying to contracts expiring on or after `firstExpiry`. */
export interface StockLotRevision {
  symbol: string;
  firstExpiry: IsoDate;
  lotSize: number;
  source: string;
}

/** A stock the exchange announced it will drop from F&O (no new contracts once its existing ones expire). */
export interface FnoStockExclusion {
  symbol: string;
  announced: IsoDate;
  source: string;
}

/** Every F&O stock, in symbol order. */
export const FNO_STOCKS: readonly FnoStockReference[] = [
  { id: 101, symbol: '360ONE', lotSize: 500, sector: 'Financial Services' },
  { id: 102, symbol: 'ABB', lotSize: 125, sector: 'Capital Goods' },
  { id: 103, symbol: 'ABCAPITAL', lotSize: 3100, sector: 'Financial Services' },
  { id: 104, symbol: 'ADANIENSOL', lotSize: 675, sector: 'Power' },
  { id: 105, symbol: 'ADANIENT', lotSize: 309, sector: 'Metals & Mining' },
  { id: 106, symbol: 'ADANIGREEN', lotSize: 600, sector: 'Power' },
  { id: 107, symbol: 'ADANIPORTS', lotSize: 475, sector: 'Services' },
  { id: 108, symbol: 'ADANIPOWER', lotSize: 3550, sector: 'Power' },
  { id: 109, symbol: 'ALKEM', lotSize: 125, sector: 'Healthcare' },
  { id: 110, symbol: 'AMBER', lotSize: 100, sector: 'Consumer Durables' },
  { id: 111, symbol: 'AMBUJACEM', lotSize: 1050, sector: 'Construction Materials' },
  { id: 112, symbol: 'ANGELONE', lotSize: 2500, sector: 'Financial Services' },
  { id: 113, symbol: 'APLAPOLLO', lotSize: 350, sector: 'Capital Goods' },
  { id: 114, symbol: 'APOLLOHOSP', lotSize: 125, sector: 'Healthcare' },
  { id: 115, symbol: 'ASHOKLEY', lotSize: 5000, sector: 'Capital Goods' },
  { id: 116, symbol: 'ASIANPAINT', lotSize: 250, sector: 'Consumer Durables' },
  { id: 117, symbol: 'ASTRAL', lotSize: 425, sector: 'Capital Goods' },
  { id: 118, symbol: 'AUBANK', lotSize: 1000, sector: 'Financial Services' },
  { id: 119, symbol: 'AUROPHARMA', lotSize: 550, sector: 'Healthcare' },
  { id: 120, symbol: 'AXISBANK', lotSize: 625, sector: 'Financial Services' },
  { id: 121, symbol: 'BAJAJ-AUTO', lotSize: 75, sector: 'Automobile & Auto Components' },
  { id: 122, symbol: 'BAJAJFINSV', lotSize: 250, sector: 'Financial Services' },
  { id: 123, symbol: 'BAJAJHLDNG', lotSize: 50, sector: 'Financial Services' },
  { id: 124, symbol: 'BAJFINANCE', lotSize: 750, sector: 'Financial Services' },
  { id: 125, symbol: 'BANDHANBNK', lotSize: 3600, sector: 'Financial Services' },
  { id: 126, symbol: 'BANKBARODA', lotSize: 2925, sector: 'Financial Services' },
  { id: 127, symbol: 'BANKINDIA', lotSize: 5200, sector: 'Financial Services' },
  { id: 128, symbol: 'BDL', lotSize: 350, sector: 'Capital Goods' },
  { id: 129, symbol: 'BEL', lotSize: 1425, sector: 'Capital Goods' },
  { id: 130, symbol: 'BHARATFORG', lotSize: 500, sector: 'Automobile & Auto Components' },
  { id: 131, symbol: 'BHARTIARTL', lotSize: 475, sector: 'Telecommunication' },
  { id: 132, symbol: 'BHEL', lotSize: 2625, sector: 'Capital Goods' },
  { id: 133, symbol: 'BIOCON', lotSize: 2500, sector: 'Healthcare' },
  { id: 134, symbol: 'BLUESTARCO', lotSize: 325, sector: 'Consumer Durables' },
  { id: 135, symbol: 'BOSCHLTD', lotSize: 25, sector: 'Automobile & Auto Components' },
  { id: 136, symbol: 'BPCL', lotSize: 1975, sector: 'Oil Gas & Consumable Fuels' },
  { id: 137, symbol: 'BRITANNIA', lotSize: 125, sector: 'FMCG' },
  { id: 138, symbol: 'BSE', lotSize: 375, sector: 'Financial Services' },
  { id: 139, symbol: 'CAMS', lotSize: 750, sector: 'Financial Services' },
  { id: 140, symbol: 'CANBK', lotSize: 6750, sector: 'Financial Services' },
  { id: 141, symbol: 'CDSL', lotSize: 475, sector: 'Financial Services' },
  { id: 142, symbol: 'CGPOWER', lotSize: 850, sector: 'Capital Goods' },
  { id: 143, symbol: 'CHOLAFIN', lotSize: 625, sector: 'Financial Services' },
  { id: 144, symbol: 'CIPLA', lotSize: 375, sector: 'Healthcare' },
  { id: 145, symbol: 'COALINDIA', lotSize: 1350, sector: 'Oil Gas & Consumable Fuels' },
  { id: 146, symbol: 'COCHINSHIP', lotSize: 400, sector: 'Capital Goods' },
  { id: 147, symbol: 'COFORGE', lotSize: 375, sector: 'Information Technology' },
  { id: 148, symbol: 'COLPAL', lotSize: 225, sector: 'FMCG' },
  { id: 149, symbol: 'CONCOR', lotSize: 1250, sector: 'Services' },
  { id: 150, symbol: 'CROMPTON', lotSize: 1800, sector: 'Consumer Durables' },
  { id: 151, symbol: 'CUMMINSIND', lotSize: 200, sector: 'Capital Goods' },
  { id: 152, symbol: 'DABUR', lotSize: 1250, sector: 'FMCG' },
  { id: 153, symbol: 'DALBHARAT', lotSize: 325, sector: 'Construction Materials' },
  { id: 154, symbol: 'DELHIVERY', lotSize: 2075, sector: 'Services' },
  { id: 155, symbol: 'DIVISLAB', lotSize: 100, sector: 'Healthcare' },
  { id: 156, symbol: 'DIXON', lotSize: 50, sector: 'Consumer Durables' },
  { id: 157, symbol: 'DLF', lotSize: 825, sector: 'Realty' },
  { id: 158, symbol: 'DMART', lotSize: 150, sector: 'Consumer Services' },
  { id: 159, symbol: 'DRREDDY', lotSize: 625, sector: 'Healthcare' },
  { id: 160, symbol: 'EICHERMOT', lotSize: 100, sector: 'Automobile & Auto Components' },
  { id: 161, symbol: 'ETERNAL', lotSize: 2425, sector: 'Consumer Services' },
  { id: 162, symbol: 'EXIDEIND', lotSize: 1800, sector: 'Automobile & Auto Components' },
  { id: 163, symbol: 'FEDERALBNK', lotSize: 5000, sector: 'Financial Services' },
  { id: 164, symbol: 'FORCEMOT', lotSize: 25, sector: 'Automobile & Auto Components' },
  { id: 165, symbol: 'FORTIS', lotSize: 775, sector: 'Healthcare' },
  { id: 166, symbol: 'GAIL', lotSize: 3150, sector: 'Oil Gas & Consumable Fuels' },
  { id: 167, symbol: 'GLENMARK', lotSize: 375, sector: 'Healthcare' },
  { id: 168, symbol: 'GMRAIRPORT', lotSize: 6975, sector: 'Services' },
  { id: 169, symbol: 'GODFRYPHLP', lotSize: 275, sector: 'FMCG' },
  { id: 170, symbol: 'GODREJCP', lotSize: 500, sector: 'FMCG' },
  { id: 171, symbol: 'GODREJPROP', lotSize: 275, sector: 'Realty' },
  { id: 172, symbol: 'GRASIM', lotSize: 250, sector: 'Construction Materials' },
  { id: 173, symbol: 'HAL', lotSize: 150, sector: 'Capital Goods' },
  { id: 174, symbol: 'HAVELLS', lotSize: 500, sector: 'Consumer Durables' },
  { id: 175, symbol: 'HCLTECH', lotSize: 350, sector: 'Information Technology' },
  { id: 176, symbol: 'HDFCAMC', lotSize: 300, sector: 'Financial Services' },
  { id: 177, symbol: 'HDFCBANK', lotSize: 550, sector: 'Financial Services' },
  { id: 178, symbol: 'HDFCLIFE', lotSize: 1100, sector: 'Financial Services' },
  { id: 179, symbol: 'HEROMOTOCO', lotSize: 150, sector: 'Automobile & Auto Components' },
  { id: 180, symbol: 'HINDALCO', lotSize: 700, sector: 'Metals & Mining' },
  { id: 181, symbol: 'HINDPETRO', lotSize: 2025, sector: 'Oil Gas & Consumable Fuels' },
  { id: 182, symbol: 'HINDUNILVR', lotSize: 300, sector: 'FMCG' },
  { id: 183, symbol: 'HINDZINC', lotSize: 1225, sector: 'Metals & Mining' },
  { id: 184, symbol: 'HYUNDAI', lotSize: 275, sector: 'Automobile & Auto Components' },
  { id: 185, symbol: 'ICICIBANK', lotSize: 700, sector: 'Financial Services' },
  { id: 186, symbol: 'ICICIGI', lotSize: 325, sector: 'Financial Services' },
  { id: 187, symbol: 'ICICIPRULI', lotSize: 925, sector: 'Financial Services' },
  { id: 188, symbol: 'IDEA', lotSize: 71475, sector: 'Telecommunication' },
  { id: 189, symbol: 'IDFCFIRSTB', lotSize: 9275, sector: 'Financial Services' },
  { id: 190, symbol: 'IEX', lotSize: 3750, sector: 'Financial Services' },
  { id: 191, symbol: 'INDHOTEL', lotSize: 1000, sector: 'Consumer Services' },
  { id: 192, symbol: 'INDIANB', lotSize: 1000, sector: 'Financial Services' },
  { id: 193, symbol: 'INDIGO', lotSize: 150, sector: 'Services' },
  { id: 194, symbol: 'INDUSINDBK', lotSize: 700, sector: 'Financial Services' },
  { id: 195, symbol: 'INDUSTOWER', lotSize: 1700, sector: 'Telecommunication' },
  { id: 196, symbol: 'INFY', lotSize: 400, sector: 'Information Technology' },
  { id: 197, symbol: 'INOXWIND', lotSize: 3575, sector: 'Capital Goods' },
  { id: 198, symbol: 'IOC', lotSize: 4875, sector: 'Oil Gas & Consumable Fuels' },
  { id: 199, symbol: 'IREDA', lotSize: 3450, sector: 'Financial Services' },
  { id: 200, symbol: 'IRFC', lotSize: 4250, sector: 'Financial Services' },
  { id: 201, symbol: 'ITC', lotSize: 1600, sector: 'FMCG' },
  { id: 202, symbol: 'JINDALSTEL', lotSize: 625, sector: 'Metals & Mining' },
  { id: 203, symbol: 'JIOFIN', lotSize: 2350, sector: 'Financial Services' },
  { id: 204, symbol: 'JSWENERGY', lotSize: 1000, sector: 'Power' },
  { id: 205, symbol: 'JSWSTEEL', lotSize: 675, sector: 'Metals & Mining' },
  { id: 206, symbol: 'JUBLFOOD', lotSize: 1250, sector: 'Consumer Services' },
  { id: 207, symbol: 'KALYANKJIL', lotSize: 1175, sector: 'Consumer Durables' },
  { id: 208, symbol: 'KAYNES', lotSize: 100, sector: 'Capital Goods' },
  { id: 209, symbol: 'KEI', lotSize: 175, sector: 'Capital Goods' },
  { id: 210, symbol: 'KFINTECH', lotSize: 500, sector: 'Financial Services' },
  { id: 211, symbol: 'KOTAKBANK', lotSize: 2000, sector: 'Financial Services' },
  { id: 212, symbol: 'KPITTECH', lotSize: 425, sector: 'Information Technology' },
  { id: 213, symbol: 'LAURUSLABS', lotSize: 850, sector: 'Healthcare' },
  { id: 214, symbol: 'LICHSGFIN', lotSize: 1000, sector: 'Financial Services' },
  { id: 215, symbol: 'LICI', lotSize: 700, sector: 'Financial Services' },
  { id: 216, symbol: 'LODHA', lotSize: 450, sector: 'Realty' },
  { id: 217, symbol: 'LT', lotSize: 175, sector: 'Construction' },
  { id: 218, symbol: 'LTF', lotSize: 2250, sector: 'Financial Services' },
  { id: 219, symbol: 'LTM', lotSize: 150, sector: 'Information Technology' },
  { id: 220, symbol: 'LUPIN', lotSize: 425, sector: 'Healthcare' },
  { id: 221, symbol: 'M&M', lotSize: 200, sector: 'Automobile & Auto Components' },
  { id: 222, symbol: 'MANAPPURAM', lotSize: 3000, sector: 'Financial Services' },
  { id: 223, symbol: 'MANKIND', lotSize: 225, sector: 'Healthcare' },
  { id: 224, symbol: 'MARICO', lotSize: 1200, sector: 'FMCG' },
  { id: 225, symbol: 'MARUTI', lotSize: 50, sector: 'Automobile & Auto Components' },
  { id: 226, symbol: 'MAXHEALTH', lotSize: 525, sector: 'Healthcare' },
  { id: 227, symbol: 'MAZDOCK', lotSize: 200, sector: 'Capital Goods' },
  { id: 228, symbol: 'MCX', lotSize: 625, sector: 'Financial Services' },
  { id: 229, symbol: 'MFSL', lotSize: 400, sector: 'Financial Services' },
  { id: 230, symbol: 'MOTHERSON', lotSize: 6150, sector: 'Automobile & Auto Components' },
  { id: 231, symbol: 'MOTILALOFS', lotSize: 775, sector: 'Financial Services' },
  { id: 232, symbol: 'MPHASIS', lotSize: 275, sector: 'Information Technology' },
  { id: 233, symbol: 'MUTHOOTFIN', lotSize: 275, sector: 'Financial Services' },
  { id: 234, symbol: 'NAM-INDIA', lotSize: 625, sector: 'Financial Services' },
  { id: 235, symbol: 'NATIONALUM', lotSize: 3750, sector: 'Metals & Mining' },
  { id: 236, symbol: 'NAUKRI', lotSize: 375, sector: 'Consumer Services' },
  { id: 237, symbol: 'NBCC', lotSize: 6500, sector: 'Construction' },
  { id: 238, symbol: 'NESTLEIND', lotSize: 500, sector: 'FMCG' },
  { id: 239, symbol: 'NHPC', lotSize: 6400, sector: 'Power' },
  { id: 240, symbol: 'NMDC', lotSize: 6750, sector: 'Metals & Mining' },
  { id: 241, symbol: 'NTPC', lotSize: 1500, sector: 'Power' },
  { id: 242, symbol: 'NUVAMA', lotSize: 500, sector: 'Financial Services' },
  { id: 243, symbol: 'NYKAA', lotSize: 3125, sector: 'Consumer Services' },
  { id: 244, symbol: 'OBEROIRLTY', lotSize: 350, sector: 'Realty' },
  { id: 245, symbol: 'OFSS', lotSize: 75, sector: 'Information Technology' },
  { id: 246, symbol: 'OIL', lotSize: 1400, sector: 'Oil Gas & Consumable Fuels' },
  { id: 247, symbol: 'ONGC', lotSize: 2250, sector: 'Oil Gas & Consumable Fuels' },
  { id: 248, symbol: 'PAGEIND', lotSize: 15, sector: 'Textiles' },
  { id: 249, symbol: 'PATANJALI', lotSize: 900, sector: 'FMCG' },
  { id: 250, symbol: 'PAYTM', lotSize: 725, sector: 'Financial Services' },
  { id: 251, symbol: 'PERSISTENT', lotSize: 100, sector: 'Information Technology' },
  { id: 252, symbol: 'PETRONET', lotSize: 1900, sector: 'Oil Gas & Consumable Fuels' },
  { id: 253, symbol: 'PFC', lotSize: 1300, sector: 'Financial Services' },
  { id: 254, symbol: 'PGEL', lotSize: 950, sector: 'Consumer Durables' },
  { id: 255, symbol: 'PHOENIXLTD', lotSize: 350, sector: 'Realty' },
  { id: 256, symbol: 'PIDILITIND', lotSize: 500, sector: 'Chemicals' },
  { id: 257, symbol: 'PIIND', lotSize: 175, sector: 'Chemicals' },
  { id: 258, symbol: 'PNB', lotSize: 8000, sector: 'Financial Services' },
  { id: 259, symbol: 'PNBHOUSING', lotSize: 650, sector: 'Financial Services' },
  { id: 260, symbol: 'POLICYBZR', lotSize: 350, sector: 'Financial Services' },
  { id: 261, symbol: 'POLYCAB', lotSize: 125, sector: 'Capital Goods' },
  { id: 262, symbol: 'POWERGRID', lotSize: 1900, sector: 'Power' },
  { id: 263, symbol: 'POWERINDIA', lotSize: 50, sector: 'Capital Goods' },
  { id: 264, symbol: 'PREMIERENE', lotSize: 575, sector: 'Capital Goods' },
  { id: 265, symbol: 'PRESTIGE', lotSize: 450, sector: 'Realty' },
  { id: 266, symbol: 'RBLBANK', lotSize: 3175, sector: 'Financial Services' },
  { id: 267, symbol: 'RECLTD', lotSize: 1400, sector: 'Financial Services' },
  { id: 268, symbol: 'RELIANCE', lotSize: 500, sector: 'Oil Gas & Consumable Fuels' },
  { id: 269, symbol: 'RVNL', lotSize: 1525, sector: 'Construction' },
  { id: 270, symbol: 'SAIL', lotSize: 4700, sector: 'Metals & Mining' },
  { id: 271, symbol: 'SAMMAANCAP', lotSize: 4300, sector: 'Financial Services' },
  { id: 272, symbol: 'SBICARD', lotSize: 800, sector: 'Financial Services' },
  { id: 273, symbol: 'SBILIFE', lotSize: 375, sector: 'Financial Services' },
  { id: 274, symbol: 'SBIN', lotSize: 750, sector: 'Financial Services' },
  { id: 275, symbol: 'SHREECEM', lotSize: 25, sector: 'Construction Materials' },
  { id: 276, symbol: 'SHRIRAMFIN', lotSize: 825, sector: 'Financial Services' },
  { id: 277, symbol: 'SIEMENS', lotSize: 175, sector: 'Capital Goods' },
  { id: 278, symbol: 'SOLARINDS', lotSize: 50, sector: 'Chemicals' },
  { id: 279, symbol: 'SONACOMS', lotSize: 1225, sector: 'Automobile & Auto Components' },
  { id: 280, symbol: 'SRF', lotSize: 200, sector: 'Chemicals' },
  { id: 281, symbol: 'SUNPHARMA', lotSize: 350, sector: 'Healthcare' },
  { id: 282, symbol: 'SUPREMEIND', lotSize: 175, sector: 'Capital Goods' },
  { id: 283, symbol: 'SUZLON', lotSize: 9025, sector: 'Capital Goods' },
  { id: 284, symbol: 'SWIGGY', lotSize: 1300, sector: 'Consumer Services' },
  { id: 285, symbol: 'TATACONSUM', lotSize: 550, sector: 'FMCG' },
  { id: 286, symbol: 'TATAELXSI', lotSize: 100, sector: 'Information Technology' },
  { id: 287, symbol: 'TATAPOWER', lotSize: 1450, sector: 'Power' },
  { id: 288, symbol: 'TATASTEEL', lotSize: 5500, sector: 'Metals & Mining' },
  { id: 289, symbol: 'TCS', lotSize: 175, sector: 'Information Technology' },
  { id: 290, symbol: 'TECHM', lotSize: 600, sector: 'Information Technology' },
  { id: 291, symbol: 'TIINDIA', lotSize: 200, sector: 'Automobile & Auto Components' },
  { id: 292, symbol: 'TITAN', lotSize: 175, sector: 'Consumer Durables' },
  { id: 293, symbol: 'TMPV', lotSize: 800, sector: 'Automobile & Auto Components' },
  { id: 294, symbol: 'TORNTPHARM', lotSize: 250, sector: 'Healthcare' },
  { id: 295, symbol: 'TRENT', lotSize: 100, sector: 'Consumer Services' },
  { id: 296, symbol: 'TVSMOTOR', lotSize: 175, sector: 'Automobile & Auto Components' },
  { id: 297, symbol: 'ULTRACEMCO', lotSize: 50, sector: 'Construction Materials' },
  { id: 298, symbol: 'UNIONBANK', lotSize: 4425, sector: 'Financial Services' },
  { id: 299, symbol: 'UNITDSPR', lotSize: 400, sector: 'FMCG' },
  { id: 300, symbol: 'UNOMINDA', lotSize: 550, sector: 'Automobile & Auto Components' },
  { id: 301, symbol: 'UPL', lotSize: 1355, sector: 'Chemicals' },
  { id: 302, symbol: 'VBL', lotSize: 1125, sector: 'FMCG' },
  { id: 303, symbol: 'VEDL', lotSize: 1150, sector: 'Metals & Mining' },
  { id: 304, symbol: 'VMM', lotSize: 4850, sector: 'Consumer Services' },
  { id: 305, symbol: 'VOLTAS', lotSize: 375, sector: 'Consumer Durables' },
  { id: 306, symbol: 'WAAREEENER', lotSize: 175, sector: 'Capital Goods' },
  { id: 307, symbol: 'WIPRO', lotSize: 3000, sector: 'Information Technology' },
  { id: 308, symbol: 'YESBANK', lotSize: 31100, sector: 'Financial Services' },
  { id: 309, symbol: 'ZYDUSLIFE', lotSize: 900, sector: 'Healthcare' },
];

// The 29-Apr-2026 review (NSE FAOP73549, on the 2–30 March 2026 average close): five lots halved from the May-2026
// expiries, and 43 raised from the July-2026 expiries, of which the reference names seven.
/** Lot-size revisions after the snapshot, by the first expiry they apply to. */
export const STOCK_LOT_REVISIONS: readonly StockLotRevision[] = [
  { symbol: 'FEDERALBNK', firstExpiry: '2026-05-01', lotSize: 2500, source: 'NSE FAOP73549' },
  { symbol: 'NATIONALUM', firstExpiry: '2026-05-01', lotSize: 1875, source: 'NSE FAOP73549' },
  { symbol: 'POWERINDIA', firstExpiry: '2026-05-01', lotSize: 25, source: 'NSE FAOP73549' },
  { symbol: 'TATASTEEL', firstExpiry: '2026-05-01', lotSize: 2750, source: 'NSE FAOP73549' },
  { symbol: 'TORNTPHARM', firstExpiry: '2026-05-01', lotSize: 125, source: 'NSE FAOP73549' },
  { symbol: 'BAJAJFINSV', firstExpiry: '2026-07-01', lotSize: 300, source: 'NSE FAOP73549' },
  { symbol: 'CIPLA', firstExpiry: '2026-07-01', lotSize: 425, source: 'NSE FAOP73549' },
  { symbol: 'DLF', firstExpiry: '2026-07-01', lotSize: 950, source: 'NSE FAOP73549' },
  { symbol: 'GAIL', firstExpiry: '2026-07-01', lotSize: 3550, source: 'NSE FAOP73549' },
  { symbol: 'HCLTECH', firstExpiry: '2026-07-01', lotSize: 400, source: 'NSE FAOP73549' },
  { symbol: 'HDFCBANK', firstExpiry: '2026-07-01', lotSize: 650, source: 'NSE FAOP73549' },
  { symbol: 'IRFC', firstExpiry: '2026-07-01', lotSize: 5425, source: 'NSE FAOP73549' },
];

/** Exclusions from F&O announced after the snapshot (circular dates). */
export const FNO_STOCK_EXCLUSIONS: readonly FnoStockExclusion[] = [
  { symbol: 'SAMMAANCAP', announced: '2026-04-16', source: 'NSE circular 16-Apr-2026' },
  { symbol: 'EXIDEIND', announced: '2026-05-22', source: 'NSE circular 22-May-2026' },
  { symbol: 'NUVAMA', announced: '2026-05-22', source: 'NSE circular 22-May-2026' },
  { symbol: 'DALBHARAT', announced: '2026-06-18', source: 'NSE circular 18-Jun-2026' },
];
