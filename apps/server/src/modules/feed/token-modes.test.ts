import fc from 'fast-check';
import type { FeedMode } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { MODES, TokenModes } from './token-modes';

const mode = fc.constantFrom<FeedMode>('ltp', 'quote', 'full');
const token = fc.oneof(fc.integer({ min: 0, max: 3_000 }), fc.maxSafeNat());

describe('TokenModes', () => {
  it('answers like a Map after any sequence of subscriptions and unsubscriptions', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.record({ add: fc.array(fc.tuple(token, mode), { maxLength: 20 }) }),
            fc.record({ remove: fc.array(token, { maxLength: 20 }) }),
          ),
          { maxLength: 30 },
        ),
        (ops) => {
          const subject = new TokenModes<{ token: number }>();
          const model = new Map<number, FeedMode>();
          for (const op of ops) {
            if ('add' in op) {
              subject.setAll(op.add.map(([t, m]) => [{ token: t }, m] as const));
              for (const [t, m] of op.add) model.set(t, m);
            } else {
              const removed = subject.deleteAll(op.remove).map((item) => item.token);
              expect(new Set(removed)).toEqual(new Set(op.remove.filter((t) => model.has(t))));
              for (const t of op.remove) model.delete(t);
            }
          }
          expect(subject.size).toBe(model.size);
          expect(subject.list()).toEqual([...model.keys()].sort((a, b) => a - b));
          for (const [t, m] of model) expect(subject.get(t)).toBe(m);
          const visited: [number, FeedMode][] = [];
          subject.forEach((item, m) => visited.push([item.token, m]));
          expect(visited).toEqual([...model].sort((a, b) => a[0] - b[0]));
          // The flush's view of the same: the items in order, each beside its mode's code.
          expect(subject.held.map((item, i) => [item.token, MODES[subject.codes[i]!]])).toEqual(visited);
          expect(subject.get(-1)).toBeUndefined();
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});
