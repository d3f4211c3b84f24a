import { describe, expect, it } from 'vitest';
import { isIndianMarketOpen } from './market-hours';

const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe('market hours for the ticker watchdog', () => {
  it('is open in the session and the pre-open of a trading day', () => {
    expect(isIndianMarketOpen(ist('2026-11-20T10:30:00'))).toBe(true);
    expect(isIndianMarketOpen(ist('2026-11-20T09:05:00'))).toBe(true);
  });

  it('is closed at night, on a weekend and on a listed holiday', () => {
    expect(isIndianMarketOpen(ist('2026-11-20T20:00:00'))).toBe(false);
    expect(isIndianMarketOpen(ist('2026-11-21T10:30:00'))).toBe(false); // Saturday
    expect(isIndianMarketOpen(ist('2026-11-24T10:30:00'))).toBe(false); // Guru Nanak Jayanti
  });
});
