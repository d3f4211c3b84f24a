// The real-time feed's fail-over target: with one of two gateways killed (-9), the share of its clients
// resubscribed on the other within 5 s (target ≥ 95 %). It runs the scale-out process test
// (apps/web/src/lib/feed/feed-failover.process.test.ts: the ingest role in one process, two `api,gateway`
// processes on one Redis and one PostgreSQL database, the market always open, 250 ms batches) with
// `--clients` feed clients on each gateway instead of the test's ten, each given both gateways' URLs and holding
// 23 instruments that tick every second. A client has resubscribed when a tick reaches it from the other gateway;
// the delay is counted from the kill. Needs Redis and PostgreSQL (`--redis-url`, `--database-url`).
// `node --import tsx bench/feed/failover.bench.ts --clients 2500 --runs 3`.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { summarise } from '../stats';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '2500' },
    runs: { type: 'string', default: '3' },
    'redis-url': { type: 'string', default: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
    'database-url': {
      type: 'string',
      default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    },
  },
});
const ROOT = resolve(import.meta.dirname, '../..');
const TEST = 'apps/web/src/lib/feed/feed-failover.process.test.ts';
const TARGET_SHARE = 0.95;
const WITHIN_MS = 5_000;

interface Run {
  clients: number;
  min: number;
  median: number;
  p99: number;
  max: number;
  within: number;
}

/** The figures of the test's report line, e.g. "fail-over: 1000 clients … in 1800–2400 ms (median 1900 ms, p99 2300 ms); 1000/1000 within 5 s". */
function parse(output: string): Run {
  const match =
    /fail-over: (\d+) clients resubscribed on the other gateway in (\d+)–(\d+) ms \(median (\d+) ms, p99 (\d+) ms\); (\d+)\/\d+ within 5 s/.exec(
      output,
    );
  if (!match) throw new Error(`the test printed no fail-over figures:\n${output.slice(-4_000)}`);
  const [clients, min, max, median, p99, within] = [1, 2, 3, 4, 5, 6].map((i) => Number(match[i]));
  return { clients: clients!, min: min!, median: median!, p99: p99!, max: max!, within: within! };
}

const runs: Run[] = [];
for (let i = 0; i < Number(args.runs); i++) {
  const child = spawnSync('npx', ['vitest', 'run', TEST, '--reporter=verbose'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      REDIS_URL: args['redis-url'],
      TEST_DATABASE_URL: args['database-url'],
      FAILOVER_CLIENTS_PER_GATEWAY: args.clients,
    },
    maxBuffer: 64 * 1_048_576,
  });
  const output = `${child.stdout}${child.stderr}`;
  if (child.status !== 0) throw new Error(`run ${i + 1} failed:\n${output.slice(-4_000)}`);
  runs.push(parse(output));
}

const spread = (values: number[]) => {
  const { min, median, max } = summarise(values);
  return `${min} / ${median} / ${max}`;
};
const shares = runs.map((r) => r.within / r.clients);
console.log(
  `${runs.length} runs; ${args.clients} clients on each of two gateways, the first killed (-9); min / median / max over runs`,
);
console.log(
  `resubscribed within ${WITHIN_MS / 1000} s (share of the killed gateway's clients): ${spread(shares.map((s) => Math.round(s * 1000) / 10))} % (target ≥ ${TARGET_SHARE * 100} %)`,
);
console.log(`delay, median client: ${spread(runs.map((r) => r.median))} ms`);
console.log(`delay, p99 client: ${spread(runs.map((r) => r.p99))} ms`);
console.log(`delay, slowest client: ${spread(runs.map((r) => r.max))} ms`);
console.log(`delay, fastest client: ${spread(runs.map((r) => r.min))} ms`);
