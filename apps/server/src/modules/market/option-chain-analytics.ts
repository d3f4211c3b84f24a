// Option-chain analytics for the data API: domain's computeChain over a whole expiry's ladder at a minute boundary,
// with OI snapshots of the same chain 15 minutes, 30 minutes, 1 hour and 4 hours earlier for the OI-change windows.
// A chain is computed once per (underlying, expiry, minute) and shared by every caller and tier that asks for that
// minute, so a page refreshing every minute costs one computation however many users watch it.
import type { ChainAnalytics, ChainInput, ChainOiSnapshot, ContractExpiry, IsoDate } from '@fnodesk/domain';
import {
  CHAIN_OI_WINDOWS,
  computeChain,
  istDateOf,
  lastClosedSessionSecond,
  sessionOn,
  yearFractionToExpiry,
} from '@fnodesk/domain';
import type { ChainRow, OptionChainSnapshot } from '@fnodesk/market-sim';
import { OPTION_DISCOUNT_RATE } from '@fnodesk/market-sim';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { BoundedCache } from './bounded-cache';
import type { MarketData } from './market-data.port';

const MINUTE_MS = 60_000;
/** How long a cold chain is computed at a stretch before other work gets a turn (see {@link OptionChainAnalytics.prepare}). */
const WARM_SLICE_MS = 5;
/**
 * How far into a minute a request for a chain starts taking the next minute's look-back OI (see
 * {@link OptionChainAnalytics.prepare}): late enough to stay clear of the work every chain has at a minute's start.
 */
const LOOK_AHEAD_FROM_MS = 20_000;
/** How many times the process's first chain is analysed again in the background (see {@link warmUpAnalysis}). */
const ANALYSIS_WARM_UP_RUNS = 40;

/** A chain's analytics at one minute, with the quotes and instruments it was computed from. */
export interface ChainAtMinute {
  readonly root: string;
  readonly expiry: ContractExpiry;
  /** The minute boundary the quotes are as of. */
  readonly at: number;
  readonly snapshot: OptionChainSnapshot;
  /** The snapshot's rows in ascending strike order: row i is strike i of the analytics' columns. */
  readonly rows: readonly ChainRow[];
  readonly analytics: ChainAnalytics;
  /** True when IV and greeks use the synthetic future (weekly expiries have no future of their own). */
  readonly onSyntheticFuture: boolean;
}

/** The minute boundary at or before an instant: the instant a chain served "as of" it is computed at. */
export function chainMinute(instant: number): number {
  return Math.floor(instant / MINUTE_MS) * MINUTE_MS;
}

/**
 * The instant quotes are taken at for a view at `instant`: the instant itself while F&O trades, else the last
 * second of the latest session (before the open, after the close, on holidays and weekends). A chain read on a
 * Saturday is Friday's close, with Friday's time to expiry and OI windows that end at Friday's close.
 */
export function tradingInstant(instant: number): number {
  const session = sessionOn(istDateOf(instant), 'NFO');
  if (session && instant >= session.open && instant < session.close) return instant;
  return lastClosedSessionSecond(instant, 'NFO');
}

/** Computes and caches option-chain analytics per (underlying, expiry, minute). */
export class OptionChainAnalytics {
  private readonly data: MarketData;
  private readonly chains: BoundedCache<string, ChainAtMinute | null>;
  private readonly oiSnapshots: BoundedCache<string, ChainOiSnapshot | null>;
  /** Chains being prepared, by key: callers asking meanwhile wait for the same preparation. */
  private readonly preparing = new Map<string, Promise<void>>();
  /** The next minute's look-back snapshots, taken or being taken, by the chain and minute they were started from. */
  private readonly lookAheads: BoundedCache<string, Promise<void>>;

  constructor(data: MarketData, capacity = 128) {
    this.data = data;
    this.chains = new BoundedCache(capacity);
    this.oiSnapshots = new BoundedCache(capacity * 4);
    this.lookAheads = new BoundedCache(capacity);
  }

  /** The chain of an expiry listed at the minute holding `instant`, or null when it is not listed then. */
  at(root: string, expiry: IsoDate, instant: number): ChainAtMinute | null {
    const minute = chainMinute(instant);
    const key = `${root}|${expiry}|${minute}`;
    return this.chains.getOrCompute(key, () => this.compute(root, expiry, minute));
  }

