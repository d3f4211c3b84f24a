import { describe, expect, it } from 'vitest';
import { Slots, SlotSet } from './slots';

describe('Slots', () => {
  it('numbers items densely and hands freed numbers out again', () => {
    const slots = new Slots<{ slot: number; name: string }>();
    const a = slots.add((slot) => ({ slot, name: 'a' }));
    const b = slots.add((slot) => ({ slot, name: 'b' }));
    expect([a.slot, b.slot]).toEqual([0, 1]);
    slots.remove(a.slot);
    slots.remove(a.slot);
    expect(slots.get(a.slot)).toBeUndefined();
    const c = slots.add((slot) => ({ slot, name: 'c' }));
    expect(c.slot).toBe(0);
    expect(slots.get(0)).toBe(c);
    expect(slots.add((slot) => ({ slot, name: 'd' })).slot).toBe(2);
  });
});

describe('SlotSet', () => {
  it('holds each slot once, in the order they joined, past its first size', () => {
    const set = new SlotSet();
    for (const slot of [5, 3, 5, 5_000, 3, 0]) set.add(slot);
    expect(set.size).toBe(4);
    const seen: number[] = [];
    set.drain((slot) => (seen.push(slot), false));
    expect(seen).toEqual([5, 3, 5_000, 0]);
    expect(set.size).toBe(0);
    set.add(3);
    expect(set.size).toBe(1);
  });

  it('keeps the members a drain keeps, and lets the others join again', () => {
    const set = new SlotSet();
    for (const slot of [1, 2, 3]) set.add(slot);
    set.drain((slot) => slot === 2);
    expect(set.size).toBe(1);
    set.add(2);
    set.add(1);
    const seen: number[] = [];
    set.drain((slot) => (seen.push(slot), false));
    expect(seen).toEqual([2, 1]);
  });

  it('visits a member added during a drain once: now if it was waiting, else in the next drain', () => {
    const set = new SlotSet();
    for (const slot of [1, 2, 3]) set.add(slot);
    const first: number[] = [];
    set.drain((slot) => {
      first.push(slot);
      if (slot === 1) {
        // 2 is a member not yet visited: it is visited in this drain, once, and leaves as its visit says.
        set.add(2);
        // 1, being visited, and 4, new, are members for the next drain.
        set.add(1);
        set.add(4);
      }
      // 3 stays, and adding it again while it is visited does not list it twice.
      if (slot === 3) set.add(3);
      return slot === 3;
    });
    expect(first).toEqual([1, 2, 3]);
    const second: number[] = [];
    set.drain((slot) => (second.push(slot), false));
    expect(second).toEqual([1, 4, 3]);
  });
});
