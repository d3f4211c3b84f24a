import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextMonthlyExpiries, nextOptionExpiries } from './expiry-rules';
import {
  contractInstrumentToken,
  decodeInstrumentToken,
  encodeInstrumentToken,
  spotInstrumentToken,
} from './instrument-tokens';
import { istInstant } from './ist-time';
import type { DerivativeContract } from './trading-symbols';
import { formatTradingSymbol, parseTradingSymbol, tryParseTradingSymbol, weeklyMonthCode } from './trading-symbols';
import { derivativesRoots, derivativesUnderlying, underlyingIdOf } from './underlyings';
import { fixedSeed } from './test/fixed-seed';

const SEED = 26_112_555;

describe('Kite trading symbols', () => {
  it('reads monthly options, futures and weeklies', () => {
    expect(parseTradingSymbol('NIFTY26NOV25500CE')).toEqual({
      root: 'NIFTY',
      kind: 'CE',
      expiry: '2026-11-23',
      strike: 25500,
      exchange: 'NFO',
      series: 'monthly',
    });
    expect(parseTradingSymbol('NIFTY26NOVFUT')).toMatchObject({ kind: 'FUT', expiry: '2026-11-23', strike: null });
    expect(parseTradingSymbol('NIFTY2681125700CE')).toMatchObject({
      kind: 'CE',
      expiry: '2026-08-11',
      strike: 25700,
      series: 'weekly',
    });
    expect(parseTradingSymbol('SENSEX26MAR80000PE')).toMatchObject({ exchange: 'BFO', expiry: '2026-03-25' });
  });

  it('writes weekly months as 1–9, O, N, D', () => {
    expect(Array.from({ length: 12 }, (_, i) => weeklyMonthCode(i + 1)).join('')).toBe('123456789OND');
    expect(formatTradingSymbol({ root: 'NIFTY', kind: 'CE', expiry: '2026-10-06', strike: 25000 })).toBe(
      'NIFTY26O0625000CE',
    );
    expect(formatTradingSymbol({ root: 'NIFTY', kind: 'PE', expiry: '2026-12-08', strike: 26000 })).toBe(
      'NIFTY26D0826000PE',
    );
  });

  it('writes the actual day of a holiday-shifted weekly and the month of a shifted monthly', () => {
    expect(formatTradingSymbol({ root: 'NIFTY', kind: 'PE', expiry: '2026-03-02', strike: 24000 })).toBe(
      'NIFTY2630224000PE',
    );
    expect(formatTradingSymbol({ root: 'NIFTY', kind: 'CE', expiry: '2026-11-23', strike: 25500 })).toBe(
      'NIFTY26NOV25500CE',
    );
    expect(formatTradingSymbol({ root: 'SENSEX', kind: 'CE', expiry: '2026-01-14', strike: 85000 })).toBe(
      'SENSEX2611485000CE',
    );
  });

  it('handles roots with digits, hyphens and ampersands, and decimal strikes', () => {
    expect(parseTradingSymbol('360ONE26JAN1000CE')).toMatchObject({ root: '360ONE', expiry: '2026-01-27' });
    expect(parseTradingSymbol('NIFTYNXT5026JAN70000PE')).toMatchObject({ root: 'NIFTYNXT50', strike: 70000 });
    expect(parseTradingSymbol('M&M26JUL3200CE')).toMatchObject({ root: 'M&M', strike: 3200 });
    expect(parseTradingSymbol('BAJAJ-AUTO26JULFUT')).toMatchObject({ root: 'BAJAJ-AUTO', kind: 'FUT' });
    expect(parseTradingSymbol('LTF26JULFUT').root).toBe('LTF');
    expect(parseTradingSymbol('LT26JULFUT').root).toBe('LT');
    expect(parseTradingSymbol('IDEA26JAN7.5CE').strike).toBe(7.5);
    expect(formatTradingSymbol({ root: 'IDEA', kind: 'PE', expiry: '2026-01-27', strike: 12.5 })).toBe(
      'IDEA26JAN12.5PE',
    );
  });

  it.each(['NIFTY26XYZ25000CE', 'UNKNOWN26JANFUT', 'NIFTY2623025000CE', 'NIFTY26NOV25500XE', 'NIFTY', 'NIFTY 50'])(
    'does not read %j',
    (symbol) => {
      expect(tryParseTradingSymbol(symbol)).toBeNull();
      expect(() => parseTradingSymbol(symbol)).toThrow(RangeError);
    },
  );

  it('refuses futures on non-monthly days and bad strikes', () => {
    expect(() => formatTradingSymbol({ root: 'NIFTY', kind: 'FUT', expiry: '2026-11-17', strike: null })).toThrow(
      RangeError,
    );
    expect(() => formatTradingSymbol({ root: 'NIFTY', kind: 'CE', expiry: '2026-11-23', strike: 25500.01 })).toThrow(
      RangeError,
    );
    expect(() => formatTradingSymbol({ root: 'NIFTY', kind: 'CE', expiry: '2026-11-23', strike: null })).toThrow(
      RangeError,
    );
  });
});

