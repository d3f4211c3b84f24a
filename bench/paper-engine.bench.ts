// What the paper exchange's matching engine costs per tick batch with a full book: 10,000 resting orders and 5,000
// open positions spread over 500 paper accounts (20 resting limits and 10 positions each) on the contracts the full
// simulated feed ticks (the market simulation's live set: its NIFTY and SENSEX options and the index futures), fed
// one tick per contract per batch (with five-level depth), each account receiving only the ticks of its own
// contracts as the server routes them. The books see the market once a second: the simulated feed publishes one
// batch per wall-clock second and the paper exchange's pump applies it every PAPER_PUMP_MS (1 s); the 250 ms flush
// is the gateway's to the browsers and does not reach the books. Baseline: the same batches with empty books (routing
// and tick handling only). Three runs, each a fresh set of books; min/median/max of the runs' median batch cost in
// CPU time. The engine's work only: reading the ticks from the simulation and writing the books are not counted.
import { createPaperEngine, type PaperEngine, type PaperInstrument, type PaperTick } from '@fnodesk/brokers';
import { istInstant } from '@fnodesk/domain';
import { bookTick } from '@fnodesk/brokers/testing';
import { createMarketSim } from '@fnodesk/market-sim';
import { PAPER_PUMP_MS } from '../apps/server/src/modules/trading/trading.module';
import { summarise } from './stats';

const RUNS = Number(process.env.PAPER_BENCH_RUNS ?? 3);
const BOOKS = 500;
const RESTING_PER_BOOK = 20;
const POSITIONS_PER_BOOK = 10;
const BATCHES = 200;
const START = istInstant('2026-11-19', '10:00');

// The derivatives of the simulated feed's live set, with their prices at the start.
const sim = createMarketSim({ seed: 1, now: START });
const liveTicks = sim.liveTicks(START);
const instruments: PaperInstrument[] = [];
const startPrice = new Map<number, number>();
const underlyingPrice = new Map<string, number>();
for (const tick of liveTicks) {
  const i = sim.instrument(tick.token);
  if (!i || i.expiry === null || (i.exchange !== 'NFO' && i.exchange !== 'BFO')) continue;
  const kind = i.instrumentType === 'FUT' ? 'FUT' : i.instrumentType === 'CE' ? 'CE' : 'PE';
  instruments.push({
    token: i.instrumentToken,
    tradingSymbol: i.tradingSymbol,
    exchange: i.exchange,
    contract: { root: i.name, kind, expiry: i.expiry, strike: i.strike },
    underlyingKind: 'index',
    lotSize: i.lotSize,
    tickSize: i.tickSize,
  });
  startPrice.set(i.instrumentToken, Math.max(tick.lp, 0.05));
  const lp = sim.quote(i.underlyingToken, START)?.lp;
  if (lp !== undefined) underlyingPrice.set(i.name, lp);
}

function priceOf(instrument: PaperInstrument, batch: number): number {
  const base = startPrice.get(instrument.token) ?? 100;
  const wiggle = instrument.tickSize * ((batch * 7 + instrument.token) % 5);
  return Number((base + wiggle).toFixed(2));
}

function tickOf(instrument: PaperInstrument, batch: number, ts: number): PaperTick {
  return bookTick(instrument.token, ts, priceOf(instrument, batch), 650, 1_000 * batch);
}

interface Books {
  books: PaperEngine[];
  routes: Map<number, PaperEngine[]>;
}

