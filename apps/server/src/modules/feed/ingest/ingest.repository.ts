import type { Candle } from '@fnodesk/domain';
import { IST_OFFSET_MS } from '@fnodesk/domain';
import type { Db } from '@fnodesk/db';
import { sql } from 'drizzle-orm';

/** A closed 1-minute candle of an instrument, as stored. */
export interface StoredCandle extends Candle {
  readonly token: number;
}

/** An instrument's open interest at the close of the 3-minute bucket starting at `t`. */
export interface OiSnapshot {
  readonly token: number;
  readonly t: number;
  readonly oi: number;
}

/** Stored 1-minute candles and OI snapshots of ingested instruments (the only code touching their tables). */
export interface IngestRepository {
  /** Writes candles in one statement; a candle already stored for the same (token, t) is replaced. */
  upsertCandles(candles: readonly StoredCandle[]): Promise<void>;
  /** Writes OI snapshots in one statement; a snapshot already stored for the same (token, t) is replaced. */
  upsertOiSnapshots(snapshots: readonly OiSnapshot[]): Promise<void>;
  /** The 1-minute candles of the tokens with `from <= t < to`, in one query, per token oldest first. */
  minuteCandles(tokens: readonly number[], from: number, to: number): Promise<Map<number, Candle[]>>;
  /**
   * {@link minuteCandles} as each token's JSON array of candles (`[{"t":…,"o":…,…,"oi":…},…]`), written by the
   * database: a page of history crosses as one short text per token instead of thousands of rows to parse. Days
   * compacted by {@link compactDay} are read from their rows (and the minutes after a row's last), in one statement.
   */
  minuteCandlesJson(tokens: readonly number[], from: number, to: number): Promise<Map<number, string>>;
  /**
   * Day candles of the tokens aggregated in the database from the 1-minute candles with `from <= t < to`, one per
   * IST day with minutes (t = the day's first minute; fold them with the builder to get session starts), per token
   * oldest first. A year of minutes stays in the database.
   */
  dayCandles(tokens: readonly number[], from: number, to: number): Promise<Map<number, Candle[]>>;
  /**
   * Writes the IST day starting at `day` (epoch ms) of each token's 1-minute candles so far (of `tokens` only,
   * when given) into one row per token, replacing what was written before; returns the rows written. `now` is the
   * caller's clock: a row written before its day is over holds the day so far (up to its `last_t`). Run as the day
   * goes, once it is over, and again for a token whose minutes of that day were written after its row.
   */
  compactDay(day: number, options: CompactDayOptions): Promise<number>;
  /**
   * The days since `from` compacted for good: each of their rows (see {@link compactDay}) written after the day
   * was over, ascending. A day with a row written while it was going on is not among them.
   */
  compactedDays(from: number): Promise<number[]>;
  /** Units traded per instrument in stored candles with `t >= from` (a restart's volume already counted). */
  volumesSince(from: number): Promise<Map<number, number>>;
  /** OI snapshots of the tokens with `from <= t < to`, per token oldest first. */
  oiSnapshots(tokens: readonly number[], from: number, to: number): Promise<Map<number, OiSnapshot[]>>;
}

/** How {@link IngestRepository.compactDay} writes a day. */
export interface CompactDayOptions {
  /** The caller's clock, epoch ms. */
  readonly now: number;
  /** Only these instruments (default: every instrument with minutes that day). */
  readonly tokens?: readonly number[];
}

type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;
const DAY_SQL = sql.raw(String(DAY_MS));

// Inserts go through unnest() of one array per column: a single statement with nine parameters whatever the
// number of rows (a bound parameter per value would hit PostgreSQL's 65,535 limit at about 7,000 candles).
// bigint columns are read back as float8 so both drivers hand numbers, not strings (all values stay below 2^53).

