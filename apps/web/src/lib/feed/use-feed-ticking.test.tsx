import { createFakeClock } from '@fnodesk/domain';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FeedClient } from './feed-client';
import { useFeedTicking } from './use-feed-ticking';

const T0 = Date.UTC(2026, 0, 5, 4, 0);

/** A feed client whose last tick time the test sets, telling its listeners as a tick would. */
function tickingClient() {
  const listeners = new Set<() => void>();
  let lastTickAt: number | null = null;
  const client = {
    status: () => ({ connection: 'open', tier: null, lastTickAt, reconnectAttempt: 0 }),
    onChange(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as FeedClient;
  const tick = (at: number) => {
    lastTickAt = at;
    for (const listener of listeners) listener();
  };
  return { client, tick };
}

describe('useFeedTicking', () => {
  it('turns on with a tick and off once no tick has come for the given time', () => {
    const clock = createFakeClock(T0);
    const { client, tick } = tickingClient();
    const { result } = renderHook(() => useFeedTicking(client, clock, 5_000));
    expect(result.current).toBe(false);
    act(() => tick(clock.now()));
    expect(result.current).toBe(true);
    act(() => clock.advance(5_000));
    expect(result.current).toBe(true);
    act(() => clock.advance(1_000));
    expect(result.current).toBe(false);
  });

  it('does not re-render for ticks that keep it on', () => {
    const clock = createFakeClock(T0);
    const { client, tick } = tickingClient();
    let renders = 0;
    renderHook(() => {
      renders += 1;
      return useFeedTicking(client, clock, 5_000);
    });
    act(() => tick(clock.now()));
    const on = renders;
    for (let i = 1; i <= 20; i++) {
      act(() => {
        clock.advance(300);
        tick(clock.now());
      });
    }
    expect(renders).toBe(on);
  });
});
