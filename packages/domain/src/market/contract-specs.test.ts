import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isOnTick,
  lotSizeFor,
  lotsToQuantity,
  maxLotsPerOrder,
  quantityToLots,
  roundPriceToNearestTick,
  roundPriceUpToTick,
  tickSizeFor,
  volumeFreezeQuantity,
} from './contract-specs';
import { FNO_STOCKS } from './fno-stocks';
import { fixedSeed } from './test/fixed-seed';

const SEED = 50_005;

// market-facts §4.1 verbatim: `SYMBOL lot` or `SYMBOL before→after` (the May-2026 downward revisions).
const MARKET_FACTS_LOTS = [
  '360ONE 500 · ABB 125 · ABCAPITAL 3100 · ADANIENSOL 675 · ADANIENT 309 · ADANIGREEN 600 · ADANIPORTS 475 · ADANIPOWER 3550 · ALKEM 125 · AMBER 100 · AMBUJACEM 1050',
  'ANGELONE 2500 · APLAPOLLO 350 · APOLLOHOSP 125 · ASHOKLEY 5000 · ASIANPAINT 250 · ASTRAL 425 · AUBANK 1000 · AUROPHARMA 550 · AXISBANK 625 · BAJAJ-AUTO 75',
  'BAJAJFINSV 250 · BAJAJHLDNG 50 · BAJFINANCE 750 · BANDHANBNK 3600 · BANKBARODA 2925 · BANKINDIA 5200 · BDL 350 · BEL 1425 · BHARATFORG 500 · BHARTIARTL 475',
  'BHEL 2625 · BIOCON 2500 · BLUESTARCO 325 · BOSCHLTD 25 · BPCL 1975 · BRITANNIA 125 · BSE 375 · CAMS 750 · CANBK 6750 · CDSL 475 · CGPOWER 850 · CHOLAFIN 625',
  'CIPLA 375 · COALINDIA 1350 · COCHINSHIP 400 · COFORGE 375 · COLPAL 225 · CONCOR 1250 · CROMPTON 1800 · CUMMINSIND 200 · DABUR 1250 · DALBHARAT 325 · DELHIVERY 2075',
  'DIVISLAB 100 · DIXON 50 · DLF 825 · DMART 150 · DRREDDY 625 · EICHERMOT 100 · ETERNAL 2425 · EXIDEIND 1800 · FEDERALBNK 5000→2500 · FORCEMOT 25 · FORTIS 775',
  'GAIL 3150 · GLENMARK 375 · GMRAIRPORT 6975 · GODFRYPHLP 275 · GODREJCP 500 · GODREJPROP 275 · GRASIM 250 · HAL 150 · HAVELLS 500 · HCLTECH 350 · HDFCAMC 300',
  'HDFCBANK 550 · HDFCLIFE 1100 · HEROMOTOCO 150 · HINDALCO 700 · HINDPETRO 2025 · HINDUNILVR 300 · HINDZINC 1225 · HYUNDAI 275 · ICICIBANK 700 · ICICIGI 325',
  'ICICIPRULI 925 · IDEA 71475 · IDFCFIRSTB 9275 · IEX 3750 · INDHOTEL 1000 · INDIANB 1000 · INDIGO 150 · INDUSINDBK 700 · INDUSTOWER 1700 · INFY 400 · INOXWIND 3575',
  'IOC 4875 · IREDA 3450 · IRFC 4250 · ITC 1600 · JINDALSTEL 625 · JIOFIN 2350 · JSWENERGY 1000 · JSWSTEEL 675 · JUBLFOOD 1250 · KALYANKJIL 1175 · KAYNES 100 · KEI 175',
  'KFINTECH 500 · KOTAKBANK 2000 · KPITTECH 425 · LAURUSLABS 850 · LICHSGFIN 1000 · LICI 700 · LODHA 450 · LT 175 · LTF 2250 · LTM 150 · LUPIN 425 · M&M 200',
  'MANAPPURAM 3000 · MANKIND 225 · MARICO 1200 · MARUTI 50 · MAXHEALTH 525 · MAZDOCK 200 · MCX 625 · MFSL 400 · MOTHERSON 6150 · MOTILALOFS 775 · MPHASIS 275',
  'MUTHOOTFIN 275 · NAM-INDIA 625 · NATIONALUM 3750→1875 · NAUKRI 375 · NBCC 6500 · NESTLEIND 500 · NHPC 6400 · NMDC 6750 · NTPC 1500 · NUVAMA 500 · NYKAA 3125',
  'OBEROIRLTY 350 · OFSS 75 · OIL 1400 · ONGC 2250 · PAGEIND 15 · PATANJALI 900 · PAYTM 725 · PERSISTENT 100 · PETRONET 1900 · PFC 1300 · PGEL 950 · PHOENIXLTD 350',
  'PIDILITIND 500 · PIIND 175 · PNB 8000 · PNBHOUSING 650 · POLICYBZR 350 · POLYCAB 125 · POWERGRID 1900 · POWERINDIA 50→25 · PREMIERENE 575 · PRESTIGE 450',
  'RBLBANK 3175 · RECLTD 1400 · RELIANCE 500 · RVNL 1525 · SAIL 4700 · SAMMAANCAP 4300 · SBICARD 800 · SBILIFE 375 · SBIN 750 · SHREECEM 25 · SHRIRAMFIN 825',
  'SIEMENS 175 · SOLARINDS 50 · SONACOMS 1225 · SRF 200 · SUNPHARMA 350 · SUPREMEIND 175 · SUZLON 9025 · SWIGGY 1300 · TATACONSUM 550 · TATAELXSI 100 · TATAPOWER 1450',
  'TATASTEEL 5500→2750 · TCS 175 · TECHM 600 · TIINDIA 200 · TITAN 175 · TMPV 800 · TORNTPHARM 250→125 · TRENT 100 · TVSMOTOR 175 · ULTRACEMCO 50 · UNIONBANK 4425',
  'UNITDSPR 400 · UNOMINDA 550 · UPL 1355 · VBL 1125 · VEDL 1150 · VMM 4850 · VOLTAS 375 · WAAREEENER 175 · WIPRO 3000 · YESBANK 31100 · ZYDUSLIFE 900',
].join(' · ');

