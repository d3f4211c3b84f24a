import { createFakeClock, istInstant, type FakeClock } from '@fnodesk/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFeed } from '../../test/fake-feed';
import type { FeedClient } from '../feed/feed-client';
import { FeedClientContext } from '../feed/feed-context';
import { useMarketDataPage, type MarketDataPageInput, type ServedData } from './use-market-data-page';

const TOKEN = 256_265;
// Friday 20-Nov-2026 10:00:17 IST (open) and Saturday 21-Nov-2026 11:00 IST (closed).
const OPEN = istInstant('2026-11-20', '10:00') + 17_000;
const SATURDAY = istInstant('2026-11-21', '11:00');

function setUp(clock: FakeClock, input: Partial<MarketDataPageInput>, client: FeedClient = fakeFeed(clock).client) {
  const refresh = vi.fn();
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <FeedClientContext.Provider value={client}>{children}</FeedClientContext.Provider>
    </QueryClientProvider>
  );
  const hook = renderHook(
    (props: Partial<MarketDataPageInput>) =>
      useMarketDataPage({
        exchange: 'NFO',
        served: undefined,
        tokens: [TOKEN],
        ticks: 'change',
        refresh,
        clock,
        refreshMs: 60_000,
        replay: false,
        alwaysOpen: false,
        publishStatus: false,
        ...props,
      }),
    { wrapper, initialProps: input },
  );
  return { ...hook, refresh };
}

const served = (tier: ServedData['tier'], at: number): ServedData => ({
  tier,
  asOf: tier === 'delayed' ? at - 1_800_000 : at,
  delayMs: tier === 'delayed' ? 1_800_000 : 0,
  receivedAt: at,
});

afterEach(() => vi.useRealTimers());

describe('useMarketDataPage', () => {
  it('while the answer loads it has no mode, no banner and no Last Updated', () => {
    const { result } = setUp(createFakeClock(OPEN), {});
    expect(result.current).toMatchObject({ mode: null, banner: null, lastUpdatedAt: null, nextUpdateAt: null });
  });

  it('a delayed tier shows the broker banner and refreshes 3 s past the next minute boundary, then every minute', () => {
    const clock = createFakeClock(OPEN);
    const { result, refresh } = setUp(clock, { served: served('delayed', OPEN) });
    expect(result.current.mode).toBe('refresh');
    expect(result.current.banner).toEqual({ text: 'Login with your broker for real time prices', variant: 'warning' });
    // 59 minus the current seconds (spec §2.9).
    expect(result.current.nextUpdateSeconds).toBe(42);
    act(() => clock.advance(45_999));
    expect(refresh).not.toHaveBeenCalled();
    act(() => clock.advance(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => clock.advance(60_000));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('without a plan the banner says so and is shown in red', () => {
    const { result } = setUp(createFakeClock(OPEN), { served: served('none', OPEN) });
    expect(result.current.banner).toEqual({ text: 'You do not have a valid subscription plan.', variant: 'danger' });
  });

  it('a closed market shows its last session’s close and no refresh timer', () => {
    const clock = createFakeClock(SATURDAY);
    const { result, refresh } = setUp(clock, { served: served('delayed', SATURDAY) });
    expect(result.current.mode).toBe('closed');
    expect(result.current.marketClosed).toBe(true);
    expect(result.current.nextUpdateAt).toBeNull();
    // Friday's F&O session closed at 15:40 IST; 'Last Updated' is its last second.
    expect(result.current.lastUpdatedAt).toBe(istInstant('2026-11-20', '15:40') - 1_000);
    act(() => clock.advance(10 * 60_000));
    expect(refresh).not.toHaveBeenCalled();
  });

  it('the live tier holds the page’s tokens on the feed and takes Last Updated from the ticks’ exchange time', () => {
    const clock = createFakeClock(OPEN);
    const feed = fakeFeed(clock);
    const { result } = setUp(clock, { served: served('live', OPEN) }, feed.client);
    expect(result.current.mode).toBe('live');
    act(() => {
      feed.server().onOpen();
      feed.server().onMessage(JSON.stringify({ t: 'ack', op: 'auth' }));
    });
    expect(feed.sent).toContainEqual({ op: 'sub', tokens: [TOKEN], mode: 'quote' });
    const tickTs = OPEN + 4_000;
    act(() => feed.server().onMessage(JSON.stringify({ t: 'ticks', d: [{ token: TOKEN, ts: tickTs, lp: 24_000 }] })));
    expect(result.current.ticks.ticks.get(TOKEN)?.lp).toBe(24_000);
    expect(result.current.lastUpdatedAt).toBe(tickTs);
  });

  it('a server replaying a session is trading at any hour: the live tier goes live and is labelled a replay', () => {
    const clock = createFakeClock(SATURDAY);
    const { result } = setUp(clock, { served: served('live', SATURDAY), replay: true });
    expect(result.current.mode).toBe('live');
    expect(result.current.replaying).toBe(true);
  });

  it('refreshes on the minute in the live tier too when the page’s figures are derived once a minute', () => {
    const clock = createFakeClock(OPEN);
    const { refresh } = setUp(clock, { served: served('live', OPEN), refreshWhenLive: true });
    act(() => clock.advance(46_000));
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
