// V8 settings for a process that serves requests, applied first thing by main.ts.
//
// Allocation-site pretenuring is off. V8 watches which allocation sites' objects survive young-generation
// collections and, past a threshold, allocates that site's objects straight in the old generation. In some runs
// the sites of the server's per-request objects (response headers, fastify's reply and stream objects) ended up
// tenured and stayed so, and from then on every request's short-lived objects went to the old generation: at
// 2,000 option-chain requests a second on one core, about 25 MB/s, a full collection every 10 s over a 340 MB heap,
// requests held up for up to 45 ms. With pretenuring off, every run promoted about 4 MB/s.
//
// V8's helper threads (the optimizing compiler, concurrent marking and sweeping) keep their defaults. Lowering
// their priority starved the compiler on a busy core (the market started in 2.0 s instead of 0.9 s); compiling on
// the main thread instead (`--no-concurrent-recompilation`) held requests for each compilation, 1 to 18 ms apiece,
// and put the option chain's p99 at 17 to 21 ms where the defaults gave 5 to 9 ms.
import { setFlagsFromString } from 'node:v8';

/** The V8 flag {@link tuneV8ForServing} sets. */
export const SERVING_V8_FLAGS = '--no-allocation-site-pretenuring';

/** Applies the settings of the file's head. Call before the process allocates much; it takes effect at once. */
export function tuneV8ForServing(): void {
  setFlagsFromString(SERVING_V8_FLAGS);
}
