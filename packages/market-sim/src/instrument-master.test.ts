import {
  DEFAULT_PICKER_ROOT,
  decodeInstrumentToken,
  FNO_STOCKS,
  istInstant,
  NIFTY_50_CONSTITUENTS,
  parseTradingSymbol,
  PICKER_INDEX_ROOTS,
} from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { createMarketSim, SEARCH_FILTERS } from './market-sim';

const NOW = istInstant('2026-11-18', '11:30');
const sim = createMarketSim({ seed: 3, now: NOW });
const master = sim.instruments(NOW);

describe('instrument master', () => {
  it('lists the indices, every F&O stock, three futures months and option ladders', () => {
    const ofType = (type: string) => master.filter((instrument) => instrument.instrumentType === type);
    expect(ofType('INDEX').length).toBe(37);
    expect(ofType('EQ').length).toBe(FNO_STOCKS.length);
    expect(ofType('FUT').length).toBe(3 * (PICKER_INDEX_ROOTS.length + FNO_STOCKS.length));
    expect(ofType('CE').length).toBe(ofType('PE').length);
    expect(ofType('CE').length).toBeGreaterThan(10_000);
    expect(new Set(master.map((instrument) => instrument.instrumentToken)).size).toBe(master.length);
  });

  it('follows the instrument picker order, so the second entry is NIFTY', () => {
    const spots = master.filter(
      (instrument) => instrument.instrumentType === 'INDEX' || instrument.instrumentType === 'EQ',
    );
    expect(spots.slice(0, 7).map((instrument) => instrument.name)).toEqual([...PICKER_INDEX_ROOTS]);
    expect(spots[1]!.name).toBe(DEFAULT_PICKER_ROOT);
    expect(spots[7]!.name).toBe('360ONE');
    const futureRoots = master
      .filter((instrument) => instrument.instrumentType === 'FUT')
      .map((instrument) => instrument.name);
    expect(futureRoots.slice(0, 6)).toEqual(['BANKNIFTY', 'BANKNIFTY', 'BANKNIFTY', 'NIFTY', 'NIFTY', 'NIFTY']);
  });

  it('names contracts with Kite trading symbols and domain tokens that agree with each other', () => {
    for (const instrument of master.filter((entry) => entry.expiry !== null).slice(0, 3000)) {
      const parsed = parseTradingSymbol(instrument.tradingSymbol);
      const fields = decodeInstrumentToken(instrument.instrumentToken);
      expect(parsed.root).toBe(instrument.name);
      expect(parsed.kind).toBe(instrument.instrumentType);
      expect(parsed.expiry).toBe(instrument.expiry);
      expect(fields.expiry).toBe(instrument.expiry);
      expect(fields.strike).toBe(instrument.strike);
      expect(instrument.segment).toBe(`${instrument.exchange}-${instrument.instrumentType === 'FUT' ? 'FUT' : 'OPT'}`);
    }
  });

  it('carries lot size, tick size and the freeze quantity of each contract', () => {
    const niftyOption = master.find((instrument) => instrument.name === 'NIFTY' && instrument.instrumentType === 'CE')!;
    expect(niftyOption.lotSize).toBe(65);
    expect(niftyOption.tickSize).toBe(0.05);
    expect(niftyOption.volumeFreeze).toBe(1800);
    expect(
      master.find((instrument) => instrument.name === 'SENSEX' && instrument.instrumentType === 'PE')!.exchange,
    ).toBe('BFO');
    expect(master.find((instrument) => instrument.tradingSymbol === 'RELIANCE')!.sector).toBe(
      'Oil Gas & Consumable Fuels',
    );
  });

  it('centres strike ladders on the price with each root’s strike step', () => {
    for (const name of ['NIFTY', 'BANKNIFTY', 'MIDCPNIFTY', 'RELIANCE', 'IDEA', 'MARUTI']) {
      const expiry = sim.optionExpiries(name, NOW)[0]!.date;
      const chain = sim.optionChainInstruments(name, expiry, NOW)!;
      const strikes = chain.strikes.map((row) => row.strike);
      const spot = sim.spot(name, NOW)!.lp;
      const below = strikes.filter((strike) => strike < spot).length;
      const above = strikes.filter((strike) => strike > spot).length;
      expect(below).toBeGreaterThanOrEqual(10);
      expect(above).toBeGreaterThanOrEqual(10);
      const steps = new Set(strikes.slice(1).map((strike, i) => Math.round((strike - strikes[i]!) * 100) / 100));
      expect(steps.size).toBe(1);
      if (name === 'NIFTY') expect([...steps]).toEqual([50]);
      if (name === 'BANKNIFTY') expect([...steps]).toEqual([100]);
      if (name === 'MIDCPNIFTY') expect([...steps]).toEqual([25]);
    }
  });

  it('limits a chain to the strikes asked for around ATM and names the future it follows', () => {
    const expiry = sim.optionExpiries('NIFTY', NOW)[0]!.date;
    const chain = sim.optionChainInstruments('NIFTY', expiry, NOW, 5)!;
    expect(chain.strikes).toHaveLength(11);
    const future = sim.quote(chain.futToken, NOW)!.lp;
    const middle = chain.strikes[5]!.strike;
    expect(Math.abs(middle - future)).toBeLessThanOrEqual(25);
    expect(sim.instrument(chain.futToken)!.instrumentType).toBe('FUT');
  });

  it('rolls at each expiry: the expired series leaves and a new one is listed', () => {
    const before = istInstant('2026-11-23', '15:00');
    const after = istInstant('2026-11-23', '16:00');
    const expiriesBefore = sim.optionExpiries('NIFTY', before).map((expiry) => expiry.date);
    const expiriesAfter = sim.optionExpiries('NIFTY', after).map((expiry) => expiry.date);
    expect(expiriesBefore[0]).toBe('2026-11-23');
    expect(expiriesAfter).not.toContain('2026-11-23');
    expect(expiriesAfter.filter((date) => !expiriesBefore.includes(date)).length).toBeGreaterThan(0);
    const listedAfter = sim.instruments(after);
    expect(listedAfter.some((instrument) => instrument.expiry === '2026-11-23')).toBe(false);
    expect(listedAfter.some((instrument) => instrument.expiry === expiriesAfter.at(-1))).toBe(true);
    // An expired contract is still known by token, for its history.
    const expired = sim.instruments(before).find((instrument) => instrument.expiry === '2026-11-23')!;
    expect(sim.instrument(expired.instrumentToken)).toEqual(expired);
  });

  it('widens ladders as the price moves', () => {
    const expiry = sim.optionExpiries('NIFTY', istInstant('2026-10-28', '16:00')).at(-1)!;
    const early = sim.optionChainInstruments('NIFTY', expiry.date, istInstant('2026-10-29', '10:00'))!.strikes.length;
    const late = sim.optionChainInstruments('NIFTY', expiry.date, NOW)!.strikes.length;
    expect(late).toBeGreaterThanOrEqual(early);
  });

  it('rejects tokens that name no contract', () => {
    expect(sim.instrument(123)).toBeNull();
    expect(sim.optionInstrument('NIFTY', 'CE', '2026-11-19', 25_000)).toBeNull();
    expect(sim.optionInstrument('NIFTY', 'CE', sim.optionExpiries('NIFTY', NOW)[0]!.date, 25_010)).toBeNull();
    expect(sim.optionChain('NOSUCH', '2026-11-24', NOW)).toBeNull();
  });
});

