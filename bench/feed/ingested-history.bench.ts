// What serving stored history costs, against the budget: an Option Chain Charts page of ingested
// instruments (the index plus 15 strikes' CE and PE = 31 instruments × a session of 375 one-minute candles) in one
// round trip, p99 ≤ 10 ms on PostgreSQL and ≤ 25 ms (2.5×) on PGlite. The table holds five sessions of those 31
// and two sessions of 1,000 other instruments, as the ingest writes them; measured from the minute rows (no day
// compacted), then today as the ingest leaves it during the session (its row written up to 15 minutes ago, the
// minutes since read from the minute rows), and again once every day is compacted into a row per instrument and day.
// The baseline is one query per instrument over the same repository. Also the 5-minute candles folded from those minutes, and a day of 1D candles.
// PostgreSQL: a database of its own (created and dropped here) on BENCH_DATABASE_URL's server, default
// postgres://postgres@127.0.0.1:5432/postgres; skipped with a note when no server answers.
import { openDatabase, type Database } from '@fnodesk/db';
import { tradingDaysBetween, istInstant, type Resolution } from '@fnodesk/domain';
import { sql } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createIngestRepository, type StoredCandle } from '../../apps/server/src/modules/feed/ingest/ingest.repository';
import { IngestedHistory } from '../../apps/server/src/modules/market/ingested-history';
import { SERVER_NODE_FLAGS, tuneV8ForServing } from '../../apps/server/src/platform/v8-tuning';
import { summarise, type Summary } from '../stats';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DB = 'fnodesk_bench_ingest';
const PAGE = 31;
const OTHERS = 1_000;
const SESSIONS = tradingDaysBetween('2026-11-13', '2026-11-19', 'NFO');
const RUNS = 3;
const REQUESTS = 100;
const MINUTE = 60_000;
/** When the ingest compacts the days for good: the morning after the last session. */
const COMPACTED_AT = istInstant('2026-11-20', '09:00');
/** Today's last compaction during the session: its row holds the minutes before 15:15. */
const TODAY_COMPACTED_AT = istInstant(SESSIONS.at(-1)!, '15:15');
const PAGE_TOKENS = Array.from({ length: PAGE }, (_, i) => 9_000_000 + i * 256 + 2);
const OTHER_TOKENS = Array.from({ length: OTHERS }, (_, i) => 20_000_000 + i * 256 + 2);

function session(token: number, date: string): StoredCandle[] {
  const open = istInstant(date, '09:15');
  return Array.from({ length: 375 }, (_, i) => {
    const price = 100 + ((token + i * 7) % 400) / 20;
    return {
      token,
      t: open + i * MINUTE,
      o: price,
      h: price + 1.25,
      l: price - 0.85,
      c: price + 0.4,
      v: 1_500 + i,
      atp: price,
      oi: 250_000 + i * 75,
    };
  });
}

