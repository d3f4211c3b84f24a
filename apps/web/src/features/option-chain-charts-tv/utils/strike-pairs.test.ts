import { describe, expect, it } from 'vitest';
import { strikeLabel, strikePairs, strikeTitles } from './strike-pairs';

function option(strikePrice: number, instrumentType: 'CE' | 'PE', instrumentToken: number) {
  return {
    tradingName: `NIFTY26N24${strikePrice}${instrumentType}`,
    strikePrice,
    instrumentType,
    instrumentToken,
    lotSize: 75,
    expiry: '2026-11-24',
  };
}

describe('strike pairs', () => {
  it('pair each strike’s call and put, lowest strike first', () => {
    const pairs = strikePairs({
      optData: [option(24_600, 'PE', 4), option(24_500, 'CE', 1), option(24_600, 'CE', 3), option(24_500, 'PE', 2)],
    });
    expect(pairs.map((p) => [p.strike, p.call.token, p.put.token])).toEqual([
      [24_500, 1, 2],
      [24_600, 3, 4],
    ]);
    expect(pairs[0]?.call.symbol).toBe('NIFTY26N2424500CE');
  });

  it('leave out a strike missing its call or its put', () => {
    expect(strikePairs({ optData: [option(24_500, 'CE', 1)] })).toEqual([]);
  });

  it('title the charts as the spec does', () => {
    expect(strikeTitles(24_500)).toEqual({ call: 'Strike 24500 Call', put: 'Strike 24500 Puts' });
    expect(strikeLabel(1_072.5)).toBe('1072.5');
  });
});
