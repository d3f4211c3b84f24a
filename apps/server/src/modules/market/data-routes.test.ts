import type { UserEntitlements } from '@fnodesk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ENTITLEMENTS } from '../accounts/entitlements';
import { SubscriberEntitlements } from './data-routes';

function countingSource(entitlements: () => UserEntitlements) {
  const source = {
    reads: 0,
    async forUser() {
      source.reads += 1;
      return entitlements();
    },
  };
  return source;
}

/**
 * A subscriber's entitlements whose reads each see `current` as it was when they started and finish only when
 * released; `releaseAll` finishes those waiting and says how many there were; `started` counts the reads.
 */
function heldSource() {
  const waiting: (() => void)[] = [];
  const source = {
    current: { ...NO_ENTITLEMENTS, activeSubscription: true } as UserEntitlements,
    started: 0,
    async forUser() {
      source.started += 1;
      const before = source.current;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return before;
    },
    releaseAll() {
      const released = waiting.splice(0);
      for (const release of released) release();
      return released.length;
    },
  };
  return source;
}

const NOW = Date.UTC(2026, 10, 20, 4, 0, 0);

/** A subscriber's read that is still under way when their broker login is announced. */
async function readThenAnnounceBrokerLogin() {
  const source = heldSource();
  const tiers = new SubscriberEntitlements(source);
  const early = tiers.forUser('u1', NOW);
  await Promise.resolve();
  source.current = { ...source.current, brokerLoggedIn: true };
  tiers.forget('u1');
  return { source, tiers, early };
}

describe('SubscriberEntitlements', () => {
  it('reads a user without a plan on every call, so a plan that has just started counts at once', async () => {
    let current: UserEntitlements = NO_ENTITLEMENTS;
    const source = countingSource(() => current);
    const tiers = new SubscriberEntitlements(source);
    expect((await tiers.forUser('u1', NOW)).activeSubscription).toBe(false);
    current = { ...NO_ENTITLEMENTS, activeSubscription: true };
    expect((await tiers.forUser('u1', NOW)).activeSubscription).toBe(true);
    expect(source.reads).toBe(2);
  });

  it('reuses a subscriber’s entitlements within the second', async () => {
    const source = countingSource(() => ({ ...NO_ENTITLEMENTS, activeSubscription: true }));
    const tiers = new SubscriberEntitlements(source);
    for (let i = 0; i < 5; i++) await tiers.forUser('u1', NOW);
    await tiers.forUser('u2', NOW);
    expect(source.reads).toBe(2);
  });

  it('reads a user once for all the calls that miss together', async () => {
    const source = heldSource();
    const tiers = new SubscriberEntitlements(source);
    const calls = Array.from({ length: 40 }, () => tiers.forUser('u1', NOW));
    await Promise.resolve();
    expect(source.releaseAll()).toBe(1);
    for (const entitlements of await Promise.all(calls)) expect(entitlements.activeSubscription).toBe(true);
  });

  it('never reuses them past the plan’s end', async () => {
    const validTill = new Date(NOW + 60_000).toISOString();
    const source = countingSource(() => ({
      ...NO_ENTITLEMENTS,
      activeSubscription: true,
      subscriptionValidTill: validTill,
    }));
    const tiers = new SubscriberEntitlements(source);
    await tiers.forUser('u1', NOW);
    await tiers.forUser('u1', NOW + 59_999);
    await tiers.forUser('u1', NOW + 60_000);
    expect(source.reads).toBe(2);
  });
});

describe('SubscriberEntitlements kept fresh', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads a busy subscriber again in the background from 800 ms on, the calls not waiting for it', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const source = heldSource();
    const tiers = new SubscriberEntitlements(source);
    const first = tiers.forUser('u1', NOW);
    await Promise.resolve();
    source.releaseAll();
    await first;
    vi.advanceTimersByTime(799);
    await tiers.forUser('u1', NOW);
    expect(source.releaseAll()).toBe(0);
    // Answered from the cache at once, however many ask, while one read runs.
    vi.advanceTimersByTime(1);
    source.current = { ...source.current, brokerLoggedIn: true };
    for (let i = 0; i < 5; i++) expect((await tiers.forUser('u1', NOW)).brokerLoggedIn).toBe(false);
    expect(source.started).toBe(2);
    // Past the second, calls wait for that read rather than get what was read before.
    vi.advanceTimersByTime(200);
    const late = tiers.forUser('u1', NOW);
    await Promise.resolve();
    expect(source.releaseAll()).toBe(1);
    expect((await late).brokerLoggedIn).toBe(true);
    expect((await tiers.forUser('u1', NOW)).brokerLoggedIn).toBe(true);
    expect(source.started).toBe(2);
  });
});

describe('SubscriberEntitlements after a tier change', () => {
  it('reads the user again once their tier change is announced, within the second', async () => {
    let current: UserEntitlements = { ...NO_ENTITLEMENTS, activeSubscription: true };
    const source = countingSource(() => current);
    const tiers = new SubscriberEntitlements(source);
    expect((await tiers.forUser('u1', NOW)).brokerLoggedIn).toBe(false);
    current = { ...current, brokerLoggedIn: true };
    tiers.forget('u1');
    expect((await tiers.forUser('u1', NOW)).brokerLoggedIn).toBe(true);
    expect(source.reads).toBe(2);
  });

  it('keeps no read that was under way when the change was announced', async () => {
    const { source, tiers, early } = await readThenAnnounceBrokerLogin();
    source.releaseAll();
    expect((await early).brokerLoggedIn).toBe(false);
    const later = tiers.forUser('u1', NOW);
    await Promise.resolve();
    source.releaseAll();
    expect((await later).brokerLoggedIn).toBe(true);
  });

  it('does not hand a read under way at the announcement to calls made after it', async () => {
    const { source, tiers, early } = await readThenAnnounceBrokerLogin();
    const later = tiers.forUser('u1', NOW);
    await Promise.resolve();
    expect(source.releaseAll()).toBe(2);
    expect((await early).brokerLoggedIn).toBe(false);
    expect((await later).brokerLoggedIn).toBe(true);
  });
});
