// Does a failed login take the same time whether or not the account exists (T9: median gap < 10 ms)? A wrong
// password on a real account and any password on an unknown address both pay one argon2id verification, so they
// should not differ. Baseline: a successful login. Also: argon2id hash cost with the production parameters.
import { Writable } from 'node:stream';
import { createFakeClock } from '@fnodesk/domain';
import { createTestDatabase } from '@fnodesk/db/testing';
import { buildApp } from '../apps/server/src/app';
import { createArgon2Hasher } from '../apps/server/src/modules/accounts/password-hasher';
import { createMemoryBus } from '../apps/server/src/platform/bus';
import { loadConfig } from '../apps/server/src/platform/config';
import { createLogger } from '../apps/server/src/platform/logger';

const ROUNDS = 60;
const PASSWORD = 'Timing-Bench-Password-1';

const quiet = new Writable({ write: (_c, _e, done) => done() });
const clock = createFakeClock(Date.UTC(2026, 10, 20, 4));
const database = await createTestDatabase();
const bus = createMemoryBus(() => undefined);
const app = await buildApp({
  config: loadConfig({
    NODE_ENV: 'test',
    LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: '100000',
    LOGIN_ATTEMPTS_PER_IP_PER_HOUR: '1000000',
  }),
  logger: createLogger('silent', quiet),
  database,
  bus,
  clock,
  version: 'bench',
});
await app.ready();

await app.inject({
  method: 'POST',
  url: '/api/v1/user',
  payload: {
    firstName: 'Bench',
    lastName: 'User',
    mobile: '+919876543210',
    email: 'bench@example.in',
    password: PASSWORD,
  },
});
await app.accounts.service.settled();
const [mail] = (await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<{ links: string[] }[]>();
const token = new URL(mail?.links[0] ?? 'http://x').searchParams.get('token');
await app.inject({ method: 'POST', url: '/api/v1/verify-email', payload: { token } });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function time(email: string, password: string, i: number): Promise<number> {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user-login',
    remoteAddress: `10.20.${Math.floor(i / 250)}.${i % 250}`,
    payload: { email, password },
  });
  const took = performance.now() - started;
  if (res.statusCode >= 500) throw new Error(`login answered ${res.statusCode}`);
  // The failed-login limit is per account per hour; move the clock so every round is measured, not refused.
  clock.advance(400_000);
  return took;
}

const wrong: number[] = [];
const unknown: number[] = [];
const success: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  // Interleave so drift on the machine affects all three alike.
  wrong.push(await time('bench@example.in', `Wrong-${i}-password`, i * 3));
  unknown.push(await time(`nobody${i}@example.in`, `Wrong-${i}-password`, i * 3 + 1));
  success.push(await time('bench@example.in', PASSWORD, i * 3 + 2));
}

const hasher = createArgon2Hasher();
const hashTimes: number[] = [];
for (let i = 0; i < 10; i++) {
  const started = performance.now();
  await hasher.hash(`password-${i}`);
  hashTimes.push(performance.now() - started);
}

const gap = Math.abs(median(wrong) - median(unknown));
console.log(`failed login, existing account : median ${median(wrong).toFixed(1)} ms (${ROUNDS} rounds)`);
console.log(`failed login, unknown address  : median ${median(unknown).toFixed(1)} ms`);
console.log(`successful login (baseline)    : median ${median(success).toFixed(1)} ms`);
console.log(`gap between the two failures   : ${gap.toFixed(1)} ms (target < 10 ms) -> ${gap < 10 ? 'PASS' : 'FAIL'}`);
console.log(`argon2id hash (m=19 MiB, t=2)  : median ${median(hashTimes).toFixed(1)} ms`);

await app.close();
await bus.close();
await database.destroy();
if (gap >= 10) process.exitCode = 1;
