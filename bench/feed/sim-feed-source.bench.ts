// What the simulated feed costs the ingest role per second of market: the sim's live set (indices, stocks, futures,
// near index options) plus 2,000 more instruments clients want (stock and far index options), turned into one
// batch a second and published on the tick shards (each tick serialised once). Measured as CPU time per simulated
// second (a fake clock steps the source), so other work on the machine inflates it less than wall time; each run
// covers a minute boundary, where the sim computes the new minute's state. Budget: "little CPU" — the figure is
// the share of one core the ingest spends on it.
import { createFakeClock, istInstant } from '@fnodesk/domain';
import { createMarketSim } from '@fnodesk/market-sim';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { publishTicks } from '../../apps/server/src/modules/feed/feed-channels';
import { createMarketClock } from '../../apps/server/src/modules/feed/market-clock';
import { createSimFeedSource } from '../../apps/server/src/modules/feed/sim-feed-source';
import { createMemoryBus } from '../../apps/server/src/platform/bus';

const RUNS = 3;
const SECONDS = Number(process.env.SIM_BENCH_SECONDS ?? 90);
const { values: args } = parseArgs({ options: { wanted: { type: 'string', default: '2000' } } });
const WANTED = Number(args.wanted);
const STARTS = ['11:30', '12:45', '14:10'] as const;

interface RunResult {
  cpuPerSecondMs: number;
  ticksPerSecond: number;
}

async function run(start: number): Promise<RunResult> {
  const sim = createMarketSim({ seed: 7, now: start });
  const clock = createFakeClock(start);
  const bus = createMemoryBus(() => undefined);
  const live = new Set(sim.liveTicks(start).map((tick) => tick.token));
  const wanted = sim
    .instruments(start)
    .map((instrument) => instrument.instrumentToken)
    .filter((token) => !live.has(token))
    .filter((_, i) => i % 7 === 0)
    .slice(0, WANTED);
  const source = createSimFeedSource({
    market: sim,
    clock,
    marketClock: createMarketClock('live'),
    onError: (err) => {
      throw err;
    },
  });
  source.want(wanted);
  let ticks = 0;
  await source.start((batch) => {
    ticks += batch.length;
    void publishTicks(bus, batch);
  });
  // Warm the current minute, then measure whole seconds.
  clock.advance(1_000);
  ticks = 0;
  const cpu = process.cpuUsage();
  for (let i = 0; i < SECONDS; i++) clock.advance(1_000);
  const used = process.cpuUsage(cpu);
  await source.stop();
  await bus.close();
  return { cpuPerSecondMs: (used.user + used.system) / 1_000 / SECONDS, ticksPerSecond: ticks / SECONDS };
}

function spread(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0] ?? NaN, median: sorted[Math.floor(sorted.length / 2)] ?? NaN, max: sorted.at(-1) ?? NaN };
}

const results: RunResult[] = [];
const loads: number[] = [];
for (let i = 0; i < RUNS; i++) {
  loads.push(loadavg()[0] ?? NaN);
  results.push(await run(istInstant('2026-11-20', STARTS[i % STARTS.length]!)));
}
const cpu = spread(results.map((r) => r.cpuPerSecondMs));
const rate = spread(results.map((r) => r.ticksPerSecond));
console.log(
  `${RUNS} runs of ${SECONDS} market seconds, the live set plus ${WANTED.toLocaleString('en-IN')} wanted instruments`,
);
console.log(
  `ticks published per second       min ${rate.min.toFixed(0)}  median ${rate.median.toFixed(0)}  max ${rate.max.toFixed(0)}`,
);
console.log(
  `CPU per market second            min ${cpu.min.toFixed(1)} ms  median ${cpu.median.toFixed(1)} ms  max ${cpu.max.toFixed(1)} ms` +
    `  (= ${(cpu.median / 10).toFixed(1)} % of one core)`,
);
console.log(`load average before each run: ${loads.map((l) => l.toFixed(2)).join(', ')}`);
