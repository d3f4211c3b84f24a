import { describe, expect, it } from 'vitest';
import {
  advanceDecline,
  breadthDivergence,
  gapFlag,
  gapPercent,
  impliedIndexOpen,
  sectorCards,
  type StockMove,
} from './breadth';

const move = (symbol: string, sector: string, changePercent: number | null): StockMove => ({
  symbol,
  sector,
  price: 100,
  change: changePercent,
  changePercent,
});

describe('advance/decline', () => {
  it('counts a stock as advancing above the previous close, declining below, unchanged at it', () => {
    const counts = advanceDecline([
      move('A', 'IT', 1),
      move('B', 'IT', -1),
      move('C', 'IT', -2),
      move('D', 'IT', 0),
      move('E', 'IT', null),
    ]);
    expect(counts).toEqual({ advances: 1, declines: 2, unchanged: 1, ratio: 0.5 });
  });
  it('orders sector cards by their average % move', () => {
    const cards = sectorCards(
      [move('A', 'IT', 1), move('B', 'IT', 3), move('C', 'Pharma', 4), move('D', 'Auto', -1)],
      'changePercent',
      true,
    );
    expect(cards.map((card) => [card.sector, card.averagePercent])).toEqual([
      ['Pharma', 4],
      ['IT', 2],
      ['Auto', -1],
    ]);
    expect(cards[1]!.stocks.map((stock) => stock.symbol)).toEqual(['B', 'A']);
  });
});

describe('divergence badge', () => {
  const breadth = (advances: number, declines: number) => ({ advances, declines, unchanged: 0, ratio: null });
  it('is bearish when the index is up while A/D is below 1', () => {
    expect(breadthDivergence(0.4, breadth(20, 30))).toBe('bearish');
  });
  it('is bullish when the index is down while A/D is above 1', () => {
    expect(breadthDivergence(-0.4, breadth(30, 20))).toBe('bullish');
  });
  it('is absent when the index and its breadth agree', () => {
    expect(breadthDivergence(0.4, breadth(30, 20))).toBeNull();
    expect(breadthDivergence(-0.4, breadth(20, 30))).toBeNull();
    expect(breadthDivergence(null, breadth(20, 30))).toBeNull();
  });
});

describe('pre-open gaps', () => {
  it('gap % is IEP over the previous close less one, flagged beyond 1 % and 2 %', () => {
    expect(gapPercent(102.5, 100)).toBeCloseTo(2.5);
    expect(gapFlag(2.5)).toBe('large');
    expect(gapFlag(-1.5)).toBe('notable');
    expect(gapFlag(0.5)).toBeNull();
  });
  it('the implied index open moves the close by the weighted gap of the constituents that have a price', () => {
    const implied = impliedIndexOpen(20_000, [
      { weight: 60, gapPercent: 1 },
      { weight: 40, gapPercent: -0.5 },
      { weight: 10, gapPercent: null },
    ]);
    expect(implied?.gapPercent).toBeCloseTo(0.4);
    expect(implied?.open).toBeCloseTo(20_080);
  });
});
