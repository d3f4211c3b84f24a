import type { Candle } from '@fnodesk/domain';
import { istInstant } from '@fnodesk/domain';
import { describe, expect, it } from 'vitest';
import { IngestedHistory, type StoredCandleReader } from './ingested-history';
import type { JsonText } from './market-format';

const STORED = 111;
const OTHER = 222;
const MINUTE = 60_000;
const open = istInstant('2026-11-19', '09:15');

const minute = (i: number): Candle => ({ t: open + i * MINUTE, o: i, h: i + 1, l: i - 1, c: i, v: 10, atp: 5, oi: i });

/** The data API's candle lists out of the JSON text the history answers. */
const parsed = (json: JsonText) => JSON.parse(json.wrap('', '')) as { token: number; candles: Candle[] }[];

/** A reader over ten stored minutes of one token, recording the ranges asked. */
function reader() {
  const asked: { kind: string; tokens: readonly number[]; from: number; to: number }[] = [];
  const stored = Array.from({ length: 10 }, (_, i) => minute(i));
  const read =
    (kind: string) =>
    (tokens: readonly number[], from: number, to: number): Promise<Map<number, Candle[]>> => {
      asked.push({ kind, tokens, from, to });
      const rows = stored.filter((c) => c.t >= from && c.t < to);
      return Promise.resolve(new Map(tokens.includes(STORED) && rows.length ? [[STORED, rows]] : []));
    };
  const minutes = read('minutes');
  const source: StoredCandleReader = {
    minuteCandlesJson: async (tokens, from, to) =>
      new Map([...(await minutes(tokens, from, to))].map(([token, rows]) => [token, JSON.stringify(rows)])),
    dayCandles: read('days'),
  };
  return { source, asked };
}

describe('ingested history', () => {
  it('serves a minute once its last second is at or before the instant, and reads all tokens in one query', async () => {
    const { source, asked } = reader();
    const history = new IngestedHistory({ reader: source, exchangeOf: () => 'NFO' });
    const end = open + 3 * MINUTE + 59_000;
    const series = parsed(await history.candles([STORED, OTHER], '1m', open, end, () => []));
    expect(series[0]?.candles.map((c) => c.t)).toEqual([0, 1, 2, 3].map((i) => open + i * MINUTE));
    expect(series[1]).toEqual({ token: OTHER, candles: [] });
    expect(asked).toEqual([{ kind: 'minutes', tokens: [STORED, OTHER], from: open, to: end - 59_000 + 1 }]);
    const justBefore = parsed(await history.candles([STORED], '1m', open, end - 1, () => []));
    expect(justBefore[0]?.candles).toHaveLength(3);
  });

  it('starts at the bucket holding `from` and folds minutes into the resolution asked', async () => {
    const { source } = reader();
    const history = new IngestedHistory({ reader: source, exchangeOf: () => 'NFO' });
    const [series] = parsed(await history.candles([STORED], '5m', open + 7 * MINUTE, open + 3_600_000, () => []));
    expect(series?.candles).toEqual([{ t: open + 5 * MINUTE, o: 5, h: 10, l: 4, c: 9, v: 50, atp: 5, oi: 9 }]);
  });

  it('reads day candles from the database for 1D, 1W and 1M', async () => {
    const { source, asked } = reader();
    const history = new IngestedHistory({ reader: source, exchangeOf: () => 'NFO' });
    await history.candles([STORED], '1W', open, open + 86_400_000, () => []);
    expect(asked.map((a) => a.kind)).toEqual(['days']);
    // The week holding Thursday 19-Nov starts at Monday 16-Nov's open.
    expect(asked[0]?.from).toBe(istInstant('2026-11-16', '09:15'));
  });

  it('takes tokens it does not serve from elsewhere, in the order asked, and asks nothing before `from`', async () => {
    const { source, asked } = reader();
    const history = new IngestedHistory({
      reader: source,
      serves: (token) => token === STORED,
      exchangeOf: () => 'NFO',
    });
    expect(history.servesAny([OTHER])).toBe(false);
    expect(history.servesAny([OTHER, STORED])).toBe(true);
    const elsewhere = [minute(42)];
    const series = parsed(await history.candles([OTHER, STORED], '1m', open, open + 2 * MINUTE, () => elsewhere));
    expect(series.map((s) => [s.token, s.candles.length])).toEqual([
      [OTHER, 1],
      [STORED, 2],
    ]);
    expect(asked[0]?.tokens).toEqual([STORED]);
    const none = parsed(await history.candles([OTHER, STORED], '1m', open, open - 1, () => elsewhere));
    expect(none).toEqual([
      { token: OTHER, candles: [] },
      { token: STORED, candles: [] },
    ]);
    expect(asked).toHaveLength(1);
  });
});
