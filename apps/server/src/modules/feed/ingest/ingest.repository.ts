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
   * database: a page of history crosses as one short text per token instead of thousands of rows to parse.
   */
  minuteCandlesJson(tokens: readonly number[], from: number, to: number): Promise<Map<number, string>>;
  /**
   * Day candles of the tokens aggregated in the database from the 1-minute candles with `from <= t < to`, one per
   * IST day with minutes (t = the day's first minute; fold them with the builder to get session starts), per token
   * oldest first. A year of minutes stays in the database.
   */
  dayCandles(tokens: readonly number[], from: number, to: number): Promise<Map<number, Candle[]>>;
  /** Units traded per instrument in stored candles with `t >= from` (a restart's volume already counted). */
  volumesSince(from: number): Promise<Map<number, number>>;
  /** OI snapshots of the tokens with `from <= t < to`, per token oldest first. */
  oiSnapshots(tokens: readonly number[], from: number, to: number): Promise<Map<number, OiSnapshot[]>>;
}

type Row = Record<string, unknown>;

const DAY_MS = 86_400_000;

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

  const minuteCandlesJson: IngestRepository['minuteCandlesJson'] = async (tokens, from, to) => {
    if (tokens.length === 0 || !(to > from)) return new Map();
    // Each row's JSON was written with it; rows from before that column print from the columns (float8 and bigint
    // print as JSON numbers, shortest round-trip form). The keys are the wire's (ARCHITECTURE §3).
    // The rows come from the key's index already in (token, t) order, and string_agg keeps its input's order: an
    // ORDER BY inside the aggregate would sort every token's rows again (PostgreSQL 15 does not skip it).
    const rows = await rowsOf(sql`
      select token::float8 as token, '[' || string_agg(candle, ',') || ']' as candles
      from (
        select token, coalesce(json,
          '{"t":' || t || ',"o":' || o || ',"h":' || h || ',"l":' || l || ',"c":' || c || ',"v":' || v ||
          ',"atp":' || atp || ',"oi":' || oi || '}') as candle
        from ingested_candles_1m
        where token = any(${numberArray(tokens)}::bigint[]) and t >= ${from} and t < ${to}
        order by token, t
      ) page
      group by token`);
    return new Map(rows.map((row) => [row.token as number, row.candles as string]));
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
