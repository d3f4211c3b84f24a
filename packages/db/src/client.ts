import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { TurnTakingPGlite } from './turn-taking-pglite';

/** The database handle every repository receives; the same type whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Which engine serves the database. */
export type DbDriver = 'pglite' | 'postgres';

/** An open database with its lifecycle. */
export interface Database {
  readonly db: Db;
  readonly driver: DbDriver;
  /** Applies every pending migration; safe to call on an up-to-date database and from several processes. */
  migrate(): Promise<void>;
  /** Round-trip time of a trivial query in ms; throws when the database does not answer. */
  ping(): Promise<number>;
  /** Waits for running queries, then closes. Further calls are no-ops. */
  close(): Promise<void>;
}

/** Where to open the database: a PostgreSQL URL, a PGlite directory, or an in-memory PGlite. */
export type DatabaseOptions = { url: string } | { dataDir: string } | { memory: true };

/** Folder of the generated SQL migrations. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any fixed 64-bit key: serialises concurrent migrators on one PostgreSQL server.
const MIGRATION_LOCK_KEY = 7_262_024_015;

/** Opens a database. Does not migrate; call `migrate()`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return 'url' in options ? openPostgres(options.url) : openPglite(options);
}

async function openPglite(options: { dataDir: string } | { memory: true }): Promise<Database> {
  let client: PGlite;
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    if (!existsSync(join(options.dataDir, 'PG_VERSION'))) await initDataDir(options.dataDir);
    client = new TurnTakingPGlite(options.dataDir);
  } else {
    client = new TurnTakingPGlite();
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  let closed: Promise<void> | undefined;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: () => timed(() => client.query('select 1')),
    close: () => (closed ??= client.close()),
  };
}

/**
 * Runs initdb for a new PGlite data directory in a child process. Creating a cluster grows a WebAssembly instance
 * to several hundred megabytes that the process would otherwise keep as resident memory; opening an existing
 * directory needs a fraction of that.
 */
async function initDataDir(dataDir: string): Promise<void> {
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`Could not create the database in ${dataDir}: ${stderr.trim() || `exit ${code}`}`);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  await pool.query('select 1');
  let closed: Promise<void> | undefined;
  return {
    db,
    driver: 'postgres',
    async migrate() {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client: conn, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        conn.release();
      }
    },
    ping: () => timed(() => db.execute(sql`select 1`)),
    close: () => (closed ??= pool.end()),
  };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
