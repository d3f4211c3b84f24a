import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IsoDate } from './ist-time';
import { istInstant, MINUTE_MS } from './ist-time';
import { sessionOn } from './market-calendar';
import type { Resolution } from './resolutions';
import {
  RESOLUTIONS,
  RESOLUTION_MINUTES,
  candleBucketStart,
  isIntradayResolution,
  isResolution,
  resolutionForPeriod,
  resolutionsForPeriod,
} from './resolutions';
import { fixedSeed } from './test/fixed-seed';

const at = (date: IsoDate, time: string): number => istInstant(date, time);
const SEED = 75_915;

/** Distinct candle starts, as HH:MM, of every minute of a session. */
function bucketTimes(date: IsoDate, resolution: Resolution, exchange: 'NSE' | 'NFO'): string[] {
  const session = sessionOn(date, exchange);
  if (!session) throw new Error(`no session on ${date}`);
  const starts = new Set<number>();
  for (let t = session.open; t < session.close; t += MINUTE_MS) starts.add(candleBucketStart(t, resolution, exchange));
  return [...starts].map((s) => new Date(s + 19_800_000).toISOString().slice(11, 16));
}

describe('resolutions', () => {
  it('has the fifteen names of the spec with their minutes', () => {
    expect([...RESOLUTIONS]).toEqual([
      '1m',
      '2m',
      '3m',
      '4m',
      '5m',
      '10m',
      '15m',
      '20m',
      '30m',
      '75m',
      '1h',
      '2h',
      '1D',
      '1W',
      '1M',
    ]);
    expect(RESOLUTIONS.map((r) => RESOLUTION_MINUTES[r])).toEqual([
      1, 2, 3, 4, 5, 10, 15, 20, 30, 75, 60, 120, 1440, 7200, 28800,
    ]);
    expect(isResolution('75m')).toBe(true);
    expect(isResolution('4h')).toBe(false);
    expect(RESOLUTIONS.filter(isIntradayResolution)).toHaveLength(12);
  });

  it('anchors 75m candles at 09:15: 09:15, 10:30, 11:45, 13:00, 14:15', () => {
    expect(bucketTimes('2026-07-31', '75m', 'NSE')).toEqual(['09:15', '10:30', '11:45', '13:00', '14:15']);
  });

  it('adds a short 15:30 candle for F&O once it trades until 15:40', () => {
    expect(bucketTimes('2026-08-03', '75m', 'NFO')).toEqual(['09:15', '10:30', '11:45', '13:00', '14:15', '15:30']);
  });

  it('anchors hourly candles at 09:15 too', () => {
    expect(bucketTimes('2026-07-31', '1h', 'NSE')).toEqual([
      '09:15',
      '10:15',
      '11:15',
      '12:15',
      '13:15',
      '14:15',
      '15:15',
    ]);
    expect(bucketTimes('2026-07-31', '2h', 'NSE')).toEqual(['09:15', '11:15', '13:15', '15:15']);
  });

  it('puts pre-open trades into the first candle', () => {
    expect(candleBucketStart(at('2026-07-31', '09:05'), '5m', 'NFO')).toBe(at('2026-07-31', '09:15'));
    expect(candleBucketStart(at('2026-07-31', '09:17'), '5m', 'NFO')).toBe(at('2026-07-31', '09:15'));
    expect(candleBucketStart(at('2026-07-31', '09:20'), '5m', 'NFO')).toBe(at('2026-07-31', '09:20'));
    expect(candleBucketStart(at('2026-07-31', '15:29') + 30_000, '1m', 'NSE')).toBe(at('2026-07-31', '15:29'));
  });

  it('anchors the Muhurat session at its own open', () => {
    expect(candleBucketStart(at('2025-10-21', '14:40'), '75m', 'NSE')).toBe(at('2025-10-21', '13:45'));
    expect(candleBucketStart(at('2025-10-21', '14:40'), '30m', 'NSE')).toBe(at('2025-10-21', '14:15'));
  });

  it('builds 1D, 1W and 1M candles from sessions', () => {
    expect(candleBucketStart(at('2026-07-31', '14:00'), '1D', 'NSE')).toBe(at('2026-07-31', '09:15'));
    // Week of Holi: Monday 2-Mar is the first session.
    expect(candleBucketStart(at('2026-03-06', '11:00'), '1W', 'NSE')).toBe(at('2026-03-02', '09:15'));
    // Republic Day Monday: the week starts on Tuesday; Budget Sunday 1-Feb belongs to it.
    expect(candleBucketStart(at('2026-02-01', '11:00'), '1W', 'NSE')).toBe(at('2026-01-27', '09:15'));
    // February 2026 starts with the Budget Sunday session.
    expect(candleBucketStart(at('2026-02-20', '11:00'), '1M', 'NSE')).toBe(at('2026-02-01', '09:15'));
    expect(candleBucketStart(at('2026-03-20', '11:00'), '1M', 'NSE')).toBe(at('2026-03-02', '09:15'));
  });

  it('puts every in-session instant into a candle on the grid from the open (property)', () => {
    const intraday = RESOLUTIONS.filter(isIntradayResolution);
    const dates = ['2025-06-10', '2026-02-01', '2026-07-31', '2026-08-03', '2026-12-31'];
    fc.assert(
      fc.property(
        fc.constantFrom(...dates),
        fc.constantFrom(...intraday),
        fc.constantFrom('NSE' as const, 'NFO' as const, 'BFO' as const),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (date, resolution, exchange, fraction) => {
          const session = sessionOn(date, exchange);
          if (!session) return false;
          const instant = Math.floor(session.open + fraction * (session.close - 1 - session.open));
          const start = candleBucketStart(instant, resolution, exchange);
          const length = RESOLUTION_MINUTES[resolution] * MINUTE_MS;
          return (
            start >= session.open &&
            start <= instant &&
            instant - start < length &&
            (start - session.open) % length === 0
          );
        },
      ),
      fixedSeed(SEED, 2_000),
    );
  });
});

describe('period restrictions on resolutions', () => {
  it('removes 1m and 3m for 5D and raises anything up to 5m to 5m', () => {
    expect(resolutionsForPeriod('5D')).not.toContain('1m');
    expect(resolutionsForPeriod('5D')).not.toContain('3m');
    expect(resolutionsForPeriod('5D')).toContain('2m');
    expect(resolutionsForPeriod('5D')).toHaveLength(13);
    for (const r of ['1m', '2m', '3m', '4m', '5m'] as const) expect(resolutionForPeriod('5D', r)).toBe('5m');
    expect(resolutionForPeriod('5D', '10m')).toBe('10m');
  });

  it('removes 1m, 3m and 5m for 1M and raises anything up to 15m to 15m', () => {
    expect(resolutionsForPeriod('1M')).toHaveLength(12);
    for (const r of ['1m', '3m', '5m']) expect(resolutionsForPeriod('1M')).not.toContain(r);
    for (const r of ['1m', '2m', '4m', '5m', '10m', '15m'] as const) expect(resolutionForPeriod('1M', r)).toBe('15m');
    expect(resolutionForPeriod('1M', '20m')).toBe('20m');
    expect(resolutionForPeriod('1M', '1D')).toBe('1D');
  });

  it('leaves other periods alone', () => {
    for (const period of ['1D', '2D', '3D', '4D']) {
      expect(resolutionsForPeriod(period)).toEqual(RESOLUTIONS);
      expect(resolutionForPeriod(period, '1m')).toBe('1m');
    }
  });
});
