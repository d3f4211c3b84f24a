import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { black76Greeks } from './black-76';
import {
  gammaExposureByStrike,
  gammaRegime,
  gammaWalls,
  legGammaExposure,
  netGammaExposureAt,
  zeroGammaFlip,
  type GammaProfileInput,
} from './gamma-exposure';

const SEED = 20261128;

function profile(strikes: number[], ceOi: number[], peOi: number[], iv = 0.15, years = 7 / 365): GammaProfileInput {
  return {
    strikes,
    ceOi,
    peOi,
    ceIv: strikes.map(() => iv),
    peIv: strikes.map(() => iv),
    years,
    rate: 0.065,
    forwardPerSpot: 1,
  };
}

describe('gamma exposure (GEX)', () => {
  it('signs call gamma positive and put gamma negative: dealers long calls, short puts', () => {
    expect(legGammaExposure('CE', 0.001, 10_000, 24_000)).toBeGreaterThan(0);
    expect(legGammaExposure('PE', 0.001, 10_000, 24_000)).toBeLessThan(0);
    // γ × OI × S² × 1 %: 0.001 × 10,000 × 24,000² × 0.01 = 57,600,000.
    expect(legGammaExposure('CE', 0.001, 10_000, 24_000)).toBeCloseTo(57_600_000, 3);
    expect(legGammaExposure('PE', 0.001, 10_000, 24_000)).toBeCloseTo(-57_600_000, 3);
  });

  it('counts an unknown gamma or OI as no exposure', () => {
    const [row] = gammaExposureByStrike(
      [{ strike: 100, ce: { gamma: null, oi: 5 }, pe: { gamma: 0.01, oi: null } }],
      100,
    );
    expect(row).toEqual({ strike: 100, callGex: 0, putGex: 0, netGex: 0 });
  });

  it('nets each strike and puts the call wall at the largest call GEX, the put wall at the largest put GEX', () => {
    const rows = gammaExposureByStrike(
      [
        { strike: 100, ce: { gamma: 0.01, oi: 100 }, pe: { gamma: 0.01, oi: 900 } },
        { strike: 110, ce: { gamma: 0.01, oi: 800 }, pe: { gamma: 0.01, oi: 100 } },
        { strike: 120, ce: { gamma: 0.01, oi: 300 }, pe: { gamma: 0.01, oi: 0 } },
      ],
      100,
    );
    expect(rows.map((row) => row.netGex)).toEqual([-800, 700, 300]);
    expect(gammaWalls(rows)).toEqual({ callWall: 110, putWall: 100 });
    expect(gammaWalls([])).toEqual({ callWall: null, putWall: null });
  });

  it('reads positive net GEX as a range regime and negative as a trend regime', () => {
    expect(gammaRegime(5)).toBe('range');
    expect(gammaRegime(-5)).toBe('trend');
    expect(gammaRegime(0)).toBe('neutral');
  });

  it('puts the flip level at the root of net gamma over spot, between a put-heavy and a call-heavy side', () => {
    // Puts pile up below 24,000 and calls above: net GEX is negative low down and positive high up.
    const input = profile([23_500, 23_750, 24_000, 24_250, 24_500], [0, 0, 100, 400, 900], [900, 400, 100, 0, 0]);
    const flip = zeroGammaFlip(input, 24_000);
    expect(flip).not.toBeNull();
    expect(Math.abs(netGammaExposureAt(input, flip!))).toBeLessThan(
      1e-3 * Math.abs(netGammaExposureAt(input, flip! + 200)),
    );
    expect(netGammaExposureAt(input, flip! - 50)).toBeLessThan(0);
    expect(netGammaExposureAt(input, flip! + 50)).toBeGreaterThan(0);
    // Symmetric OI around 24,000 at one IV flips at (about) 24,000.
    expect(flip!).toBeGreaterThan(23_900);
    expect(flip!).toBeLessThan(24_100);
  });

  it('has no flip when net gamma keeps one sign', () => {
    expect(zeroGammaFlip(profile([23_800, 24_000, 24_200], [100, 100, 100], [0, 0, 0]), 24_000)).toBeNull();
  });

  it('agrees at spot with the by-strike sum of Black-76 gammas', () => {
    const input = profile([23_800, 24_000, 24_200], [300, 500, 800], [700, 400, 100], 0.14, 10 / 365);
    const strikes = [23_800, 24_000, 24_200].map((strike, i) => ({
      strike,
      ce: { gamma: black76Greeks('CE', 24_000, strike, 10 / 365, 0.065, 0.14).gamma, oi: [300, 500, 800][i]! },
      pe: { gamma: black76Greeks('PE', 24_000, strike, 10 / 365, 0.065, 0.14).gamma, oi: [700, 400, 100][i]! },
    }));
    const sum = gammaExposureByStrike(strikes, 24_000).reduce((total, row) => total + row.netGex, 0);
    expect(netGammaExposureAt(input, 24_000)).toBeCloseTo(sum, 3);
  });

  it(`finds a root nearest spot wherever a fine grid sees a sign change (fast-check seed ${SEED})`, () => {
    const chain = fc.record({
      ceOi: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 7, maxLength: 7 }),
      peOi: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 7, maxLength: 7 }),
      iv: fc.double({ min: 0.08, max: 0.4, noNaN: true }),
    });
    fc.assert(
      fc.property(chain, ({ ceOi, peOi, iv }) => {
        const strikes = [940, 960, 980, 1_000, 1_020, 1_040, 1_060];
        const input = profile(strikes, ceOi, peOi, iv, 14 / 365);
        const flip = zeroGammaFlip(input, 1_000, { span: 0.1, steps: 200 });
        // Oracle: the same grid scanned directly for a sign change.
        const grid = Array.from({ length: 201 }, (_, i) => 900 + i);
        const values = grid.map((level) => netGammaExposureAt(input, level));
        const changes = values.some((v, i) => i > 0 && Math.sign(v) !== Math.sign(values[i - 1]!));
        if (!changes) return flip === null;
        if (flip === null) return false;
        const scale = Math.max(...values.map(Math.abs));
        return Math.abs(netGammaExposureAt(input, flip)) <= 1e-3 * scale;
      }),
      { seed: SEED, numRuns: 60 },
    );
  });
});