/** The repository over a database. */
export function createIngestRepository(db: Db): IngestRepository {
  const rowsOf = async (query: ReturnType<typeof sql>): Promise<Row[]> => {
    // The shared Db type leaves the driver's result open; both answer with `rows` (node-postgres' QueryResult,
    // PGlite's Results).
    const result = (await db.execute(query)) as { rows: Row[] };
    return result.rows;
  };
  const column = <T>(items: readonly T[], pick: (item: T) => number) => numberArray(items.map(pick));

  /** Each minute row's candle JSON: as written with it, or printed from the columns for rows from before that. */
  // float8 and bigint print as JSON numbers, shortest round-trip form. The keys are the wire's (ARCHITECTURE §3).
  const candleJsonOfRow = sql.raw(`coalesce(json,
    '{"t":' || t || ',"o":' || o || ',"h":' || h || ',"l":' || l || ',"c":' || c || ',"v":' || v ||
    ',"atp":' || atp || ',"oi":' || oi || '}')`);

  /** Candle JSON of each token's minute rows with `from <= t < to`, comma-joined in time order. */
  const minuteTexts = async (tokens: readonly number[], from: number, to: number) => {
    // The rows come from the key's index already in (token, t) order, and string_agg keeps its input's order: an
    // ORDER BY inside the aggregate would sort every token's rows again (PostgreSQL 15 does not skip it).
    const rows = await rowsOf(sql`
      select token::float8 as token, string_agg(candle, ',') as candles
      from (
        select token, ${candleJsonOfRow} as candle
        from ingested_candles_1m
        where token = any(${numberArray(tokens)}::bigint[]) and t >= ${from} and t < ${to}
        order by token, t
      ) page
      group by token`);
    return new Map(rows.map((row) => [row.token as number, row.candles as string]));
  };

  const minuteCandlesJson: IngestRepository['minuteCandlesJson'] = async (tokens, from, to) => {
    if (tokens.length === 0 || !(to > from)) return new Map();
    // Days compacted into one row per token and holding minutes only within the range are read from those rows
    // (JSON written ahead). The minute rows are read only for what the rows leave: the rest of a day whose row was
    // written before the day was over (today's session so far), and the parts of the range outside the rows' days
    // (a range starting or ending inside a day, a day without a row). So a page of closed, compacted sessions is
    // one plain query, and today's page one more for its last minutes.
    const days = await rowsOf(sql`
      select token::float8 as token, day::float8 as day, last_t::float8 as last_t,
        compacted_at >= day + ${DAY_SQL} as complete, json
      from ingested_candle_days
      where token = any(${numberArray(tokens)}::bigint[]) and day >= ${istDayStart(from)} and day < ${to}
        and first_t >= ${from} and last_t < ${to}`);
    const pieces = new Map<number, { at: number; text: string }[]>();
    const add = (token: number, at: number, text: string) => {
      const list = pieces.get(token);
      if (list) list.push({ at, text });
      else pieces.set(token, [{ at, text }]);
    };
    const rowsByToken = new Map<number, Row[]>();
    for (const row of days) {
      const token = row.token as number;
      add(token, row.day as number, row.json as string);
      const list = rowsByToken.get(token);
      if (list) list.push(row);
      else rowsByToken.set(token, [row]);
    }

    // Per token, the parts of [from, to) its rows leave. Most pages ask the same range of every token (and today's
    // rows are compacted together), so tokens sharing a part are read together.
    const byRange = new Map<string, { from: number; to: number; tokens: number[] }>();
    const need = (token: number, lo: number, hi: number) => {
      if (!(hi > lo)) return;
      const key = `${lo}:${hi}`;
      const group = byRange.get(key) ?? { from: lo, to: hi, tokens: [] };
      group.tokens.push(token);
      byRange.set(key, group);
    };
    for (const token of new Set(tokens)) {
      const rows = (rowsByToken.get(token) ?? []).sort((a, b) => (a.day as number) - (b.day as number));
      let at = from;
      for (const row of rows) {
        const day = row.day as number;
        need(token, at, Math.min(day, to));
        if (!row.complete) need(token, (row.last_t as number) + 1, Math.min(day + DAY_MS, to));
        at = Math.max(at, day + DAY_MS);
      }
      need(token, at, to);
    }
    const ranges = [...byRange.values()];
    const minutes = await Promise.all(ranges.map((range) => minuteTexts(range.tokens, range.from, range.to)));
    ranges.forEach((range, i) => {
      for (const [token, text] of minutes[i]!) add(token, range.from, text);
    });

    const texts = new Map<number, string>();
    for (const [token, list] of pieces) {
      list.sort((a, b) => a.at - b.at);
      texts.set(token, `[${list.map((piece) => piece.text).join(',')}]`);
    }
    return texts;
  };

  return {
    async upsertCandles(candles) {
      if (candles.length === 0) return;
      const stored = candles.map((c) => ({ ...c, v: Math.round(c.v), oi: Math.round(c.oi) }));
      await db.execute(sql`
        insert into ingested_candles_1m (token, t, o, h, l, c, v, atp, oi, json)
        select * from unnest(
          ${column(stored, (c) => c.token)}::bigint[], ${column(stored, (c) => c.t)}::bigint[],
          ${column(stored, (c) => c.o)}::float8[], ${column(stored, (c) => c.h)}::float8[],
          ${column(stored, (c) => c.l)}::float8[], ${column(stored, (c) => c.c)}::float8[],
          ${column(stored, (c) => c.v)}::bigint[], ${column(stored, (c) => c.atp)}::float8[],
          ${column(stored, (c) => c.oi)}::bigint[], ${textArray(stored.map(candleJson))}::text[])
        on conflict (token, t) do update set
          o = excluded.o, h = excluded.h, l = excluded.l, c = excluded.c,
          v = excluded.v, atp = excluded.atp, oi = excluded.oi, json = excluded.json`);
    },

    async upsertOiSnapshots(snapshots) {
      if (snapshots.length === 0) return;
      await db.execute(sql`
        insert into ingested_oi_snapshots (token, t, oi)
        select * from unnest(
          ${column(snapshots, (s) => s.token)}::bigint[], ${column(snapshots, (s) => s.t)}::bigint[],
          ${column(snapshots, (s) => Math.round(s.oi))}::bigint[])
        on conflict (token, t) do update set oi = excluded.oi`);
    },

    async minuteCandles(tokens, from, to) {
      const texts = await minuteCandlesJson(tokens, from, to);
      return new Map([...texts].map(([token, text]) => [token, JSON.parse(text) as Candle[]]));
    },

    minuteCandlesJson,

    async compactDay(day, { now, tokens }) {
      if (tokens?.length === 0) return 0;
      const only = tokens ? sql`and token = any(${numberArray(tokens)}::bigint[])` : sql``;
      // The minute rows are grouped in the key's (token, t) order, so each token's texts are joined in time order
      // without a sort inside the aggregate.
      const rows = await rowsOf(sql`
        insert into ingested_candle_days (token, day, first_t, last_t, candles, json, compacted_at)
        select token, ${day}, min(t), max(t), count(*)::int, string_agg(candle, ','), ${now}::bigint
        from (
          select token, t, ${candleJsonOfRow} as candle
          from ingested_candles_1m
          where t >= ${day} and t < ${day + DAY_MS} ${only}
          order by token, t
        ) minutes
        group by token
        on conflict (token, day) do update set
          first_t = excluded.first_t, last_t = excluded.last_t, candles = excluded.candles, json = excluded.json,
          compacted_at = excluded.compacted_at
        returning token`);
      return rows.length;
    },

    async compactedDays(from) {
      // A row written before its day was over may miss the day's later minutes; the whole day is written again.
      const rows = await rowsOf(sql`
        select day::float8 as day from ingested_candle_days where day >= ${from}
        group by day having min(compacted_at) >= day + ${DAY_SQL} order by day`);
      return rows.map((row) => row.day as number);
    },

    async dayCandles(tokens, from, to) {
      if (tokens.length === 0 || !(to > from)) return new Map();
      return candlesByToken(
        await rowsOf(sql`
          select token::float8 as token, min(t)::float8 as t, (array_agg(o order by t))[1] as o, max(h) as h,
            min(l) as l, (array_agg(c order by t desc))[1] as c, sum(v)::float8 as v,
            (array_agg(atp order by t desc))[1] as atp, (array_agg(oi order by t desc))[1]::float8 as oi
          from ingested_candles_1m
          where token = any(${numberArray(tokens)}::bigint[]) and t >= ${from} and t < ${to}
          group by token, (t + ${sql.raw(String(IST_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))}
          order by token, 2`),
      );
    },

    async volumesSince(from) {
      const rows = await rowsOf(sql`
        select token::float8 as token, sum(v)::float8 as v from ingested_candles_1m where t >= ${from} group by token`);
      return new Map(rows.map((row) => [row.token as number, row.v as number]));
    },

    async oiSnapshots(tokens, from, to) {
      const series = new Map<number, OiSnapshot[]>();
      if (tokens.length === 0 || !(to > from)) return series;
      const rows = await rowsOf(sql`
        select token::float8 as token, t::float8 as t, oi::float8 as oi from ingested_oi_snapshots
        where token = any(${numberArray(tokens)}::bigint[]) and t >= ${from} and t < ${to}
        order by token, t`);
      for (const row of rows) {
        const snapshot = { token: row.token as number, t: row.t as number, oi: row.oi as number };
        const list = series.get(snapshot.token);
        if (list) list.push(snapshot);
        else series.set(snapshot.token, [snapshot]);
      }
      return series;
    },
  };
}

