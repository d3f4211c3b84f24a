import type { Clock, TimerHandle } from '@fnodesk/domain';
import type { Bus, Unsubscribe } from '../../platform/bus';
import { FEED_WANTS_CHANNEL, FEED_WANTS_HELLO_CHANNEL } from './feed-channels';

/** How often a gateway repeats its wanted tokens; pub/sub may drop a message and an ingest may restart. */
export const WANTS_REPEAT_MS = 10_000;
/** A gateway not heard from for this long is taken to be gone and its tokens are no longer wanted. */
export const WANTS_EXPIRY_MS = 3 * WANTS_REPEAT_MS + 5_000;
// Subscriptions arrive in bursts (a page subscribing a whole option chain); one announcement covers the burst.
const ANNOUNCE_DEBOUNCE_MS = 100;

/** A gateway's side of the wants protocol. */
export interface WantsAnnouncer {
  /** The wanted set changed; it is announced shortly. */
  changed(): void;
  /** Announces an empty set and stops. */
  stop(): Promise<void>;
}

/** Announces the tokens a gateway's clients want, on change, every {@link WANTS_REPEAT_MS} and on an ingest's hello. */
export async function startWantsAnnouncer(deps: {
  bus: Bus;
  clock: Clock;
  node: string;
  tokens: () => Iterable<number>;
  onError: (err: unknown) => void;
}): Promise<WantsAnnouncer> {
  const { bus, clock, node } = deps;
  let pending: TimerHandle | undefined;
  const announce = (tokens: readonly number[]) =>
    bus.publish(FEED_WANTS_CHANNEL, JSON.stringify({ node, tokens })).catch(deps.onError);
  const announceNow = () => {
    pending?.cancel();
    pending = undefined;
    void announce([...deps.tokens()]);
  };
  const stopHello: Unsubscribe = await bus.subscribe(FEED_WANTS_HELLO_CHANNEL, announceNow);
  const repeat = clock.setInterval(announceNow, WANTS_REPEAT_MS);
  return {
    changed() {
      pending ??= clock.setTimeout(announceNow, ANNOUNCE_DEBOUNCE_MS);
    },
    async stop() {
      pending?.cancel();
      repeat.cancel();
      await stopHello();
      await announce([]);
    },
  };
}

/** Collects every gateway's wanted tokens for the ingest role; calls `onChange` with the union when it changes. */
export async function startWantsCollector(deps: {
  bus: Bus;
  clock: Clock;
  onChange: (tokens: readonly number[]) => void;
  onError: (err: unknown) => void;
}): Promise<{ stop(): Promise<void> }> {
  const { bus, clock } = deps;
  const nodes = new Map<string, { tokens: readonly number[]; seenAt: number }>();
  let union = new Set<number>();

  const recompute = () => {
    const next = new Set<number>();
    for (const { tokens } of nodes.values()) for (const token of tokens) next.add(token);
    const same = next.size === union.size && [...next].every((token) => union.has(token));
    union = next;
    if (!same) deps.onChange([...next]);
  };

  const stopWants = await bus.subscribe(FEED_WANTS_CHANNEL, (message) => {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed !== 'object' || parsed === null) return;
    const { node, tokens } = parsed as { node?: unknown; tokens?: unknown };
    if (typeof node !== 'string' || !Array.isArray(tokens)) return;
    const valid = tokens.filter((t): t is number => Number.isSafeInteger(t) && t >= 0);
    if (valid.length === 0) nodes.delete(node);
    else nodes.set(node, { tokens: valid, seenAt: clock.now() });
    recompute();
  });
  const sweep = clock.setInterval(() => {
    const cutoff = clock.now() - WANTS_EXPIRY_MS;
    let dropped = false;
    for (const [node, entry] of nodes) {
      if (entry.seenAt < cutoff) dropped = nodes.delete(node);
    }
    if (dropped) recompute();
  }, WANTS_REPEAT_MS);
  await bus.publish(FEED_WANTS_HELLO_CHANNEL, '{}').catch(deps.onError);
  return {
    async stop() {
      sweep.cancel();
      await stopWants();
    },
  };
}
