import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnTakingPGlite } from './turn-taking-pglite';

/** The event-loop turn (counted by a chain of immediates) in which each of `count` concurrent statements ended. */
async function turnsOfConcurrentStatements(client: PGlite, count: number): Promise<number[]> {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  const ended: number[] = [];
  await Promise.all(
    Array.from({ length: count }, (_, i) => client.query('select $1::int as n', [i]).then(() => ended.push(turn))),
  );
  counting = false;
  return ended;
}

describe('TurnTakingPGlite', () => {
  let plain: PGlite;
  let turnTaking: TurnTakingPGlite;
  beforeAll(async () => {
    plain = await PGlite.create();
    turnTaking = new TurnTakingPGlite();
    await turnTaking.waitReady;
  });
  afterAll(async () => {
    await plain.close();
    await turnTaking.close();
  });

  it('runs concurrent statements one per event-loop turn, where PGlite runs them back to back', async () => {
    const backToBack = await turnsOfConcurrentStatements(plain, 4);
    expect(new Set(backToBack).size).toBe(1);
    const apart = await turnsOfConcurrentStatements(turnTaking, 4);
    expect(new Set(apart).size).toBe(4);
  });

  it('answers each statement with its own result, in order, and keeps going after one fails', async () => {
    const results = await Promise.allSettled([
      turnTaking.query<{ n: number }>('select 1 as n'),
      turnTaking.query('select * from no_such_table'),
      turnTaking.query<{ n: number }>('select $1::int as n', [3]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]?.status === 'fulfilled' && results[0].value.rows).toEqual([{ n: 1 }]);
    expect(results[2]?.status === 'fulfilled' && results[2].value.rows).toEqual([{ n: 3 }]);
  });

  it('leaves transactions to run as PGlite runs them', async () => {
    await turnTaking.query('create table t (n int)');
    const sum = await turnTaking.transaction(async (tx) => {
      await tx.query('insert into t values (1), (2)');
      return (await tx.query<{ s: number }>('select sum(n)::int as s from t')).rows[0]?.s;
    });
    expect(sum).toBe(3);
  });

  it('gives dates and timestamps as text, and still applies a statement’s own parsers when they are not the usual ones', async () => {
    const text = { [1184]: (value: string) => value, [1082]: (value: string) => value };
    const statement = `select '2026-11-20 09:15:00+05:30'::timestamptz as at, '2026-11-20'::date as day, 7::int as n`;
    const plainRow = (await turnTaking.query<{ at: unknown; day: unknown; n: unknown }>(statement)).rows[0];
    const withParsers = (await turnTaking.query<{ at: unknown }>(statement, [], { parsers: text })).rows[0];
    const inTransaction = await turnTaking.transaction(
      async (tx) => (await tx.query<{ at: unknown }>(statement, [], { parsers: text })).rows[0],
    );
    expect(plainRow).toEqual({ at: '2026-11-20 03:45:00+00', day: '2026-11-20', n: 7 });
    expect(withParsers?.at).toBe('2026-11-20 03:45:00+00');
    expect(inTransaction?.at).toBe('2026-11-20 03:45:00+00');
    const doubled = { [23]: (value: string) => Number(value) * 2 };
    expect((await turnTaking.query<{ n: number }>(statement, [], { parsers: doubled })).rows[0]?.n).toBe(14);
  });
});
