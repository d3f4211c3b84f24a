/** Bounds of a reconnect delay. */
export interface BackoffBounds {
  readonly minMs: number;
  readonly maxMs: number;
}

/** The real-time feed's reconnect bounds (spec signed-in §9): 1 s doubling to 20 s. Kite's ticker uses them too. */
export const FEED_RECONNECT_BOUNDS: BackoffBounds = Object.freeze({ minMs: 1_000, maxMs: 20_000 });

/**
 * The wait before reconnect attempt `attempt` (0 for the first): exponential from `minMs`, doubled per attempt and
 * capped at `maxMs`, with jitter taking it anywhere from half to the whole of that step so that clients dropped
 * together by one server do not all come back in the same instant. Never below `minMs` nor above `maxMs`.
 */
export function reconnectDelay(attempt: number, random: () => number, bounds: BackoffBounds): number {
  const step = Math.min(bounds.maxMs, bounds.minMs * 2 ** Math.max(0, Math.min(attempt, 30)));
  const jittered = step * (0.5 + 0.5 * clampUnit(random()));
  return Math.round(Math.min(bounds.maxMs, Math.max(bounds.minMs, jittered)));
}

function clampUnit(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
}
