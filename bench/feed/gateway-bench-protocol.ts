// Messages between the gateway benchmark and its server and client processes.
import type { FeedTick } from '@fnodesk/contracts';

/** What the server process reports: the measured window's batches and CPU, or its memory. */
export interface ServerReport {
  port: number;
  /** `ts` of every batch published in the measured window. */
  batches: number[];
  /** The slice of the instruments each batch held (see {@link sliceOf}), or -1 for all of them. */
  slices: number[];
  /** CPU time over wall time in the measured window (1 = one full core). */
  cpu: number;
  heapUsed: number;
  rss: number;
  arrayBuffers: number;
  connections: number;
  /** How long after the measurement started the gateway first held fewer connections than then (null: it never did). */
  droppedAfterMs: number | null;
}

/** What a client process reports: ticks received per batch `ts`, and a histogram of publish→receive in ms. */
export interface ClientReport {
  countsByTs: [number, number][];
  latency: [number, number][];
  /** Subscriptions of this process's clients per slice of the instruments (see {@link sliceOf}). */
  perSlice: number[];
  /** This client process's CPU time over wall time from `record` to `report` (1 = one full core). */
  cpu: number;
}

/** Slices the instruments are published in when their ticks are spread over the second. */
export const SLICES = 10;

/** The slice of the instrument at `index` of {@link benchInstruments}. */
export function sliceOf(index: number): number {
  return index % SLICES;
}

/** The instruments of the benchmark: `count` tokens spread like real ones. */
export function benchInstruments(count: number): number[] {
  return Array.from({ length: count }, (_, i) => 100_000 + i * 7);
}

/** A full tick as the ingest publishes it (quote fields and five levels of depth). */
export function benchTick(token: number, ts: number, lp: number): FeedTick {
  return {
    token,
    ts,
    lp,
    o: lp - 1,
    h: lp + 2,
    l: lp - 3,
    c: lp - 0.5,
    vt: 1_250_000,
    atp: lp - 0.25,
    oi: 4_500_000,
    prev: { lp: lp - 0.5, oi: 4_400_000 },
    depth: {
      buy: [0, 1, 2, 3, 4].map((i) => ({ p: lp - 0.05 * (i + 1), q: 75 * (i + 1), o: i + 1 })),
      sell: [0, 1, 2, 3, 4].map((i) => ({ p: lp + 0.05 * (i + 1), q: 75 * (i + 1), o: i + 1 })),
    },
  };
}
