/**
 * Items numbered by small integers (slots) that are handed out again once freed, so the numbers stay dense and can
 * index typed arrays.
 */
export class Slots<T> {
  private readonly items: (T | undefined)[] = [];
  private readonly free: number[] = [];

  /** Holds the item `make` builds for a free slot; returns the item. */
  add<U extends T>(make: (slot: number) => U): U {
    const slot = this.free.pop() ?? this.items.length;
    const item = make(slot);
    this.items[slot] = item;
    return item;
  }

  /** Frees a slot; a later {@link add} may hand it out again. */
  remove(slot: number): void {
    if (this.items[slot] === undefined) return;
    this.items[slot] = undefined;
    this.free.push(slot);
  }

  /** The item in a slot, or undefined when the slot is free. */
  get(slot: number): T | undefined {
    return this.items[slot];
  }
}

/**
 * A set of slots: membership is one byte per slot and the members are listed in the order they joined. Adding a
 * member is a byte read and, the first time, a byte write and a push, however many places add it: the gateway
 * marks every listener of every tick in a batch, hundreds of thousands of marks a second, most of them repeats.
 */
export class SlotSet {
  private flags = new Uint8Array(1_024);
  private members: number[] = [];

  get size(): number {
    return this.members.length;
  }

  add(slot: number): void {
    if (slot >= this.flags.length) {
      const grown = new Uint8Array(Math.max(slot + 1, this.flags.length * 2));
      grown.set(this.flags);
      this.flags = grown;
    }
    if (this.flags[slot] === 1) return;
    this.flags[slot] = 1;
    this.members.push(slot);
  }

  /**
   * Visits every member in the order they joined; a member stays when `keep` returns true, else it leaves. A slot
   * added while this runs is a member afterwards, unless it was a member not yet visited (its visit decides).
   */
  drain(keep: (slot: number) => boolean): void {
    const members = this.members;
    this.members = [];
    for (let i = 0; i < members.length; i++) {
      const slot = members[i]!;
      this.flags[slot] = 0;
      if (keep(slot) && this.flags[slot] === 0) {
        this.flags[slot] = 1;
        this.members.push(slot);
      }
    }
  }
}
