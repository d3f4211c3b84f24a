import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, writeSession } from './session-storage';
import { useSession } from './use-session';

beforeEach(() => window.localStorage.clear());

describe('useSession', () => {
  it('follows sign-in and sign-out', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current).toBeNull();

    act(() => writeSession({ userID: 'u-1', loginSecret: 's' }));
    expect(result.current).toEqual({ userID: 'u-1', loginSecret: 's' });

    act(() => clearSession());
    expect(result.current).toBeNull();
  });

  it('keeps the same object while the stored session is unchanged', () => {
    writeSession({ userID: 'u-1', loginSecret: 's' });
    const { result, rerender } = renderHook(() => useSession());
    const first = result.current;

    rerender();

    expect(result.current).toBe(first);
  });
});
