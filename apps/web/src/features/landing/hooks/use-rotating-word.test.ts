import { createFakeClock } from '@fnodesk/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRotatingWord } from './use-rotating-word';

const WORDS = ['Stocks', 'Futures', 'Options'] as const;

describe('useRotatingWord', () => {
  it('moves to the next word every interval and wraps around', () => {
    const clock = createFakeClock(0);
    const { result } = renderHook(() => useRotatingWord(WORDS, 2000, clock));

    expect(result.current).toBe('Stocks');
    act(() => clock.advance(1999));
    expect(result.current).toBe('Stocks');
    act(() => clock.advance(1));
    expect(result.current).toBe('Futures');
    act(() => clock.advance(4000));
    expect(result.current).toBe('Stocks');
  });

  it('stops its timer on unmount', () => {
    const clock = createFakeClock(0);
    const { unmount } = renderHook(() => useRotatingWord(WORDS, 2000, clock));
    expect(clock.pending()).toBe(1);

    unmount();

    expect(clock.pending()).toBe(0);
  });
});
