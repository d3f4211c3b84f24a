// The re-centring simulator (`recentring-sim`): a short NIFTY ATM straddle re-centred every 50 points over the last
// 20 closed sessions of 1-minute data, as the server's service computes it from the simulated market. Floor ≤ 5 s,
// target ≤ 1 s for a cold run (no session's candles read before); a second run with other rules over the same
// sessions is timed too (the market's candles then warm, the answer not cached).
import { istInstant } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { simulatedMarketData } from '../apps/server/src/modules/market/market-data.port';
import { RecentringService, type RecentringRequest } from '../apps/server/src/modules/market/recentring.service';

const NOW = istInstant('2026-11-20', '12:00');
const FLOOR_MS = 5_000;
const TARGET_MS = 1_000;

const sim = createMarketSim({ seed: 1, now: NOW });
const service = new RecentringService(simulatedMarketData(() => sim));
const view = { asOf: NOW };

async function timed(request: RecentringRequest): Promise<{ ms: number; sessions: number; adjustments: number }> {
  const started = performance.now();
  const answer = JSON.parse((await service.simulate(view, request)).parts.join('')) as {
    sessions: unknown[];
    totals: { adjustments: number };
  };
  return { ms: performance.now() - started, sessions: answer.sessions.length, adjustments: answer.totals.adjustments };
}

const base: RecentringRequest = { name: 'NIFTY', width: 0, move: 50, ratio: undefined, lots: 1, sessions: 20 };
const cold = await timed(base);
const warm = await timed({ ...base, move: undefined, ratio: 2 });
console.log(`re-centring simulator, NIFTY short ATM straddle, ${cold.sessions} sessions of 1-minute data`);
console.log(`cold (move 50): ${cold.ms.toFixed(0)} ms, ${cold.adjustments} adjustments`);
console.log(`warm candles (ratio 2): ${warm.ms.toFixed(0)} ms, ${warm.adjustments} adjustments`);
const floorMet = cold.ms <= FLOOR_MS;
console.log(
  `floor (≤ ${FLOOR_MS} ms): ${floorMet ? 'met' : 'MISSED'} · target ≤ ${TARGET_MS} ms: ${cold.ms <= TARGET_MS ? 'met' : 'missed'}`,
);
process.exit(floorMet ? 0 : 1);
