// What the simulated market costs, against the budgets: starting it (calendar, ten-plus years of daily
// history, the instrument master and the live set's session so far; budget 5 s), one Option Chain Charts history
// round trip (the index plus 15 strikes' CE and PE, 31 instruments × 375 one-minute candles; budget p99 20 ms),
// measured cold (a session no request has touched yet, after the process's first request has compiled the code)
// and warm (the same session again), the one-second live loop and a full chain snapshot, and the process's
// resident memory (budget 1 GiB for the whole server). Each run is a fresh process with one market, as a server
// has; the runs differ by seed.
import { spawnSync } from 'node:child_process';
import { contractInstrumentToken, istInstant, spotInstrumentToken, tradingDaysBetween } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { summarise, type Summary } from './stats';

const RUNS = 3;
const FIRST_SEED = 1;
const NOW = istInstant('2026-11-20', '12:00');
const STRIKES_EACH_SIDE = 7;
const WARM_REPEATS = 2;
// Sessions to ask for: the forty before NOW, one per request, so every request meets a session not yet computed.
const SESSIONS = tradingDaysBetween('2026-09-01', '2026-11-19', 'NFO').slice(-40);

interface RunResult {
  start: number;
  first: number;
  cold: number[];
  warm: number[];
  live: number[];
  chains: number[];
  candles: number;
  rssAfterStart: number;
  heapAfterStart: number;
  rssAtEnd: number;
}

function measure(seed: number): RunResult {
  const started = performance.now();
  const sim = createMarketSim({ seed, now: NOW });
  const start = performance.now() - started;
  const rssAfterStart = process.memoryUsage().rss;
  const heapAfterStart = process.memoryUsage().heapUsed;
  const result: RunResult = {
    start,
    first: 0,
    cold: [],
    warm: [],
    live: [],
    chains: [],
    candles: 0,
    rssAfterStart,
    heapAfterStart,
    rssAtEnd: 0,
  };
  SESSIONS.forEach((date, index) => {
    // The page's instruments for that session: the index and ATM ± 7 strikes of the nearest weekly.
    const open = istInstant(date, '09:15');
    const expiry = sim.optionExpiries('NIFTY', open)[0]!.date;
    const atm = Math.round(sim.spot('NIFTY', open)!.lp / 50) * 50;
    const tokens = [spotInstrumentToken('NIFTY')];
    for (let i = -STRIKES_EACH_SIDE; i <= STRIKES_EACH_SIDE; i++) {
      for (const kind of ['CE', 'PE'] as const) {
        tokens.push(contractInstrumentToken({ root: 'NIFTY', kind, expiry, strike: atm + 50 * i }));
      }
    }
    const to = istInstant(date, '15:29') + 59_000;
    const request = () => {
      let count = 0;
      for (const token of tokens) count += sim.candles(token, '1m', open, to).length;
      return count;
    };
    let begin = performance.now();
    result.candles = request();
    const elapsed = performance.now() - begin;
    if (index === 0) result.first = elapsed;
    else result.cold.push(elapsed);
    for (let repeat = 0; repeat < WARM_REPEATS; repeat++) {
      begin = performance.now();
      request();
      result.warm.push(performance.now() - begin);
    }
  });
  for (let second = 0; second < 60; second++) {
    const begin = performance.now();
    sim.liveTicks(NOW + second * 1000);
    result.live.push(performance.now() - begin);
  }
  for (let minute = 0; minute < 5; minute++) {
    const at = NOW + minute * 60_000;
    const begin = performance.now();
    sim.optionChain('NIFTY', sim.optionExpiries('NIFTY', at)[0]!.date, at);
    result.chains.push(performance.now() - begin);
  }
  result.rssAtEnd = process.memoryUsage().rss;
  return result;
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const line = (label: string, s: Summary, budget?: number) =>
  console.log(
    `${label.padEnd(44)} min ${ms(s.min)}  median ${ms(s.median)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` +
      (budget ? `  (p99 = ${(s.p99 / budget).toFixed(2)}× budget ${budget} ms)` : ''),
  );

const runArgument = process.argv.indexOf('--seed');
if (runArgument >= 0) {
  // A child run: measure one market and hand the figures to the parent.
  process.stdout.write(JSON.stringify(measure(Number(process.argv[runArgument + 1]))));
} else {
  const results: RunResult[] = [];
  for (let run = 0; run < RUNS; run++) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, '--seed', String(FIRST_SEED + run)],
      { encoding: 'utf8', maxBuffer: 64 * 1_048_576 },
    );
    if (child.status !== 0) throw new Error(`run ${run} failed: ${child.stderr}`);
    results.push(JSON.parse(child.stdout) as RunResult);
  }
  const all = (pick: (result: RunResult) => number[]) => results.flatMap(pick);
  const candles = results[0]!.candles;
  console.log(
    `${RUNS} runs (seeds ${FIRST_SEED}…${FIRST_SEED + RUNS - 1}), each a fresh process started at 2026-11-20 12:00 IST`,
  );
  line('start (master + today’s state)', summarise(results.map((result) => result.start)), 5_000);
  line('first history request of a process', summarise(results.map((result) => result.first)));
  line(`history round trip cold (${candles} candles)`, summarise(all((result) => result.cold)), 20);
  line(`history round trip warm (${candles} candles)`, summarise(all((result) => result.warm)), 20);
  line('live loop, one second (default live set)', summarise(all((result) => result.live)));
  line('full NIFTY weekly chain snapshot', summarise(all((result) => result.chains)));
  const rss = Math.max(...results.map((result) => result.rssAtEnd));
  console.log(
    `resident memory: ${mb(Math.max(...results.map((result) => result.rssAfterStart)))} after start ` +
      `(JS heap ${mb(Math.max(...results.map((result) => result.heapAfterStart)))}), ${mb(rss)} after all ` +
      `requests = ${(rss / 1_073_741_824).toFixed(2)}× the 1 GiB budget`,
  );
}
