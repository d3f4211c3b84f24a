import type { Clock } from '@fnodesk/domain';
import type { AccountsRepository, ThrottleQueries } from './accounts.repository';

/** One sliding-window limit: at most `max` events per `windowMs`. */
export interface ThrottleLimit {
  readonly max: number;
  readonly windowMs: number;
}

/** The verdict on a bucket: allowed, or refused with the seconds until a slot frees up. */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const PRUNE_EVERY_MS = 10 * 60_000;
const KEEP_MS = 24 * 3_600_000;

/**
 * Sliding-window counters kept in the database, so every node of a cluster counts the same events (a failed
 * login on one node counts on all). Each check is one indexed count.
 */
export function createThrottle(deps: { repository: AccountsRepository; clock: Clock }) {
  const { repository, clock } = deps;
  let lastPrune = 0;

  async function prune(): Promise<void> {
    const now = clock.now();
    if (now - lastPrune <= PRUNE_EVERY_MS) return;
    lastPrune = now;
    await repository.pruneThrottle(new Date(now - KEEP_MS));
  }

  async function verdict(
    bucket: string,
    limits: readonly ThrottleLimit[],
    queries: ThrottleQueries = repository,
  ): Promise<ThrottleVerdict> {
    const now = clock.now();
    let refused = false;
    let retryAfterMs = 0;
    for (const limit of limits) {
      // The window is (now − windowMs, now]: an event leaves it exactly windowMs after it happened.
      const { count, oldest } = await queries.countThrottle(bucket, new Date(now - limit.windowMs));
      if (count >= limit.max) {
        refused = true;
        retryAfterMs = Math.max(retryAfterMs, (oldest?.getTime() ?? now) + limit.windowMs - now);
      }
    }
    return refused
      ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) }
      : { allowed: true };
  }

  return {
    /** Whether one more event in `bucket` stays within every limit (nothing is recorded). */
    check: (bucket: string, limits: readonly ThrottleLimit[]) => verdict(bucket, limits),
    /** Records one event in `bucket`. */
    async record(bucket: string): Promise<void> {
      await repository.insertThrottle(bucket, new Date(clock.now()));
      await prune();
    },
    /**
     * Checks, and records the event only when it is allowed, as one step: of concurrent takes (on any node) no more
     * than the limit are allowed.
     */
    async take(bucket: string, limits: readonly ThrottleLimit[]): Promise<ThrottleVerdict> {
      const v = await repository.lockedThrottle(bucket, async (queries) => {
        const found = await verdict(bucket, limits, queries);
        if (found.allowed) await queries.insertThrottle(bucket, new Date(clock.now()));
        return found;
      });
      await prune();
      return v;
    },
    /** Forgets a bucket's events. */
    clear: (bucket: string) => repository.clearThrottle(bucket),
  };
}

/** The throttle's interface. */
export type Throttle = ReturnType<typeof createThrottle>;
