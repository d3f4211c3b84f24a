import { describe, expect, it } from 'vitest';
import { FIB_RETRACEMENT_LEVELS, fibLevelPrice, parseDrawings, serialiseDrawings, type Drawing } from './drawing-model';

const DRAWINGS: Drawing[] = [
  { kind: 'horizontal-line', id: 'h1', price: 24_512.35 },
  {
    kind: 'trend-line',
    id: 't1',
    from: { time: Date.parse('2026-11-20T03:45:00Z'), price: 120.5 },
    to: { time: Date.parse('2026-11-20T05:00:00Z'), price: 98.25 },
  },
  {
    kind: 'rectangle',
    id: 'r1',
    from: { time: Date.parse('2026-11-20T04:00:00Z'), price: 110 },
    to: { time: Date.parse('2026-11-20T06:00:00Z'), price: 105.5 },
  },
  {
    kind: 'fib-retracement',
    id: 'f1',
    from: { time: Date.parse('2026-11-20T04:15:00Z'), price: 100 },
    to: { time: Date.parse('2026-11-20T07:15:00Z'), price: 125 },
  },
];

describe('Fibonacci retracement levels: price = end + (start − end) × level', () => {
  it('puts 0 at the move’s end, 1 at its start and 0.5 halfway', () => {
    const from = { time: 0, price: 100 };
    const to = { time: 1, price: 200 };
    expect(fibLevelPrice(from, to, 0)).toBe(200);
    expect(fibLevelPrice(from, to, 1)).toBe(100);
    expect(fibLevelPrice(from, to, 0.5)).toBe(150);
    expect(fibLevelPrice(from, to, 0.618)).toBeCloseTo(138.2, 10);
    expect(FIB_RETRACEMENT_LEVELS).toEqual([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);
  });
});

describe('saved drawings', () => {
  it('read back exactly what was saved', () => {
    expect(parseDrawings(serialiseDrawings(DRAWINGS))).toEqual(DRAWINGS);
  });

  it('are versioned JSON', () => {
    expect(JSON.parse(serialiseDrawings([]))).toEqual({ version: 1, drawings: [] });
  });

  it('give no drawings for nothing saved, broken text or another version', () => {
    expect(parseDrawings(null)).toEqual([]);
    expect(parseDrawings('')).toEqual([]);
    expect(parseDrawings('{not json')).toEqual([]);
    expect(parseDrawings(JSON.stringify({ version: 2, drawings: DRAWINGS }))).toEqual([]);
    expect(parseDrawings(JSON.stringify(DRAWINGS))).toEqual([]);
  });

  it('leave out entries that are not valid drawings and repeated ids', () => {
    const text = JSON.stringify({
      version: 1,
      drawings: [
        DRAWINGS[0],
        { kind: 'horizontal-line', id: 'h2', price: 'high' },
        { kind: 'horizontal-line', id: '', price: 1 },
        { kind: 'circle', id: 'c1', price: 1 },
        { kind: 'trend-line', id: 't2', from: { time: 1, price: 2 } },
        { kind: 'trend-line', id: 't3', from: { time: 1, price: 2 }, to: { time: null, price: 3 } },
        { kind: 'horizontal-line', id: 'h1', price: 5 },
        { kind: 'rectangle', id: 'r2', from: { time: 1, price: 2 } },
        DRAWINGS[1],
        DRAWINGS[2],
        DRAWINGS[3],
      ],
    });
    expect(parseDrawings(text)).toEqual(DRAWINGS);
  });

  it('do not share objects with the drawings they were made from', () => {
    const saved = parseDrawings(serialiseDrawings(DRAWINGS));
    (saved[1] as Extract<Drawing, { kind: 'trend-line' }>).from.price = 0;
    expect((DRAWINGS[1] as Extract<Drawing, { kind: 'trend-line' }>).from.price).toBe(120.5);
  });
});
