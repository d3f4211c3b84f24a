import type { FeedMode, FeedTick } from '@fnodesk/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedClient } from './feed-client';
import { FeedClientContext } from './feed-context';
import { useFrameTicks } from './use-frame-ticks';

// A feed client holding ticks in memory; `push` stores a tick and tells the listeners, as the real one does.
function memoryFeed() {
  const ticks = new Map<number, FeedTick>();
  const listeners = new Set<() => void>();
  const held: { tokens: readonly number[]; mode: FeedMode }[] = [];
  const client: FeedClient = {
    subscribe: (tokens, mode) => {
      const entry = { tokens, mode };
      held.push(entry);
      return () => held.splice(held.indexOf(entry), 1);
    },
    tick: (token) => ticks.get(token),
    isDenied: () => false,
    isStale: () => false,
    status: () => ({ connection: 'open', tier: null, lastTickAt: null, reconnectAttempt: 0 }),
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onEvent: () => () => undefined,
    restart: () => undefined,
    dispose: () => undefined,
  };
  const push = (tick: FeedTick) => {
    ticks.set(tick.token, tick);
    for (const listener of listeners) listener();
  };
  return { client, held, push };
}

let frames: FrameRequestCallback[] = [];
beforeEach(() => {
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const runFrame = () =>
  act(() => {
    const due = frames;
    frames = [];
    for (const callback of due) callback(0);
  });

describe('useFrameTicks', () => {
  it('holds the tokens in quote mode while enabled and lets them go on unmount', () => {
    const feed = memoryFeed();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <FeedClientContext.Provider value={feed.client}>{children}</FeedClientContext.Provider>
    );
    const { unmount } = renderHook(() => useFrameTicks([2, 1, 2], true), { wrapper });
    expect(feed.held).toEqual([{ tokens: [1, 2], mode: 'quote' }]);
    unmount();
    expect(feed.held).toEqual([]);
  });

  it('holds nothing while disabled', () => {
    const feed = memoryFeed();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <FeedClientContext.Provider value={feed.client}>{children}</FeedClientContext.Provider>
    );
    renderHook(() => useFrameTicks([1], false), { wrapper });
    expect(feed.held).toEqual([]);
  });

  it('many ticks within one animation frame re-render once, with the latest of each', () => {
    const feed = memoryFeed();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <FeedClientContext.Provider value={feed.client}>{children}</FeedClientContext.Provider>
    );
    let renders = 0;
    const { result } = renderHook(
      () => {
        renders += 1;
        return useFrameTicks([1, 2], true);
      },
      { wrapper },
    );
    const before = renders;
    act(() => {
      feed.push({ token: 1, ts: 1, lp: 100 });
      feed.push({ token: 2, ts: 1, lp: 200 });
      feed.push({ token: 1, ts: 2, lp: 101 });
    });
    expect(renders).toBe(before);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(renders).toBe(before + 1);
    expect(result.current.ticks.get(1)?.lp).toBe(101);
    expect(result.current.ticks.get(2)?.lp).toBe(200);
  });
});
