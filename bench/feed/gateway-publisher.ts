// The gateway benchmark's tick publisher: full ticks of every instrument once a second, either all in one batch
// (`publish`, as the simulated market does) or a tenth of the instruments every 100 ms (`spread`, as ticks from
// an exchange arrive). It runs inside the server process on the in-process bus, or on its own as the ingest role
// of a scale-out deployment, publishing to Redis and reporting each batch to its parent over IPC:
// `gateway-publisher.ts <instruments> <publish|spread> <redis url>`.
import { fileURLToPath } from 'node:url';
import { publishTicks } from '../../apps/server/src/modules/feed/feed-channels';
import { createRedisBus, type Bus } from '../../apps/server/src/platform/bus';
import { benchInstruments, benchTick, SLICES, sliceOf } from './gateway-bench-protocol';

/** A batch put on the bus: its ticks' `ts`, and the slice of the instruments it held (-1 for all). */
export interface PublishedBatch {
  ts: number;
  slice: number;
}

/** Starts publishing on `bus`; returns the function that stops it. */
export function startPublishing(
  bus: Bus,
  instrumentCount: number,
  publishing: 'publish' | 'spread',
  onBatch: (batch: PublishedBatch) => void,
): () => void {
  const instruments = benchInstruments(instrumentCount);
  let step = 0;
  const publish = (slice: number) => {
    const ts = Date.now();
    step++;
    onBatch({ ts, slice });
    const ticks = [];
    for (const [i, token] of instruments.entries()) {
      if (slice === -1 || sliceOf(i) === slice) ticks.push(benchTick(token, ts, 100 + ((i + step) % 50) * 0.05));
    }
    void publishTicks(bus, ticks);
  };
  if (publishing === 'publish') {
    const timer = setInterval(() => publish(-1), 1_000);
    return () => clearInterval(timer);
  }
  // A spread source keeps its pace however busy the gateway is, as an exchange does: each turn publishes every
  // slice that has come due since the last one (a timer alone would skip the beats a long flush delays).
  let sliceDue = performance.now();
  let slice = 0;
  const timer = setInterval(() => {
    while (sliceDue <= performance.now()) {
      publish(slice++ % SLICES);
      sliceDue += 1_000 / SLICES;
    }
  }, 5);
  return () => clearInterval(timer);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [instrumentCount, publishing, redisUrl] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
  if (publishing !== 'publish' && publishing !== 'spread') throw new Error('publish or spread');
  const bus = await createRedisBus(redisUrl!, () => undefined);
  const stop = startPublishing(bus, instrumentCount, publishing, (batch) => process.send?.(batch));
  process.on('disconnect', () => {
    stop();
    void bus.close().finally(() => process.exit(0));
  });
}
