import type { DataTier } from '@fnodesk/contracts';
import { createFakeClock } from '@fnodesk/domain';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FeedClientContext } from '../feed/feed-context';
import { fakeFeed } from '../../test/fake-feed';
import { useRefetchOnTierChange } from './use-refetch-on-tier-change';

function setup() {
  const clock = createFakeClock(0);
  const { client, server } = fakeFeed(clock);
  // The feed connects only while something is held.
  client.subscribe([256265], 'ltp');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <FeedClientContext.Provider value={client}>{children}</FeedClientContext.Provider>
  );
  const connect = () =>
    act(() => {
      server().onOpen();
      server().onMessage(JSON.stringify({ t: 'ack', op: 'auth' }));
    });
  const announce = (tier: DataTier) =>
    act(() => server().onMessage(JSON.stringify({ t: 'tier', tier, delayMs: tier === 'live' ? 0 : 60_000 })));
  const refetch = vi.fn<() => void>();
  // Pages pass a new refetch closure on every render.
  const render = (served: DataTier | null) =>
    renderHook(({ tier }: { tier: DataTier | null }) => useRefetchOnTierChange(tier, () => refetch()), {
      wrapper,
      initialProps: { tier: served },
    });
  return { clock, server, connect, announce, refetch, render };
}

describe('useRefetchOnTierChange', () => {
  it('refetches once when the feed announces a tier other than the one the data was served in', () => {
    const { connect, announce, refetch, render } = setup();
    render('delayed');
    connect();
    announce('delayed');
    expect(refetch).not.toHaveBeenCalled();

    announce('live');
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('does not refetch again while the answer still carries the old tier', () => {
    const { connect, announce, refetch, render } = setup();
    const { rerender } = render('live');
    connect();
    announce('delayed');
    expect(refetch).toHaveBeenCalledTimes(1);

    // The refetched answer comes back in the old tier (reused entitlements), after the page showed no answer for a
    // moment, and the feed repeats itself.
    rerender({ tier: null });
    rerender({ tier: 'live' });
    announce('delayed');
    rerender({ tier: 'live' });
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('refetches again on a later, different announcement', () => {
    const { connect, announce, refetch, render } = setup();
    const { rerender } = render('delayed');
    connect();
    announce('live');
    expect(refetch).toHaveBeenCalledTimes(1);

    // Still delayed data, and the plan ends: a new announcement.
    announce('none');
    expect(refetch).toHaveBeenCalledTimes(2);

    // The page catches up, then the user logs in with the broker again.
    rerender({ tier: 'none' });
    announce('live');
    expect(refetch).toHaveBeenCalledTimes(3);

    // That answer still carries the plan-less tier; the feed goes back to it, then announces live once more: the
    // same change as before is news again.
    announce('none');
    expect(refetch).toHaveBeenCalledTimes(3);
    announce('live');
    expect(refetch).toHaveBeenCalledTimes(4);
  });

  it('does nothing while the tiers agree or either is unknown', () => {
    const { connect, announce, refetch, render } = setup();
    const { rerender } = render(null);
    connect();
    // No tier announced yet.
    rerender({ tier: 'delayed' });
    expect(refetch).not.toHaveBeenCalled();

    announce('delayed');
    expect(refetch).not.toHaveBeenCalled();

    // No data served yet (or none shown): nothing to compare with.
    rerender({ tier: null });
    announce('live');
    expect(refetch).not.toHaveBeenCalled();
  });

  it('waits for the feed to be connected', () => {
    const { clock, server, connect, announce, refetch, render } = setup();
    const { rerender } = render('live');
    connect();
    announce('live');
    act(() => server().onClose(1006));

    // A periodic refresh answers in the delayed tier while the feed is down; the live tier announced before the
    // drop is no news yet.
    rerender({ tier: 'delayed' });
    expect(refetch).not.toHaveBeenCalled();

    // The first reconnect is due a second after the drop.
    act(() => clock.advance(1_000));
    connect();
    announce('live');
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
