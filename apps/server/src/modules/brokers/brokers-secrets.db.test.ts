import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogIn } from '../../../test/signed-in-user';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { generateSecretKey } from '../../platform/secret-box';
import { call, paramsOf } from './broker-api-test-kit';

const run = promisify(execFile);
const serverUrl = process.env.TEST_DATABASE_URL;
const CANARY = {
  apiKey: 'pgdumpcanarykey3k8',
  secret: 'pgdump-canary-api-secret-2c6a',
  totpSecret: 'PGDUMPCANARYTOTPJBSWY3DP',
};

async function hasPgDump(): Promise<boolean> {
  try {
    await run('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
}

// The PostgreSQL run (TEST_DATABASE_URL) dumps the whole database with pg_dump after broker operations; the
// embedded run has no server to dump and skips (the API tests check `SELECT *` of the tables there).
const enabled = serverUrl !== undefined && (await hasPgDump());

describe.skipIf(!enabled)('broker secrets in a pg_dump (PostgreSQL)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SECRETS_KEY: generateSecretKey() } });
    await t.app.ready();
  });

  afterAll(async () => {
    await t.close();
  });

  it('shows none of the canary secrets or tokens in clear', async () => {
    const user = await signUpAndLogIn(t, { tag: 'pgdump' });
    const kite = await call<{ id: string }>(t, 'POST', '/api/v1/brokers', user, {
      name: 'Kite',
      type: 'zerodha',
      configuration: { userName: 'PD1234', ...CANARY },
    });
    expect(kite.status).toBe(200);
    const paper = await call<{ id: string }>(t, 'POST', '/api/v1/brokers', user, {
      name: 'Paper Trading',
      type: 'papertrading',
      configuration: { userName: 'PAPER' },
    });
    const link = await call<{ loginUrl: string }>(t, 'GET', `/api/v1/brokers/${paper.body.data.id}/login`, user);
    const loggedIn = await call<{ apiToken: string }>(t, 'POST', '/api/v1/brokers/callback', user, {
      type: 'papertrading',
      params: paramsOf(link.body.data.loginUrl),
    });
    expect(loggedIn.status).toBe(200);
    // The callback shows the token masked; reveal (the Copy button's path) gives the one to look for.
    const revealed = await call<{ apiToken: string }>(t, 'POST', `/api/v1/brokers/${paper.body.data.id}/reveal`, user, {
      password: 'Nifty@Expiry-Tuesday9',
    });
    expect(revealed.body.data.apiToken).toEqual(expect.any(String));

    // node-postgres answers `execute` with its QueryResult (this test runs only on PostgreSQL).
    const answer: unknown = await t.database.db.execute(sql`select current_database() as name`);
    const result = answer as { rows: { name: string }[] };
    const [row] = result.rows;
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    const { stdout } = await run('pg_dump', ['--data-only', url.toString()], { maxBuffer: 256 * 1024 * 1024 });
    expect(stdout).toContain('broker_accounts');
    for (const secret of [...Object.values(CANARY), revealed.body.data.apiToken]) {
      expect(stdout).not.toContain(secret);
    }
  });
});
