// What one option chain costs to analyse: 200 strikes (400 options) of a NIFTY-like weekly expiry with IV, five
// greeks, PCR, synthetic future, OI change over the four windows and max pain, via `computeChain`. The baseline is
// the same IV and greeks computed one option at a time through the public single-option functions. Also: ns per IV
// solve, and the largest IV round-trip error where the out-of-the-money price is at least one tick.
import {
  black76Greeks,
  black76Price,
  type ChainOiSnapshot,
  type ChainStrikeQuote,
  computeChain,
  impliedVolatility,
} from '@fnodesk/domain';

const STRIKES = 200;
const STEP = 50;
const SPOT = 24_056;
const FUTURES = 24_090;
const YEARS = 5 / 365;
const RATE = 0.065;
const TICK = 0.05;
const NOW_MS = Date.UTC(2026, 8, 1, 8, 30); // 14:00 IST
const RUNS = 5;
const CHAINS_PER_RUN = 2_000;

// A smile with put skew, ATM near 12% (market-facts §8).
const smile = (strike: number): number => {
  const m = Math.log(strike / FUTURES);
  return 0.12 * (1 - 1.2 * m + 12 * m * m);
};

// OI in units, heaviest at round thousands and near the money (millions of units at ATM weeklies).
const oiAt = (strike: number, side: 'CE' | 'PE'): number => {
  const distance = (strike - FUTURES) / 1_000;
  const otm = side === 'CE' ? distance : -distance;
  const base = 9e6 * Math.exp(-0.5 * ((otm - 0.4) / 1.1) ** 2) + 2e5;
  return Math.round(base * (strike % 1_000 === 0 ? 1.8 : strike % 500 === 0 ? 1.3 : 1));
};

const firstStrike = Math.round(FUTURES / STEP) * STEP - (STRIKES / 2) * STEP;
const strikes = Array.from({ length: STRIKES }, (_, i) => firstStrike + i * STEP);
const exactPrice = (strike: number, callPut: 'CE' | 'PE'): number =>
  black76Price(callPut, FUTURES, strike, YEARS, RATE, smile(strike));
const roundToTick = (price: number): number => Math.max(TICK, Math.round(price / TICK) * TICK);

function chainQuotes(priceOf: (strike: number, callPut: 'CE' | 'PE') => number): ChainStrikeQuote[] {
  return strikes.map((strike) => {
    const leg = (callPut: 'CE' | 'PE') => {
      const ltp = priceOf(strike, callPut);
      const oi = oiAt(strike, callPut);
      return {
        ltp,
        prevClose: ltp * 1.08,
        atp: ltp * 0.99,
        oi,
        prevOi: Math.round(oi * 0.85),
        volume: Math.round(oi * 3.2),
        bid: Math.max(TICK, ltp - TICK),
        ask: ltp + TICK,
      };
    };
    return { strike, ce: leg('CE'), pe: leg('PE') };
  });
}

// One snapshot every 3 minutes (the exchange's OI cadence) over the last 4 h 15 m, OI building through the day.
const snapshots: ChainOiSnapshot[] = [];
for (let minutesAgo = 255; minutesAgo >= 3; minutesAgo -= 3) {
  const factor = 1 - minutesAgo / 600;
  snapshots.push({
    atMs: NOW_MS - minutesAgo * 60_000,
    strikes,
    ceOi: strikes.map((k) => Math.round(oiAt(k, 'CE') * factor)),
    peOi: strikes.map((k) => Math.round(oiAt(k, 'PE') * factor)),
  });
}

const exactChain = chainQuotes(exactPrice);
const tickChain = chainQuotes((strike, callPut) => roundToTick(exactPrice(strike, callPut)));
const input = (quotes: ChainStrikeQuote[]) => ({
  strikes: quotes,
  spot: SPOT,
  spotPrevClose: 23_980,
  futures: FUTURES,
  futuresPrevClose: 24_010,
  years: YEARS,
  rate: RATE,
  nowMs: NOW_MS,
  oiSnapshots: snapshots,
});

// The baseline: one public call per option for IV, then one for the greeks.
function perOptionBaseline(quotes: ChainStrikeQuote[]): number {
  let checksum = 0;
  for (const q of quotes) {
    for (const [callPut, leg] of [
      ['CE', q.ce],
      ['PE', q.pe],
    ] as const) {
      const iv = impliedVolatility(callPut, leg.ltp, FUTURES, q.strike, YEARS, RATE);
      if (iv > 0) checksum += black76Greeks(callPut, FUTURES, q.strike, YEARS, RATE, iv).delta;
    }
  }
  return checksum;
}

interface Timing {
  runMeansMs: number[];
  chainMs: number[];
}

function time(run: () => number): Timing {
  let sink = 0;
  for (let i = 0; i < CHAINS_PER_RUN; i++) sink += run(); // warm-up: let the JIT settle
  const runMeansMs: number[] = [];
  const chainMs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    for (let i = 0; i < CHAINS_PER_RUN; i++) {
      const t0 = performance.now();
      sink += run();
      chainMs.push(performance.now() - t0);
    }
    runMeansMs.push((performance.now() - started) / CHAINS_PER_RUN);
  }
  if (Number.isNaN(sink)) console.log('(checksum NaN)');
  return { runMeansMs, chainMs };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const quantile = (values: number[], q: number) => sorted(values)[Math.floor(q * (values.length - 1))] ?? NaN;
