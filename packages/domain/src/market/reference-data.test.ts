import { describe, expect, it } from 'vitest';
import { FNO_STOCK_EXCLUSIONS, FNO_STOCKS, STOCK_LOT_REVISIONS } from './fno-stocks';
import { NIFTY_50_CONSTITUENTS, NIFTY_BANK_CONSTITUENTS } from './index-constituents';
import { INDICES } from './indices';
import { compareInstrumentPickerOrder, DEFAULT_PICKER_ROOT, instrumentPickerOrder } from './instrument-picker';
import {
  derivativesRoots,
  derivativesUnderlying,
  findDerivativesUnderlying,
  findFnoStock,
  findIndexByName,
  findIndexByRoot,
  underlyingById,
  underlyingIdOf,
} from './underlyings';

// market-facts §4.4: display name → feed symbol (same when no arrow), plus the F&O indices.
const SECTOR_AND_BROAD_INDICES: ReadonlyArray<[string, string]> = [
  ['NIFTY BANK', 'NIFTY BANK'],
  ['NIFTY AUTO', 'NIFTY AUTO'],
  ['NIFTY FINANCIAL SERVICES', 'NIFTY FIN SERVICE'],
  ['NIFTY FINANCIAL SERVICES 25/50', 'NIFTY FINSRV25 50'],
  ['NIFTY FMCG', 'NIFTY FMCG'],
  ['NIFTY IT', 'NIFTY IT'],
  ['NIFTY MEDIA', 'NIFTY MEDIA'],
  ['NIFTY METAL', 'NIFTY METAL'],
  ['NIFTY PHARMA', 'NIFTY PHARMA'],
  ['NIFTY PSU BANK', 'NIFTY PSU BANK'],
  ['NIFTY PRIVATE BANK', 'NIFTY PVT BANK'],
  ['NIFTY REALTY', 'NIFTY REALTY'],
  ['NIFTY HEALTHCARE INDEX', 'NIFTY HEALTHCARE'],
  ['NIFTY CONSUMER DURABLES', 'NIFTY CONSR DURBL'],
  ['NIFTY OIL & GAS', 'NIFTY OIL AND GAS'],
  ['NIFTY MIDSMALL HEALTHCARE', 'NIFTY MIDSMALL HEALTHCARE'],
  ['NIFTY COMMODITIES', 'NIFTY COMMODITIES'],
  ['NIFTY INDIA CONSUMPTION', 'NIFTY CONSUMPTION'],
  ['NIFTY CPSE', 'NIFTY CPSE'],
  ['NIFTY ENERGY', 'NIFTY ENERGY'],
  ['NIFTY INFRASTRUCTURE', 'NIFTY INFRA'],
  ['NIFTY MNC', 'NIFTY MNC'],
  ['NIFTY PSE', 'NIFTY PSE'],
  ['NIFTY SERVICES SECTOR', 'NIFTY SERV SECTOR'],
  ['NIFTY INDIA DIGITAL', 'NIFTY INDIA DIGITAL'],
  ['NIFTY INDIA MANUFACTURING', 'NIFTY INDIA MANUFACTURING'],
  ['NIFTY INDIA DEFENCE', 'NIFTY INDIA DEFENCE'],
  ['NIFTY CAPITAL MARKETS', 'NIFTY CAPITAL MARKETS'],
  ['NIFTY 50', 'NIFTY 50'],
  ['NIFTY NEXT 50', 'NIFTY NEXT 50'],
  ['NIFTY MIDCAP SELECT', 'NIFTY MID SELECT'],
  ['NIFTY 100', 'NIFTY 100'],
  ['NIFTY 200', 'NIFTY 200'],
  ['NIFTY 500', 'NIFTY 500'],
  ['INDIA VIX', 'INDIA VIX'],
  ['SENSEX', 'SENSEX'],
  ['BANKEX', 'BANKEX'],
];

describe('instrument picker order', () => {
  it('lists the seven indices in fixed order, then every F&O stock A–Z', () => {
    const order = instrumentPickerOrder();
    expect(order.slice(0, 7)).toEqual([
      'BANKNIFTY',
      'NIFTY',
      'FINNIFTY',
      'MIDCPNIFTY',
      'NIFTYNXT50',
      'SENSEX',
      'BANKEX',
    ]);
    expect(order[1]).toBe(DEFAULT_PICKER_ROOT);
    expect(order).toHaveLength(7 + 209);
    const stocks = order.slice(7);
    expect(stocks[0]).toBe('360ONE');
    expect(stocks.at(-1)).toBe('ZYDUSLIFE');
    expect([...stocks].sort()).toEqual(stocks);
    expect(stocks.indexOf('BAJAJ-AUTO')).toBeLessThan(stocks.indexOf('BAJAJFINSV'));
    expect(stocks.indexOf('M&M')).toBeLessThan(stocks.indexOf('MANAPPURAM'));
  });

  it('sorts any mixture of indices and stocks into picker order', () => {
    const mixed = ['TCS', 'SENSEX', 'ABB', 'NIFTY', 'BANKNIFTY', 'ZYDUSLIFE'];
    expect([...mixed].sort(compareInstrumentPickerOrder)).toEqual([
      'BANKNIFTY',
      'NIFTY',
      'SENSEX',
      'ABB',
      'TCS',
      'ZYDUSLIFE',
    ]);
    expect(instrumentPickerOrder(['TCS', 'INFY', 'NIFTY', 'TCS'])).toEqual([
      'BANKNIFTY',
      'NIFTY',
      'FINNIFTY',
      'MIDCPNIFTY',
      'NIFTYNXT50',
      'SENSEX',
      'BANKEX',
      'INFY',
      'TCS',
    ]);
  });
});

