import type { FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { SerialisedTick, projectTick, widerMode } from './tick-projection';

const full: FeedTick = {
  token: 256265,
  ts: 1_795_200_000_000,
  lp: 25_910.35,
  o: 25_850,
  h: 25_960.5,
  l: 25_801.1,
  c: 25_840.4,
  vt: 0,
  atp: 25_899.2,
  oi: 0,
  prev: { lp: 25_840.4, oi: 0 },
  depth: { buy: [{ p: 25_910.3, q: 75, o: 1 }], sell: [{ p: 25_910.4, q: 150, o: 2 }] },
};

describe('tick projection', () => {
  it('sends only token, time and last price in ltp mode', () => {
    expect(projectTick(full, 'ltp')).toEqual({ token: 256265, ts: full.ts, lp: 25_910.35 });
  });

  it('adds OHLC, volume, ATP, OI and previous close in quote mode, without depth', () => {
    const quote = projectTick(full, 'quote');
    expect(quote).toMatchObject({ o: 25_850, h: 25_960.5, l: 25_801.1, c: 25_840.4, atp: 25_899.2, prev: full.prev });
    expect(quote).not.toHaveProperty('depth');
  });

  it('sends everything in full mode', () => {
    expect(projectTick(full, 'full')).toEqual(full);
  });

  it('serialises each mode once', () => {
    const s = new SerialisedTick(full);
    expect(s.json('ltp')).toBe(s.json('ltp'));
    expect(JSON.parse(s.json('quote'))).toEqual(projectTick(full, 'quote'));
  });

  it('keeps the richer of two modes', () => {
    expect(widerMode('ltp', 'full')).toBe('full');
    expect(widerMode('quote', 'ltp')).toBe('quote');
  });
});
