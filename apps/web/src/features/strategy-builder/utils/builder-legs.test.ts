import type { Instrument, OptionChain } from '@fnodesk/contracts';
import { payoffAtExpiry } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import {
  legsOfSaved,
  payoffLegs,
  savedStrategy,
  strategyKey,
  strategyOrderLines,
  strategySymbol,
  templateLegs,
} from './builder-legs';

const quote = (token: number, ltp: number) => ({ token, ltp, iv: 14 }) as OptionChain['rows'][number]['ce'];
const strikes = [23_800, 23_900, 24_000, 24_100, 24_200, 24_300, 24_400, 24_500, 24_600];
const chain = {
  name: 'NIFTY',
  expiry: '2026-12-03',
  at: Date.UTC(2026, 10, 28, 6, 0),
  atmStrike: 24_200,
  optData: [{ lotSize: 75 }],
  summary: { futures: 24_210 },
  rows: strikes.map((strike, i) => ({ strike, ce: quote(i * 2, 500 - i * 50), pe: quote(i * 2 + 1, 100 + i * 50) })),
} as unknown as OptionChain;

describe('strategy builder legs', () => {
  it('builds an iron condor from the chain: wings four strikes out, shorts two, each at its LTP', () => {
    const legs = templateLegs(chain, 'Iron Condor')!;
    expect(legs.map((leg) => [leg.side, leg.kind, leg.strike, leg.entry])).toEqual([
      ['BUY', 'PE', 23_800, 100],
      ['SELL', 'PE', 24_000, 200],
      ['SELL', 'CE', 24_400, 200],
      ['BUY', 'CE', 24_600, 100],
    ]);
    // Credit of 200 a unit on 75 units between the short strikes.
    expect(payoffAtExpiry(payoffLegs(legs, chain.at, null), 24_200)).toBeCloseTo(200 * 75, 9);
  });

  it('refuses a template the chain does not reach', () => {
    const narrow = { ...chain, rows: chain.rows.slice(3, 6) };
    expect(templateLegs(narrow, 'Iron Condor')).toBeNull();
  });

  it('saves and reloads a strategy with its lots and entry prices', () => {
    const legs = templateLegs(chain, 'Call Ratio Spread')!;
    const saved = savedStrategy('My ratio', 'NIFTY', legs);
    expect(saved.legs.map((leg) => leg.lots)).toEqual([1, 2]);
    const loaded = legsOfSaved(saved, chain);
    expect(loaded.map((leg) => [leg.kind, leg.side, leg.strike, leg.lots, leg.entry])).toEqual(
      legs.map((leg) => [leg.kind, leg.side, leg.strike, leg.lots, leg.entry]),
    );
    expect(strategyKey('  My ratio #2 ')).toBe('my-ratio-2');
  });

  it('turns each leg into one market order of lots × lot size on its contract, or none until all are known', () => {
    const legs = templateLegs(chain, 'Call Ratio Spread')!;
    const instruments = legs.map(
      (leg) =>
        ({
          instrumentToken: leg.token,
          exchange: 'NFO',
          tradingSymbol: `NIFTY26D03${leg.strike}CE`,
          lotSize: 75,
        }) as Instrument,
    );
    const lines = strategyOrderLines(legs, instruments, (leg) => `${leg.strike} CE`)!;
    expect(
      lines.map(({ displayName, line }) => [displayName, line.transactionType, line.quantity, line.orderType]),
    ).toEqual([
      ['Buy 24200 CE', 'BUY', 75, 'MARKET'],
      ['Sell 24400 CE', 'SELL', 150, 'MARKET'],
    ]);
    expect(lines[1]!.line.tradingSymbol).toBe('NIFTY26D0324400CE');
    expect(strategyOrderLines(legs, instruments.slice(1), String)).toBeNull();
  });

  it('names a strategy symbol by its saved name, else by its legs', () => {
    const legs = templateLegs(chain, 'Short Straddle')!;
    expect(strategySymbol('NIFTY', ' Weekly ', legs)).toBe('NIFTY Weekly');
    expect(strategySymbol('NIFTY', '', legs)).toBe('NIFTY S 24200 CE 2026-12-03 + S 24200 PE 2026-12-03');
  });
});
