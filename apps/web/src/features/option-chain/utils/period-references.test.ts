import type { Candle } from '@fnodesk/contracts';
import { istInstant } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { periodReferencesOf, referenceWindow } from './period-references';

// A day candle of an IST date.
const day = (date: string, c: number, oi: number): Candle => ({
  t: istInstant(date, '09:15'),
  o: c,
  h: c,
  l: c,
  c,
  v: 0,
  atp: c,
  oi,
});

// Friday 20 Nov 2026 at 11:00 IST.
const AT = istInstant('2026-11-20', '11:00');

describe('period references (spec §2.9 period buttons 1D to 5D and 1M)', () => {
  it('2D runs over the last two sessions: its reference is the close before the first of them', () => {
    expect(referenceWindow('2D', AT).firstSession).toBe('2026-11-19');
    expect(referenceWindow('5D', AT).firstSession).toBe('2026-11-16');
  });

  it('1M starts at the first session on or after the same date a month earlier', () => {
    // 20 Oct 2026 is Dussehra, an exchange holiday.
    expect(referenceWindow('1M', AT).firstSession).toBe('2026-10-21');
    expect(referenceWindow('1M', istInstant('2026-11-23', '11:00')).firstSession).toBe('2026-10-23');
  });

  it('fetches from well before the first session up to the chain’s instant', () => {
    const window = referenceWindow('5D', AT);
    expect(window.to).toBe(AT);
    expect(window.from).toBeLessThan(istInstant('2026-11-13', '09:15'));
  });

  it('takes each token’s last day candle before the first session', () => {
    const series = [
      {
        token: 7,
        candles: [
          day('2026-11-13', 90, 900),
          day('2026-11-16', 95, 950),
          day('2026-11-18', 101, 1010),
          day('2026-11-19', 104, 1040),
          day('2026-11-20', 110, 1100),
        ],
      },
    ];
    expect(periodReferencesOf(series, '2026-11-19').get(7)).toEqual({ close: 101, oi: 1010 });
    expect(periodReferencesOf(series, '2026-11-16').get(7)).toEqual({ close: 90, oi: 900 });
  });

  it('a contract listed after the reference session has no reference', () => {
    const series = [{ token: 8, candles: [day('2026-11-19', 50, 10), day('2026-11-20', 55, 12)] }];
    expect(periodReferencesOf(series, '2026-11-19').has(8)).toBe(false);
  });
});
