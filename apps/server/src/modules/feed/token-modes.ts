import type { FeedMode } from '@fnodesk/contracts';

/** Modes by their code: a mode's code is its place here (ltp 0, quote 1, full 2). */
export const MODES: readonly FeedMode[] = ['ltp', 'quote', 'full'];
/** The code of each mode, as {@link TokenModes.codes} holds it. */
export const MODE_CODE: Readonly<Record<FeedMode, number>> = { ltp: 0, quote: 1, full: 2 };

/** Anything held per token: the gateway holds each instrument's feed, tests hold bare tokens. */
export interface HasToken {
  readonly token: number;
}

/**
 * One connection's subscriptions: the items it holds (one per token) with their modes, in an array and a small
 * typed array sorted by token. A connection holds tens to thousands of tokens for hours and changes them rarely,
 * so lookups are a binary search and changes rebuild the arrays. This takes a fifth of the memory of a `Map`,
 * which is what lets one gateway hold tens of thousands of idle connections, and a flush walks a connection's
 * items directly rather than looking each token up.
 */
export class TokenModes<T extends HasToken> {
  private items: T[] = [];
  private modes = new Uint8Array(0);

  /** Number of tokens held. */
  get size(): number {
    return this.items.length;
  }

  private indexOf(token: number): number {
    let lo = 0;
    let hi = this.items.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const value = this.items[mid]!.token;
      if (value === token) return mid;
      if (value < token) lo = mid + 1;
      else hi = mid - 1;
    }
    return -(lo + 1);
  }

  /** The mode a token is held in, or undefined. */
  get(token: number): FeedMode | undefined {
    const i = this.indexOf(token);
    return i >= 0 ? MODES[this.modes[i]!] : undefined;
  }

  /** True when the token is held. */
  has(token: number): boolean {
    return this.indexOf(token) >= 0;
  }

  /** Holds each item in its mode (replacing the item and mode of a token already held). */
  setAll(entries: Iterable<readonly [T, FeedMode]>): void {
    const merged = new Map<number, [T, number]>();
    for (let i = 0; i < this.items.length; i++) merged.set(this.items[i]!.token, [this.items[i]!, this.modes[i]!]);
    for (const [item, mode] of entries) merged.set(item.token, [item, MODE_CODE[mode]]);
    this.rebuild(merged);
  }

  /** Stops holding the tokens; returns the items that were held. */
  deleteAll(tokens: Iterable<number>): T[] {
    const drop = new Set<number>();
    for (const token of tokens) if (this.has(token)) drop.add(token);
    if (drop.size === 0) return [];
    const kept = new Map<number, [T, number]>();
    const dropped: T[] = [];
    for (let i = 0; i < this.items.length; i++) {
      const item = this.items[i]!;
      if (drop.has(item.token)) dropped.push(item);
      else kept.set(item.token, [item, this.modes[i]!]);
    }
    this.rebuild(kept);
    return dropped;
  }

  /** Every token held, ascending. */
  list(): number[] {
    return this.items.map((item) => item.token);
  }

  /**
   * The items held by ascending token, and beside them ({@link codes}) their modes' codes: for a loop that reads
   * thousands of connections' items in one go (the gateway's flush) without a call per item. Read only.
   */
  get held(): readonly T[] {
    return this.items;
  }

  /** The code ({@link MODE_CODE}) of each item's mode in {@link held}, at the same index. Read only. */
  get codes(): Uint8Array {
    return this.modes;
  }

  /** Calls `visit` with each item and its mode, by ascending token. */
  forEach(visit: (item: T, mode: FeedMode) => void): void {
    const { items, modes } = this;
    for (let i = 0; i < items.length; i++) visit(items[i]!, MODES[modes[i]!]!);
  }

  private rebuild(entries: Map<number, [T, number]>): void {
    const sorted = [...entries.keys()].sort((a, b) => a - b);
    this.items = sorted.map((token) => entries.get(token)![0]);
    this.modes = Uint8Array.from(sorted, (token) => entries.get(token)![1]);
  }
}
