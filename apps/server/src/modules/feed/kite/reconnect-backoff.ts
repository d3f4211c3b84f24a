/** Reconnect delays: exponential from `minMs` to `maxMs`, each spread by ± `jitter` (a fraction) of itself. */
export interface BackoffPolicy {
  readonly minMs: number;
  readonly maxMs: number;
  readonly jitter: number;
}

/** The feed defaults (spec §9): 1 s doubling to 20 s, ±30 % jitter (reliability plan T13). */
export const DEFAULT_BACKOFF: BackoffPolicy = Object.freeze({ minMs: 1_000, maxMs: 20_000, jitter: 0.3 });

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a connection was lost), given `random()` in
 * [0, 1). The jitter keeps many clients that lost the same server from returning in step; the result stays within
 * [minMs, maxMs].
 */
export function reconnectDelay(attempt: number, policy: BackoffPolicy, random: () => number): number {
  const base = Math.min(policy.maxMs, policy.minMs * 2 ** Math.min(attempt, 30));
  const spread = base * policy.jitter * (random() * 2 - 1);
  return Math.round(Math.min(policy.maxMs, Math.max(policy.minMs, base + spread)));
}