/** Any listed contract of any root between 2025 and 2030: a real expiry and a strike on the root's grid. */
const contracts: fc.Arbitrary<DerivativeContract> = fc
  .record({
    // Weighted towards the two roots with weeklies, so weekly symbols are well covered.
    root: fc.oneof(fc.constantFrom('NIFTY', 'SENSEX'), fc.constantFrom(...derivativesRoots())),
    instant: fc.integer({ min: istInstant('2025-01-01', '00:00'), max: istInstant('2030-12-31', '00:00') }),
    pick: fc.integer({ min: 0, max: 5 }),
    kind: fc.constantFrom('FUT' as const, 'CE' as const, 'PE' as const),
    steps: fc.integer({ min: 1, max: 4_000 }),
    stockStep: fc.constantFrom(0.5, 1, 2.5, 5, 10, 20, 50),
  })
  .map(({ root, instant, pick, kind, steps, stockStep }) => {
    const expiries =
      kind === 'FUT' ? nextMonthlyExpiries(root, instant, 3) : nextOptionExpiries(root, instant, pick + 1);
    const expiry = expiries[Math.min(pick, expiries.length - 1)];
    if (!expiry) throw new Error('no expiry');
    const step = derivativesUnderlying(root).strikeStep ?? stockStep;
    const strike = kind === 'FUT' ? null : Number((steps * step).toFixed(2));
    return { root, kind, expiry: expiry.date, strike };
  });

describe('symbol and token round trips (property)', () => {
  it('parses every formatted symbol back to the same contract', () => {
    fc.assert(
      fc.property(contracts, (contract) => {
        const symbol = formatTradingSymbol(contract);
        const parsed = parseTradingSymbol(symbol);
        expect({ root: parsed.root, kind: parsed.kind, expiry: parsed.expiry, strike: parsed.strike }).toEqual(
          contract,
        );
        expect(formatTradingSymbol(parsed)).toBe(symbol);
      }),
      fixedSeed(SEED, 1_000),
    );
  });

  it('decodes every token to its contract, and gives distinct contracts distinct tokens', () => {
    fc.assert(
      fc.property(contracts, contracts, (a, b) => {
        const tokenA = contractInstrumentToken(a);
        expect(Number.isSafeInteger(tokenA)).toBe(true);
        expect(decodeInstrumentToken(tokenA)).toEqual({
          underlyingId: underlyingIdOf(a.root),
          kind: a.kind,
          expiry: a.expiry,
          strike: a.strike,
        });
        const same = a.root === b.root && a.kind === b.kind && a.expiry === b.expiry && a.strike === b.strike;
        expect(tokenA === contractInstrumentToken(b)).toBe(same);
      }),
      fixedSeed(SEED + 1, 1_000),
    );
  });
});

describe('instrument tokens', () => {
  it('follows the documented decimal layout', () => {
    // id 1 (NIFTY), kind 2 (call), 9,823 days after 1-Jan-2000 (23-Nov-2026), strike 25,500 / 0.05.
    expect(contractInstrumentToken(parseTradingSymbol('NIFTY26NOV25500CE'))).toBe(12_09823_0510000);
    expect(contractInstrumentToken(parseTradingSymbol('NIFTY26NOVFUT'))).toBe(11_09823_0000000);
    expect(spotInstrumentToken('NIFTY')).toBe(1_0_00000_0000000);
    expect(spotInstrumentToken('NIFTY 50')).toBe(spotInstrumentToken('NIFTY'));
    expect(spotInstrumentToken('INDIA VIX')).toBe(8_0_00000_0000000);
    expect(spotInstrumentToken('RELIANCE')).toBe(underlyingIdOf('RELIANCE') * 10 ** 13);
  });

  it('rejects numbers that are not tokens and fields outside the scheme', () => {
    expect(() => decodeInstrumentToken(123)).toThrow(RangeError);
    expect(() => decodeInstrumentToken(11_09823_0000005)).toThrow(RangeError);
    expect(() => decodeInstrumentToken(14_09823_0000000)).toThrow(RangeError);
    expect(() => decodeInstrumentToken(1.5e13)).toThrow(RangeError);
    expect(() => encodeInstrumentToken({ underlyingId: 900, kind: 'SPOT', expiry: null, strike: null })).toThrow(
      RangeError,
    );
    expect(() => encodeInstrumentToken({ underlyingId: 1, kind: 'FUT', expiry: '1999-12-30', strike: null })).toThrow(
      RangeError,
    );
    expect(() => encodeInstrumentToken({ underlyingId: 1, kind: 'CE', expiry: '2026-11-23', strike: 0.01 })).toThrow(
      RangeError,
    );
  });
});
