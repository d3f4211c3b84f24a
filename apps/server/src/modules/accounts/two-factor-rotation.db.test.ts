import { createFakeClock } from '@fnodesk/domain';
import { createTestDatabase, type TestDatabase } from '@fnodesk/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox, generateSecretKey, keyRingOf } from '../../platform/secret-box';
import { createAccountsRepository } from './accounts.repository';
import { contextOf, createTwoFactor, rotateTotpSeeds } from './two-factor';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.destroy();
});

describe('TOTP seeds and a secrets key rotation', () => {
  it('re-seals every seed under the new key, so the old key can go without locking anyone out', async () => {
    const repository = createAccountsRepository(database.db);
    const oldKey = generateSecretKey();
    const newKey = generateSecretKey();
    const oldBox = createSecretBox(() => keyRingOf([oldKey]));
    const clock = createFakeClock(Date.UTC(2026, 10, 20, 4, 0, 0));
    const twoFactor = createTwoFactor({ repository, box: oldBox, clock, issuer: 'FNO Desk' });
    const secrets: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const user = await repository.insertUser({
        email: `rotate${i}@example.in`,
        firstName: 'Asha',
        lastName: 'Rao',
        mobile: '+919876543210',
        passwordHash: null,
        googleSub: null,
        emailVerifiedAt: null,
        websocketChannel: `rotate-channel-${i}`,
        referredBy: null,
        signupPath: null,
        passwordChangedAt: null,
        createdAt: new Date(clock.now()),
      });
      secrets.push((await twoFactor.begin(user)).secret);
    }

    const rotatingBox = createSecretBox(() => keyRingOf([newKey, oldKey]));
    expect(await rotateTotpSeeds(repository, rotatingBox, 2)).toEqual({ users: 3, resealed: 3, remaining: 0 });
    expect(await rotateTotpSeeds(repository, rotatingBox, 2)).toEqual({ users: 3, resealed: 0, remaining: 0 });

    const newOnly = createSecretBox(() => keyRingOf([newKey]));
    const rows = await repository.sealedSeedsPage(null, 10);
    const opened = rows.map((r) => newOnly.open(r.totpPendingSealed ?? '', contextOf(r.id, 'totpPending')));
    expect(opened.sort()).toEqual(secrets.sort());
  });
});
