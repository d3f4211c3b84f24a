// The footprint aggregate of the Orderflow chart (issue budget): a full session of NIFTY's near-month future at 1m,
// from the simulated market's aggressor-tagged trades (about 22,000 prints) to the answer's data, as the server's
// service computes it. Floor: median ≤ 50 ms and p95 ≤ 150 ms; target p95 ≤ 40 ms. Cold = a session no request has
// touched yet (its trades computed from the price path); warm = the same session again (the minute bars cached).
import { contractInstrumentToken, istInstant, nextMonthlyExpiries, tradingDaysBetween } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { simulatedMarketData } from '../apps/server/src/modules/market/market-data.port';
import { OrderflowService } from '../apps/server/src/modules/market/orderflow.service';

const SEED = 1;
const NOW = istInstant('2026-11-20', '12:00');
const SESSIONS = tradingDaysBetween('2026-09-01', '2026-11-19', 'NFO').slice(-40);
const FLOOR = { median: 50, p95: 150 };
const TARGET_P95 = 40;

const sim = createMarketSim({ seed: SEED, now: NOW });
const service = new OrderflowService(simulatedMarketData(() => sim));
const view = { asOf: NOW };

function footprintOfSession(date: string): { ms: number; candles: number } {
  const expiry = nextMonthlyExpiries('NIFTY', istInstant(date, '09:15'), 1)[0]!.date;
  const token = contractInstrumentToken({ root: 'NIFTY', kind: 'FUT', expiry, strike: null });
  const started = performance.now();
  const answer = service.footprint(view, {
    token,
    resolution: '1m',
    from: istInstant(date, '09:00'),
    to: istInstant(date, '15:40'),
  });
  const ms = performance.now() - started;
  return { ms, candles: answer.candles.length };
}

// The process's first request compiles the code paths; it is not a sample.
footprintOfSession(SESSIONS[0]!);
const cold: number[] = [];
const warm: number[] = [];
let candles = 0;
for (const date of SESSIONS.slice(1)) {
  const first = footprintOfSession(date);
  cold.push(first.ms);
  candles = first.candles;
  warm.push(footprintOfSession(date).ms);
}

interface Summary {
  median: number;
  p95: number;
  max: number;
}
function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1]! };
}

const line = (name: string, s: Summary) =>
  `${name.padEnd(6)} median ${s.median.toFixed(1)} ms · p95 ${s.p95.toFixed(1)} ms · max ${s.max.toFixed(1)} ms`;
const coldSummary = summarise(cold);
const warmSummary = summarise(warm);
console.log(`footprint of a full NIFTY futures session at 1m (${candles} candles), ${cold.length} sessions`);
console.log(line('cold', coldSummary));
console.log(line('warm', warmSummary));
const floorMet = coldSummary.median <= FLOOR.median && coldSummary.p95 <= FLOOR.p95;
console.log(
  `floor (median ≤ ${FLOOR.median} ms, p95 ≤ ${FLOOR.p95} ms): ${floorMet ? 'met' : 'MISSED'} · target p95 ≤ ${TARGET_P95} ms: ${coldSummary.p95 <= TARGET_P95 ? 'met' : 'missed'}`,
);
process.exit(floorMet ? 0 : 1);