const ms = (v: number) => `${v.toFixed(3)} ms`;
const summary = (t: Timing) => {
  const runs = sorted(t.runMeansMs);
  return (
    `per chain, mean of each run: min ${ms(runs[0]!)} / median ${ms(quantile(runs, 0.5))} / max ${ms(runs.at(-1)!)}; ` +
    `single chains: median ${ms(quantile(t.chainMs, 0.5))}, p99 ${ms(quantile(t.chainMs, 0.99))}`
  );
};

const chainChecksum = (quotes: ChainStrikeQuote[]) => () => {
  const chain = computeChain(input(quotes));
  return chain.ce.delta[100]! + chain.maxPainStrike + chain.summary.syntheticFuture + chain.totals.pcr;
};

const baseline = time(() => perOptionBaseline(tickChain));
const tickTiming = time(chainChecksum(tickChain));
const exactTiming = time(chainChecksum(exactChain));

console.log(
  `${STRIKES} strikes (${2 * STRIKES} options), NIFTY-like weekly, ${RUNS} runs × ${CHAINS_PER_RUN} chains, warm`,
);
console.log(`computeChain, tick-rounded LTPs: ${summary(tickTiming)}`);
console.log(`computeChain, exact model prices: ${summary(exactTiming)}`);
console.log(`baseline, one public IV + greeks call per option: ${summary(baseline)}`);
console.log(
  `computeChain = ${(quantile(baseline.runMeansMs, 0.5) / quantile(tickTiming.runMeansMs, 0.5)).toFixed(2)}× faster than the baseline (medians)`,
);

// ns per IV solve through the public function, over the chain's 400 tick-rounded prices (deep in-the-money LTPs
// rounded below intrinsic value have no volatility and return NaN quickly; they are counted separately).
{
  const prices = tickChain.flatMap((q) => [q.ce.ltp, q.pe.ltp]);
  const rounds = 2_000;
  let solved = 0;
  const solveAll = () => {
    solved = 0;
    for (let i = 0; i < prices.length; i++) {
      const iv = impliedVolatility(i % 2 === 0 ? 'CE' : 'PE', prices[i]!, FUTURES, strikes[i >> 1]!, YEARS, RATE);
      if (iv > 0) solved++;
    }
  };
  for (let r = 0; r < rounds; r++) solveAll();
  const perSolve: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (let r = 0; r < rounds; r++) solveAll();
    perSolve.push(((performance.now() - started) * 1e6) / (rounds * prices.length));
  }
  const s = sorted(perSolve);
  const chainPerOption = (quantile(tickTiming.chainMs, 0.5) * 1e6) / (2 * STRIKES);
  console.log(
    `impliedVolatility(), one option at a time: ${s[0]!.toFixed(0)} / ${quantile(s, 0.5).toFixed(0)} / ` +
      `${s.at(-1)!.toFixed(0)} ns per solve (min/median/max of ${RUNS} runs; ${solved} of ${prices.length} have an IV)`,
  );
  console.log(
    `computeChain, everything included: ${chainPerOption.toFixed(0)} ns per option (median single chain / 400)`,
  );
}

// IV round-trip error: in the chain (exact prices), and over a broad random sweep of strikes, expiries and vols.
{
  const chain = computeChain(input(exactChain));
  let worst = 0;
  let counted = 0;
  for (let i = 0; i < STRIKES; i++) {
    const strike = strikes[i]!;
    const otmPrice = exactPrice(strike, strike >= FUTURES ? 'CE' : 'PE');
    if (otmPrice < TICK) continue;
    for (const iv of [chain.ce.iv[i]!, chain.pe.iv[i]!]) {
      counted++;
      worst = Math.max(worst, Math.abs(iv - smile(strike)));
    }
  }
  console.log(
    `computeChain IV round-trip: max |error| ${worst.toExponential(2)} over ${counted} options with OTM ≥ ₹0.05`,
  );

  let seed = 20_260_901;
  const random = () => {
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    return seed / 4_294_967_296;
  };
  let sweepWorst = 0;
  let sweepCount = 0;
  for (let i = 0; i < 200_000; i++) {
    const forward = 100 + random() * 99_900;
    const years = (1 + random() * 364) / 365;
    const sigma = 0.05 + random() * 1.45;
    const strike = forward * Math.exp((random() * 2 - 1) * 4 * sigma * Math.sqrt(years));
    const rate = random() * 0.1;
    const callPut = random() < 0.5 ? 'CE' : 'PE';
    const otm = black76Price(strike >= forward ? 'CE' : 'PE', forward, strike, years, rate, sigma);
    if (otm < TICK) continue;
    const price = black76Price(callPut, forward, strike, years, rate, sigma);
    sweepCount++;
    sweepWorst = Math.max(
      sweepWorst,
      Math.abs(impliedVolatility(callPut, price, forward, strike, years, rate) - sigma),
    );
  }
  console.log(
    `impliedVolatility() sweep (F 100–100,000, 1 day–1 year, σ 5–150%, strikes ±4σ√T, seed 20260901): ` +
      `max |error| ${sweepWorst.toExponential(2)} over ${sweepCount.toLocaleString('en-IN')} options with OTM ≥ ₹0.05`,
  );
}
