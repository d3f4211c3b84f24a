/** Stops a subscription. Idempotent. */
export type Unsubscribe = () => Promise<void>;

/** Receives one message. Must not throw; a throwing handler is reported and the others still run. */
export type BusHandler = (message: string) => void;

/**
 * Publish/subscribe between the parts of the system (ticks from ingest to gateways, tier changes, user events).
 * Messages are strings (serialised once by the publisher); delivery is at most once, in publish order per
 * channel, and always asynchronous, so a publisher never runs subscriber code inside its own call.
 */
export interface Bus {
  readonly driver: 'memory' | 'redis';
  /** Sends `message` to every current subscriber of `channel`, in this process and others. */
  publish(channel: string, message: string): Promise<void>;
  /** Delivers messages published on `channel` after this resolves. */
  subscribe(channel: string, handler: BusHandler): Promise<Unsubscribe>;
  /** Round-trip time to the backend in ms; throws when it does not answer. */
  ping(): Promise<number>;
  /** Drops every subscription and disconnects. */
  close(): Promise<void>;
}

/** Called when a subscriber throws; the bus itself keeps going. */
export type BusErrorReporter = (error: unknown, channel: string) => void;

/** Runs every handler of one message, isolating their failures. */
export function deliver(
  handlers: Iterable<BusHandler>,
  channel: string,
  message: string,
  onError: BusErrorReporter,
): void {
  for (const handler of handlers) {
    try {
      handler(message);
    } catch (error) {
      onError(error, channel);
    }
  }
}