async function load(database: Database): Promise<void> {
  const repository = createIngestRepository(database.db);
  for (const date of SESSIONS) {
    await repository.upsertCandles(PAGE_TOKENS.flatMap((token) => session(token, date)));
  }
  for (const date of SESSIONS.slice(-2)) {
    for (let i = 0; i < OTHERS; i += 100) {
      await repository.upsertCandles(OTHER_TOKENS.slice(i, i + 100).flatMap((token) => session(token, date)));
    }
  }
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const line = (label: string, s: Summary, budget?: number) =>
  console.log(
    `${label.padEnd(52)} min ${ms(s.min)}  median ${ms(s.median)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` +
      (budget ? `  (p99 = ${(s.p99 / budget).toFixed(2)}× budget ${budget} ms)` : ''),
  );

async function timed(run: () => Promise<unknown>, count: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples;
}

async function measure(name: string, database: Database, budget: number): Promise<void> {
  const started = performance.now();
  await load(database);
  // A table written minute by minute is vacuumed and analysed by autovacuum as it grows; after a bulk load, do it
  // now so that autovacuum does not run in the middle of the measurements.
  await database.db.execute(sql`vacuum analyze ingested_candles_1m`);
  const rows = SESSIONS.length * PAGE * 375 + 2 * OTHERS * 375;
  console.log(`\n${name}: ${rows.toLocaleString('en-IN')} stored minutes loaded in ${ms(performance.now() - started)}`);
  const repository = createIngestRepository(database.db);
  const history = new IngestedHistory({ reader: repository, exchangeOf: () => 'NFO' });
  const none = () => [];
  const dates = SESSIONS;
  // Timed to the whole text inside the envelope the data route sends (which streams it piece by piece).
  const page = async (resolution: Resolution, date: string) =>
    (await history.candles(PAGE_TOKENS, resolution, istInstant(date, '09:15'), istInstant(date, '15:30'), none)).wrap(
      '{"code":200,"data":',
      '}',
    );
  const lastPage = await page('1m', dates.at(-1)!);
  const check = JSON.parse(lastPage) as { data: { candles: unknown[] }[] };
  const candles = check.data.reduce((sum, series) => sum + series.candles.length, 0);
  if (candles !== PAGE * 375) throw new Error(`expected ${PAGE * 375} candles, got ${candles}`);
  // Warm-up: compiled code and a warm buffer cache, as a server has after its first requests.
  await timed(() => page('1m', dates.at(-1)!), 20);
  const oneRoundTrip: number[][] = [];
  const perToken: number[][] = [];
  const folded: number[][] = [];
  const days: number[][] = [];
  for (let run = 0; run < RUNS; run++) {
    let k = 0;
    const date = () => dates[k++ % dates.length]!;
    oneRoundTrip.push(await timed(() => page('1m', date()), REQUESTS));
    perToken.push(
      await timed(async () => {
        const d = date();
        for (const token of PAGE_TOKENS) {
          await repository.minuteCandles([token], istInstant(d, '09:15'), istInstant(d, '15:30'));
        }
      }, REQUESTS / 4),
    );
    folded.push(await timed(() => page('5m', date()), REQUESTS / 2));
    days.push(
      await timed(
        () =>
          history.candles(PAGE_TOKENS, '1D', istInstant(dates[0]!, '00:00'), istInstant('2026-11-20', '00:00'), none),
        REQUESTS / 4,
      ),
    );
  }
  const p99s = oneRoundTrip.map((samples) => summarise(samples).p99);
  line(`31 × 375 one-minute candles, one query (${candles} candles)`, summarise(oneRoundTrip.flat()), budget);
  console.log(`${''.padEnd(52)} p99 per run: ${p99s.map(ms).join(', ')}`);
  const baseline = summarise(perToken.flat());
  line('baseline: one query per instrument (31 round trips)', baseline);
  console.log(
    `${''.padEnd(52)} median ratio ${(baseline.median / summarise(oneRoundTrip.flat()).median).toFixed(1)}× the one-query time`,
  );
  line('31 × 75 five-minute candles folded from the minutes', summarise(folded.flat()));
  line(`31 × ${dates.length} day candles (aggregated in the database)`, summarise(days.flat()));

  // Today (the last session) as the ingest leaves it between its compactions of the day so far: each instrument's
  // row written at 15:15 from the minutes before it, the 15 minutes since read from the minute rows.
  const today = dates.at(-1)!;
  await database.db.execute(sql`
    delete from ingested_candles_1m where t >= ${TODAY_COMPACTED_AT} and t < ${istInstant(today, '15:30')}`);
  await repository.compactDay(istInstant(today, '00:00'), { now: TODAY_COMPACTED_AT });
  await repository.upsertCandles(
    [...PAGE_TOKENS, ...OTHER_TOKENS].flatMap((token) =>
      session(token, today).filter((candle) => candle.t >= TODAY_COMPACTED_AT),
    ),
  );
  await database.db.execute(sql`vacuum analyze ingested_candles_1m`);
  await database.db.execute(sql`vacuum analyze ingested_candle_days`);
  if ((await page('1m', today)) !== lastPage) {
    throw new Error('today, compacted up to 15 minutes ago, does not read as from the minute rows');
  }
  await timed(() => page('1m', today), 20);
  const todayCompacted: number[][] = [];
  for (let run = 0; run < RUNS; run++) todayCompacted.push(await timed(() => page('1m', today), REQUESTS));
  line('today, compacted up to 15 minutes ago', summarise(todayCompacted.flat()), budget);
  console.log(
    `${''.padEnd(52)} p99 per run: ${todayCompacted.map((samples) => ms(summarise(samples).p99)).join(', ')}`,
  );

  // The same sessions once the ingest has compacted their days (it does so for each closed day): one row per
  // instrument and day.
  const compactStarted = performance.now();
  for (const date of dates) await repository.compactDay(istInstant(date, '00:00'), { now: COMPACTED_AT });
  await database.db.execute(sql`vacuum analyze ingested_candle_days`);
  console.log(`${dates.length} days compacted in ${ms(performance.now() - compactStarted)}`);
  await timed(() => page('1m', dates.at(-1)!), 20);
  const compacted: number[][] = [];
  for (let run = 0; run < RUNS; run++) {
    let k = 0;
    compacted.push(await timed(() => page('1m', dates[k++ % dates.length]!), REQUESTS));
  }
  line('31 × 375 one-minute candles, compacted days', summarise(compacted.flat()), budget);
  console.log(`${''.padEnd(52)} p99 per run: ${compacted.map((samples) => ms(summarise(samples).p99)).join(', ')}`);
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function runPglite(): Promise<void> {
  const lite = await openDatabase({ memory: true });
  await lite.migrate();
  await measure('PGlite (in memory)', lite, 25);
  await lite.close();
}

async function runPostgres(): Promise<void> {
  try {
    await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
    await adminQuery(`create database ${BENCH_DB}`);
  } catch (error) {
    console.log(`\nPostgreSQL: skipped, no server at ${SERVER_URL} (${(error as Error).message})`);
    return;
  }
  const url = new URL(SERVER_URL);
  url.pathname = `/${BENCH_DB}`;
  const server = await openDatabase({ url: url.toString() });
  try {
    await server.migrate();
    await measure(`PostgreSQL (${BENCH_DB})`, server, 10);
  } finally {
    await server.close();
    await adminQuery(`drop database if exists ${BENCH_DB} with (force)`);
  }
}

// Each database is measured in a process of its own: after the PGlite phase (an in-memory cluster of 800k rows
// in WebAssembly memory), the same process served PostgreSQL's pages with about twice the p99.
const { values: args } = parseArgs({ options: { database: { type: 'string' } } });
// The measuring process stands in for the server reading its history, so it runs with the server's V8 settings.
if (args.database) tuneV8ForServing();
if (args.database === 'pglite') await runPglite();
else if (args.database === 'postgres') await runPostgres();
else {
  console.log(
    `${RUNS} runs × ${REQUESTS} requests each, sessions ${SESSIONS[0]} … ${SESSIONS.at(-1)}; each database in its ` +
      `own process; the machine may be shared (other work running), so tails are upper bounds`,
  );
  for (const database of ['pglite', 'postgres']) {
    const child = spawnSync(
      process.execPath,
      [...SERVER_NODE_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), '--database', database],
      {
        stdio: 'inherit',
      },
    );
    if (child.status !== 0) process.exitCode = child.status ?? 1;
  }
}
