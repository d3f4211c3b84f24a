import { createFakeClock } from '@fnodesk/domain';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { fakeFeed } from '../../test/fake-feed';
import { FeedClientContext } from './feed-context';
import { useHeldTokens, useTicks } from './use-ticks';

function setup() {
  const clock = createFakeClock(0);
  const { client, sent, server } = fakeFeed(clock);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FeedClientContext.Provider value={client}>{children}</FeedClientContext.Provider>
  );
  return { clock, sent, client, wrapper, server };
}

describe('useTicks', () => {
  it('subscribes on mount, shows each new tick, and unsubscribes on unmount', () => {
    const { clock, sent, wrapper, server } = setup();
    const { result, unmount } = renderHook(() => useTicks([256265], 'quote'), { wrapper });
    act(() => {
      server().onOpen();
      server().onMessage(JSON.stringify({ t: 'ack', op: 'auth' }));
    });
    expect(sent).toContainEqual({ op: 'sub', tokens: [256265], mode: 'quote' });
    expect(result.current.ticks.size).toBe(0);

    act(() => server().onMessage(JSON.stringify({ t: 'ticks', d: [{ token: 256265, ts: 1, lp: 24_000.5 }] })));
    expect(result.current.ticks.get(256265)?.lp).toBe(24_000.5);

    unmount();
    act(() => clock.advance(0));
    expect(sent).toContainEqual({ op: 'unsub', tokens: [256265] });
  });

  it('keeps the same view when another token ticks, and holds nothing when disabled', () => {
    const { sent, wrapper, server } = setup();
    const { result } = renderHook(() => useTicks([1], 'ltp'), { wrapper });
    const other = renderHook(() => useTicks([2], 'ltp', false), { wrapper });
    act(() => server().onOpen());
    const before = result.current;
    act(() => server().onMessage(JSON.stringify({ t: 'ticks', d: [{ token: 2, ts: 1, lp: 5 }] })));
    expect(result.current).toBe(before);
    expect(other.result.current.ticks.size).toBe(0);
    expect(sent.filter((f) => (f as { op: string }).op === 'sub')).toEqual([{ op: 'sub', tokens: [1], mode: 'ltp' }]);
  });

  it('holds tokens for a chart that reads ticks itself without re-rendering it on their ticks', () => {
    const { clock, sent, wrapper, server } = setup();
    let renders = 0;
    const { rerender, unmount } = renderHook(
      ({ enabled }) => {
        renders += 1;
        return useHeldTokens([7, 3, 7], 'quote', enabled);
      },
      { wrapper, initialProps: { enabled: false } },
    );
    expect(sent.filter((f) => (f as { op: string }).op === 'sub')).toEqual([]);
    rerender({ enabled: true });
    act(() => {
      server().onOpen();
      server().onMessage(JSON.stringify({ t: 'ack', op: 'auth' }));
    });
    expect(sent).toContainEqual({ op: 'sub', tokens: [3, 7], mode: 'quote' });
    const before = renders;
    act(() => server().onMessage(JSON.stringify({ t: 'ticks', d: [{ token: 3, ts: 1, lp: 5 }] })));
    expect(renders).toBe(before);
    unmount();
    act(() => clock.advance(0));
    expect(sent).toContainEqual({ op: 'unsub', tokens: [3, 7] });
  });
});
