// The timer functions every JavaScript runtime has (Node and browsers). Declared here because `domain` is built
// without any runtime's type library, to keep it free of platform APIs.
declare function setTimeout(fn: () => void, ms: number): unknown;
declare function clearTimeout(id: unknown): void;
declare function setInterval(fn: () => void, ms: number): unknown;
declare function clearInterval(id: unknown): void;

/** A scheduled callback that can be cancelled. */
export interface TimerHandle {
  cancel(): void;
}

/**
 * The clock port. Everything time-based (sessions, market hours, refresh timers, expiry jobs) reads time and
 * schedules work through this, so tests can move time instead of waiting for it.
 */
export interface Clock {
  /** Current time in epoch milliseconds. */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds. */
  setTimeout(fn: () => void, ms: number): TimerHandle;
  /** Runs `fn` every `ms` milliseconds until cancelled. */
  setInterval(fn: () => void, ms: number): TimerHandle;
}

/** The real clock, over the runtime's timers. Timers do not keep a Node process alive on their own. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const id = setTimeout(fn, ms);
    unrefTimer(id);
    return { cancel: () => clearTimeout(id) };
  },
  setInterval(fn, ms) {
    const id = setInterval(fn, ms);
    unrefTimer(id);
    return { cancel: () => clearInterval(id) };
  },
};

function unrefTimer(id: unknown): void {
  // Node returns a Timeout object with unref(); browsers return a number.
  if (typeof id === 'object' && id !== null && 'unref' in id && typeof id.unref === 'function') {
    (id as { unref(): void }).unref();
  }
}

/** A clock whose time only moves when a test says so. */
export interface FakeClock extends Clock {
  /** Moves time forward by `ms`, firing due timers in time order (each sees `now()` equal to its due time). */
  advance(ms: number): void;
  /** Moves time to `epochMs` (never backwards), firing due timers. */
  set(epochMs: number): void;
  /** How many timers are still scheduled. */
  pending(): number;
}

interface FakeTimer {
  id: number;
  due: number;
  every: number | null;
  fn: () => void;
}

/** Creates a fake clock starting at `startMs` (epoch ms). */
export function createFakeClock(startMs: number): FakeClock {
  let current = startMs;
  let nextId = 1;
  const timers = new Map<number, FakeTimer>();

  const schedule = (fn: () => void, ms: number, every: number | null): TimerHandle => {
    const id = nextId++;
    timers.set(id, { id, due: current + Math.max(0, ms), every, fn });
    return { cancel: () => void timers.delete(id) };
  };

  const runUntil = (target: number): void => {
    if (target < current) throw new RangeError('A fake clock cannot move backwards');
    for (;;) {
      let next: FakeTimer | undefined;
      for (const t of timers.values()) {
        if (t.due <= target && (!next || t.due < next.due || (t.due === next.due && t.id < next.id))) next = t;
      }
      if (!next) break;
      current = next.due;
      if (next.every === null) timers.delete(next.id);
      else next.due += Math.max(1, next.every);
      next.fn();
    }
    current = target;
  };

  return {
    now: () => current,
    setTimeout: (fn, ms) => schedule(fn, ms, null),
    setInterval: (fn, ms) => schedule(fn, ms, ms),
    advance: (ms) => runUntil(current + ms),
    set: (epochMs) => runUntil(epochMs),
    pending: () => timers.size,
  };
}
