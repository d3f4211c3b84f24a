import type { FeedTick } from '@fnodesk/contracts';
import type { Bus } from '../../platform/bus';
import { SerialisedTick } from './tick-projection';

/**
 * Bus channels of the real-time feed. Ticks travel on sharded channels so a gateway subscribes only to the shards
 * holding its clients' tokens; tier changes and user events have their own channels.
 */

/** Number of tick channels. 256 keeps each shard to a handful of the 2,000-odd instruments ticking at once. */
export const TICK_SHARDS = 256;

/**
 * The shard of a token. Hashed rather than `token % n` because Kite tokens carry the exchange segment in their low
 * byte, which would put whole segments in one shard.
 */
export function tickShardOf(token: number): number {
  return Math.imul(token | 0, 0x9e3779b1) >>> 24;
}

/** The bus channel of one tick shard: one message of {@link encodeTicks} per shard per batch. */
export function tickChannel(shard: number): string {
  return `feed.ticks.${shard}`;
}

/**
 * Encodes ticks for the bus: one line per tick, `token,ltpEnd,quoteEnd,fullJson` (see {@link SerialisedTick}).
 * Each tick is serialised once, by the publisher, for every mode; JSON never holds a raw line break.
 */
export function encodeTicks(ticks: Iterable<SerialisedTick>): string {
  const lines: string[] = [];
  for (const tick of ticks) lines.push(`${tick.token},${tick.ltpEnd},${tick.quoteEnd},${tick.full}`);
  return lines.join('\n');
}

/** Reads a non-negative integer ending at `,`; returns [value, index after the comma], or undefined. */
function readInt(text: string, at: number, end: number): [number, number] | undefined {
  let value = 0;
  let i = at;
  for (; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit === -4) break; // ','
    if (digit < 0 || digit > 9) return undefined;
    value = value * 10 + digit;
  }
  return i === at || i >= end ? undefined : [value, i + 1];
}

/** Decodes a message of {@link encodeTicks}; undefined when it is malformed (nothing of it is used then). */
export function decodeTicks(message: string): SerialisedTick[] | undefined {
  const ticks: SerialisedTick[] = [];
  for (let start = 0; start < message.length;) {
    let end = message.indexOf('\n', start);
    if (end === -1) end = message.length;
    const token = readInt(message, start, end);
    const ltpEnd = token && readInt(message, token[1], end);
    const quoteEnd = ltpEnd && readInt(message, ltpEnd[1], end);
    if (!quoteEnd) return undefined;
    const full = message.slice(quoteEnd[1], end);
    if (full[0] !== '{' || full[full.length - 1] !== '}' || ltpEnd[0] > quoteEnd[0] || quoteEnd[0] >= full.length) {
      return undefined;
    }
    ticks.push(new SerialisedTick(token[0], full, ltpEnd[0], quoteEnd[0]));
    start = end + 1;
  }
  return ticks;
}

/**
 * Publishes a batch of ticks: each tick serialised once, one message per shard that has ticks (so the bus carries
 * at most {@link TICK_SHARDS} messages per second, however many instruments tick).
 */
export async function publishTicks(bus: Bus, ticks: readonly FeedTick[]): Promise<void> {
  const byShard = new Map<number, SerialisedTick[]>();
  for (const tick of ticks) {
    const shard = tickShardOf(tick.token);
    let list = byShard.get(shard);
    if (!list) byShard.set(shard, (list = []));
    list.push(SerialisedTick.of(tick));
  }
  await Promise.all([...byShard].map(([shard, list]) => bus.publish(tickChannel(shard), encodeTicks(list))));
}

/**
 * Bus channel on which the ingest role announces each batch of ticks once it is on the tick shards; the message is
 * the batch's latest exchange time (epoch ms). The jobs role runs a market pass on it (the paper exchange, then the
 * risk engine), so a crossing tick is evaluated when it is published rather than on a timer's next beat.
 */
export const FEED_BATCH_CHANNEL = 'feed.batch';

/** Announces a published batch of ticks on {@link FEED_BATCH_CHANNEL} (nothing for an empty batch). */
export async function announceTickBatch(bus: Bus, ticks: readonly FeedTick[]): Promise<void> {
  if (ticks.length === 0) return;
  let latest = Number.NEGATIVE_INFINITY;
  for (const tick of ticks) if (tick.ts > latest) latest = tick.ts;
  await bus.publish(FEED_BATCH_CHANNEL, String(latest));
}

/**
 * Bus channel announcing that a user's data tier may have changed (a plan started or ended, a broker logged in or
 * out). The message is the user id; gateways re-read that user's entitlements and push the new tier.
 */
export const TIER_CHANGED_CHANNEL = 'feed.tier.changed';

/** Tells every gateway that `userId`'s entitlements changed. Never throws: the next tier check catches up. */
export async function announceTierChange(bus: Bus, userId: string): Promise<void> {
  try {
    await bus.publish(TIER_CHANGED_CHANNEL, userId);
  } catch {
    // The bus being down must not fail a payment or a broker login; the gateway re-checks at the plan's end anyway.
  }
}

/** The per-user bus channel carrying the user's private events (`{channel, d}` JSON) to their feed connections. */
export function userEventsChannel(userId: string): string {
  return `feed.user.${userId}`;
}

/** A private event for a user's feed connections, sent as `{t:"event", channel, d}`. */
export interface UserEvent {
  /** The user's `webSocketChannel` (from login), which the client matches. */
  readonly channel: string;
  readonly d: unknown;
}

/** Publishes a private event (order update, account notice) to every feed connection of a user. */
export async function publishUserEvent(bus: Bus, userId: string, event: UserEvent): Promise<void> {
  await bus.publish(userEventsChannel(userId), JSON.stringify({ channel: event.channel, d: event.d }));
}

/**
 * Bus channel on which each gateway announces the tokens its clients want (`{node, tokens}`, the whole set), so
 * the ingest role asks its source for them; {@link FEED_WANTS_HELLO_CHANNEL} asks every gateway to announce again.
 */
export const FEED_WANTS_CHANNEL = 'feed.wants';
/** Sent by an ingest role when it starts, so it learns the wanted tokens at once. */
export const FEED_WANTS_HELLO_CHANNEL = 'feed.wants.hello';
