import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedClient } from './feed-client';
import { useSteppedFeedValue } from './use-stepped-feed-value';

/** A feed client that only tells its listeners of changes, with a value the test moves. */
function changingClient() {
  const listeners = new Set<() => void>();
  const feed = { value: 0 };
  const client = {
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as FeedClient;
  const change = (value: number) => {
    feed.value = value;
    for (const listener of listeners) listener();
  };
  return { client, feed, change };
}

describe('useSteppedFeedValue', () => {
  it('re-renders when the value steps, and not for a change that leaves it where it was', async () => {
    const { client, feed, change } = changingClient();
    const read = () => Math.floor(feed.value / 1000) * 1000;
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useSteppedFeedValue(client, read);
    });
    expect(result.current).toBe(0);
    act(() => change(1_500));
    await waitFor(() => expect(result.current).toBe(1_000));
    const after = renders;
    act(() => change(1_700));
    act(() => change(1_900));
    expect(result.current).toBe(1_000);
    expect(renders).toBe(after);
    act(() => change(2_100));
    await waitFor(() => expect(result.current).toBe(2_000));
  });

  it('reads afresh with a new reader', () => {
    const { client, feed } = changingClient();
    feed.value = 7;
    const { result, rerender } = renderHook(({ read }) => useSteppedFeedValue(client, read), {
      initialProps: { read: () => feed.value },
    });
    expect(result.current).toBe(7);
    rerender({ read: () => feed.value * 2 });
    expect(result.current).toBe(14);
  });
});
