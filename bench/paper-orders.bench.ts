// Paper order place → acknowledged, at 100 orders a second (issue 30: floor median ≤ 10 ms and p95 ≤ 50 ms; target
// p95 ≤ 10 ms). Each order goes through the whole server path in process (Fastify inject): session check, validation,
// plan gates, the intent journal, the paper exchange's book and the order's state written, the feed event. Paced
// open loop: each latency counts from the instant the order was due. A warm-up of WARMUP orders at the same rate
// comes first and is not counted (a running server has its code compiled and its book loaded). Min/median/max over
// 3 runs; baseline: the same schedule of `GET brokers/{id}/funds` (the book's funds: an authenticated read of the
// same account whose cost does not grow with the book), run after the place runs, so the ratio is what placing adds.
// The database is an in-memory PGlite in this process (the embedded default), or a new database on the PostgreSQL
// server that TEST_DATABASE_URL names (production's). Pin the process to one core: `taskset -c 0 node …`.
import { OrderLineSchema } from '@fnodesk/contracts';
import { paperTrader } from '../apps/server/test/paper-trader';
import { authHeaders } from '../apps/server/test/signed-in-user';
import { createTestApp, testMarket, TEST_CLOCK_START } from '../apps/server/test/test-app';
import { summarise } from './stats';

const RATE = 100;
const SECONDS = 2;
const RUNS = 3;
const WARMUP = 100;

const t = await createTestApp({ logLevel: 'silent' });
await t.app.ready();
const { user, accountId } = await paperTrader(t, 'QT04');
const account = { id: accountId };
const headers = authHeaders(user);
const inject = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method, url, headers, remoteAddress, ...(payload ? { payload } : {}) });

const chain = testMarket().optionChainInstruments('NIFTY', '2026-11-23', TEST_CLOCK_START, 5);
const symbol = chain?.strikes[0]?.ce.tradingSymbol ?? 'NIFTY26NOVFUT';
const order = OrderLineSchema.parse({
  exchange: 'NFO',
  tradingSymbol: symbol,
  orderType: 'LIMIT',
  transactionType: 'BUY',
  product: 'MIS',
  quantity: 65,
  price: 1,
});

async function run(label: string, send: (i: number) => Promise<number>, total = RATE * SECONDS): Promise<number[]> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      send(i).then((status) => {
        if (status === 200) latencies.push(performance.now() - due);
        else failures++;
      }),
    );
  }
  await Promise.all(pending);
  const s = summarise(latencies);
  const p95 = [...latencies].sort((a, b) => a - b)[Math.floor(0.95 * latencies.length)] ?? NaN;
  console.log(
    `${label}: median ${s.median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms, failures ${failures}`,
  );
  return [s.median, p95];
}

await run('warm-up (not counted)', async (i) => {
  if (i >= WARMUP) return 200;
  return (
    await inject('POST', `/api/v1/brokers/${account.id}/orders`, { ...order, price: 1 + (i % 50) * 0.05 }, '10.0.9.1')
  ).statusCode;
});

const place: number[][] = [];
const read: number[][] = [];
for (let r = 0; r < RUNS; r++) {
  // A fresh client address per run: the order routes' per-address budget is 600 a minute.
  const address = `10.1.${r}.1`;
  place.push(
    await run(
      `place run ${r + 1}`,
      async (i) =>
        (
          await inject(
            'POST',
            `/api/v1/brokers/${account.id}/orders`,
            { ...order, price: 1 + (i % 50) * 0.05 },
            address,
          )
        ).statusCode,
    ),
  );
}
for (let r = 0; r < RUNS; r++) {
  read.push(
    await run(
      `read run ${r + 1}`,
      async () => (await inject('GET', `/api/v1/brokers/${account.id}/funds`, undefined, `10.2.${r}.1`)).statusCode,
    ),
  );
}
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[0]?.toFixed(1)}/${sorted[1]?.toFixed(1)}/${sorted[2]?.toFixed(1)}`;
};
console.log(
  `place → ack at ${RATE}/s, min/median/max of ${RUNS}: median ${spread(place.map((p) => p[0] ?? NaN))} ms, p95 ${spread(place.map((p) => p[1] ?? NaN))} ms`,
);
console.log(`baseline (read the book's funds at ${RATE}/s): median ${spread(read.map((p) => p[0] ?? NaN))} ms`);
console.log(`ratio place/read medians: ${((place[1]?.[0] ?? NaN) / (read[1]?.[0] ?? NaN)).toFixed(1)}×`);
await t.close();
