// Candles for tests: one NIFTY-future-like session from 09:15 IST on 20-Nov-2026.
import type { Candle } from '@fnodesk/contracts';

/** 09:15 IST on Friday 20-Nov-2026. */
export const SESSION_OPEN = Date.parse('2026-11-20T03:45:00Z');
/** One minute in ms. */
export const MINUTE = 60_000;

/** A candle `minutes` after the open, with the given fields overriding plausible futures values. */
export function candle(minutes: number, fields: Partial<Omit<Candle, 't'>> = {}): Candle {
  return {
    t: SESSION_OPEN + minutes * MINUTE,
    o: 24_500,
    h: 24_520.5,
    l: 24_480.25,
    c: 24_510,
    v: 1_50_000,
    atp: 24_505.35,
    oi: 1_23_45_600,
    ...fields,
  };
}
