// What one pass of the server's risk engine costs with a full load: 1,000 paper accounts with 10 NIFTY option
// positions each (every position with a target, a stop and a trailing stop; every account with an armed portfolio
// MTM stop, target and lock-in trail and a daily loss limit) and 500 armed rules (COMBINED, CE, SPOT and TIME
// conditions), on the simulated market, one pass per second of market time. No level is ever reached, so nothing
// fires: the figure is the watching cost (the database reads of a pass plus the evaluation). Baseline: the same
// passes with empty tables. Wall time per pass (PGlite runs in this process, so it is this process's work).
import { createTestDatabase } from '@fnodesk/db/testing';
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

async function passes(filled: boolean): Promise<number[]> {
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
  try {
    for (let pass = 0; pass < PASSES + 3; pass++) {
      clock.advance(1000);
      const started = performance.now();
      await engine.watch(clock.now());
      // The first passes warm the market's caches and the database's plans.
      if (pass >= 3) costs.push(performance.now() - started);
    }
  } finally {
    await database.destroy();
  }
  return costs;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const base = summarise(await passes(false));
const full = summarise(await passes(true));
console.log(
  `risk engine pass, ${USERS} users × ${POSITIONS_PER_USER} positions with target/stop/trail, ${USERS} portfolios, ${Math.min(USERS, RULES)} rules`,
);
console.log(`  loaded:   median ${ms(full.median)}, p95 ${ms(full.p95)}, max ${ms(full.max)} (${PASSES} passes)`);
console.log(`  baseline: median ${ms(base.median)}, p95 ${ms(base.p95)} (empty tables)`);
console.log('  floor: median ≤ 10 ms, p95 ≤ 40 ms');
