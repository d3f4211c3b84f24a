// What the paper exchange's matching engine costs per tick batch with a full book: 10,000 resting orders and 5,000
// open positions spread over 500 paper accounts (20 resting limits and 10 positions each) on 201 NIFTY contracts,
// fed one tick per contract per batch (with five-level depth), each account receiving only the ticks of its own
// contracts as the server routes them. Baseline: the same batches with empty books (routing and tick handling
// only). Three runs, each a fresh set of books; min/median/max of the runs' median batch cost in CPU time.
import { createPaperEngine, type PaperEngine, type PaperInstrument, type PaperTick } from '@fnodesk/brokers';
import { istInstant } from '@fnodesk/domain';
import { bookTick } from '@fnodesk/brokers/testing';
import { summarise } from './stats';

const RUNS = Number(process.env.PAPER_BENCH_RUNS ?? 3);
const BOOKS = 500;
const RESTING_PER_BOOK = 20;
const POSITIONS_PER_BOOK = 10;
const BATCHES = 200;
const STRIKES = 100;
const START = istInstant('2026-11-19', '10:00');

const instruments: PaperInstrument[] = [];
for (let i = 0; i < STRIKES; i++) {
  const strike = 22_500 + 50 * i;
  for (const kind of ['CE', 'PE'] as const) {
    instruments.push({
      token: 10_000 + instruments.length,
      tradingSymbol: `NIFTY26N23${strike}${kind}`,
      exchange: 'NFO',
      contract: { root: 'NIFTY', kind, expiry: '2026-11-23', strike },
      underlyingKind: 'index',
      lotSize: 65,
      tickSize: 0.05,
    });
  }
}
instruments.push({
  token: 9_999,
  tradingSymbol: 'NIFTY26NOVFUT',
  exchange: 'NFO',
  contract: { root: 'NIFTY', kind: 'FUT', expiry: '2026-11-26', strike: null },
  underlyingKind: 'index',
  lotSize: 65,
  tickSize: 0.05,
});

function priceOf(instrument: PaperInstrument, batch: number): number {
  const { kind, strike } = instrument.contract;
  const wiggle = 0.05 * ((batch * 7 + instrument.token) % 5);
  if (kind === 'FUT') return 25_050 + wiggle * 10;
  const intrinsic = Math.max(0, (kind === 'CE' ? 1 : -1) * (25_000 - (strike ?? 0)));
  return Number((intrinsic + 40 + wiggle).toFixed(2));
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
    book.apply({ type: 'underlying', at: START, root: 'NIFTY', market: { price: 25_000, volatility: 0.14 } });
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
            quantity: 65,
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
            quantity: 65,
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
console.log(`resting orders ${orders}, open positions ${positions}, ${instruments.length} ticks per batch`);
console.log(
  `CPU per tick batch (ms): min ${f.min.toFixed(2)} / median ${f.median.toFixed(2)} / max ${f.max.toFixed(2)}`,
);
console.log(
  `empty books (ms):        min ${e.min.toFixed(2)} / median ${e.median.toFixed(2)} / max ${e.max.toFixed(2)}`,
);
console.log(
  `ratio to empty books: ${(f.median / e.median).toFixed(1)}×; a core's share at one batch a second ${(f.median / 10).toFixed(2)} %, at the feed's 250 ms flush ${(f.median / 2.5).toFixed(2)} %`,
);