function buildBooks(filled: boolean, seed: number): Books {
  const books: PaperEngine[] = [];
  for (let b = 0; b < BOOKS; b++) {
    const book = createPaperEngine({ config: { capital: 100_000_000 } });
    for (const [root, price] of underlyingPrice) {
      book.apply({ type: 'underlying', at: START, root, market: { price, volatility: 0.14 } });
    }
    if (filled) {
      // Ten positions: market buys on ten contracts, filled by the first tick after them.
      const owned = Array.from(
        { length: POSITIONS_PER_BOOK },
        (_, i) => instruments[(b * 13 + i * 17 + seed) % instruments.length]!,
      );
      owned.forEach((instrument, i) => {
        book.apply({
          type: 'place',
          at: START,
          order: {
            orderId: `p${b}-${i}`,
            instrument,
            side: 'BUY',
            quantity: instrument.lotSize,
            orderType: 'MARKET',
            product: 'NRML',
            validity: 'DAY',
            variety: 'regular',
            marketProtection: -1,
          },
        });
      });
      book.apply({ type: 'ticks', at: START + 1_000, ticks: owned.map((i) => tickOf(i, 0, START + 1_000)) });
      // Twenty resting limits far from the market (half the price for buys): they stay on the book.
      for (let i = 0; i < RESTING_PER_BOOK; i++) {
        const instrument = instruments[(b * 7 + i * 11 + seed) % instruments.length]!;
        const price = Number(Math.max(0.05, Math.round(priceOf(instrument, 0) * 10) / 20).toFixed(2));
        book.apply({
          type: 'place',
          at: START + 2_000,
          order: {
            orderId: `r${b}-${i}`,
            instrument,
            side: 'BUY',
            quantity: instrument.lotSize,
            orderType: 'LIMIT',
            product: 'NRML',
            validity: 'DAY',
            variety: 'regular',
            price,
          },
        });
      }
    }
    books.push(book);
  }
  // Empty books watch one contract each, so the baseline still routes ticks and hands them over.
  const routes = new Map<number, PaperEngine[]>();
  books.forEach((book, index) => {
    const tokens = filled ? book.watchedTokens() : [instruments[index % instruments.length]!.token];
    for (const token of tokens) {
      const list = routes.get(token) ?? [];
      list.push(book);
      routes.set(token, list);
    }
  });
  return { books, routes };
}

// CPU time of this process per batch (ms): steadier than wall time on a shared machine.
function runBatches(books: Books): number[] {
  const costs: number[] = [];
  for (let batch = 1; batch <= BATCHES; batch++) {
    const ts = START + 10_000 + batch * 1_000;
    const ticks = instruments.map((instrument) => tickOf(instrument, batch, ts));
    const started = process.cpuUsage();
    const perBook = new Map<PaperEngine, PaperTick[]>();
    for (const tick of ticks) {
      for (const book of books.routes.get(tick.token) ?? []) {
        const list = perBook.get(book);
        if (list) list.push(tick);
        else perBook.set(book, [tick]);
      }
    }
    for (const [book, list] of perBook) book.apply({ type: 'ticks', at: ts, ticks: list });
    const used = process.cpuUsage(started);
    costs.push((used.user + used.system) / 1_000);
  }
  return costs;
}

const full: number[] = [];
const empty: number[] = [];
let orders = 0;
let positions = 0;
for (let run = 0; run < RUNS; run++) {
  const setupStarted = performance.now();
  const books = buildBooks(true, run);
  const setup = performance.now() - setupStarted;
  orders = books.books.reduce((sum, book) => sum + book.orders().filter((o) => o.status === 'OPEN').length, 0);
  positions = books.books.reduce((sum, book) => sum + book.positions().filter((p) => p.quantity !== 0).length, 0);
  const costs = summarise(runBatches(books));
  full.push(costs.median);
  const baseline = summarise(runBatches(buildBooks(false, run)));
  empty.push(baseline.median);
  console.log(
    `run ${run + 1}: setup ${setup.toFixed(0)} ms (wall); CPU per batch median ${costs.median.toFixed(2)} ms (p99 ${costs.p99.toFixed(2)}), empty books ${baseline.median.toFixed(2)} ms`,
  );
}
const f = summarise(full);
const e = summarise(empty);
console.log(
  `resting orders ${orders}, open positions ${positions}, ${instruments.length} ticks per batch (the live set's derivatives, of ${liveTicks.length} instruments it ticks)`,
);
console.log(
  `CPU per tick batch (ms): min ${f.min.toFixed(2)} / median ${f.median.toFixed(2)} / max ${f.max.toFixed(2)}`,
);
console.log(
  `empty books (ms):        min ${e.min.toFixed(2)} / median ${e.median.toFixed(2)} / max ${e.max.toFixed(2)}`,
);
console.log(
  `ratio to empty books: ${(f.median / e.median).toFixed(1)}×; a core's share at the books' cadence (one batch every ${PAPER_PUMP_MS} ms): ${((f.median / PAPER_PUMP_MS) * 100).toFixed(2)} % (empty books ${((e.median / PAPER_PUMP_MS) * 100).toFixed(2)} %, above them ${(((f.median - e.median) / PAPER_PUMP_MS) * 100).toFixed(2)} %)`,
);
