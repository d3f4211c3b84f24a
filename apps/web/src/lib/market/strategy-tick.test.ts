import type { FeedTick } from '@fnodesk/contracts';
import { describe, expect, it } from 'vitest';
import { strategyTick } from './strategy-tick';

const ticks = new Map<number, FeedTick>([
  [1, { token: 1, ts: 1_000, lp: 120, atp: 110, vt: 500 }],
  [2, { token: 2, ts: 2_000, lp: 80, atp: 90, vt: 300 }],
]);

describe('strategyTick', () => {
  it('prices a short strangle as minus the sum of its legs, with volumes added whatever the side', () => {
    const tick = strategyTick(
      [
        { token: 1, signed: -1 },
        { token: 2, signed: -1 },
      ],
      (token) => ticks.get(token),
    );
    expect(tick).toMatchObject({ lp: -200, atp: -200, vt: 800, ts: 2_000 });
  });

  it('weighs each leg by its signed quantity (a 1:2 ratio)', () => {
    const tick = strategyTick(
      [
        { token: 1, signed: 1 },
        { token: 2, signed: -2 },
      ],
      (token) => ticks.get(token),
    );
    expect(tick?.lp).toBe(120 - 160);
  });

  it('has no price until every leg has ticked', () => {
    expect(
      strategyTick(
        [
          { token: 1, signed: 1 },
          { token: 3, signed: 1 },
        ],
        (token) => ticks.get(token),
      ),
    ).toBeNull();
  });

  it('leaves ATP out when a leg has none', () => {
    const bare = new Map<number, FeedTick>([...ticks, [3, { token: 3, ts: 500, lp: 10 }]]);
    const tick = strategyTick(
      [
        { token: 1, signed: 1 },
        { token: 3, signed: 1 },
      ],
      (token) => bare.get(token),
    );
    expect(tick?.lp).toBe(130);
    expect(tick?.atp).toBeUndefined();
  });
});
