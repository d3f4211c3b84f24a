import type { Bus, BusHandler, Unsubscribe } from '../../platform/bus';

/** Bus subscriptions held while something in this process needs them, counted per channel. */
export interface CountedSubscriptions {
  /** One more user of `channel`; the first one subscribes. */
  acquire(channel: string): void;
  /** One user fewer; the last one unsubscribes. */
  release(channel: string): void;
  /** Channels currently subscribed. */
  size(): number;
  /** Drops every subscription. */
  close(): Promise<void>;
}

/**
 * Reference-counted bus subscriptions, so a gateway listens only to the tick shards and user channels its clients
 * need. Subscribing is asynchronous; a release that comes first simply unsubscribes once the subscription exists.
 */
export function createCountedSubscriptions(
  bus: Bus,
  handler: (channel: string) => BusHandler,
  onError: (err: unknown, channel: string) => void,
): CountedSubscriptions {
  const held = new Map<string, { count: number; stop: Promise<Unsubscribe | undefined> }>();
  const unsubscribe = (channel: string, stop: Promise<Unsubscribe | undefined>) =>
    void stop.then((u) => u?.()).catch((err: unknown) => onError(err, channel));

  return {
    acquire(channel) {
      const entry = held.get(channel);
      if (entry) {
        entry.count++;
        return;
      }
      const stop = bus.subscribe(channel, handler(channel)).catch((err: unknown) => {
        onError(err, channel);
        return undefined;
      });
      held.set(channel, { count: 1, stop });
    },
    release(channel) {
      const entry = held.get(channel);
      if (!entry || --entry.count > 0) return;
      held.delete(channel);
      unsubscribe(channel, entry.stop);
    },
    size: () => held.size,
    async close() {
      const all = [...held];
      held.clear();
      await Promise.all(all.map(([, entry]) => entry.stop.then((u) => u?.())));
    },
  };
}
