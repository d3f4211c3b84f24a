// What the simulated market costs, against the budgets: starting it (calendar, ten-plus years of daily
// history, the instrument master and the live set's session so far; budget 5 s), one Option Chain Charts history
// round trip (the index plus 15 strikes' CE and PE, 31 instruments × 375 one-minute candles; budget p99 20 ms),
// measured cold (a session no request has touched yet, after the process's first request has compiled the code)
// and warm (the same session again), the one-second live loop and a full chain snapshot, and the process's
// resident memory (budget 1 GiB for the whole server).
import { contractInstrumentToken, istInstant, spotInstrumentToken, tradingDaysBetween } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';

const RUNS = 3;
const SEED = 1;
const NOW = istInstant('2026-11-20', '12:00');
const STRIKES_EACH_SIDE = 7;
const WARM_REPEATS = 40;

interface Summary {
  min: number;
  median: number;
  p99: number;
  max: number;
}

function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { min: sorted[0]!, median: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;
const line = (label: string, s: Summary, budget?: number) =>
  console.log(
    `${label.padEnd(44)} min ${ms(s.min)}  median ${ms(s.median)}  p99 ${ms(s.p99)}  max ${ms(s.max)}` +
      (budget ? `  (p99 = ${(s.p99 / budget).toFixed(2)}× budget ${budget} ms)` : ''),
  );
const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;

// Sessions to ask for: the twenty before NOW, one per request, so every request meets sessions not yet computed.
const sessions = tradingDaysBetween('2026-10-01', '2026-11-19', 'NFO').slice(-20);

const startTimes: number[] = [];
let firstRequest = 0;
const cold: number[] = [];
const warm: number[] = [];
const live: number[] = [];
const chains: number[] = [];
let candlesPerRequest = 0;
let rssAfterStart = 0;
let heapAfterStart = 0;

for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const sim = createMarketSim({ seed: SEED + run, now: NOW });
  startTimes.push(performance.now() - started);
  if (run === 0) {
    rssAfterStart = process.memoryUsage().rss;
    heapAfterStart = process.memoryUsage().heapUsed;
  }

  for (const date of sessions) {
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
    const from = open;
    const to = istInstant(date, '15:29') + 59_000;
    const request = () => {
      let count = 0;
      for (const token of tokens) count += sim.candles(token, '1m', from, to).length;
      return count;
    };
    let begin = performance.now();
    candlesPerRequest = request();
    if (run === 0 && firstRequest === 0) firstRequest = performance.now() - begin;
    else cold.push(performance.now() - begin);
    for (let repeat = 0; repeat < WARM_REPEATS / sessions.length + 1; repeat++) {
      begin = performance.now();
      request();
      warm.push(performance.now() - begin);
    }
  }

  for (let second = 0; second < 60; second++) {
    const begin = performance.now();
    sim.liveTicks(NOW + second * 1000);
    live.push(performance.now() - begin);
  }
  for (let minute = 0; minute < 5; minute++) {
    const at = NOW + minute * 60_000;
    const begin = performance.now();
    sim.optionChain('NIFTY', sim.optionExpiries('NIFTY', at)[0]!.date, at);
    chains.push(performance.now() - begin);
  }
}

console.log(`seed ${SEED}…${SEED + RUNS - 1}, ${RUNS} runs, start at 2026-11-20 12:00 IST`);
line('start (master + today’s state)', summarise(startTimes), 5_000);
console.log(`first history request in a fresh process (code not yet compiled): ${ms(firstRequest)}`);
line(`history round trip cold (${candlesPerRequest} candles)`, summarise(cold), 20);
line(`history round trip warm (${candlesPerRequest} candles)`, summarise(warm), 20);
line('live loop, one second (default live set)', summarise(live));
line('full NIFTY weekly chain snapshot', summarise(chains));
const memory = process.memoryUsage();
console.log(
  `resident memory with one market started: ${mb(rssAfterStart)} (heap ${mb(heapAfterStart)}); at the end, after ` +
    `${RUNS} markets and all requests: ${mb(memory.rss)} (heap ${mb(memory.heapUsed)}), ` +
    `${(memory.rss / 1_073_741_824).toFixed(2)}× the 1 GiB budget`,
);