describe('lot sizes', () => {
  it('matches every stock lot of market-facts §4.1, before and after the May-2026 revisions', () => {
    const entries = MARKET_FACTS_LOTS.split(' · ').map((entry) => entry.trim());
    expect(entries).toHaveLength(209);
    expect(FNO_STOCKS).toHaveLength(209);
    for (const entry of entries) {
      const [symbol = '', lots = ''] = entry.split(' ');
      const [before, after] = lots.split('→').map(Number);
      expect(lotSizeFor(symbol, '2026-04-28')).toBe(before);
      expect(lotSizeFor(symbol, '2026-05-26')).toBe(after ?? before);
    }
  });

  it('raises the July-2026 lots the reference names', () => {
    const raised: Array<[string, number, number]> = [
      ['HDFCBANK', 550, 650],
      ['HCLTECH', 350, 400],
      ['CIPLA', 375, 425],
      ['BAJAJFINSV', 250, 300],
      ['DLF', 825, 950],
      ['GAIL', 3150, 3550],
      ['IRFC', 4250, 5425],
    ];
    for (const [symbol, before, after] of raised) {
      expect(lotSizeFor(symbol, '2026-06-30')).toBe(before);
      expect(lotSizeFor(symbol, '2026-07-28')).toBe(after);
    }
  });

  it('keys index lots by expiry: the Apr-2025 and Oct-2025 reviews', () => {
    expect(lotSizeFor('NIFTY', '2024-10-31')).toBe(25);
    expect(lotSizeFor('NIFTY', '2025-12-23')).toBe(75);
    expect(lotSizeFor('NIFTY', '2025-12-30')).toBe(75);
    expect(lotSizeFor('NIFTY', '2026-01-06')).toBe(65);
    expect(lotSizeFor('BANKNIFTY', '2025-06-26')).toBe(30);
    expect(lotSizeFor('BANKNIFTY', '2025-07-31')).toBe(35);
    expect(lotSizeFor('BANKNIFTY', '2025-12-30')).toBe(35);
    expect(lotSizeFor('BANKNIFTY', '2026-01-27')).toBe(30);
    expect(lotSizeFor('FINNIFTY', '2025-12-30')).toBe(65);
    expect(lotSizeFor('FINNIFTY', '2026-01-27')).toBe(60);
    expect(lotSizeFor('MIDCPNIFTY', '2025-07-31')).toBe(140);
    expect(lotSizeFor('MIDCPNIFTY', '2026-01-27')).toBe(120);
    expect(lotSizeFor('NIFTYNXT50', '2026-06-30')).toBe(25);
    expect(lotSizeFor('SENSEX', '2026-04-30')).toBe(20);
    expect(lotSizeFor('BANKEX', '2026-04-30')).toBe(30);
    expect(() => lotSizeFor('NIFTY 50', '2026-04-30')).toThrow(RangeError);
  });
});

