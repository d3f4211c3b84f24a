import { describe, expect, it } from 'vitest';
import { BUILD_UP_STYLES, buildUpSentiment, classifyBuildUp, type BuildUpMove } from './build-up';

const move = (
  priceChange: number | null,
  oiChange: number | null,
  previousOi: number | null = 100_000,
  tickSize = 0.05,
) => ({ priceChange, oiChange, previousOi, tickSize }) satisfies BuildUpMove;

describe('build-up classifier', () => {
  it('labels price up with OI up as Long Build-up', () => {
    expect(classifyBuildUp(move(2.5, 5_000))).toBe('LB');
  });

  it('labels price down with OI up as Short Build-up', () => {
    expect(classifyBuildUp(move(-2.5, 5_000))).toBe('SB');
  });

  it('labels price up with OI down as Short Covering', () => {
    expect(classifyBuildUp(move(2.5, -5_000))).toBe('SC');
  });

  it('labels price down with OI down as Long Unwinding', () => {
    expect(classifyBuildUp(move(-2.5, -5_000))).toBe('LU');
  });

  it('counts a price move of at most one tick as neutral', () => {
    expect(classifyBuildUp(move(0.05, 5_000))).toBe('N');
    expect(classifyBuildUp(move(-0.05, 5_000))).toBe('N');
    // 0.1 + 0.2 style decimals: one tick computed by subtraction stays inside the band.
    expect(classifyBuildUp(move(24_000.15 - 24_000.1, 5_000))).toBe('N');
    expect(classifyBuildUp(move(0.1, 5_000))).toBe('LB');
  });

  it('counts an OI move within 0.1 % of the earlier OI as neutral', () => {
    expect(classifyBuildUp(move(5, 100))).toBe('N');
    expect(classifyBuildUp(move(5, -100))).toBe('N');
    expect(classifyBuildUp(move(5, 101))).toBe('LB');
    expect(classifyBuildUp(move(5, -101))).toBe('SC');
  });

  it('uses the instrument tick size for the price band', () => {
    expect(classifyBuildUp(move(0.5, 5_000, 100_000, 0.5))).toBe('N');
    expect(classifyBuildUp(move(0.55, 5_000, 100_000, 0.5))).toBe('LB');
  });

  it('is neutral when either move is unknown or OI did not move at all', () => {
    expect(classifyBuildUp(move(null, 5_000))).toBe('N');
    expect(classifyBuildUp(move(3, null))).toBe('N');
    expect(classifyBuildUp(move(3, Number.NaN))).toBe('N');
    expect(classifyBuildUp(move(3, 0, 0))).toBe('N');
  });

  it('treats any OI move as real when there was no earlier OI', () => {
    expect(classifyBuildUp(move(3, 75, null))).toBe('LB');
    expect(classifyBuildUp(move(-3, 75, 0))).toBe('SB');
  });
});

describe('build-up sentiment by instrument', () => {
  it('reads LB and SC as bullish and SB and LU as bearish on a future and on a call', () => {
    for (const instrument of ['FUT', 'CE'] as const) {
      expect(buildUpSentiment('LB', instrument)).toBe('bullish');
      expect(buildUpSentiment('SC', instrument)).toBe('bullish');
      expect(buildUpSentiment('SB', instrument)).toBe('bearish');
      expect(buildUpSentiment('LU', instrument)).toBe('bearish');
    }
  });

  it('reverses the reading on a put: put writing (SB) and put unwinding (LU) are bullish', () => {
    expect(buildUpSentiment('SB', 'PE')).toBe('bullish');
    expect(buildUpSentiment('LU', 'PE')).toBe('bullish');
    expect(buildUpSentiment('LB', 'PE')).toBe('bearish');
    expect(buildUpSentiment('SC', 'PE')).toBe('bearish');
  });

  it('keeps neutral neutral on every instrument', () => {
    expect(buildUpSentiment('N', 'FUT')).toBe('neutral');
    expect(buildUpSentiment('N', 'PE')).toBe('neutral');
  });
});

describe('build-up colours', () => {
  it('colours LB green, SB red, SC blue, LU yellow and neutral grey', () => {
    expect(BUILD_UP_STYLES.LB.tone).toBe('success');
    expect(BUILD_UP_STYLES.SB.tone).toBe('danger');
    expect(BUILD_UP_STYLES.SC.tone).toBe('primary');
    expect(BUILD_UP_STYLES.LU.tone).toBe('warning');
    expect(BUILD_UP_STYLES.N.tone).toBe('secondary');
    expect(new Set(Object.values(BUILD_UP_STYLES).map((style) => style.colour)).size).toBe(5);
  });
});