  /**
   * Makes {@link at} for the same minute quick by computing its instruments' minutes beforehand, giving other work
   * a turn of the event loop every few milliseconds. A chain nobody has asked for today means every strike's
   * minutes from the open (about half a second for NIFTY's ladder, more for a chain whose OI windows reach into the
   * previous session); done in one go, that would hold up every other request meanwhile. Callers asking for the
   * same chain meanwhile share one preparation; a chain whose minutes are already there is done in one stretch.
   *
   * A request from {@link LOOK_AHEAD_FROM_MS} into the minute also starts taking the next minute's look-back OI
   * snapshots, one a turn, a few milliseconds each: they all lie in the past already, and taken then they leave
   * the next minute's preparation with its own minute. Taken at the minute's start instead, they landed on top of
   * every chain's own computation and of the requests queued behind it: 100 ms and more of slow answers at
   * 2,000 requests a second. Nothing waits for them; a chain nobody asks for late in a minute has them taken by
   * the next minute's preparation.
   */
  prepare(root: string, expiry: IsoDate, instant: number): Promise<void> {
    const minute = chainMinute(instant);
    const key = `${root}|${expiry}|${minute}`;
    if (this.chains.has(key)) {
      if (instant - minute >= LOOK_AHEAD_FROM_MS) this.lookAhead(root, expiry, minute);
      return Promise.resolve();
    }
    let pending = this.preparing.get(key);
    if (!pending) {
      pending = this.warm(root, expiry, minute).finally(() => this.preparing.delete(key));
      this.preparing.set(key, pending);
    }
    return pending;
  }

  /** Starts taking the look-back snapshots the minute after `minute` needs, once per chain and minute. */
  private lookAhead(root: string, expiry: IsoDate, minute: number): void {
    void this.lookAheads.getOrCompute(`${root}|${expiry}|${minute}`, () =>
      this.takeOiSnapshots(root, expiry, minute + MINUTE_MS).catch(() => undefined),
    );
  }

  /** The OI snapshots of a minute's look-back windows, each not yet kept taken in a turn of its own. */
  private async takeOiSnapshots(root: string, expiry: IsoDate, minute: number): Promise<void> {
    for (const { minutes } of CHAIN_OI_WINDOWS) {
      const at = minute - minutes * MINUTE_MS;
      if (this.oiSnapshots.has(oiKey(root, expiry, at))) continue;
      await nextTurn();
      this.oiSnapshot(root, expiry, at);
    }
  }

  private async warm(root: string, expiry: IsoDate, minute: number): Promise<void> {
    // The OI-change windows read the same chain earlier, possibly in the previous session: those whose snapshots
    // are not kept yet (a chain refreshed every minute has them from earlier minutes).
    const instants = [minute];
    for (const { minutes } of CHAIN_OI_WINDOWS) {
      const at = minute - minutes * MINUTE_MS;
      if (!this.oiSnapshots.has(oiKey(root, expiry, at))) instants.push(at);
    }
    let stretch = performance.now();
    const tokens = this.data.chain.chainTokens(root, expiry, minute);
    for (const token of tokens) {
      for (const at of instants) this.data.chain.warm(token, at);
      if (performance.now() - stretch >= WARM_SLICE_MS) {
        await nextTurn();
        stretch = performance.now();
      }
    }
    // The look-back windows' OI snapshots, a few milliseconds each (a whole chain read at an earlier minute): new
    // windows every minute, and on a server started within the last four hours none of them was kept from an
    // earlier minute's chain. Taken here, one per turn, the chain's own computation is left with this minute alone.
    if (tokens.length === 0) return;
    await this.takeOiSnapshots(root, expiry, minute);
  }

