import { bigint, doublePrecision, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Market data ingested from a broker's ticker (ARCHITECTURE §4–5). The simulated market stores nothing: its history
// is a function of time. Instants are epoch milliseconds and prices rupees, as on the wire (ARCHITECTURE §3).

/**
 * Closed 1-minute candles of ingested instruments; every other resolution is folded from these. The key (token, t)
 * is also the read path: a chart asks for many tokens over a time range in one query.
 */
export const ingestedCandles = pgTable(
  'ingested_candles_1m',
  {
    /** The instrument token the feed source delivers. */
    token: bigint({ mode: 'number' }).notNull(),
    /** Candle start, epoch ms. */
    t: bigint({ mode: 'number' }).notNull(),
    o: doublePrecision().notNull(),
    h: doublePrecision().notNull(),
    l: doublePrecision().notNull(),
    c: doublePrecision().notNull(),
    /** Units traded in the minute. */
    v: bigint({ mode: 'number' }).notNull(),
    /** The session's average traded price at the minute's last tick. */
    atp: doublePrecision().notNull(),
    /** Open interest at the minute's last tick (0 for instruments without). */
    oi: bigint({ mode: 'number' }).notNull(),
    /**
     * The candle as the data API's JSON (`{"t":…,"o":…,…,"oi":…}`), written with it so that reading a page of
     * history only joins texts instead of printing some 70,000 numbers per request. Null in rows written before it
     * existed; readers print those from the columns.
     */
    json: text(),
  },
  // By time too: a closed day is compacted, and a restart's volume summed, over every token at once.
  (t) => [
    primaryKey({ name: 'ingested_candles_1m_pk', columns: [t.token, t.t] }),
    index('ingested_candles_1m_t').on(t.t),
  ],
);

/**
 * A day of one instrument's 1-minute candles in one row: the candles' JSON (as `ingested_candles_1m.json`,
 * comma-separated in time order), written as the day goes and again once it is over. A chart reads one row per
 * instrument and day, plus the minutes after its `last_t`, instead of 375 minute rows spread over as many pages (the
 * ingest writes every instrument's minute together). The minute rows stay: other resolutions are read from them.
 */
export const ingestedCandleDays = pgTable(
  'ingested_candle_days',
  {
    token: bigint({ mode: 'number' }).notNull(),
    /** Start of the IST calendar day, epoch ms. */
    day: bigint({ mode: 'number' }).notNull(),
    /** First and last candle start of the day, epoch ms. */
    firstT: bigint({ mode: 'number' }).notNull(),
    lastT: bigint({ mode: 'number' }).notNull(),
    candles: integer().notNull(),
    json: text().notNull(),
    /**
     * When the row was written, epoch ms (the ingest's clock). Written before the day was over, the row holds the
     * day so far (up to `last_t`) and is written again once the day has closed; 0 for rows from before this column.
     */
    compactedAt: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'ingested_candle_days_pk', columns: [t.token, t.day] })],
);

/** Open interest of ingested instruments every 3 minutes: the OI at the close of the 3-minute bucket starting at t. */
export const ingestedOiSnapshots = pgTable(
  'ingested_oi_snapshots',
  {
    token: bigint({ mode: 'number' }).notNull(),
    /** Start of the 3-minute bucket, epoch ms. */
    t: bigint({ mode: 'number' }).notNull(),
    oi: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'ingested_oi_snapshots_pk', columns: [t.token, t.t] })],
);
