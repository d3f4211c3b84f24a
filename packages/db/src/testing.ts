import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client';

/** A migrated database for one test file, and how to throw it away. */
export interface TestDatabase extends Database {
  /** Closes the database and, on a PostgreSQL server, drops it. */
  destroy(): Promise<void>;
}

/**
 * Gives a fresh migrated database: an in-memory PGlite by default, or a new database on the PostgreSQL server named
 * by `TEST_DATABASE_URL` (created here and dropped by `destroy`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return { ...database, destroy: () => database.close() };
  }

  const name = `fnodesk_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    async destroy() {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
