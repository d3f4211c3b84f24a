// The gateway benchmark's client process: <count> feed connections to 127.0.0.1:<port>, each authenticated and
// subscribed to <tokens> random instruments (seeded), counting every tick by batch and its publish→receive time.
// Arguments: <port> <count> <tokens> <instruments> <seed> <mode>. Driven over IPC by bench/feed/gateway.bench.ts.
import { WebSocket } from 'ws';
import { benchInstruments, SLICES, sliceOf, type ClientReport } from './gateway-bench-protocol';

const [port, count, tokensEach, instrumentCount, seed] = process.argv.slice(2, 7).map(Number) as [
  number,
  number,
  number,
  number,
  number,
];
const mode = process.argv[7] ?? 'ltp';
const CONNECT_CONCURRENCY = 100;
const send = (message: unknown) => process.send?.(message);

/** Mulberry32: the same seed gives every run the same subscriptions. */
function random(state: number): () => number {
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const instruments = benchInstruments(instrumentCount);
const next = random(seed);
const countsByTs = new Map<number, number>();
const perSlice: number[] = Array.from({ length: SLICES }, () => 0);
const latency = new Map<number, number>();
let recording = false;

const TS_KEY = '"ts":';
let cpuAtRecord: NodeJS.CpuUsage | null = null;
let recordStartedAt = 0;

/**
 * Counts a ticks frame's ticks by their `ts`. The frame is scanned for `"ts":` rather than parsed: the measuring
 * instrument shares one core among thousands of sockets, and a JSON.parse per frame made the clients, not the
 * gateway, the slowest part. Every tick object carries exactly one `ts`, and no other field of a tick is named so.
 */
function onTicks(text: string) {
  const now = Date.now();
  for (let at = text.indexOf(TS_KEY); at !== -1; at = text.indexOf(TS_KEY, at + TS_KEY.length)) {
    let ts = 0;
    for (let i = at + TS_KEY.length; i < text.length; i++) {
      const digit = text.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) break;
      ts = ts * 10 + digit;
    }
    countsByTs.set(ts, (countsByTs.get(ts) ?? 0) + 1);
    if (recording) {
      const ms = Math.max(0, now - ts);
      latency.set(ms, (latency.get(ms) ?? 0) + 1);
    }
  }
}

function connectOne(): Promise<WebSocket> {
  const indexes = new Set<number>();
  while (indexes.size < tokensEach) indexes.add(Math.floor(next() * instruments.length));
  const picked = [...indexes].map((i) => instruments[i]!);
  for (const i of indexes) perSlice[sliceOf(i)]!++;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/feed/v1`);
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ op: 'auth', userid: 'bench', secret: 'bench-secret' })));
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('{"t":"ticks"')) return onTicks(text);
      if (text.startsWith('{"t":"tier"')) ws.send(JSON.stringify({ op: 'sub', tokens: picked, mode }));
      else if (text.startsWith('{"t":"ack","op":"sub"')) resolve(ws);
    });
  });
}

const sockets: WebSocket[] = [];
for (let i = 0; i < count; i += CONNECT_CONCURRENCY) {
  const batch = Math.min(CONNECT_CONCURRENCY, count - i);
  sockets.push(...(await Promise.all(Array.from({ length: batch }, () => connectOne()))));
}
process.on('message', (message) => {
  if (message === 'record') {
    recording = true;
    cpuAtRecord = process.cpuUsage();
    recordStartedAt = performance.now();
  }
  if (message === 'report') {
    recording = false;
    const used = cpuAtRecord === null ? null : process.cpuUsage(cpuAtRecord);
    const wallMs = performance.now() - recordStartedAt;
    const cpu = used === null || wallMs <= 0 ? 0 : (used.user + used.system) / 1_000 / wallMs;
    const report: ClientReport = { countsByTs: [...countsByTs], latency: [...latency], cpu, perSlice };
    send(report);
  }
});
process.on('disconnect', () => process.exit(0));
send({ kind: 'ready', sockets: sockets.length });
