import { describe, expect, it } from 'vitest';
import { type ChainOiSnapshot, oiChangeAgainst, oiChangeOverWindow, oiSnapshotIndexAt } from './oi-change';

const NOW = Date.UTC(2026, 8, 1, 8, 30);
const minutesAgo = (m: number) => NOW - m * 60_000;
const snapshots: ChainOiSnapshot[] = [
  { atMs: minutesAgo(240), strikes: [24_000, 24_050], ceOi: [100, 200], peOi: [300, 400] },
  { atMs: minutesAgo(60), strikes: [24_000, 24_050, 24_100], ceOi: [150, 260, 10], peOi: [320, 390, 5] },
  { atMs: minutesAgo(30), strikes: [24_000, 24_050, 24_100], ceOi: [170, 280, 20], peOi: [330, 380, 8] },
  { atMs: minutesAgo(15), strikes: [24_000, 24_050, 24_100], ceOi: [180, 290, 30], peOi: [335, 370, 9] },
];
const strikes = [24_000, 24_050, 24_100];
const ceNow = [200, 300, 40];

describe('OI change windows', () => {
  it('measures against the latest snapshot at or before now − window', () => {
    expect(Array.from(oiChangeOverWindow(strikes, ceNow, snapshots, 'CE', NOW, 15))).toEqual([20, 10, 10]);
    expect(Array.from(oiChangeOverWindow(strikes, ceNow, snapshots, 'CE', NOW, 30))).toEqual([30, 20, 20]);
    expect(Array.from(oiChangeOverWindow(strikes, ceNow, snapshots, 'CE', NOW, 60))).toEqual([50, 40, 30]);
    // 4 h ago the 24,100 strike was not listed yet: its change is unknown.
    expect(Array.from(oiChangeOverWindow(strikes, ceNow, snapshots, 'CE', NOW, 240))).toEqual([100, 100, Number.NaN]);
  });

  it('uses an older snapshot when none falls exactly on the window, and none at all early in the day', () => {
    expect(oiSnapshotIndexAt(snapshots, minutesAgo(45))).toBe(1);
    expect(oiSnapshotIndexAt(snapshots, minutesAgo(300))).toBe(-1);
    expect(Array.from(oiChangeOverWindow(strikes, ceNow, snapshots.slice(3), 'CE', NOW, 60)).every(Number.isNaN)).toBe(
      true,
    );
  });

  it('matches strikes by value when the ladders differ', () => {
    const out = oiChangeAgainst([24_050, 24_150], [500, 60], snapshots[2]!, 'PE');
    expect(Array.from(out)).toEqual([120, Number.NaN]);
  });
});
