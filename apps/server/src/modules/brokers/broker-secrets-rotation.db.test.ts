import { randomUUID } from 'node:crypto';
import { schema } from '@fnodesk/db';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, generateSecretKey, keyRingOf } from '../../platform/secret-box';
import { rotateBrokerSecrets } from './broker-secrets-rotation';
import { createBrokersRepository, type SealedFields } from './brokers.repository';
import { sealContext } from './brokers.service';

const ACCOUNTS = 1_000;
const OLD = generateSecretKey();
const NEW = generateSecretKey();
const secretOf = (i: number) => `rotation-canary-secret-${i}`;

let test: TestDatabase;
let userId: string;

beforeAll(async () => {
  test = await createTestDatabase();
  const [user] = await test.db
    .insert(schema.users)
    .values({
      email: 'rotate@example.in',
      firstName: 'R',
      lastName: 'K',
      mobile: '+919800000001',
      websocketChannel: 'ch-rotate',
    })
    .returning({ id: schema.users.id });
  userId = user!.id;
  const old = createSecretBox(() => keyRingOf([OLD]));
  const rows = Array.from({ length: ACCOUNTS }, (_, i) => {
    const id = randomUUID();
    return {
      id,
      userId,
      type: 'zerodha',
      name: `Kite ${i}`,
      userName: `RT${i}`,
      apiKeySealed: old.seal(`key-${i}`, sealContext(id, 'apiKeySealed')),
      secretSealed: old.seal(secretOf(i), sealContext(id, 'secretSealed')),
      totpSecretSealed: i % 2 === 0 ? old.seal(`TOTP${i}`, sealContext(id, 'totpSecretSealed')) : null,
      accessTokenSealed: i % 3 === 0 ? old.seal(`token-${i}`, sealContext(id, 'accessTokenSealed')) : null,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await test.db.insert(schema.brokerAccounts).values(rows.slice(i, i + 500));
}, 120_000);

afterAll(async () => {
  await test.destroy();
});

describe('secrets key rotation (T17)', () => {
  it('re-seals every value under the new key, with none left on the old one, while rows change meanwhile', async () => {
    const repository = createBrokersRepository(test.db);
    const box = createSecretBox(() => keyRingOf([NEW, OLD]));
    // A login lands on one row in the middle of the rotation: its first write is refused and the row read again.
    let raced = false;
    const racing = {
      ...repository,
      async resealIfUnchanged(id: string, expected: SealedFields, next: SealedFields) {
        if (!raced) {
          raced = true;
          await repository.markLoggedIn(userId, id, {
            accessTokenSealed: box.seal('fresh-token', sealContext(id, 'accessTokenSealed')),
            at: new Date(),
            expiresAt: new Date(Date.now() + 3_600_000),
          });
        }
        return repository.resealIfUnchanged(id, expected, next);
      },
    };
    const report = await rotateBrokerSecrets(racing, box, { pageSize: 300 });
    expect(report.accounts).toBe(ACCOUNTS);
    expect(report.remaining).toBe(0);
    expect(raced).toBe(true);

    // Only the new key from now on: every value opens, none is orphaned.
    const newOnly = createSecretBox(() => keyRingOf([NEW]));
    const rows = await test.db.select().from(schema.brokerAccounts);
    let opened = 0;
    for (const row of rows) {
      for (const column of ['apiKeySealed', 'secretSealed', 'totpSecretSealed', 'accessTokenSealed'] as const) {
        const sealed = row[column];
        if (sealed === null) continue;
        expect(newOnly.keyIdOf(sealed)).toBe(newOnly.currentKeyId());
        newOnly.open(sealed, sealContext(row.id, column));
        opened += 1;
      }
      const i = Number(row.userName.slice(2));
      expect(newOnly.open(row.secretSealed ?? '', sealContext(row.id, 'secretSealed'))).toBe(secretOf(i));
    }
    // The racing login's token was sealed under the new key by the login itself.
    expect(opened).toBe(report.resealed + 1);
    expect((await rotateBrokerSecrets(repository, box)).resealed).toBe(0);
  }, 120_000);
});
