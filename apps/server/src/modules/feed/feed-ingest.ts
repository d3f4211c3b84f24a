import type { FeedTick } from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../platform/bus';
import { announceTickBatch, publishTicks } from './feed-channels';
import type { FeedSource, TickSink } from './feed-source';
import { startWantsCollector } from './feed-wants';

/** A running ingest role. */
export interface FeedIngest {
  /** Stops the source and the wants listener. */
  stop(): Promise<void>;
}

/**
 * The ingest role (one per cluster): runs the feed source, hands every batch to the candle pipeline when there is
 * one, publishes it on the bus's tick shards for the gateways and then announces it (the jobs role's market passes
 * follow the batches). The tokens the gateways announce are passed to the source (a broker ticker subscribes only to
 * those; the sim adds them to its live set).
 */
export async function startFeedIngest(deps: {
  bus: Bus;
  clock: Clock;
  logger: FastifyBaseLogger;
  source: FeedSource;
  /** Candle building and storage of ingested ticks, when the deployment stores them. */
  pipeline?: TickSink;
}): Promise<FeedIngest> {
  const { bus, source } = deps;
  const log = deps.logger.child({ module: 'feed-ingest' });
  const reportPublish = (err: unknown) => log.error({ err }, 'could not publish ticks');

  const sink: TickSink = (ticks: readonly FeedTick[]) => {
    if (deps.pipeline) {
      try {
        deps.pipeline(ticks);
      } catch (err) {
        // Storage trouble must not stop live prices reaching clients.
        log.error({ err }, 'tick pipeline failed');
      }
    }
    // The batch is announced once its ticks are on the bus: the jobs role's market pass runs on it.
    void publishTicks(bus, ticks)
      .then(() => announceTickBatch(bus, ticks))
      .catch(reportPublish);
  };

  const wants = await startWantsCollector({
    bus,
    clock: deps.clock,
    onChange: (tokens) => source.want(tokens),
    onError: (err) => log.warn({ err }, 'could not ask gateways for their tokens'),
  });
  await source.start(sink);
  log.info({ source: source.status().source }, 'feed source started');
  return {
    async stop() {
      await wants.stop();
      await source.stop();
    },
  };
}