describe('freeze quantities', () => {
  it('follows the monthly NSE index limits', () => {
    expect(volumeFreezeQuantity('NIFTY', '2026-08-10')).toBe(1800);
    expect(volumeFreezeQuantity('BANKNIFTY', '2025-08-20')).toBe(600);
    expect(volumeFreezeQuantity('BANKNIFTY', '2025-09-15')).toBe(900);
    expect(volumeFreezeQuantity('BANKNIFTY', '2025-11-03')).toBe(600);
    expect(volumeFreezeQuantity('BANKNIFTY', '2026-04-15')).toBe(900);
    expect(volumeFreezeQuantity('BANKNIFTY', '2026-07-01')).toBe(600);
    expect(volumeFreezeQuantity('FINNIFTY', '2025-12-15')).toBe(1200);
    expect(volumeFreezeQuantity('FINNIFTY', '2026-02-10')).toBe(1800);
    expect(volumeFreezeQuantity('FINNIFTY', '2026-03-02')).toBe(1200);
    expect(volumeFreezeQuantity('FINNIFTY', '2026-04-01')).toBe(1800);
    expect(volumeFreezeQuantity('MIDCPNIFTY', '2026-08-10')).toBe(2800);
    expect(volumeFreezeQuantity('NIFTYNXT50', '2026-08-10')).toBe(600);
  });

  it('uses the oldest known limits before Aug-2025 and has none for BSE indices and stocks', () => {
    expect(volumeFreezeQuantity('BANKNIFTY', '2024-01-01')).toBe(600);
    expect(volumeFreezeQuantity('SENSEX', '2026-08-10')).toBeNull();
    expect(volumeFreezeQuantity('RELIANCE', '2026-08-10')).toBeNull();
  });

  it('allows 27 whole NIFTY lots per order (1,800 / 65)', () => {
    expect(maxLotsPerOrder(1800, 65)).toBe(27);
    expect(maxLotsPerOrder(600, 30)).toBe(20);
  });
});

describe('ticks and lots', () => {
  it('has a ₹0.05 tick for index and stock derivatives', () => {
    expect(tickSizeFor('NIFTY')).toBe(0.05);
    expect(tickSizeFor('RELIANCE')).toBe(0.05);
    expect(() => tickSizeFor('NOPE')).toThrow(RangeError);
  });

  it('rounds prices up to the tick', () => {
    expect(roundPriceUpToTick(100.01)).toBe(100.05);
    expect(roundPriceUpToTick(100.05)).toBe(100.05);
    expect(roundPriceUpToTick(100.1)).toBe(100.1);
    expect(roundPriceUpToTick(99.96)).toBe(100);
    expect(roundPriceUpToTick(0.01)).toBe(0.05);
    expect(roundPriceUpToTick(0.3)).toBe(0.3);
    expect(roundPriceUpToTick(101.2, 0.5)).toBe(101.5);
    expect(roundPriceToNearestTick(100.024)).toBe(100);
    expect(roundPriceToNearestTick(100.025)).toBe(100.05);
    expect(isOnTick(24_500.35)).toBe(true);
    expect(isOnTick(24_500.37)).toBe(false);
  });

  it('rounds up to the nearest tick at or above the price (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.constantFrom(0.05, 0.1, 0.5, 1), (paise, tick) => {
        const price = paise / 100;
        const rounded = roundPriceUpToTick(price, tick);
        return isOnTick(rounded, tick) && rounded >= price - 1e-9 && rounded - price < tick - 1e-9;
      }),
      fixedSeed(SEED, 2_000),
    );
  });

  it('turns quantities into whole lots and back', () => {
    expect(quantityToLots(130, 65)).toEqual({ lots: 2, remainder: 0 });
    expect(quantityToLots(100, 65)).toEqual({ lots: 1, remainder: 35 });
    expect(quantityToLots(0, 65)).toEqual({ lots: 0, remainder: 0 });
    expect(lotsToQuantity(3, 65)).toBe(195);
    expect(() => quantityToLots(1.5, 65)).toThrow(RangeError);
    expect(() => quantityToLots(10, 0)).toThrow(RangeError);
    expect(() => lotsToQuantity(-1, 65)).toThrow(RangeError);
  });
});
