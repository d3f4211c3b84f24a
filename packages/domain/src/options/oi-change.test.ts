import { describe, expect, it } from 'vitest';
import {
  type ChainOiSnapshot,
  type LegOiFigures,
  OI_CHANGE_WINDOWS,
  legOiAtWindowStart,
  legOiChange,
  oiChangeAgainst,
  oiChangeOverWindow,
  oiSnapshotIndexAt,
} from './oi-change';

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

describe('OI change over the Option OI windows', () => {
  const figures: LegOiFigures = {
    oi: 10_000,
    changeSincePrevClose: 2_500,
    openOi: 9_000,
    byWindow: { '15m': 150, '30m': 300, '1h': null, '4h': 900 },
  };

  it('offers 15 min, 30 min, 1 hour, 4 hour, since open and since previous close, in that order', () => {
    expect(OI_CHANGE_WINDOWS.map((entry) => entry.window)).toEqual(['15m', '30m', '1h', '4h', 'open', 'prevClose']);
  });

  it('reads a look-back window from the change the chain serves for it', () => {
    expect(legOiChange(figures, '15m')).toBe(150);
    expect(legOiChange(figures, '4h')).toBe(900);
  });

  it('measures since open as OI now minus the OI of the first minute', () => {
    expect(legOiChange(figures, 'open')).toBe(1_000);
    expect(legOiAtWindowStart(figures, 'open')).toBe(9_000);
  });

  it('measures since previous close as the exchange change against the previous session', () => {
    expect(legOiChange(figures, 'prevClose')).toBe(2_500);
    expect(legOiAtWindowStart(figures, 'prevClose')).toBe(7_500);
  });

  it('leaves the change unknown when its baseline is unknown', () => {
    expect(legOiChange(figures, '1h')).toBeNull();
    expect(legOiChange({ ...figures, openOi: null }, 'open')).toBeNull();
    expect(legOiChange({ ...figures, oi: null }, 'open')).toBeNull();
    expect(legOiChange({ ...figures, byWindow: { ...figures.byWindow, '30m': Number.NaN } }, '30m')).toBeNull();
    expect(legOiAtWindowStart({ ...figures, oi: null }, 'prevClose')).toBeNull();
  });
});
