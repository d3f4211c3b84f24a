// What building candles from live ticks costs, against the budget of 5M ticks/s per core into nine
// resolutions: 2,000 instruments ticking once a second with monotone exchange time (half an hour of a session per run,
// 3.6M ticks), fed in one-second batches as a feed source hands them over. The baseline is the plain way to
// write it: a candle object per (instrument, resolution) in a map, the bucket worked out on every tick, a new
// object per candle. Ticks are made before the clock starts (one minute's worth at a time, outside the timing).
import {
  CandleBuilder,
  istInstant,
  RESOLUTION_MINUTES,
  type Candle,
  type CandleTick,
  type Resolution,
} from '@fnodesk/domain';

const RESOLUTIONS: readonly Resolution[] = ['1m', '2m', '3m', '5m', '15m', '30m', '75m', '1h', '1D'];
const TOKENS = 2_000;
const MINUTES = 30;
const RUNS = 5;
const START = istInstant('2026-11-20', '10:00');
const OPEN = istInstant('2026-11-20', '09:15');
const BUDGET = 5_000_000;

interface MutableTick {
  token: number;
  ts: number;
  lp: number;
  vt: number;
  atp: number;
  oi: number;
}

/** One minute of ticks (60 one-second batches of every instrument), rewritten in place for each minute. */
function minuteOfTicks(): MutableTick[][] {
  return Array.from({ length: 60 }, () =>
    Array.from({ length: TOKENS }, (_, i) => ({ token: 1_000 + i, ts: 0, lp: 0, vt: 0, atp: 0, oi: 0 })),
  );
}

function fillMinute(batches: MutableTick[][], minute: number, state: Float64Array): void {
  for (let second = 0; second < 60; second++) {
    const ts = START + (minute * 60 + second) * 1000;
    const batch = batches[second]!;
    for (let i = 0; i < TOKENS; i++) {
      const tick = batch[i]!;
      const price = (state[i] = state[i]! + (((i * 7 + second * 13 + minute) % 11) - 5) * 0.05);
      tick.ts = ts + (i % 10);
      tick.lp = price;
      tick.vt += 25 + (i % 5) * 10;
      tick.atp = price - 0.5;
      tick.oi = 100_000 + ((minute * 60 + second) % 97) * 75;
    }
  }
}

/** The plain builder: an object per candle, the bucket worked out on every tick from the session's open. */
class NaiveBuilder {
  private readonly candles = new Map<number, { lastVt: number; series: (Candle | undefined)[] }>();
  private readonly lengths = RESOLUTIONS.map((r) => (r === '1D' ? 86_400_000 : RESOLUTION_MINUTES[r] * 60_000));
  closed = 0;

  add(tick: CandleTick): void {
    let state = this.candles.get(tick.token);
    if (!state) this.candles.set(tick.token, (state = { lastVt: 0, series: RESOLUTIONS.map(() => undefined) }));
    const vt = tick.vt ?? state.lastVt;
    const volume = vt > state.lastVt ? vt - state.lastVt : 0;
    if (vt > state.lastVt) state.lastVt = vt;
    for (let r = 0; r < this.lengths.length; r++) {
      const length = this.lengths[r]!;
      const t = OPEN + Math.floor((tick.ts - OPEN) / length) * length;
      const candle = state.series[r];
      if (candle && candle.t === t) {
        if (tick.lp > candle.h) candle.h = tick.lp;
        if (tick.lp < candle.l) candle.l = tick.lp;
        candle.c = tick.lp;
        candle.v += volume;
        candle.atp = tick.atp ?? candle.atp;
        candle.oi = tick.oi ?? candle.oi;
        continue;
      }
      if (candle) this.closed++;
      state.series[r] = {
        t,
        o: tick.lp,
        h: tick.lp,
        l: tick.lp,
        c: tick.lp,
        v: volume,
        atp: tick.atp ?? 0,
        oi: tick.oi ?? 0,
      };
    }
  }
}

/** Ticks per CPU-second and per wall-clock second of one run of a builder. */
function run(kind: 'builder' | 'naive'): { rate: number; wallRate: number; closed: number } {
  const batches = minuteOfTicks();
  const prices = new Float64Array(TOKENS).fill(20_000);
  let closed = 0;
  const builder = new CandleBuilder({ resolutions: RESOLUTIONS, exchangeOf: () => 'NFO', onClose: () => closed++ });
  const naive = new NaiveBuilder();
  let cpu = 0;
  let wall = 0;
  for (let minute = 0; minute < MINUTES; minute++) {
    fillMinute(batches, minute, prices);
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    if (kind === 'builder') for (const batch of batches) builder.addAll(batch);
    else for (const batch of batches) for (const tick of batch) naive.add(tick);
    const used = process.cpuUsage(cpuStarted);
    cpu += (used.user + used.system) / 1000;
    wall += performance.now() - started;
  }
  const ticks = TOKENS * MINUTES * 60;
  return {
    rate: ticks / (cpu / 1000),
    wallRate: ticks / (wall / 1000),
    closed: kind === 'builder' ? closed : naive.closed,
  };
}

function summary(samples: readonly number[]): { min: number; median: number; max: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted[sorted.length - 1]! };
}

const millions = (rate: number) => `${(rate / 1e6).toFixed(2)}M`;
const line = (label: string, s: { min: number; median: number; max: number }) =>
  console.log(
    `${label.padEnd(36)} min ${millions(s.min)}  median ${millions(s.median)}  max ${millions(s.max)} ticks/s`,
  );

// One warm-up run of each so both are measured compiled; they must agree on what closed.
const check = run('builder');
const reference = run('naive');
if (check.closed !== reference.closed) {
  throw new Error(`the builders disagree: ${check.closed} candles closed against ${reference.closed}`);
}
const ours: ReturnType<typeof run>[] = [];
const theirs: ReturnType<typeof run>[] = [];
for (let i = 0; i < RUNS; i++) {
  ours.push(run('builder'));
  theirs.push(run('naive'));
}
const cpuOurs = summary(ours.map((r) => r.rate));
const cpuTheirs = summary(theirs.map((r) => r.rate));
console.log(
  `${TOKENS} instruments × ${MINUTES * 60} s (${((TOKENS * MINUTES * 60) / 1e6).toFixed(1)}M ticks a run) into ` +
    `${RESOLUTIONS.length} resolutions (${RESOLUTIONS.join(', ')}), ${RUNS} runs each. Per core = ticks per ` +
    `CPU-second of this process (the machine may be shared); wall-clock rates beside them.`,
);
line('candle builder (typed arrays), per core', cpuOurs);
line('baseline (objects per candle), per core', cpuTheirs);
line('candle builder, wall clock', summary(ours.map((r) => r.wallRate)));
line('baseline, wall clock', summary(theirs.map((r) => r.wallRate)));
console.log(
  `ratio ${(cpuOurs.median / cpuTheirs.median).toFixed(2)}× the baseline (medians per core); ` +
    `median = ${(cpuOurs.median / BUDGET).toFixed(2)}× the budget of ${millions(BUDGET)} ticks/s per core`,
);
