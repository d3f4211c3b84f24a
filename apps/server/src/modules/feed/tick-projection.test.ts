import { FeedTickSchema, type FeedTick } from '@fnodesk/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTicks, encodeTicks } from './feed-channels';
import { SerialisedTick, projectTick, widerMode } from './tick-projection';
import { MODE_CODE, MODES } from './token-modes';

const full: FeedTick = {
  token: 256265,
  ts: 1_795_200_000_000,
  lp: 25_910.35,
  o: 25_850,
  h: 25_960.5,
  l: 25_801.1,
  c: 25_840.4,
  vt: 0,
  atp: 25_899.2,
  oi: 0,
  oiDayHigh: 14_700_000,
  oiDayLow: 14_100_000,
  prev: { lp: 25_840.4, oi: 0 },
  depth: { buy: [{ p: 25_910.3, q: 75, o: 1 }], sell: [{ p: 25_910.4, q: 150, o: 2 }] },
};

describe('tick projection', () => {
  it('sends only token, time and last price in ltp mode', () => {
    expect(projectTick(full, 'ltp')).toEqual({ token: 256265, ts: full.ts, lp: 25_910.35 });
  });

  it('adds OHLC, volume, ATP, OI with its day high and low and previous close in quote mode, without depth', () => {
    const quote = projectTick(full, 'quote');
    expect(quote).toMatchObject({ o: 25_850, h: 25_960.5, l: 25_801.1, c: 25_840.4, atp: 25_899.2, prev: full.prev });
    expect(quote).toMatchObject({ oiDayHigh: 14_700_000, oiDayLow: 14_100_000 });
    expect(quote).not.toHaveProperty('depth');
  });

  it('sends everything in full mode', () => {
    expect(projectTick(full, 'full')).toEqual(full);
  });

  it('serialises a tick once, each mode reading the JSON of its projection', () => {
    const s = SerialisedTick.of(full);
    expect(s.json('ltp')).toBe(s.json('ltp'));
    for (const mode of MODES) expect(JSON.parse(s.json(mode))).toEqual(projectTick(full, mode));
  });

  it('gives every mode the JSON of its projection, for any tick, through the bus encoding', () => {
    const num = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
      fc.integer({ min: 1, max: 10_000_000 }).map((paise) => paise / 100),
    );
    const level = fc.record({ p: num, q: fc.nat(), o: fc.nat() });
    const tick = fc.record(
      {
        token: fc.nat(),
        ts: fc.nat(),
        lp: num,
        o: num,
        h: num,
        l: num,
        c: num,
        vt: fc.nat(),
        atp: num,
        oi: fc.nat(),
        oiDayHigh: fc.nat(),
        oiDayLow: fc.nat(),
        prev: fc.record({ lp: num, oi: fc.nat() }, { requiredKeys: ['lp'] }),
        depth: fc.record({ buy: fc.array(level, { maxLength: 5 }), sell: fc.array(level, { maxLength: 5 }) }),
      },
      { requiredKeys: ['token', 'ts', 'lp'] },
    );
    fc.assert(
      fc.property(fc.array(tick, { minLength: 1, maxLength: 5 }), (ticks) => {
        const decoded = decodeTicks(encodeTicks(ticks.map((t) => SerialisedTick.of(t))));
        expect(decoded?.map((d) => d.token)).toEqual(ticks.map((t) => t.token));
        decoded?.forEach((d, i) => {
          for (const mode of MODES) {
            // Byte for byte: the generated ticks hold their fields in the contract's order, as the ingest's do.
            expect(d.json(mode)).toBe(JSON.stringify(projectTick(ticks[i]!, mode)));
            // The bytes a frame copies are that JSON's UTF-8, whichever of the two is asked first.
            expect(d.bytes(mode).toString('utf8')).toBe(d.json(mode));
            expect(d.bytesOf(MODE_CODE[mode])).toBe(d.bytes(mode));
          }
        });
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('writes every field of the tick contract', () => {
    // `full` above sets every field; a field added to the contract must be added to the serialiser too.
    expect(Object.keys(full).sort()).toEqual(Object.keys(FeedTickSchema.shape).sort());
    expect(Object.keys(JSON.parse(SerialisedTick.of(full).json('full')) as object).sort()).toEqual(
      Object.keys(FeedTickSchema.shape).sort(),
    );
  });

  it('refuses a malformed bus message as a whole', () => {
    const good = encodeTicks([SerialisedTick.of(full)]);
    expect(decodeTicks(good)).toHaveLength(1);
    for (const bad of ['[{"token":1}]', `x${good}`, `${good}\n1,2`, '1,2,3,{}', '1,5,2,{"token":1,"ts":2}']) {
      expect(decodeTicks(bad), bad).toBeUndefined();
    }
  });

  it('keeps the richer of two modes', () => {
    expect(widerMode('ltp', 'full')).toBe('full');
    expect(widerMode('quote', 'ltp')).toBe('quote');
  });
});