describe('indices', () => {
  it.each(SECTOR_AND_BROAD_INDICES)('has %s under its feed symbol %s', (displayName, tradingSymbol) => {
    expect(findIndexByName(displayName)?.tradingSymbol).toBe(tradingSymbol);
    expect(findIndexByName(tradingSymbol)?.displayName).toBe(displayName);
  });

  it('lists each index once', () => {
    expect(INDICES).toHaveLength(SECTOR_AND_BROAD_INDICES.length);
  });

  it('gives the derivatives roots, exchanges and strike steps', () => {
    const specs = INDICES.flatMap((i) =>
      i.derivatives ? [[i.derivatives.root, i.tradingSymbol, i.derivatives.exchange, i.derivatives.strikeStep]] : [],
    );
    expect(specs).toEqual([
      ['BANKNIFTY', 'NIFTY BANK', 'NFO', 100],
      ['NIFTY', 'NIFTY 50', 'NFO', 50],
      ['FINNIFTY', 'NIFTY FIN SERVICE', 'NFO', 50],
      ['MIDCPNIFTY', 'NIFTY MID SELECT', 'NFO', 25],
      ['NIFTYNXT50', 'NIFTY NEXT 50', 'NFO', 100],
      ['SENSEX', 'SENSEX', 'BFO', 100],
      ['BANKEX', 'BANKEX', 'BFO', 100],
    ]);
    expect(findIndexByRoot('BANKNIFTY')?.displayName).toBe('NIFTY BANK');
    expect(findIndexByName('SENSEX')?.exchange).toBe('BSE');
  });
});

describe('F&O stocks and constituents', () => {
  it('keeps stocks in symbol order with unique symbols and permanent ids', () => {
    const symbols = FNO_STOCKS.map((s) => s.symbol);
    expect([...symbols].sort()).toEqual(symbols);
    expect(new Set(symbols).size).toBe(symbols.length);
    const ids = [...INDICES.map((i) => i.id), ...FNO_STOCKS.map((s) => s.id)];
    expect(new Set(ids).size).toBe(ids.length);
    for (const index of INDICES) expect(index.id).toBeLessThan(100);
    for (const stock of FNO_STOCKS) expect(stock.id).toBeGreaterThanOrEqual(101);
    expect(Math.max(...ids)).toBeLessThanOrEqual(899);
  });

  it('refers only to known stocks in revisions and exclusions', () => {
    for (const { symbol } of [...STOCK_LOT_REVISIONS, ...FNO_STOCK_EXCLUSIONS])
      expect(findFnoStock(symbol)).not.toBeNull();
  });

  it('has fifty NIFTY 50 names, all F&O stocks, in the sector NSE gives them', () => {
    expect(NIFTY_50_CONSTITUENTS).toHaveLength(50);
    expect(new Set(NIFTY_50_CONSTITUENTS.map((c) => c.symbol)).size).toBe(50);
    for (const { symbol, industry } of NIFTY_50_CONSTITUENTS) expect(findFnoStock(symbol)?.sector).toBe(industry);
    const symbols = NIFTY_50_CONSTITUENTS.map((c) => c.symbol);
    expect(symbols).toContain('INDIGO');
    expect(symbols).toContain('MAXHEALTH');
    expect(symbols).not.toContain('HEROMOTOCO');
    expect(symbols).not.toContain('INDUSINDBK');
  });

  it('has fourteen NIFTY BANK names, all F&O banks', () => {
    expect(new Set(NIFTY_BANK_CONSTITUENTS).size).toBe(14);
    for (const symbol of NIFTY_BANK_CONSTITUENTS) expect(findFnoStock(symbol)?.sector).toBe('Financial Services');
  });
});

describe('underlying lookup', () => {
  it('finds indices by root or name and stocks by symbol', () => {
    expect(derivativesRoots()).toHaveLength(7 + 209);
    expect(derivativesUnderlying('SENSEX')).toMatchObject({ kind: 'index', exchange: 'BFO', spotExchange: 'BSE' });
    expect(derivativesUnderlying('RELIANCE')).toMatchObject({ kind: 'stock', exchange: 'NFO', strikeStep: null });
    expect(findDerivativesUnderlying('NIFTY 50')).toBeNull();
    expect(underlyingIdOf('NIFTY 50')).toBe(underlyingIdOf('NIFTY'));
    expect(underlyingIdOf('NIFTY AUTO')).toBe(9);
    expect(underlyingById(underlyingIdOf('TCS'))).toMatchObject({ symbol: 'TCS' });
    expect(underlyingById(500)).toBeNull();
    expect(() => underlyingIdOf('NOPE')).toThrow(RangeError);
  });
});
