import { Redis } from 'ioredis';
import { deliver, type Bus, type BusErrorReporter, type BusHandler } from './bus';

/**
 * Bus over Redis pub/sub: one connection publishes, one listens. ioredis reconnects on its own and re-subscribes
 * the listening connection's channels after a reconnect.
 */
export async function createRedisBus(url: string, onError: BusErrorReporter): Promise<Bus> {
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const pub = new Redis(url, { ...options, connectionName: 'fnodesk-pub', enableAutoPipelining: true });
  const sub = new Redis(url, { ...options, connectionName: 'fnodesk-sub' });
  // Connection errors are retried by ioredis; they show up in health checks rather than crashing the process.
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  await Promise.all([pub.connect(), sub.connect()]);

  const channels = new Map<string, Set<BusHandler>>();
  sub.on('message', (channel: string, message: string) => {
    const handlers = channels.get(channel);
    if (handlers) deliver([...handlers], channel, message, onError);
  });

  let closed = false;
  return {
    driver: 'redis',
    async publish(channel, message) {
      await pub.publish(channel, message);
    },
    async subscribe(channel, handler) {
      if (closed) throw new Error('bus is closed');
      const wrapped: BusHandler = (m) => handler(m);
      let set = channels.get(channel);
      if (!set) {
        channels.set(channel, (set = new Set()));
        await sub.subscribe(channel);
      }
      set.add(wrapped);
      let active = true;
      return async () => {
        if (!active) return;
        active = false;
        set.delete(wrapped);
        if (set.size === 0 && channels.get(channel) === set) {
          channels.delete(channel);
          if (!closed) await sub.unsubscribe(channel);
        }
      };
    },
    async ping() {
      const started = performance.now();
      await pub.ping();
      return Math.round((performance.now() - started) * 100) / 100;
    },
    async close() {
      if (closed) return;
      closed = true;
      channels.clear();
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