describe('search', () => {
  it('lists every underlying without a query, indices first in picker order', () => {
    const all = sim.search('', 'all');
    expect(all).toHaveLength(PICKER_INDEX_ROOTS.length + FNO_STOCKS.length);
    expect(all[1]!.name).toBe('NIFTY');
  });

  it('matches names case-insensitively', () => {
    expect(sim.search('relia', 'all').map((instrument) => instrument.name)).toEqual(['RELIANCE']);
    expect(sim.search('bank', 'all')[0]!.name).toBe('BANKNIFTY');
  });

  it('restricts results to a filter’s constituents', () => {
    expect(SEARCH_FILTERS).toEqual(['all', 'nifty', 'banknifty', 'niftynxt50', 'sensex', 'midcpnifty']);
    const nifty = sim.search('', 'nifty').map((instrument) => instrument.name);
    expect(new Set(nifty)).toEqual(new Set(NIFTY_50_CONSTITUENTS.map(({ symbol }) => symbol)));
    expect(sim.search('', 'banknifty')).toHaveLength(14);
    expect(sim.search('', 'sensex')).toHaveLength(30);
    expect(sim.search('', 'niftynxt50').length).toBeGreaterThan(40);
    expect(sim.search('', 'midcpnifty').length).toBeGreaterThan(20);
  });

  it('describes indices and their constituents with weights summing to 100 %', () => {
    const compositions = sim.indexCompositions();
    const nifty = compositions.find((composition) => composition.index === 'NIFTY 50')!;
    expect(nifty.constituents).toHaveLength(50);
    expect(nifty.constituents.reduce((sum, member) => sum + member.weight, 0)).toBeCloseTo(100, 0);
    expect(compositions.find((composition) => composition.index === 'NIFTY MEDIA')!.constituents).toEqual([]);
  });

  it('gives the ATM options of each derivative index', () => {
    const atm = sim.atmInstruments(NOW);
    expect(atm.map((entry) => entry.name)).toEqual([...PICKER_INDEX_ROOTS]);
    for (const entry of atm) {
      const spot = sim.spot(entry.name, NOW)!.lp;
      expect(Math.abs(entry.strike - spot)).toBeLessThanOrEqual(50);
      expect(entry.ce.strike).toBe(entry.strike);
      expect(entry.pe.instrumentType).toBe('PE');
    }
  });

  it('lists futures and pre-open instruments', () => {
    expect(sim.futures(NOW, 'near')).toHaveLength(PICKER_INDEX_ROOTS.length + FNO_STOCKS.length);
    expect(sim.futures(NOW, 'all')).toHaveLength(3 * (PICKER_INDEX_ROOTS.length + FNO_STOCKS.length));
    expect(sim.preOpenInstruments()[0]!.name).toBe('BANKNIFTY');
    expect(sim.instrumentsByName('NIFTY', NOW, 'NFO').every((instrument) => instrument.name === 'NIFTY')).toBe(true);
    expect(sim.instrumentsByName('nifty', NOW).length).toBeGreaterThan(500);
  });
});
