// What one pass of the server's risk engine costs with a full load: 1,000 paper accounts with 10 NIFTY option
// positions each (every position with a target, a stop and a trailing stop; every account with an armed portfolio
// MTM stop, target and lock-in trail and a daily loss limit) and 500 armed rules (COMBINED, CE, SPOT and TIME
// conditions), on the simulated market, one pass per second of market time. No level is ever reached, so nothing
// fires: the figure is the watching cost (the database reads of a pass plus the evaluation). Baseline: the same
// passes with empty tables. Wall time per pass (PGlite runs in this process, so it is this process's work), and
// this process's CPU time per pass (on a busy machine wall time also counts the waits for a core); the core share
// is the loaded pass's CPU time above the baseline's per second of passes. Also measured: the first pass
// (the engine reads the whole watched set) and passes right after one account's protection was changed (the
// engine reads that account again).
import { createTestDatabase } from '@fnodesk/db/testing';
import { schema } from '@fnodesk/db';
import { eq } from 'drizzle-orm';
import { createFakeClock, istInstant } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { createQuikTradeRepository } from '../apps/server/src/modules/quiktrade/quiktrade.repository';
import { createRiskEngine } from '../apps/server/src/modules/quiktrade/risk-engine';
import type { TradingService } from '../apps/server/src/modules/trading/trading.service';
import { createLogger } from '../apps/server/src/platform/logger';
import { loadRiskWatchers, POSITIONS_PER_USER, RULES } from './risk-load';
import { summarise } from './stats';

const USERS = Number(process.env.RISK_BENCH_USERS ?? 1000);
const PASSES = Number(process.env.RISK_BENCH_PASSES ?? 40);
const CHANGES = Number(process.env.RISK_BENCH_CHANGES ?? 20);
const PASS_INTERVAL_MS = 1000;
const START = istInstant('2026-11-20', '10:00');

const market = createMarketSim({ seed: 7, now: START });

// Nothing fires, so the order path is never called; a call would be a bench bug.
const refuse = () => {
  throw new Error('the bench load must not fire');
};
const trading = {
  exitPosition: refuse,
  cancelWorkingOrders: refuse,
  place: refuse,
  log: refuse,
} as unknown as Pick<TradingService, 'exitPosition' | 'cancelWorkingOrders' | 'place' | 'log'>;

async function load(filled: boolean) {
  const database = await createTestDatabase();
  if (filled) await loadRiskWatchers(database.db, USERS, market, START);
  return database;
}

async function passes(filled: boolean) {
  const database = await load(filled);
  const clock = createFakeClock(START);
  const engine = createRiskEngine({
    repository: createQuikTradeRepository(database.db),
    trading,
    market: () => market,
    clock,
    logger: createLogger('silent'),
  });
  const costs: number[] = [];
  const cpu: number[] = [];
  const changes: number[] = [];
  let first = 0;
  let lastCpu = 0;
  const pass = async () => {
    clock.advance(PASS_INTERVAL_MS);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    await engine.watch(clock.now());
    const used = process.cpuUsage(cpuStarted);
    lastCpu = (used.user + used.system) / 1000;
    return performance.now() - started;
  };
  try {
    for (let n = 0; n < PASSES + 3; n++) {
      const cost = await pass();
      if (n === 0) first = cost;
      // The first passes warm the market's caches and the database's plans.
      if (n >= 3) {
        costs.push(cost);
        cpu.push(lastCpu);
      }
    }
    // A pass after a change: one account's protection moved (as `PUT positions/{id}/profit-loss` does).
    const changed = filled
      ? await database.db
          .select({
            positionId: schema.positionProtections.positionId,
            accountId: schema.positionProtections.accountId,
          })
          .from(schema.positionProtections)
          .limit(CHANGES)
      : [];
    for (const { positionId, accountId } of changed) {
      await database.db
        .update(schema.positionProtections)
        .set({ stopLoss: 0.1 })
        .where(eq(schema.positionProtections.positionId, positionId));
      await engine.index.changed(accountId);
      changes.push(await pass());
    }
  } finally {
    await database.destroy();
  }
  return { first, costs, cpu, changes };
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const baseRun = await passes(false);
const fullRun = await passes(true);
const base = summarise(baseRun.costs);
const full = summarise(fullRun.costs);
const baseCpu = summarise(baseRun.cpu);
const fullCpu = summarise(fullRun.cpu);
const changed = fullRun.changes.length > 0 ? summarise(fullRun.changes) : null;
const share = (cost: number) => `${((Math.max(0, cost - baseCpu.median) / PASS_INTERVAL_MS) * 100).toFixed(1)} %`;
console.log(
  `risk engine pass, ${USERS} users × ${POSITIONS_PER_USER} positions with target/stop/trail, ${USERS} portfolios, ${Math.min(USERS, RULES)} rules`,
);
console.log(`  loaded:   median ${ms(full.median)}, p95 ${ms(full.p95)}, max ${ms(full.max)} (${PASSES} passes)`);
console.log(`  baseline: median ${ms(base.median)}, p95 ${ms(base.p95)} (empty tables)`);
console.log(
  `  CPU time per pass: loaded median ${ms(fullCpu.median)}, p95 ${ms(fullCpu.p95)}; baseline median ${ms(baseCpu.median)}`,
);
console.log(
  `  core share above baseline (CPU time, one pass a second): median ${share(fullCpu.median)}, p95 ${share(fullCpu.p95)}`,
);
if (changed) {
  console.log(
    `  pass after one account's change: median ${ms(changed.median)}, p95 ${ms(changed.p95)}, max ${ms(changed.max)} (${fullRun.changes.length} passes)`,
  );
}
console.log(`  first pass (reads the whole watched set): ${ms(fullRun.first)}`);
console.log('  floor: median ≤ 10 ms, p95 ≤ 40 ms, core share ≤ 30 %; target p95 ≤ 10 ms');