/** Start of the IST calendar day holding `t`, epoch ms. */
export function istDayStart(t: number): number {
  return t - ((((t + IST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS);
}

/** An array parameter as PostgreSQL's array text (`{1,2.5,3}`): one parameter, read the same by either driver. */
function numberArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

/** Rows ordered by token, then time, as each token's candles. */
function candlesByToken(rows: readonly Row[]): Map<number, Candle[]> {
  const series = new Map<number, Candle[]>();
  let token = NaN;
  let list: Candle[] = [];
  for (const row of rows) {
    if (row.token !== token) {
      token = row.token as number;
      series.set(token, (list = []));
    }
    list.push({
      t: row.t as number,
      o: row.o as number,
      h: row.h as number,
      l: row.l as number,
      c: row.c as number,
      v: row.v as number,
      atp: row.atp as number,
      oi: row.oi as number,
    });
  }
  return series;
}

/** A candle as the data API writes it (ARCHITECTURE §3), keys in the wire's order. */
function candleJson(c: StoredCandle): string {
  return JSON.stringify({ t: c.t, o: c.o, h: c.h, l: c.l, c: c.c, v: c.v, atp: c.atp, oi: c.oi });
}

/** A text array parameter in PostgreSQL's array syntax, each element quoted. */
function textArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
