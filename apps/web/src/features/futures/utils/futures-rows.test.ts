import type { FeedTick, Instrument } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { futureRow, futuresInSlot, openMarker } from './futures-rows';

const future = (name: string, expiry: string, token: number, sector: string | null = 'Energy'): Instrument => ({
  instrumentToken: token,
  exchange: 'NFO',
  segment: 'NFO-FUT',
  tradingSymbol: `${name}${expiry}FUT`,
  name,
  displayName: name,
  instrumentType: 'FUT',
  underlyingToken: 1,
  expiry,
  strike: null,
  lotSize: 500,
  tickSize: 0.1,
  volumeFreeze: null,
  sector,
});

const tick: FeedTick = {
  token: 1,
  ts: 0,
  lp: 102,
  o: 100,
  h: 103,
  l: 99,
  c: 100,
  vt: 1_000,
  atp: 101,
  oi: 11_000,
  prev: { lp: 100, oi: 10_000 },
};

describe('O=H and O=L', () => {
  it('marks O=H when the open is within one tick of the day high', () => {
    expect(openMarker(100, 100, 95, 0.05)).toBe('O=H');
    expect(openMarker(99.95, 100, 95, 0.05)).toBe('O=H');
    expect(openMarker(99.9, 100, 95, 0.05)).toBeNull();
  });
  it('marks O=L when the open is within one tick of the day low', () => {
    expect(openMarker(95, 100, 95, 0.05)).toBe('O=L');
    expect(openMarker(95.05, 100, 95, 0.05)).toBe('O=L');
  });
  it('marks nothing on a day whose range is one tick or unknown', () => {
    expect(openMarker(100, 100.05, 100, 0.05)).toBeNull();
    expect(openMarker(null, 100, 95, 0.05)).toBeNull();
  });
});

describe('futures by expiry slot', () => {
  const list = [
    future('TCS', '2026-02-24', 3),
    future('TCS', '2025-12-30', 1),
    future('TCS', '2026-01-27', 2),
    future('INFY', '2025-12-30', 4),
  ];
  it('picks near, next and far by expiry within each underlying', () => {
    expect(futuresInSlot(list, 'near').map((i) => i.instrumentToken)).toEqual([4, 1]);
    expect(futuresInSlot(list, 'next').map((i) => i.instrumentToken)).toEqual([2]);
    expect(futuresInSlot(list, 'far').map((i) => i.instrumentToken)).toEqual([3]);
  });
});

describe('a future row', () => {
  it('measures price and OI changes against the previous close and OI', () => {
    const row = futureRow(future('TCS', '2025-12-30', 1), tick, { price: 100, oi: 10_000 });
    expect(row.ltpChange).toBe(2);
    expect(row.ltpChangePercent).toBeCloseTo(2);
    expect(row.oiChange).toBe(1_000);
    expect(row.oiChangePercent).toBeCloseTo(10);
    expect(row.oiValue).toBe(11_000 * 102);
    expect(row.turnover).toBe(1_000 * 101);
    expect(row.buildUp).toBe('LB');
  });
  it('reads the build-up over the window it is given, not the previous close', () => {
    const row = futureRow(future('TCS', '2025-12-30', 1), tick, { price: 103, oi: 12_000 });
    expect(row.buildUp).toBe('LU');
    expect(row.windowPricePercent).toBeCloseTo(((102 - 103) / 103) * 100);
  });
  it('is neutral without a window base and blank without a tick', () => {
    expect(futureRow(future('TCS', '2025-12-30', 1), tick, undefined).buildUp).toBe('N');
    const blank = futureRow(future('NIFTY', '2025-12-30', 1, null), undefined, undefined);
    expect(blank.ltp).toBeNull();
    expect(blank.isIndex).toBe(true);
  });
});