  private compute(root: string, expiryDate: IsoDate, at: number): ChainAtMinute | null {
    const expiry = this.data.instruments.optionExpiries(root, at).find((candidate) => candidate.date === expiryDate);
    const snapshot = expiry ? this.data.chain.optionChain(root, expiryDate, at) : null;
    if (!expiry || !snapshot || snapshot.rows.length === 0) return null;
    // Oldest first, as computeChain's window lookup expects.
    const oiSnapshots: ChainOiSnapshot[] = [];
    for (const { minutes } of [...CHAIN_OI_WINDOWS].reverse()) {
      const past = this.oiSnapshot(root, expiryDate, at - minutes * MINUTE_MS);
      if (past) oiSnapshots.push(past);
    }
    const onSyntheticFuture = snapshot.future.expiry !== expiryDate;
    const rows = [...snapshot.rows].sort((a, b) => a.strike - b.strike);
    // This minute's OI is a later minute's look-back baseline: kept, a chain refreshed every minute computes one
    // new snapshot a minute instead of five.
    this.oiSnapshots.getOrCompute(oiKey(root, expiryDate, at), () => oiSnapshotOf(rows, at));
    const input: ChainInput = {
      strikes: rows.map((row) => ({
        strike: row.strike,
        ce: {
          ltp: row.ce.lp,
          prevClose: row.ce.prevClose,
          atp: row.ce.atp,
          oi: row.ce.oi,
          prevOi: row.ce.prevOi,
          volume: row.ce.volume,
          bid: row.ce.bid,
          ask: row.ce.ask,
        },
        pe: {
          ltp: row.pe.lp,
          prevClose: row.pe.prevClose,
          atp: row.pe.atp,
          oi: row.pe.oi,
          prevOi: row.pe.prevOi,
          volume: row.pe.volume,
          bid: row.pe.bid,
          ask: row.pe.ask,
        },
      })),
      spot: snapshot.spot.lp,
      spotPrevClose: snapshot.spot.prevClose,
      futures: snapshot.future.lp,
      futuresPrevClose: snapshot.future.prevClose,
      years: yearFractionToExpiry(at, expiry.expiresAt),
      rate: OPTION_DISCOUNT_RATE,
      // A weekly's own forward is what its options imply; the month's future carries days of extra basis. Its
      // ATM and its volatilities are taken from that synthetic future.
      atmBasis: onSyntheticFuture ? 'SynFut' : 'Futures',
      ivForward: onSyntheticFuture ? 'SynFut' : 'Futures',
      nowMs: at,
      oiSnapshots,
    };
    const analytics = computeChain(input);
    warmUpAnalysis(input);
    return { root, expiry, at, snapshot, rows, analytics, onSyntheticFuture };
  }

  // Every strike's OI at an instant (a minute boundary), for the look-back windows.
  private oiSnapshot(root: string, expiry: IsoDate, at: number): ChainOiSnapshot | null {
    return this.oiSnapshots.getOrCompute(oiKey(root, expiry, at), () => {
      const chain = this.data.chain.optionChain(root, expiry, at);
      if (!chain || chain.rows.length === 0) return null;
      return oiSnapshotOf(
        [...chain.rows].sort((a, b) => a.strike - b.strike),
        at,
      );
    });
  }
}

let analysisWarmedUp = false;

/**
 * Analyses the process's first chain again {@link ANALYSIS_WARM_UP_RUNS} times, one run a turn, so that V8 has
 * optimised the analysis before the next minute needs it. Each chain is analysed once a minute, too seldom for
 * the code to be optimised soon by use alone: in a fresh server NIFTY's chain took 19 ms to compute at the second
 * minute's start, its analysis 6 ms of that (0.2 to 0.3 ms optimised), while the requests of that moment waited.
 * Warmed on a real chain, the code sees the kinds of values it will meet. The answers are thrown away.
 */
function warmUpAnalysis(input: ChainInput): void {
  if (analysisWarmedUp) return;
  analysisWarmedUp = true;
  void (async () => {
    for (let run = 0; run < ANALYSIS_WARM_UP_RUNS; run++) {
      await nextTurn();
      computeChain(input);
    }
  })().catch(() => undefined);
}

/** The key of a chain's OI snapshot at an instant. */
function oiKey(root: string, expiry: IsoDate, at: number): string {
  return `${root}|${expiry}|${at}`;
}

function oiSnapshotOf(rows: readonly ChainRow[], at: number): ChainOiSnapshot {
  return {
    atMs: at,
    strikes: Float64Array.from(rows, (row) => row.strike),
    ceOi: Float64Array.from(rows, (row) => row.ce.oi),
    peOi: Float64Array.from(rows, (row) => row.pe.oi),
  };
}
