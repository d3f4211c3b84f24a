import type { Clock, TimerHandle } from '@fnodesk/domain';
import { firstRefreshAt } from './refresh-schedule';

/** A page's periodic refresh: first 3 s past the next minute boundary, then every `refreshMs` (spec §4.3). */
export interface RefreshTimer {
  /** Starts calling `refresh` on the schedule; restarting re-anchors it at the next minute boundary. */
  start(refresh: () => void): void;
  stop(): void;
  /** When the next refresh is due (epoch ms), or null while stopped. */
  nextAt: () => number | null;
  /** Calls `listener` whenever `nextAt` changes; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

/** Creates a stopped refresh timer on `clock`. */
export function createRefreshTimer(clock: Clock, refreshMs: number): RefreshTimer {
  let next: number | null = null;
  let timer: TimerHandle | undefined;
  const listeners = new Set<() => void>();

  const setNext = (at: number | null) => {
    next = at;
    for (const listener of listeners) listener();
  };

  const stop = () => {
    timer?.cancel();
    timer = undefined;
    if (next !== null) setNext(null);
  };

  return {
    start(refresh) {
      stop();
      const arm = (at: number) => {
        setNext(at);
        timer = clock.setTimeout(
          () => {
            // Scheduled from the due time, not the firing time, so a late timer does not drift the cadence.
            arm(at + refreshMs);
            refresh();
          },
          Math.max(0, at - clock.now()),
        );
      };
      arm(firstRefreshAt(clock.now()));
    },
    stop,
    nextAt: () => next,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
