// V8 settings for a process that serves requests, applied first thing by main.ts.
//
// Allocation-site pretenuring is off. V8 watches which allocation sites' objects survive young-generation
// collections and, past a threshold, allocates that site's objects straight in the old generation. In some runs
// the sites of the server's per-request objects (response headers, fastify's reply and stream objects) ended up
// tenured and stayed so, and from then on every request's short-lived objects went to the old generation: at
// 2,000 option-chain requests a second on one core, about 25 MB/s, a full collection every 10 s over a 340 MB heap,
// requests held up for up to 45 ms. With pretenuring off, every run promoted about 4 MB/s.
//
// V8's helper threads (concurrent marking, sweeping, parallel scavenging and the optimizing compiler) keep their
// normal priority. Lowered to the lowest, on one core at 2,000 option-chain requests a second, the server used all
// of the core (about 60 % with the helpers at normal priority), a quarter of the request thread's time went to
// native code outside any script or collection, and some runs could no longer keep up (975 requests a second, p99
// 71 ms). The likely cause is priority inversion: the request thread takes part in the helpers' parallel collection
// work and waits for the items a preempted helper holds, and a lowered helper only runs when the core is idle. The
// optimizing compiler stays on the helpers too, as Node runs it by default: on the request thread each compilation
// held every request for its length, 5 to 30 ms for the larger functions.
//
// Confined to one core (an affinity of one CPU, as the benchmarks pin the server), young-generation collections run
// on the request thread alone. V8 sizes its helper pool by the machine, not by the affinity: four helpers shared the
// one core with the request thread, which waited in each collection for helpers the kernel had put aside (the
// request thread off the core for 20–28 ms at a time, and for up to 99 ms waiting on helpers, seen with the
// scheduler's trace). Concurrent marking is held to one helper by a command-line flag ({@link SERVER_NODE_FLAGS}):
// V8 reads it only as the heap is set up. On one core, a full collection's marking also runs on the request thread,
// in V8's own small steps between the script's work, rather than on that helper: the helper took the core from the
// request thread for the kernel's timeslices, in the middle of whatever it was doing. With the feed gateway at
// 5,000 clients and 100 ms batches (30 s runs, each with full collections in it), the slowest batch reached its
// last client after 133–144 ms with the helper and 108–118 ms without, for the same CPU.
//
// The young generation may grow to 32 MB a half rather than V8's 16 ({@link SERVER_NODE_FLAGS}). The feed gateway
// allocates about 15 MB a second at 5,000 clients and keeps each instrument's latest tick for the second until the
// next one. With 16 MB, young collections came about once a second, and whenever two fell between the same two
// ticks, that second's 2,000 ticks were promoted (1.3–1.7 MB each time): the old generation grew by about 0.3 MB/s,
// all of it garbage, and a full collection followed every 20 to 60 s. With 32 MB they come every 1.5–2 s and, once
// the first full collection after the clients connected has run, the old generation stayed within 47.2–47.5 MB
// for the rest of a 60 s run. Gateway bench (5,000 clients, 100 ms batches, three 10 s runs): p99 84/86/87 ms
// against 99/119/127 ms the same hour with 16 MB. A young collection's cost follows what survives it, not the
// space's size. 64 MB did as well for latency but held about 44 MB more resident after 10,000 connections came at
// once (14.3 KB a connection against 9.0 with 32 MB and 6.8 with 16).
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';

/**
 * Flags a serving process is started with (`npm start` passes them, and the benchmarks start their servers so): the
 * settings V8 reads only as it sets up, before any code could call {@link tuneV8ForServing}.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--concurrent-marking-max-worker-num=1',
  '--max-semi-space-size=32',
];

/** The settings of the file's head. Call before the process allocates much. */
export function tuneV8ForServing(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
  if (availableParallelism() === 1) {
    setFlagsFromString('--no-parallel-scavenge');
    setFlagsFromString('--no-concurrent-marking');
  }
}
