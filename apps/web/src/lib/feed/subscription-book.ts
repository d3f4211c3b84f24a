import type { FeedMode } from '@fnodesk/contracts';

const MODE_RANK: Readonly<Record<FeedMode, number>> = { ltp: 0, quote: 1, full: 2 };

/** The wider of two modes: `full` includes `quote`, which includes `ltp`. */
export function widerFeedMode(a: FeedMode, b: FeedMode): FeedMode {
  return MODE_RANK[a] >= MODE_RANK[b] ? a : b;
}

/**
 * Who holds which instrument, counted per mode: a token is wanted while anyone holds it, in the widest mode any
 * holder asked for. The feed connection compares this with what the server has to know what to (un)subscribe.
 */
export class SubscriptionBook {
  private readonly holds = new Map<number, Map<FeedMode, number>>();
  private readonly since = new Map<number, number>();

  /** Counts one holder of each token in `mode`; `now` is remembered as when a newly held token was first wanted. */
  add(tokens: readonly number[], mode: FeedMode, now: number): void {
    for (const token of tokens) {
      let counts = this.holds.get(token);
      if (counts === undefined) {
        counts = new Map();
        this.holds.set(token, counts);
        this.since.set(token, now);
      }
      counts.set(mode, (counts.get(mode) ?? 0) + 1);
    }
  }

  /** Releases one holder of each token in `mode`; returns the tokens nobody holds any more. */
  remove(tokens: readonly number[], mode: FeedMode): number[] {
    const released: number[] = [];
    for (const token of tokens) {
      const counts = this.holds.get(token);
      const count = counts?.get(mode);
      if (counts === undefined || count === undefined) continue;
      if (count > 1) counts.set(mode, count - 1);
      else counts.delete(mode);
      if (counts.size === 0) {
        this.holds.delete(token);
        this.since.delete(token);
        released.push(token);
      }
    }
    return released;
  }

  /** The widest mode the token is held in, or undefined when nobody holds it. */
  modeOf(token: number): FeedMode | undefined {
    const counts = this.holds.get(token);
    if (counts === undefined) return undefined;
    let widest: FeedMode | undefined;
    for (const mode of counts.keys()) widest = widest === undefined ? mode : widerFeedMode(widest, mode);
    return widest;
  }

  /** When the token was first wanted by its current holders (epoch ms), or undefined when not held. */
  heldSince(token: number): number | undefined {
    return this.since.get(token);
  }

  /** Every held token. */
  tokens(): IterableIterator<number> {
    return this.holds.keys();
  }

  /** How many tokens are held. */
  get size(): number {
    return this.holds.size;
  }
}
