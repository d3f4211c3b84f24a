// Re-encrypts every broker secret (API key, API secret, TOTP seed, access token) under the current secrets key.
//
// Run: node --import tsx scripts/rotate-secrets-key.ts [--new-key] [--drop-old-keys]
//
// - With the key file (`SECRETS_KEY` unset): `--new-key` generates a new key and makes it current in
//   `DATA_DIR/secret.key`, keeping the old keys after it, then re-encrypts; running servers pick the new key up from
//   the file the first time they meet a value sealed under it. `--drop-old-keys` then removes the old keys from the
//   file, once no value needs them.
// - With `SECRETS_KEY`: put the new key in `SECRETS_KEY` and the old ones in `SECRETS_PREVIOUS_KEYS` on every
//   server and here, then run this; afterwards drop `SECRETS_PREVIOUS_KEYS`.
// With the embedded PGlite database stop the server first (one process at a time); on PostgreSQL it may keep running.
import { join } from 'node:path';
import { openDatabase } from '@fnodesk/db';
import { createAccountsRepository } from '../apps/server/src/modules/accounts/accounts.repository';
import { rotateTotpSeeds } from '../apps/server/src/modules/accounts/two-factor';
import { rotateBrokerSecrets } from '../apps/server/src/modules/brokers/broker-secrets-rotation';
import { createBrokersRepository } from '../apps/server/src/modules/brokers/brokers.repository';
import { ConfigError, loadConfig } from '../apps/server/src/platform/config';
import {
  createSecretBox,
  generateSecretKey,
  loadSecretKeyRing,
  readSecretKeyFile,
  SECRET_KEY_FILE,
  writeSecretKeyFile,
} from '../apps/server/src/platform/secret-box';

const args = new Set(process.argv.slice(2));
for (const arg of args) {
  if (arg !== '--new-key' && arg !== '--drop-old-keys') {
    process.stderr.write(`Unknown option ${arg}. Options: --new-key, --drop-old-keys\n`);
    process.exit(2);
  }
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const usesKeyFile = config.secrets.key === undefined;
const keyFile = join(config.data.dir, SECRET_KEY_FILE);
if (args.has('--new-key')) {
  if (!usesKeyFile) {
    process.stderr.write(
      'SECRETS_KEY is set: put the new key in SECRETS_KEY and the old one in SECRETS_PREVIOUS_KEYS instead of --new-key.\n',
    );
    process.exit(2);
  }
  const old = readSecretKeyFile(config.data.dir) ?? [];
  writeSecretKeyFile(config.data.dir, [generateSecretKey(), ...old]);
  process.stdout.write(`New secrets key written to ${keyFile}; ${old.length} older key(s) kept for reading.\n`);
}

const source = { secretsKey: config.secrets.key, previousKeys: config.secrets.previousKeys, dataDir: config.data.dir };
const box = createSecretBox(() => loadSecretKeyRing(source));
const database = await openDatabase(
  config.data.databaseUrl ? { url: config.data.databaseUrl } : { dataDir: join(config.data.dir, 'pg') },
);
try {
  await database.migrate();
  const started = performance.now();
  const report = await rotateBrokerSecrets(createBrokersRepository(database.db), box);
  process.stdout.write(
    `Broker accounts read: ${report.accounts}; values re-encrypted under key ${box.currentKeyId()}: ${report.resealed}; ` +
      `left on older keys: ${report.remaining} (${Math.round(performance.now() - started)} ms).\n`,
  );
  const seeds = await rotateTotpSeeds(createAccountsRepository(database.db), box);
  process.stdout.write(
    `Two-factor seeds read: ${seeds.users}; re-encrypted: ${seeds.resealed}; left on older keys: ${seeds.remaining}.\n`,
  );
  if (report.remaining > 0 || seeds.remaining > 0) {
    process.stderr.write('Some accounts kept changing; run the command again.\n');
    process.exitCode = 1;
  } else if (args.has('--drop-old-keys')) {
    if (usesKeyFile) {
      const [current] = readSecretKeyFile(config.data.dir) ?? [];
      if (current) writeSecretKeyFile(config.data.dir, [current]);
      process.stdout.write(`Older keys removed from ${keyFile}.\n`);
    } else {
      process.stdout.write('Every value is on SECRETS_KEY: SECRETS_PREVIOUS_KEYS can now be removed.\n');
    }
  }
} finally {
  await database.close();
}
