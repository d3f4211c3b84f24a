import { deliver, type Bus, type BusErrorReporter, type BusHandler } from './bus';

/** An in-process message hub; every bus made from it sees the others' messages (like clients of one Redis). */
export interface MemoryHub {
  /** Connects a new bus to this hub. */
  connect(): Bus;
}

/** Creates an in-process hub. The default deployment uses one hub and one bus. */
export function createMemoryHub(onError: BusErrorReporter): MemoryHub {
  const channels = new Map<string, Set<BusHandler>>();

  return {
    connect(): Bus {
      const mine = new Set<{ channel: string; handler: BusHandler }>();
      let closed = false;
      return {
        driver: 'memory',
        async publish(channel, message) {
          if (closed) throw new Error('bus is closed');
          const handlers = channels.get(channel);
          if (!handlers || handlers.size === 0) return;
          // Snapshot now so a subscriber added later does not see an earlier message.
          const snapshot = [...handlers];
          queueMicrotask(() =>
            deliver(
              snapshot.filter((h) => handlers.has(h)),
              channel,
              message,
              onError,
            ),
          );
        },
        async subscribe(channel, handler) {
          if (closed) throw new Error('bus is closed');
          // Wrap so the same function subscribed twice counts as two subscriptions.
          const entry = { channel, handler: (m: string) => handler(m) };
          let set = channels.get(channel);
          if (!set) channels.set(channel, (set = new Set()));
          set.add(entry.handler);
          mine.add(entry);
          return async () => {
            if (!mine.delete(entry)) return;
            set.delete(entry.handler);
            if (set.size === 0 && channels.get(channel) === set) channels.delete(channel);
          };
        },
        async ping() {
          if (closed) throw new Error('bus is closed');
          return 0;
        },
        async close() {
          closed = true;
          for (const { channel, handler } of mine) channels.get(channel)?.delete(handler);
          mine.clear();
        },
      };
    },
  };
}

/** A bus for one process with nothing behind it. */
export function createMemoryBus(onError: BusErrorReporter): Bus {
  return createMemoryHub(onError).connect();
}
